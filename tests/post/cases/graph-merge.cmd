cg_merge graph.cgout graph.cgout
