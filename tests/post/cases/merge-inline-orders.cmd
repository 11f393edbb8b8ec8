cg_merge graph-packed-inline.cgout graph-packed-inline-late.cgout
