#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# json.sh: cg_annotate --format=json and --limit (json-check.py): random
# profiles, real profiles from our tool and their merge and difference, the
# limits' boundaries and exit statuses; and every JSON the post cases expect
# is validated against the schema too.  Runs in a scratch directory; env:
# bin, src.
set -u
names="json-random-vs-sum limit-decisions limit-exit-statuses json-real-profiles json-case-files"
skip_all() { for n in $names; do echo "SKIP: $n ($1)"; done; exit 0; }
command -v python3 >/dev/null 2>&1 || skip_all "no python3"
python3 -c 'import jsonschema' 2>/dev/null || skip_all "no python3-jsonschema"
top=$(cd "$src/../.." && pwd)
schema=$top/docs/cg_annotate.schema.json
# check NAMES... -- ARGS: runs json-check.py; if it dies before printing a
# verdict, each of NAMES still gets a FAIL line (a crash is no pass).
check() {
  _names=
  while [ "$1" != -- ]; do _names="$_names $1"; shift; done
  shift
  python3 "$src/scripts/json-check.py" "$@" >check.out 2>check.err
  _rc=$?
  cat check.out
  for _n in $_names; do
    grep -q "^[A-Z]*: $_n\b" check.out && continue
    echo "FAIL: $_n"
    echo "# json-check.py exited with status $_rc before its verdict:"
    tail -n 5 check.err | sed 's/^/#   /'
  done
}
check json-random-vs-sum limit-decisions limit-exit-statuses -- "$bin/cg_annotate" "$schema" 7 150

# Real profiles: our tool's, their merge (cg_merge) and difference (cg_diff).
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
tool="$(dirname "$bin")/tool/cachegrind-$VG_PLATFORM"
if [ ! -x "$VALGRIND" ]; then
  echo "SKIP: json-real-profiles (no valgrind at $VALGRIND)"
elif [ ! -f "$tool" ]; then
  echo "FAIL: json-real-profiles"
  echo "# our tool is not built: $tool"
elif ! ${CC:-cc} -g -O0 -o workload "$src/scripts/workload.c" 2>cc.err; then
  echo "SKIP: json-real-profiles (no C compiler)"
else
  mkdir -p vglib
  ln -sf "$VG_LIBEXECDIR"/* vglib/
  ln -sf "$tool" "vglib/cgours-$VG_PLATFORM"
  for n in 1000 3000; do
    VALGRIND_LIB="$(pwd)/vglib" "$VALGRIND" -q --tool=cgours --cache-sim=yes --branch-sim=yes --call-graph=no \
      --fingerprint=yes --cachegrind-out-file=w$n.cgout ./workload $n >/dev/null 2>&1
  done
  "$bin/cg_merge" w1000.cgout w3000.cgout >merged.cgout 2>/dev/null
  "$bin/cg_diff" w1000.cgout w3000.cgout >diffed.cgout 2>/dev/null
  if [ -s w1000.cgout ] && [ -s w3000.cgout ] && [ -s merged.cgout ] && [ -s diffed.cgout ]; then
    check json-real-profiles -- "$bin/cg_annotate" "$schema" 0 0 \
      w1000.cgout w3000.cgout merged.cgout diffed.cgout
  else
    echo "FAIL: json-real-profiles"
    echo "# our tool, cg_merge or cg_diff wrote no profile"
  fi
fi

# The JSON documents the post cases expect.
bad=
for cmd in $(grep -l -e '--format=json' "$src"/cases/*.cmd); do
  out=${cmd%.cmd}.stdout
  sed 's/@VERSION@/0/' "$out" >case.json
  python3 - "$schema" case.json <<'PY' 2>case.err || bad="$bad $(basename "$out"): $(tail -n 1 case.err)"
import json, sys, jsonschema
jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
PY
done
if [ -z "$bad" ]; then echo "PASS: json-case-files"; else echo "FAIL: json-case-files"; echo "# invalid:$bad"; fi
exit 0
