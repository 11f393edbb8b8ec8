cg_annotate --threshold=20 --no-annotate ab.cgout ab-desc.cgout ab2.cgout
