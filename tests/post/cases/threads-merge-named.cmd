cg_merge callgrind.out.4242 callgrind.out.4242-01 callgrind.out.4242-02
