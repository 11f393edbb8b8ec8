cg_annotate dirsrc.cgout
