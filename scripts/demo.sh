#!/bin/sh
# demo.sh: the README's first command.  Installs what is missing, builds and
# installs into ./inst, profiles examples/demo.c and shows the report.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/build.sh"
cd "$top"
make -s install >/dev/null
mkdir -p demo-out
gcc -g -O1 -fno-inline -o demo-out/demo examples/demo.c
out="$top/demo-out/cachegrind.out.demo"
echo "== inst/bin/valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes demo-out/demo"
PATH="$top/inst/bin:$PATH" valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes \
    --cachegrind-out-file="$out" demo-out/demo
echo
echo "== profile written to $out"
if [ -x inst/bin/cg_annotate ]; then
    echo "== inst/bin/cg_annotate --show=Ir,Dr,D1mr,DLmr,Dw,D1mw,Bc,Bcm $out"
    inst/bin/cg_annotate --show=Ir,Dr,D1mr,DLmr,Dw,D1mw,Bc,Bcm "$out"
fi
