cg_annotate cl-totals.clout
