cg_annotate graph-packed.cgout
