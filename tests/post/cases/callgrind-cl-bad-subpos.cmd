cg_annotate cl-bad-subpos.clout
