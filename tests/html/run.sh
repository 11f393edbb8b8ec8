#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/html/run.sh: cg_annotate --format=html in a real browser: Debian's
# chromium, headless, driven by python3-selenium through chromium-driver
# (check.py says what each case checks).  Screenshots for a person to look
# at go to out/screenshots/.  Without the browser or Selenium the cases SKIP
# with the reason, except under CI=true, where they FAIL: CI installs them
# (scripts/install-deps.sh --tests).
set -u
. "$abs_top_srcdir/tests/lib.sh"
src="$abs_top_srcdir/tests/html"
bin="$abs_top_builddir/post"
work="$(pwd)/out"
rm -rf "$work"
mkdir -p "$work"
cases="html/page-static html/page-budgets html/dom-vs-text html/sort-by-column html/links-to-lines
html/folded-runs html/keyboard html/columns html/script-injection html/budgets-in-browser
html/call-graph html/inclusive-columns html/layout html/real-profiles html/flame-static html/flame-graph
html/flame-diff html/flame-estimate html/compact-numbers html/rust-profile html/console-clean"

missing_all() {
  for c in $cases; do missing "$c" "$1; sh scripts/install-deps.sh --tests installs it"; done
  exit 0
}

# Debian's python3-selenium is for Debian's python3, which a python3 earlier
# in PATH (a virtualenv, pyenv) may not be.
py=
for p in python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import selenium' 2>/dev/null; then py=$p; break; fi
done
# CHROMIUM and CHROMEDRIVER name other binaries (another browser build).
chromium=${CHROMIUM:-$(command -v chromium 2>/dev/null || echo /usr/bin/chromium)}
driver=${CHROMEDRIVER:-$(command -v chromedriver 2>/dev/null || echo /usr/bin/chromedriver)}
[ -n "$py" ] || missing_all "no python3 with Selenium (python3-selenium)"
[ -x "$chromium" ] || missing_all "no chromium"
[ -x "$driver" ] || missing_all "no chromedriver (chromium-driver)"

tool="$abs_top_builddir/tool/cachegrind-${VG_PLATFORM:-amd64-linux}"
"$py" "$src/check.py" --bin "$bin" --data "$abs_top_srcdir/tests/post/data" --work "$work" \
  --chromium "$chromium" --chromedriver "$driver" \
  --tool "$tool" --valgrind "${VALGRIND:-/usr/bin/valgrind}" \
  --libexec "${VG_LIBEXECDIR:-/usr/libexec/valgrind}" --platform "${VG_PLATFORM:-amd64-linux}" \
  --workload "$abs_top_srcdir/tests/post/scripts/workload.c" >"$work/check.out" 2>"$work/check.err"
rc=$?
cat "$work/check.out"
# A case the script did not reach before dying is a failure, not a pass.
for c in $cases; do
  grep -q "^[A-Z]*: $c\( \|\$\)" "$work/check.out" && continue
  fail "$c" "check.py exited with status $rc before its verdict:"
  tail -n 8 "$work/check.err" | indent 8
done
exit 0
