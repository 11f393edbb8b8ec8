cg_annotate cl-version.clout
