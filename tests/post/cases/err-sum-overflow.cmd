cg_merge sum-overflow.cgout
