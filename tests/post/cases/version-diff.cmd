cg_diff --version --bogus
