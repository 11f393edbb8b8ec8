#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# safe-messages.sh: runs safe-messages.py (no control byte from input ever
# reaches stderr raw).  Runs in a scratch directory; env: bin, src.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: safe-messages (no python3)"; exit 0; }
python3 "$src/scripts/safe-messages.py" "$bin"
