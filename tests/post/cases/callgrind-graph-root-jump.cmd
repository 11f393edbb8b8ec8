cg_annotate --no-annotate root-jump.clout
