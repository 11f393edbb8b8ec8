cg_annotate --diff --format=folded cl-paths.clout cl-paths.clout
