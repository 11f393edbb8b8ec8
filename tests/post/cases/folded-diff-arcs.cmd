cg_annotate --diff --format=folded cl-arcs.clout cl-arcs.clout
