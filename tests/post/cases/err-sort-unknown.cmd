cg_annotate --sort=Ir:5 ab.cgout
