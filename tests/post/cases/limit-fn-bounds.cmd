cg_annotate --diff fnlim-undec-old.clout fnlim-undec-new.clout --limit 'f?:Ir=+200%' --limit 'f?:Ir=-50%' >/dev/null
