cg_diff graph.cgout graph.cgout
