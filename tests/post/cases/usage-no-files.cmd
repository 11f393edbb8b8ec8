cg_annotate --diff
