#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# random-model.sh: cg_annotate on random profiles and option sets must print
# exactly what the independent model (model.py) derives from the rules of
# docs/post-processors.md.  random-vs-model: Cachegrind profiles;
# random-vs-model-callgrind: their Callgrind-format twins (same self costs),
# alone or mixed with originals, against the model on the originals.
# Runs in a scratch directory; env: bin, src.
command -v python3 >/dev/null 2>&1 || {
  echo "SKIP: random-vs-model (no python3)"
  echo "SKIP: random-vs-model-callgrind (no python3)"
  exit 0
}
if python3 "$src/scripts/random-model.py" 4 150 "$bin/cg_annotate" "$src/scripts/model.py" >log 2>&1; then
  echo "PASS: random-vs-model"
else
  echo "FAIL: random-vs-model"
  sed 's/^/# /' log | head -10
fi
# Failing cases are kept in callgrind-fail/caseN (inputs, sources, command).
keep="$(pwd)/callgrind-fail"
rm -rf callgrind "$keep" && mkdir callgrind
if (cd callgrind && python3 "$src/scripts/random-model-callgrind.py" 4 100 "$bin/cg_annotate" \
      "$src/scripts/model.py" "$keep") >log-callgrind 2>&1; then
  echo "PASS: random-vs-model-callgrind"
else
  echo "FAIL: random-vs-model-callgrind (cases kept in $keep)"
  sed 's/^/# /' log-callgrind | head -12
fi
