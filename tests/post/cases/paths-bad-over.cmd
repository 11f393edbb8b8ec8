cg_annotate --format=folded bad.clout
