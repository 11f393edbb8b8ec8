cg_annotate --no-annotate --fold=no cl-rec.clout
