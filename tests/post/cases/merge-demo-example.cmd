cg_merge demo.cgout demo2.cgout
