cg_annotate --format=folded demo.cgout
