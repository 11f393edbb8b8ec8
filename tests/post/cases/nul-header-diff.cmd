cg_diff nul-header.cgout nul-header.cgout | tr '\000' @
