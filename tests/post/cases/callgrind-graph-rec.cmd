cg_annotate --no-annotate cl-rec.clout
