cg_annotate bad.cgout
