cg_annotate --threshold=30 ab.cgout
