cg_annotate callgrind.out.4242
