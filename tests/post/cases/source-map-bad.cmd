cg_annotate --source-map=nothing built.cgout
