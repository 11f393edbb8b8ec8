cg_annotate --show=A,X ab.cgout
