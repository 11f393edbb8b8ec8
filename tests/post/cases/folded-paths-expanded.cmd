cg_annotate --format=folded --collapse-recursion=no cl-paths.clout
