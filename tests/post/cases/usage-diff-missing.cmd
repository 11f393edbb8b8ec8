cg_diff ab.cgout
