cg_annotate --context=2 demo-crlf.cgout
