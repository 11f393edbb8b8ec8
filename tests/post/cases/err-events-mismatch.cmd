cg_annotate ab.cgout other-events.cgout
