cg_annotate graph-call-before-fn.cgout
