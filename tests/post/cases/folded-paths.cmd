cg_annotate --format=folded cl-paths.clout
