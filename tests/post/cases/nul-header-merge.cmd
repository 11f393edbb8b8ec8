cg_merge -o out.cgout nul-header.cgout; cmp out.cgout nul-header.cgout && echo identical
