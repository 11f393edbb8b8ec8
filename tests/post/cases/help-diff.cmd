cg_diff --he
