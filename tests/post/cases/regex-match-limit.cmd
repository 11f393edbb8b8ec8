cg_annotate --mod-filename='s/(a+)+b/x/' backtrack.cgout
