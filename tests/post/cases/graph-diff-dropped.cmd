cg_diff graph-flat.cgout graph.cgout
