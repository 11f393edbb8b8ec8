cg_merge -o x
