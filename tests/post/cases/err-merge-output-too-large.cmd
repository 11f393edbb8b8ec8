cg_merge --version >version.txt; (ulimit -f 1; exec "$bin/cg_merge" -o out.cgout long.cgout); echo "exit status $?"; test -e out.cgout || echo "no out.cgout"
