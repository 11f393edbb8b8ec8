cg_annotate --diff --no-annotate copy.cgout copy-callgrind.clout
