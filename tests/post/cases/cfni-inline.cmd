cg_annotate --no-annotate --tree=calling --inline-frames=yes cfni.clout
