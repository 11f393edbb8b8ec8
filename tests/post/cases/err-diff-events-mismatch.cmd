cg_diff ab.cgout other-events.cgout
