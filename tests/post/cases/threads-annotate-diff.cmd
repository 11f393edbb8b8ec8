cg_annotate --diff callgrind.out.4242-01 callgrind.out.4242
