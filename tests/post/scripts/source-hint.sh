#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# source-hint.sh: runs source-hint.py (on a terminal, cg_annotate says
# where the unreadable sources are and which option finds them).  Runs in a
# scratch directory; env: bin, src.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: source-hint (no python3)"; exit 0; }
python3 "$src/scripts/source-hint.py" "$bin"
