cg_annotate --no-annotate nul-header.cgout | tr '\000' @
