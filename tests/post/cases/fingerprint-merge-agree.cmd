cg_merge fp-a.cgout fp-a2.cgout
