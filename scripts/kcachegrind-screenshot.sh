#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kcachegrind-screenshot.sh: makes docs/kcachegrind-callgraph.png, KCachegrind's
# call-graph view of main in our tool's --call-graph=yes profile of
# tests/progs/recursion.c.  Run by hand after `make`; needs kcachegrind,
# dbus-daemon, graphviz, xvfb, x11-apps, xdotool and netpbm (it installs none).
# The clicks are at fixed positions of KCachegrind 22.12's default layout at
# 1280x800 (Debian 12): another version may need other positions.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'kill $xvfb 2>/dev/null; rm -rf "$tmp"' EXIT
gcc -g -O1 -o "$tmp/recursion" "$top/tests/progs/recursion.c"
(cd "$tmp" && "$top/vg-in-place" -q --tool=cachegrind --call-graph=yes \
  --cachegrind-out-file=recursion.out ./recursion >/dev/null)
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
sleep 2
export DISPLAY=:97 XDG_RUNTIME_DIR="$tmp/xdg" HOME="$tmp/home"
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
(cd "$tmp" && timeout 60 dbus-run-session -- kcachegrind --qwindowgeometry 1280x800+0+0 \
  recursion.out >/dev/null 2>&1 &)
sleep 8
xdotool mousemove 798 499 click 1            # close "Did you know...?"
sleep 1
xdotool mousemove 128 89 click 1 type --delay 50 main
xdotool key Return
sleep 1
xdotool mousemove 187 214 click 1            # main, the last row of the filtered list
sleep 1
xdotool mousemove 547 756 click 1            # the Call Graph tab
sleep 1
xdotool mousemove 822 428 mousedown 1 sleep 0.3 mousemove 822 300 sleep 0.3 \
  mousemove 822 170 sleep 0.3 mouseup 1      # a larger graph pane
sleep 3
xwd -root -silent | xwdtopnm 2>/dev/null | pnmtopng >"$top/docs/kcachegrind-callgraph.png"
pkill -f 'kcachegrind --qwindowgeometry 1280x800' || true
echo "wrote $top/docs/kcachegrind-callgraph.png"
