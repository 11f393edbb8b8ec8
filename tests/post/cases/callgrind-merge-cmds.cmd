cg_merge fnlim-old.clout fnlim-new.clout fnlim-old.clout
