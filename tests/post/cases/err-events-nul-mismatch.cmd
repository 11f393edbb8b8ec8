cg_merge nul-header.cgout nul-events.cgout
