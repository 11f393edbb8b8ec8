cg_annotate --format=folded root-jump.clout
