cg_annotate crsrc.cgout
