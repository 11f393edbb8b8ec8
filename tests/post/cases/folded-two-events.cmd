cg_annotate --format=folded --show=Ir,Dr cl-paths.clout
