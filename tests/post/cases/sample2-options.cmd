cg_annotate --no-show-percs --sort=Dr --show=Dr,Ir --threshold=5 --no-annotate demo.cgout
