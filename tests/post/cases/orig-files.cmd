cg_annotate --mod-filename='s/^[ab][0-9]\///' multi.cgout
