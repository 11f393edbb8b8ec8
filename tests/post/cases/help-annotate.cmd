cg_annotate -h
