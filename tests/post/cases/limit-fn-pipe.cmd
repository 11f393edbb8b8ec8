cg_annotate --version >/dev/null; cat fnlim-rec-old.clout | "$bin/cg_annotate" --diff /dev/stdin fnlim-rec-new.clout --limit 'fib:Ir=+5%' >/dev/null
