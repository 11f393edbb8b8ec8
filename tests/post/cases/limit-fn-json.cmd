cg_annotate --format=json --no-annotate --diff fnlim-old.clout fnlim-new.clout --limit 'parse_*:Ir=+7.5%' --limit Ir=+10%
