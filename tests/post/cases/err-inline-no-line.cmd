cg_merge inline-no-line.cgout
