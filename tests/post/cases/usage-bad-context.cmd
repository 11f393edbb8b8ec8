cg_annotate --context=1.5 ab.cgout
