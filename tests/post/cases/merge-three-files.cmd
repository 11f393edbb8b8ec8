cg_annotate --no-annotate demo.cgout demo.cgout demo2.cgout
