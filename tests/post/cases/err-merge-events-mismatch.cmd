cg_merge ab.cgout other-events.cgout
