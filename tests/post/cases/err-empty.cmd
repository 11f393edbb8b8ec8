cg_annotate empty.cgout
