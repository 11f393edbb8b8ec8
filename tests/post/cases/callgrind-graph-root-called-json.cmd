cg_annotate --format=json --no-annotate root-called.clout
