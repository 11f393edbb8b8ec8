cg_annotate --no-annotate copy.clout
