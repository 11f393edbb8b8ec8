cg_merge too-many.cgout
