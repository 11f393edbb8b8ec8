cg_merge --help
