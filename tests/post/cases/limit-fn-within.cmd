cg_annotate --diff fnlim-old.clout fnlim-new.clout --limit 'g:Ir=+0' --limit 'parse_term:Ir=+10%' >/dev/null
