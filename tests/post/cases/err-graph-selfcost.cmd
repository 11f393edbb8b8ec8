cg_annotate graph-selfcost.cgout
