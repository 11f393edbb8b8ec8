cg_annotate non-numeric.cgout
