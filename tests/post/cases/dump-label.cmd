cg_annotate --no-annotate dump.cgout
