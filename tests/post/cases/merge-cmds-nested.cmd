cg_merge demo.cgout m.cgout demo2.cgout
