cg_annotate --diff --no-annotate --threshold=0 calls-old.clout calls-new.clout
