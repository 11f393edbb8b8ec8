cg_annotate .
