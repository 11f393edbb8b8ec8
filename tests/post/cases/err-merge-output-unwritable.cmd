cg_merge -o no/such/dir.cgout ab.cgout
