#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# debian-mirror.sh: prints the Debian archive this machine's apt uses (the
# first URI of a `deb` source whose path is .../debian, from
# /etc/apt/sources.list, sources.list.d/*.list and deb822 *.sources), or
# $DEBIAN_MIRROR when set.  Used by fetch-valgrind.sh and the package suite
# (tests/package), which read other releases from the same archive.
# Exit status 3, with the reason on stderr, when there is none.
find_mirror() {
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    # One-line format: deb [options] URI suite components
    sed -e 's/#.*//' -e 's/\[[^]]*\]//' "$f" | awk '$1 == "deb" { print $2 }'
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    # deb822: stanzas separated by blank lines; Types must include deb and
    # Enabled must not be no.
    awk 'function flush() { if (deb && en) for (i = 1; i <= n; i++) print u[i]; deb = 0; en = 1; n = 0 }
         BEGIN { en = 1 }
         /^[ \t]*#/ { next }
         /^[ \t]*$/ { flush(); next }
         tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
         tolower($1) == "enabled:" { if (tolower($2) == "no") en = 0 }
         tolower($1) == "uris:" { for (i = 2; i <= NF; i++) u[++n] = $i }
         END { flush() }' "$f"
  done
}
if [ -n "${DEBIAN_MIRROR:-}" ]; then
  echo "$DEBIAN_MIRROR"
  exit 0
fi
mirror=$(find_mirror | sed 's|/*$||' | grep -E '^https?://[^ ]*/debian$' | head -n 1)
if [ -z "$mirror" ]; then
  echo "no Debian archive (an http(s) URI ending in /debian) in the system's apt sources; set DEBIAN_MIRROR=http://HOST/debian" >&2
  exit 3
fi
echo "$mirror"
