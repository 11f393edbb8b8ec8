cg_diff --mod=s/a/b/ ab.cgout ab.cgout
