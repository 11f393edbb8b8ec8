cg_merge nope.cgout
