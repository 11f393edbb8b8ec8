cg_annotate --format=folded objects.clout
