#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/rust/run.sh: what docs/cachegrind.md, "Repeatable counts in CI",
# says of a Rust program's counts, shown with Debian's rustc on wc.rs:
#
# * same-prefix: two runs through one install give identical profiles;
# * other-prefix: through an install under a longer prefix the profile
#   differs, but only in start-up code: the functions of the program's own
#   file (wc.rs) count the same, and the functions that differ are all of
#   the dynamic linker and the C library (files under glibc's source tree:
#   ./elf/, ./string/, ./stdio-common/, ...; ??? for code without lines);
# * reads-maps: the program does read /proc/self/maps (an openat of it in
#   the program's own strace is the oracle; without strace, the case skips).
#
# Without rustc or valgrind the cases SKIP, except under CI=true, where a
# missing rustc FAILs: CI installs it (scripts/install-deps.sh --tests).
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
vg_env
cga=$abs_top_builddir/post/cg_annotate
names="rust/same-prefix rust/other-prefix rust/reads-maps"
# Debian's rustc first: a rustup toolchain earlier in PATH is not the one
# the docs measured, but serves when Debian's is absent.
rustc=
for r in /usr/bin/rustc rustc; do
  command -v "$r" >/dev/null 2>&1 && { rustc=$(command -v "$r"); break; }
done
if [ -z "$rustc" ]; then
  for n in $names; do missing "$n" "no rustc; sh scripts/install-deps.sh --tests installs Debian's"; done
  exit 0
fi
[ -x "$VALGRIND" ] || { for n in $names; do skip "$n" "valgrind not found at $VALGRIND"; done; exit 0; }
[ -f "$tool" ] || { for n in $names; do fail "$n" "our tool is not built: $tool"; done; exit 0; }
work=$(pwd)/out
rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2
if ! "$rustc" -g -O -o wc "$abs_top_srcdir/tests/rust/wc.rs" 2>rustc.err; then
  for n in $names; do fail "$n" "$rustc cannot build wc.rs: $(head -3 rustc.err)"; done
  exit 0
fi
seq 1 2000 | tr '\n' ' ' >in.txt
# Two installs: the same files under a short and a long prefix.
for d in s long-install-prefix-for-the-counts-to-see; do vg_lib "$d/vglib" || exit 2; done
run() { # PREFIX OUT
  env -i PATH=/usr/bin:/bin VALGRIND_LIB="$work/$1/vglib" "$VALGRIND" --tool=cgours --cache-sim=no \
    --branch-sim=no --cachegrind-out-file="$2" ./wc <in.txt >"$2.stdout" 2>"$2.stderr"
}
run s a.out && run s b.out && run long-install-prefix-for-the-counts-to-see c.out
for f in a b c; do
  [ -s "$f.out" ] || { for n in $names; do fail "$n" "no profile $f.out: $(tail -3 "$f.out.stderr")"; done; exit 0; }
  grep -v '^cmd:' "$f.out" >"$f.body"
done
if cmp -s a.body b.body; then pass rust/same-prefix; else fail rust/same-prefix "two runs through one install differ"; fi

# Per-function counts of each profile, as cg_annotate's JSON gives them.
for f in a c; do "$cga" --format=json --threshold=0 --no-annotate "$f.out" >"$f.json" || exit 2; done
python3 - "$work/a.json" "$work/c.json" >other.txt <<'PY'
import json, re, sys
def load(path):
    out = {}
    for f in json.load(open(path))['functions']:
        out[(f['file'], f['function'])] = f['counts']
    return out
a, c = load(sys.argv[1]), load(sys.argv[2])
diff = sorted(k for k in set(a) | set(c) if a.get(k) != c.get(k))
bad = [k for k in diff if k[0].endswith('wc.rs') or not (k[0] == '???' or re.match(r'^\./', k[0]))]
print('%d functions differ' % len(diff))
for k in bad:
    print('not start-up code: %s:%s %s -> %s' % (k[0], k[1], a.get(k), c.get(k)))
own = [k for k in a if k[0].endswith('wc.rs')]
print('%d functions of wc.rs' % len(own))
PY
if [ "$(head -1 other.txt)" = "0 functions differ" ]; then
  fail rust/other-prefix "the longer prefix changed nothing: the docs' measurement no longer holds"
elif grep -q '^not start-up code' other.txt || grep -q '^0 functions of wc.rs' other.txt; then
  fail rust/other-prefix "$(grep -m 3 -e '^not start-up' -e 'of wc.rs' other.txt)"
else
  pass "rust/other-prefix ($(head -1 other.txt), all in the dynamic linker and the C library; $(tail -1 other.txt) the same)"
fi

if command -v strace >/dev/null 2>&1; then
  strace -f -e trace=openat -o trace.txt ./wc <in.txt >/dev/null 2>&1
  if grep -q '/proc/self/maps' trace.txt; then pass rust/reads-maps
  else fail rust/reads-maps "wc does not open /proc/self/maps: $(grep -c . trace.txt) openat calls"; fi
else
  skip rust/reads-maps "no strace"
fi
exit 0
