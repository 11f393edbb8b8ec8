cg_annotate bom.cgout
