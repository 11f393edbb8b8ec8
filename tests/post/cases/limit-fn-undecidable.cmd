cg_annotate --diff fnlim-undec-old.clout fnlim-undec-new.clout --limit 'f?:Ir=+10%' >/dev/null
