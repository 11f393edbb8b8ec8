cg_annotate malformed-line.cgout
