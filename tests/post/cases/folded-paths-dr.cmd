cg_annotate --format=folded --show=Dr cl-paths.clout
