cg_annotate --tree=up cl-rec.clout
