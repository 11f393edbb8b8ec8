cg_annotate --no-annotate prefl.cgout
