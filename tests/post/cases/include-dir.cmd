cg_annotate -I nowhere --include=tree rel.cgout
