cg_merge graph-nocost.cgout
