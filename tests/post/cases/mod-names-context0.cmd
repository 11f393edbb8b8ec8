cg_annotate --mod-filename='s/DEMO/Prog/i' --mod-funcname='s/(\w+)_(\w+)/\2-\1/' --threshold=1 --context=0 --show=Ir demo.cgout
