cg_annotate legacy.cgout
