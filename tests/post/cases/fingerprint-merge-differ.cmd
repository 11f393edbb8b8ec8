cg_merge fp-a.cgout fp-b.cgout
