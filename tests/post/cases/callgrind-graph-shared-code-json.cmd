cg_annotate --format=json --no-annotate copy.clout
