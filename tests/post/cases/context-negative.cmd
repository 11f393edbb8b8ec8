cg_annotate --context=-1 --show=Dw --sort=Dw,Ir --threshold=0.5 demo.cgout
