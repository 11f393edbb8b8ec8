cg_annotate no-summary.cgout
