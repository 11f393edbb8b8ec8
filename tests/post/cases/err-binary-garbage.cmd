cg_merge garbage.cgout
