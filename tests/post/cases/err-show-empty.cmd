cg_annotate --show= ab.cgout
