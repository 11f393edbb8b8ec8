cg_annotate graph-late.cgout
