cg_merge ab.cgout ab-desc.cgout ab2.cgout
