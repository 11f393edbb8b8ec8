cg_annotate no-events.cgout
