cg_annotate --show-percs=maybe ab.cgout
