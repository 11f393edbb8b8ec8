cg_annotate --version
