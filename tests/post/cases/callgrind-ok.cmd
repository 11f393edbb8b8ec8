cg_annotate cl-ok.clout
