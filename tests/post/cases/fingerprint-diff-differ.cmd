cg_diff fp-a.cgout fp-b.cgout
