cg_annotate --diff ab.cgout
