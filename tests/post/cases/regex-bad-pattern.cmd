cg_annotate --mod-filename='s/(/x/' demo.cgout
