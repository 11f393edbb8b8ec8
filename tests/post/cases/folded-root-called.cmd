cg_annotate --format=folded root-called.clout
