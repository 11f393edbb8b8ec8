cg_annotate graph-packed-inline-late.cgout
