cg_annotate big.cgout
