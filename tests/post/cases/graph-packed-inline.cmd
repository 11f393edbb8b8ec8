cg_annotate graph-packed-inline.cgout
