cg_annotate --format=json --no-annotate cl-rec.clout
