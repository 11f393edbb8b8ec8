cg_annotate --sh=A ab.cgout
