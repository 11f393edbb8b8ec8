cg_annotate --diff fnlim-side-old.clout fnlim-side-new.clout --limit 'a:Ir=+10%' >/dev/null
