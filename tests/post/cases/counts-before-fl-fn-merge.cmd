cg_merge bare.cgout
