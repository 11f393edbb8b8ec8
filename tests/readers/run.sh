#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/readers/run.sh: upstream's post-processors read our default file,
# the Cachegrind format with the call graph in `#` lines (docs/format.md,
# "The call graph in a Cachegrind file"), exactly as they read upstream
# Cachegrind's file of the same run.
#
# Two programs (tests/progs/chase.S and recursion.c) are run by the
# installed release's cachegrind and by ours, in the same environment, in
# three modes (Ir only, with the caches, with both simulations).  Each pair
# of files gets the same name in two directories, and each program below is
# run in both, so that what they print may be compared byte for byte:
#   readers/R-cg_annotate-MODE   R's cg_annotate of one file
#   readers/R-cg_diff-MODE       R's cg_diff of the two programs' files
#   readers/R-cg_merge-MODE      R's cg_merge of both (3.24 and 3.27: 3.19's
#                                C cg_merge stops at the first `#` line, the
#                                one exception docs/format.md names; its
#                                message is checked, readers/3.19-cg_merge)
#   readers/R-*-inline-MODE      the same programs on our files with
#                                --inline-frames=yes print what they print for
#                                those files without their `#i` section; so
#                                does R's callgrind_annotate on our
#                                Callgrind-format file with the option
# for R = 3.19 (Debian 12: Perl and C programs), 3.24 (Debian 13) and 3.27
# (Debian sid, Python programs from 3.21 on): the installed release's in
# /usr/bin, the others' from the packages that scripts/fetch-valgrind.sh
# unpacks into out/ (a release that cannot be fetched: SKIP, FAIL under
# CI=true).
# And our own: readers/ours-cg_annotate-MODE, our cg_annotate prints for our
# default file what it prints for our --call-graph=callgrind file of the
# same run (the same call graph, the same inclusive costs).
#
# Environment (tests/run-tests.sh): abs_top_srcdir, abs_top_builddir,
# VALGRIND, VG_LIBEXECDIR, VG_PLATFORM.  Optional: CC.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
CC=${CC:-gcc}
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
progs=$abs_top_srcdir/tests/progs
tool=$abs_top_builddir/tool/cachegrind-$VG_PLATFORM
mkdir -p out || exit 2
work=$(cd out && pwd -P)

if [ ! -x "$VALGRIND" ] || [ ! -f "$VG_LIBEXECDIR/cachegrind-$VG_PLATFORM" ]; then
  skip readers "no Valgrind at $VALGRIND"
  exit 0
fi
if [ ! -f "$tool" ]; then
  fail readers "our tool is not built: $tool"
  exit 0
fi

# The same environment for both tools: ours is cgours in a library
# directory that holds the release's tools as well.
vglib=$work/vglib
rm -rf "$vglib" && vg_links "$vglib" || exit 2
cp "$tool" "$vglib/cgours-$VG_PLATFORM" || exit 2

mkdir -p "$work/bin"
"$CC" -O0 -g -o "$work/bin/chase" "$progs/chase.S" 2>"$work/cc.log" &&
  "$CC" -O1 -g -o "$work/bin/recursion" "$progs/recursion.c" 2>>"$work/cc.log" || {
  fail readers "cannot compile the programs"
  indent 20 <"$work/cc.log"
  exit 0
}

# vg TOOL DIR NAME PROG MODE-OPTIONS...: one run, its file DIR/NAME.
vg() {
  _t=$1 _d=$2 _n=$3 _p=$4
  shift 4
  mkdir -p "$_d"
  (cd "$_d" && env -i PATH=/usr/bin:/bin VALGRIND_LIB="$vglib" "$VALGRIND" -q --tool="$_t" "$@" \
    --cachegrind-out-file="$_d/$_n" "$work/bin/$_p" >/dev/null 2>"$_d/$_n.err")
}

modes="ir cache both"
opts_of() {
  case $1 in
    ir) echo "--cache-sim=no --branch-sim=no" ;;
    cache) echo "--cache-sim=yes --branch-sim=no" ;;
    both) echo "--cache-sim=yes --branch-sim=yes" ;;
  esac
}

