cg_merge graph.cgout graph-flat.cgout
