cg_merge -o merged.cgout demo.cgout demo2.cgout; cat merged.cgout
