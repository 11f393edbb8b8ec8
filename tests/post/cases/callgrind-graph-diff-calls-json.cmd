cg_annotate --diff --format=json --no-annotate --threshold=0 calls-old.clout calls-new.clout
