cg_diff demo.cgout empty.cgout
