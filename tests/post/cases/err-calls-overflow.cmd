cg_annotate calls-overflow.clout
