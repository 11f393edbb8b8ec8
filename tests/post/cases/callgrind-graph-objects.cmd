cg_annotate --threshold=0 --no-annotate objects.clout
