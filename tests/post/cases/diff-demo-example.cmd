cg_diff demo.cgout demo2.cgout
