cg_merge ab.cgout
