cg_annotate --threshold=0 --show=Ir,Ir --sort=Dw,Ir --context=1 demo.cgout
