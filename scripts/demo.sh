#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# demo.sh: the README's first command.  Installs what is missing, builds the
# tree, and profiles examples/demo.c with the tool just built: the build
# tree's ./vg-in-place, so the result never depends on where `make install`
# would put things.  Prints where the profile went and the report (with
# the inclusive costs and the call graph, which every run records), and
# writes it with the annotated source as an HTML page (its address, on the
# page's flame graph, is the last line).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/build.sh"
cd "$top"

# The tool must be ours, not the system's cachegrind: our --help names it.
if ! ./vg-in-place --tool=cachegrind --help 2>/dev/null | grep -q 'This tool is Cachegrind, rebuilt'; then
    echo "demo.sh: ./vg-in-place does not run the Cachegrind built in $top" >&2
    echo "demo.sh: (tool/.in_place should hold it; see build.log)" >&2
    exit 1
fi

mkdir -p demo-out
gcc -g -O1 -fno-inline -Iinclude -o demo-out/demo examples/demo.c
out=$top/demo-out/cachegrind.out.demo
rm -f "$out"
# --instr-at-start=no: only the code between the demo's client requests is
# profiled, so the report shows the demo's own lines and nothing else.
set -- --tool=cachegrind --cache-sim=yes --branch-sim=yes --instr-at-start=no
echo "== ./vg-in-place $* demo-out/demo"
./vg-in-place -q "$@" --cachegrind-out-file="$out" demo-out/demo
echo "== profile written to $out"
# The call graph is on by default: the report has inclusive costs (Ir:incl)
# and a call-graph section, and the page a flame graph, which it opens on.
show=Ir,Ir:incl,D1mr,Bcm
echo "== post/cg_annotate --show=$show --no-annotate demo-out/cachegrind.out.demo"
echo
post/cg_annotate --show=$show --no-annotate "$out"
html=$top/demo-out/report.html
post/cg_annotate --format=html --show=$show "$out" >"$html"
echo "== the report with the annotated source, as a page for a browser, opened on its flame graph:"
echo "file://$html#flame"
