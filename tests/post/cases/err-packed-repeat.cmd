cg_merge graph-packed-repeat.cgout
