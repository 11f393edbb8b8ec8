cg_annotate --format=folded cl-arcs.clout
