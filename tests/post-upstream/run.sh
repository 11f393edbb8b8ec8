#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/post-upstream/run.sh: upstream's own cg_annotate, cg_merge and
# cg_diff (the Python programs of Valgrind 3.24, from Debian 13's package)
# as an independent oracle for the post-processors:
#
# 1. every case of tests/post/cases runs with upstream's programs instead of
#    ours (tests/post/cases.sh; each run killed after 10 s: upstream blocks
#    forever opening a FIFO) and must give the case's expected output, which
#    the post suite holds ours to.  A case may differ only as `deviations`
#    says, aspect by aspect (stdout, stderr, status): a listed aspect that
#    no longer differs is a FAIL too, so the list stays true;
# 2. the random model test (tests/post/scripts/random-model.py) with
#    upstream's cg_annotate as the model: our reports must equal upstream's
#    on random profiles and options.
#
# The package is fetched like tests/release.sh does (scripts/fetch-valgrind.sh,
# kept in .valgrind-releases/trixie/root or VG_RELEASES_DIR/trixie/root).
# Without it, or without python3, the suite SKIPs; under CI=true that is a
# FAIL, since CI must have its oracles.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
. "$abs_top_srcdir/tests/post/cases.sh"
src=$abs_top_srcdir/tests/post
ours=$abs_top_builddir/post
work=$(pwd)/out
rm -rf "$work" && mkdir -p "$work" || exit 2

# no_oracle REASON: the oracle is not there.
no_oracle() {
  missing upstream/oracle "$1"
  exit 0
}

command -v python3 >/dev/null 2>&1 || no_oracle "no python3 to run upstream's programs"
btop=$(cd "$abs_top_builddir" && pwd -P) || exit 2
if [ -n "${VG_RELEASES_DIR:-}" ]; then
  root=$(cd "$VG_RELEASES_DIR" && pwd -P)/trixie/root
else
  root=$btop/.valgrind-releases/trixie/root
fi
mkdir -p "$(dirname "$root")" || exit 2
sh "$abs_top_srcdir/scripts/fetch-valgrind.sh" 3.24 "$root" >"$work/fetch.log" 2>&1
rc=$?
if [ "$rc" -eq 3 ]; then
  no_oracle "$(tail -n 1 "$work/fetch.log" | sed 's/^fetch-valgrind: //')"
elif [ "$rc" -ne 0 ]; then
  fail upstream/oracle "scripts/fetch-valgrind.sh 3.24 $root: exit status $rc"
  indent 20 <"$work/fetch.log"
  exit 0
fi
up=$root/usr/bin
version=$(python3 "$up/cg_annotate" --version 2>&1)
if [ "$version" != cg_annotate-3.24.0 ]; then
  fail upstream/oracle "$up/cg_annotate --version says '$version', not cg_annotate-3.24.0"
  exit 0
fi
pass "upstream/oracle ($version)"

# stderr without its usage block (`usage:` and the indented lines after it).
no_usage() {
  awk '/^usage: / { u = 1; next } u && /^[ \t]/ { next } { u = 0; print }' "$1"
}

# The deviations: NAME ASPECTS REASON, ASPECTS a comma list.
deviations=$abs_top_srcdir/tests/post-upstream/deviations
listed() { # NAME: the listed aspects in the order stdout stderr usage status
  _a=$(awk -v n="$1" '$1 == n { print $2 }' "$deviations")
  _r=
  for _k in stdout stderr usage status; do
    case ",$_a," in *",$_k,"*) _r="$_r $_k" ;; esac
  done
  echo "${_r# }"
}
for name in $(awk '!/^#/ && NF { print $1 }' "$deviations"); do
  [ -f "$src/cases/$name.cmd" ] || fail "upstream/deviations" "lists '$name', which is no case"
done

data_template "$src/data" "$work/.data" || exit 2
for cmdfile in "$src"/cases/*.cmd; do
  name=${cmdfile##*/}
  name=${name%.cmd}
  dir=$work/$name
  if ! run_case "$src/cases" "$work/.data" "$name" "$dir" "$up" 10; then
    fail "upstream/$name" "setup failed"
    continue
  fi
  expected "$src/cases" "$name" "$dir"
  differ=
  cmp -s "$dir/.exp.stdout" "$dir/.stdout.norm" || differ="${differ}stdout "
  if ! cmp -s "$dir/.exp.stderr" "$dir/.stderr"; then
    if [ "$(no_usage "$dir/.exp.stderr")" = "$(no_usage "$dir/.stderr")" ]; then
      differ="${differ}usage "
    else
      differ="${differ}stderr "
    fi
  fi
  cmp -s "$dir/.exp.status" "$dir/.status" || differ="${differ}status "
  differ=${differ% }
  want=$(listed "$name")
  if [ "$differ" = "$want" ]; then
    if [ -n "$want" ]; then
      pass "upstream/$name (deviation: $(awk -v n="$name" '$1 == n { $1 = $2 = ""; sub(/^ +/, ""); print }' "$deviations"))"
    else
      pass "upstream/$name"
    fi
  else
    fail "upstream/$name" "differs from the expected output in: ${differ:-nothing}; deviations lists: ${want:-nothing}"
    for a in stdout stderr; do
      case $differ in *$a*)
        [ "$a" = stdout ] && got=$dir/.stdout.norm || got=$dir/.stderr
        echo "    # $a (expected, upstream):"
        diff "$dir/.exp.$a" "$got" | head -12 | indent 12 ;;
      esac
    done
    case $differ in *status*) echo "    # exit status $(cat "$dir/.status"), expected $(cat "$dir/.exp.status")" ;; esac
  fi
done

# 2. Random profiles: ours against upstream's cg_annotate.
mkdir -p "$work/random" || exit 2
if (cd "$work/random" &&
    python3 "$src/scripts/random-model.py" 5 100 "$ours/cg_annotate" "$up/cg_annotate") \
    >"$work/random.log" 2>&1; then
  pass "upstream/random-vs-upstream ($(sed -n 's/^# mismatches \(.*\)/\1 mismatches/p' "$work/random.log"))"
else
  fail upstream/random-vs-upstream
  indent 10 <"$work/random.log"
fi
exit 0
