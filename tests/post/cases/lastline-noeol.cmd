cg_annotate --threshold=0 --no-annotate lastline-noeol.cgout
