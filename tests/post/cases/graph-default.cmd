cg_annotate graph.cgout
