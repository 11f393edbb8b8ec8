cg_diff ab.cgout ab.cgout ab.cgout
