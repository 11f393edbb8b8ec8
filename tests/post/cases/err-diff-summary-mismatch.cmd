cg_diff ab.cgout summary-mismatch.cgout
