cg_merge -oa.out -o=b.out ab.cgout ab2.cgout; cat b.out; test ! -e a.out
