cg_annotate --diff fnlim-old.clout fnlim-new.clout --limit 'parse_*:Ir=+10%' --limit 'nosuch*:Ir=+1%' >/dev/null
