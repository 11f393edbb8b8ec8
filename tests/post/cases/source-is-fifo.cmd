cg_annotate fifosrc.cgout
