cg_diff truncated-header.cgout ab.cgout
