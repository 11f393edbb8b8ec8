cg_annotate --diff fnlim-calls-only.clout fnlim-calls-only.clout --limit 'f:Ir=+1%' >/dev/null
