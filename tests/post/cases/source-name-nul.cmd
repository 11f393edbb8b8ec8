cg_annotate nul-fl.cgout | tr '\000' @
