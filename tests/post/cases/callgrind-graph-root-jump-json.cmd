cg_annotate --format=json --no-annotate root-jump.clout
