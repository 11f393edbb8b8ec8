cg_annotate --diff --show=Ir,Dr --context=1 demo.cgout demo2.cgout
