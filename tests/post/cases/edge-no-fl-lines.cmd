cg_annotate nofl.cgout
