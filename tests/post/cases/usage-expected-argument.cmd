cg_annotate ab.cgout --show
