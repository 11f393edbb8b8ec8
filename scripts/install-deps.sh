#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# install-deps.sh: installs the Debian packages the build and the tests need,
# only those that are missing; as root directly, otherwise through sudo.
# --tests adds what the tests need besides the build, among them Chromium,
# its driver and Selenium for the HTML report's browser tests (tests/html),
# and Debian's packaging tools for the package's test (tests/package).
set -e
PKGS="gcc make libc6-dev pkg-config autoconf automake libtool valgrind libpcre2-dev libdw-dev libiberty-dev"
[ "${1:-}" = "--tests" ] && PKGS="$PKGS g++ python3 python3-jsonschema gzip coreutils groff-base man-db chromium chromium-driver python3-selenium fonts-dejavu-core kcachegrind dbus-daemon rustc strace libc6-dbg build-essential debhelper dpkg-dev lintian debootstrap"

missing=""
for p in $PKGS; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "install-deps: need root or sudo to install:$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
