cg_annotate --auto=maybe ab.cgout
