cg_merge bad.cgout
