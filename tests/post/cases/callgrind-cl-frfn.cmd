cg_annotate cl-frfn.clout
