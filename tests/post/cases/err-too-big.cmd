cg_annotate too-big.cgout
