cg_diff --mod-funcname='s/f/a\rb/' z.cgout z.cgout
