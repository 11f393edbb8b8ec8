cg_annotate --no-annotate cl-cycle.clout
