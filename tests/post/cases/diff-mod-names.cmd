cg_diff --mod-filename='s/\.[ch]$//g' --mod-funcname='s/^(?P<first>.)/<\g<first>>/' demo.cgout demo2.cgout
