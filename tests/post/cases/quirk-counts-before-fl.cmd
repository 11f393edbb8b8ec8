cg_annotate prefl.cgout
