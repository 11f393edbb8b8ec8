#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# html.sh: cg_annotate --format=html without a browser (tests/html/check.py
# --static): every page's markup, escaping and Content-Security-Policy, exit
# statuses as the text report's, and the size budgets.  Here so that the
# sanitizer build runs the HTML writer too; tests/html has the browser.
# Runs in a scratch directory; env: bin, src.
set -u
names="html-page-static html-page-budgets"
if ! command -v python3 >/dev/null 2>&1; then
  for n in $names; do echo "SKIP: $n (no python3)"; done
  exit 0
fi
top=$(cd "$src/../.." && pwd)
python3 "$top/tests/html/check.py" --static --bin "$bin" --data "$src/data" --work "$(pwd)" \
  >check.out 2>check.err
rc=$?
cat check.out
for n in $names; do
  grep -q "^[A-Z]*: $n\$" check.out && continue
  echo "FAIL: $n"
  echo "# check.py exited with status $rc before its verdict:"
  tail -n 5 check.err | sed 's/^/#   /'
done
exit 0
