cg_annotate --diff fnlim-old.clout fnlim-new.clout --limit 'parse_*:Ir=+7.5%' --limit 'parse_*:Ir=+7%' >/dev/null
