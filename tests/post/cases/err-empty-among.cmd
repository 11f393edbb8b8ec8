cg_annotate demo.cgout empty.cgout demo2.cgout
