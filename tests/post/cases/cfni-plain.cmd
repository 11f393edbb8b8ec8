cg_annotate --no-annotate --tree=calling cfni.clout
