cg_annotate cl-control.clout
