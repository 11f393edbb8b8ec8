#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# real-profiles.sh: profiles written by the installed Valgrind's cachegrind
# and by our tool, read back by our three programs and compared with the
# installed ones (Perl cg_annotate/cg_diff, C cg_merge of Valgrind 3.19), plus
# the round trips merge/diff.  Runs in a scratch directory; env: bin, src.
set -u
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
here="$src/scripts"
names="real-annotate-totals real-merge-vs-installed real-diff-vs-installed real-installed-reads-ours real-roundtrip-merge-diff real-roundtrip-annotate-diff ours-tool-readback"

skip_all() { for n in $names; do echo "SKIP: $n ($1)"; done; exit 0; }
[ -x "$VALGRIND" ] || skip_all "no valgrind"
${CC:-cc} -g -O0 -o workload "$here/workload.c" 2>cc.err || skip_all "no C compiler"
vg() { "$VALGRIND" -q --tool=cachegrind --cache-sim=yes --branch-sim=yes "$@" 2>/dev/null; }
vg --cachegrind-out-file=f1.cgout ./workload 1000 >/dev/null &&
  vg --cachegrind-out-file=f2.cgout ./workload 3000 >/dev/null || skip_all "valgrind run failed"

result() { # name ok [detail]
  if [ "$2" = 0 ]; then echo "PASS: $1"; else echo "FAIL: $1"; [ -n "${3:-}" ] && echo "# $3"; fi
}
norm() { awk -v line0="${2:-0}" -f "$here/normalise.awk" "$1" | LC_ALL=C sort; }
# Numbers of the PROGRAM TOTALS row, from either cg_annotate layout.
totals() { grep 'PROGRAM TOTALS' | sed -e 's/([^)]*)//g' -e 's/,//g' -e 's/PROGRAM TOTALS//' | tr -s ' ' | sed 's/^ //;s/ $//'; }
summary_of() { sed -n 's/^summary: *//p' "$1" | tr -s ' ' | sed 's/ $//'; }

# Our totals equal the summary line and the installed annotator's totals.
ok=0
ours=$("$bin/cg_annotate" f1.cgout | totals) || ok=1
[ "$ours" = "$(summary_of f1.cgout)" ] || ok=1
if [ -x /usr/bin/cg_annotate ]; then
  theirs=$(/usr/bin/cg_annotate f1.cgout 2>/dev/null | totals)
  [ "$ours" = "$theirs" ] || ok=1
fi
result real-annotate-totals $ok "ours: $ours"

# cg_merge: same counts per (file, function, line) as the installed one.
"$bin/cg_merge" f1.cgout f2.cgout >ours-merge.cgout
if [ -x /usr/bin/cg_merge ]; then
  /usr/bin/cg_merge -o theirs-merge.cgout f1.cgout f2.cgout 2>/dev/null
  norm ours-merge.cgout >a.txt; norm theirs-merge.cgout >b.txt
  cmp -s a.txt b.txt; result real-merge-vs-installed $? "$(diff a.txt b.txt | head -3)"
else
  echo "SKIP: real-merge-vs-installed (no /usr/bin/cg_merge)"
fi

# cg_diff: same counts per (file, function) as the installed one.
"$bin/cg_diff" f1.cgout f2.cgout >ours-diff.cgout
if [ -x /usr/bin/cg_diff ]; then
  /usr/bin/cg_diff f1.cgout f2.cgout >theirs-diff.cgout 2>/dev/null
  norm ours-diff.cgout >a.txt; norm theirs-diff.cgout >b.txt
  cmp -s a.txt b.txt; result real-diff-vs-installed $? "$(diff a.txt b.txt | head -3)"
else
  echo "SKIP: real-diff-vs-installed (no /usr/bin/cg_diff)"
fi

# The installed (Perl) cg_annotate reads what our cg_merge/cg_diff write.
if [ -x /usr/bin/cg_annotate ]; then
  ok=0
  m=$(/usr/bin/cg_annotate ours-merge.cgout 2>/dev/null | totals) || ok=1
  [ "$m" = "$(summary_of ours-merge.cgout)" ] || ok=1
  d=$(/usr/bin/cg_annotate ours-diff.cgout 2>/dev/null | totals) || ok=1
  [ "$d" = "$(summary_of ours-diff.cgout)" ] || ok=1
  result real-installed-reads-ours $ok "merge: $m / diff: $d"
else
  echo "SKIP: real-installed-reads-ours (no /usr/bin/cg_annotate)"
fi

# Round trip: f1 + (f2 - f1) is f2 again, per function; diffing gives zeros.
"$bin/cg_merge" f1.cgout ours-diff.cgout >back.cgout
"$bin/cg_diff" f2.cgout back.cgout >zero.cgout
bad=$(grep -E '^(0( 0)+|summary:( 0)+)$|^(fl|fn|desc|cmd|events)' zero.cgout -v | head -1)
[ -s zero.cgout ] && [ -z "$bad" ]; result real-roundtrip-merge-diff $? "non-zero: $bad"

# Round trip in cg_annotate: (f1 + f2) - f2 reports exactly what f1 does.
"$bin/cg_annotate" --no-annotate f1.cgout | sed -n '/^-- Summary/,$p' >a.txt
"$bin/cg_annotate" --no-annotate --diff f2.cgout ours-merge.cgout | sed -n '/^-- Summary/,$p' >b.txt
cmp -s a.txt b.txt; result real-roundtrip-annotate-diff $? "$(diff a.txt b.txt | head -3)"

# Our tool's output files are read back by our programs and the installed ones.
tool="$(dirname "$bin")/tool/cachegrind-$VG_PLATFORM"
if [ ! -f "$tool" ]; then
  echo "FAIL: ours-tool-readback"
  echo "# our tool is not built: $tool"
else
  mkdir -p vglib
  ln -sf "$VG_LIBEXECDIR"/* vglib/
  ln -sf "$tool" "vglib/cgours-$VG_PLATFORM"
  if VALGRIND_LIB="$(pwd)/vglib" "$VALGRIND" -q --tool=cgours --cache-sim=yes --branch-sim=yes --call-graph=no \
      --cachegrind-out-file=o1.cgout ./workload 2000 >/dev/null 2>&1 && [ -s o1.cgout ]; then
    ok=0
    t=$("$bin/cg_annotate" o1.cgout | totals) || ok=1
    [ "$t" = "$(summary_of o1.cgout)" ] || ok=1
    "$bin/cg_merge" o1.cgout o1.cgout >o2.cgout || ok=1
    "$bin/cg_diff" o1.cgout o2.cgout >o3.cgout || ok=1
    norm o1.cgout 1 | grep -v '^summary' >a.txt; norm o3.cgout 1 | grep -v '^summary' >b.txt
    cmp -s a.txt b.txt || ok=1
    if [ -x /usr/bin/cg_annotate ]; then
      [ "$(/usr/bin/cg_annotate o1.cgout 2>/dev/null | totals)" = "$t" ] || ok=1
    fi
    result ours-tool-readback $ok "totals: $t"
  else
    echo "FAIL: ours-tool-readback"
    echo "# our tool did not write a profile"
  fi
fi
exit 0
