cg_diff --mod-funcname='s/f/\q/' demo.cgout demo2.cgout
