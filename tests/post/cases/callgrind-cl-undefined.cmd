cg_annotate cl-undefined.clout
