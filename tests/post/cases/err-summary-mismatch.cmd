cg_annotate summary-mismatch.cgout
