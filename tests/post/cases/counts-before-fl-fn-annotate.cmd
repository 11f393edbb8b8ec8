cg_annotate --no-annotate bare.cgout
