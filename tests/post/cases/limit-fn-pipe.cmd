cat fnlim-rec-old.clout | cg_annotate --diff /dev/stdin fnlim-rec-new.clout --limit 'fib:Ir=+5%' >/dev/null
