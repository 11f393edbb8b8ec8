cg_annotate --diff fnlim-old.clout fnlim-new.clout --limit 'parse_term:Ir=+5%' >/dev/null
