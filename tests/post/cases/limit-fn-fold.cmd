cg_annotate --diff fnlim-rec-old.clout fnlim-rec-new.clout --limit 'fib:Ir=+5%' >/dev/null
