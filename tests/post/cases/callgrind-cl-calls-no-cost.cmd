cg_annotate cl-calls-no-cost.clout
