cg_annotate --thr 5% ab.cgout
