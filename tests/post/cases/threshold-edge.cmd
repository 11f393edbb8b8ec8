cg_annotate threshold-edge.cgout
