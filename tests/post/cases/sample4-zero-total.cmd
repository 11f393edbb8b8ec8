cg_annotate z.cgout
