#!/bin/sh
# build.sh: installs missing packages, then configures and builds the tree in
# place (autogen + configure only when needed).  Used by the README commands.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
sh scripts/install-deps.sh "$@"
[ -x configure ] || ./autogen.sh
[ -f Makefile ] || ./configure --prefix="$top/inst" --quiet
make -s -j"$(nproc)"
