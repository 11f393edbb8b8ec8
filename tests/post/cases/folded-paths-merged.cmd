cg_annotate --format=folded cl-paths.clout cl-paths.clout
