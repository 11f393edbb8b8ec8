cg_merge demo.cgout demo.cgout
