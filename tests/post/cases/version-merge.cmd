cg_merge --vers
