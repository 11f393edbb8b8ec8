cg_annotate --mod-filename=s#a#b# ab.cgout
