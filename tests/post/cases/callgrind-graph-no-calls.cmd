cg_annotate --show=Ir:incl demo.cgout
