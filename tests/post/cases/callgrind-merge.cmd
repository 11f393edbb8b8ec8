cg_merge cl-ok.clout
