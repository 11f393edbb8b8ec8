#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# build.sh: installs missing packages, then configures and builds the tree in
# place (autogen + configure only when needed).  Used by the README commands.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh scripts/install-deps.sh "$@"
# Build output goes to build.log; it is shown only when something fails.
log="$top/build.log"
: >"$log"
run() {
    if ! "$@" >>"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "build.sh: '$*' failed; the whole log is $log" >&2
        exit 1
    fi
}
[ -x configure ] || run ./autogen.sh
[ -f Makefile ] || run ./configure --prefix="$top/inst"
run make -j"$(nproc)"
echo "build.sh: built (log in build.log)"