ok_runs=yes
for m in $modes; do
  # shellcheck disable=SC2046
  for p in chase recursion; do
    # The client's counts depend on the length of Valgrind's command line
    # (it shares the initial stack): the directories' names are as long,
    # and -q -q stands for `callgrind` against `yes`.
    vg cachegrind "$work/up-$m" "$p.out" "$p" $(opts_of "$m") &&
      vg cgours "$work/us-$m" "$p.out" "$p" $(opts_of "$m") &&
      vg cgours "$work/df-$m" "$p.out" "$p" $(opts_of "$m") --call-graph=yes -q -q &&
      vg cgours "$work/cg-$m" "$p.out" "$p" $(opts_of "$m") --call-graph=callgrind &&
      vg cgours "$work/in-$m" "$p.out" "$p" $(opts_of "$m") --inline-frames=yes &&
      vg cgours "$work/ci-$m" "$p.out" "$p" $(opts_of "$m") --inline-frames=yes --call-graph=callgrind ||
      { ok_runs=no; fail "readers/run-$m-$p" "a run failed"; cat "$work"/*-"$m"/"$p".out.err | indent 20; }
  done
  grep -q '^# call graph, packed:' "$work/us-$m/chase.out" ||
    { ok_runs=no; fail "readers/ours-$m" "our default file has no call graph"; }
  # With --inline-frames=yes, and the same files without its `#i` section.
  mkdir -p "$work/ni-$m" "$work/cn-$m"
  for p in chase recursion; do
    grep -v -e '^#i' -e '^# inline frames' "$work/in-$m/$p.out" >"$work/ni-$m/$p.out"
    grep -v -e '^#i' -e '^# inline frames' "$work/ci-$m/$p.out" >"$work/cn-$m/$p.out"
  done
  grep -q '^#i 0x' "$work/in-$m/recursion.out" ||
    { ok_runs=no; fail "readers/ours-$m" "our --inline-frames=yes file has no #i lines"; }
  # 3.19 writes desc: lines of caches it did not simulate, and we write
  # none (docs/cachegrind.md, "Where we differ from upstream"): upstream's
  # file loses them, so that only the call graph is compared.
  if [ "$m" = ir ]; then
    for p in chase recursion; do sed -i '/^desc: /d' "$work/up-$m/$p.out"; done
  fi
done
[ "$ok_runs" = yes ] || exit 0

# verdict NAME A B WHY: PASS when files A and B are equal, else FAIL with
# WHY and their differences.
verdict() {
  if cmp -s "$2" "$3"; then
    pass "readers/$1"
  else
    fail "readers/$1" "$4:"
    diff -u "$2" "$3" | sed -n '3,22p' | indent 20
  fi
}

# same NAME CMD...: CMD, run in up-MODE and in us-MODE ($m), prints the
# same (stdout and stderr, and the status).
same() {
  _name=$1
  shift
  for _s in up us; do
    # Perl's hashes in a fixed order: 3.19's programs print ties and cg_diff's
    # lines in their order.
    (cd "$work/$_s-$m" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 "$@" >"$work/$_s-$m.$_name.txt" 2>&1
      echo "status $?" >>"$work/$_s-$m.$_name.txt")
  done
  verdict "$_name-$m" "$work/up-$m.$_name.txt" "$work/us-$m.$_name.txt" \
    "prints something else for our file than for upstream's"
}

# same_inline NAME CMD...: CMD prints the same for our --inline-frames=yes
# files (in-MODE; with INLINE_DIRS="ci cn", the Callgrind-format ones) as
# for them without their `#i` section (ni-MODE, cn-MODE).
same_inline() {
  _name=$1
  shift
  set -- ${INLINE_DIRS:-in ni} "$@"
  _with=$1 _without=$2
  shift 2
  for _s in "$_with" "$_without"; do
    (cd "$work/$_s-$m" && PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0 "$@" 2>&1 |
      sed '/^Invocation: /d; /^Data file: /d' >"$work/$_s-$m.$_name.txt")
  done
  verdict "$_name-$m" "$work/$_without-$m.$_name.txt" "$work/$_with-$m.$_name.txt" \
    "prints something else for our --inline-frames=yes file than without its #i lines"
}

# The releases' programs: the installed one's (3.19 on Debian 12, 3.24 on
# Debian 13), and the others fetched.
installed=$("$VALGRIND" --version 2>/dev/null | sed -n 's/^valgrind-\([0-9]*\.[0-9]*\).*/\1/p')
releases=
for r in 3.19 3.24 3.27; do
  if [ "$r" = "$installed" ]; then
    releases="$releases $r"
    continue
  fi
  rdir=$work/releases/$r
  if sh "$abs_top_srcdir/scripts/fetch-valgrind.sh" "$r" "$rdir" >"$work/fetch-$r.log" 2>&1; then
    releases="$releases $r"
  elif [ "${CI:-}" = true ]; then
    fail "readers/fetch-$r" "scripts/fetch-valgrind.sh $r failed (CI=true: every release must be tested)"
    indent 20 <"$work/fetch-$r.log"
  else
    skip "readers/$r" "$(tail -n 1 "$work/fetch-$r.log" | sed 's/^fetch-valgrind: //')"
  fi
done

# bin_of R: where release R's post-processors are.
bin_of() {
  if [ "$1" = "$installed" ]; then echo /usr/bin; else echo "$work/releases/$1/usr/bin"; fi
}
for r in $releases; do
  # 3.19's are a Perl cg_annotate and cg_diff (run as they are) and a C
  # cg_merge; later ones are Python.
  bin=$(bin_of "$r") run=python3
  [ "$r" = 3.19 ] && run=
  for m in $modes; do
    same "$r-cg_annotate" $run "$bin/cg_annotate" chase.out
    same "$r-cg_diff" $run "$bin/cg_diff" chase.out recursion.out
    [ "$r" = 3.19 ] || same "$r-cg_merge" $run "$bin/cg_merge" chase.out recursion.out
    # Our --inline-frames=yes file reads as it does without its section.
    same_inline "$r-cg_annotate-inline" $run "$bin/cg_annotate" recursion.out
    same_inline "$r-cg_diff-inline" $run "$bin/cg_diff" chase.out recursion.out
    [ "$r" = 3.19 ] || same_inline "$r-cg_merge-inline" $run "$bin/cg_merge" chase.out recursion.out
    INLINE_DIRS="ci cn" same_inline "$r-callgrind_annotate-inline" perl "$bin/callgrind_annotate" \
      --inclusive=yes recursion.out
  done
done

# 3.19's C cg_merge: the documented exception (a file with the caches, so
# that upstream's own has the desc: lines it insists on).
m=cache
case " $releases " in
  *" 3.19 "*)
    (cd "$work/us-$m" && "$(bin_of 3.19)/cg_merge" -o "$work/merged-319" chase.out recursion.out \
      >"$work/cgm319.txt" 2>&1)
    if grep -q 'unexpected line in main data' "$work/cgm319.txt"; then
      pass "readers/3.19-cg_merge (refuses our file's call graph, as docs/format.md says)"
    else
      fail "readers/3.19-cg_merge" "does not refuse our file as docs/format.md says (update it):"
      head -n 5 "$work/cgm319.txt" | indent 20
    fi
    ;;
esac

# Ours: the default file and the Callgrind-format one of the same run give
# the same report, recursion levels folded (only the Callgrind format writes
# F'2's self costs apart, docs/format.md).
cga=$abs_top_builddir/post/cg_annotate
for m in $modes; do
  for s in df cg; do
    (cd "$work/$s-$m" && "$cga" --fold=yes --threshold=0.01 chase.out recursion.out 2>&1 |
      sed '/^Invocation: /d' >"$work/$s-$m.ours.txt")
  done
  verdict "ours-cg_annotate-$m" "$work/cg-$m.ours.txt" "$work/df-$m.ours.txt" \
    "our default file and our Callgrind-format file read differently"
done
exit 0
