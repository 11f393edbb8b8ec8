cg_annotate ab.cgout --diff ab.cgout --bogus -x
