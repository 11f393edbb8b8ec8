cg_annotate --diff empty.cgout demo.cgout
