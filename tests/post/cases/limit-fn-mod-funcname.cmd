cg_annotate --mod-funcname='s/^parse_/p_/' --diff fnlim-old.clout fnlim-new.clout --limit 'p_term:Ir=+5%' >/dev/null
