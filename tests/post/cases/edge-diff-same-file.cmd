cg_annotate --diff --no-annotate demo.cgout demo.cgout
