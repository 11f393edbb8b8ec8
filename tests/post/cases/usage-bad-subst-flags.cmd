cg_annotate --mod-funcname 's/a/b/gg' ab.cgout
