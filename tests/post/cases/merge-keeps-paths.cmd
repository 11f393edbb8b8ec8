cg_merge -o m.clout cl-paths.clout cl-paths.clout && "$bin/cg_annotate" --format=folded m.clout && "$bin/cg_annotate" --format=folded --collapse-recursion=no m.clout
