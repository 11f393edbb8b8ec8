cg_diff bad.cgout graph-packed.cgout
