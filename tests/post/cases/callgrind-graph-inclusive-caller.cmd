cg_annotate --inclusive=yes --tree=caller --no-annotate cl-cycle.clout
