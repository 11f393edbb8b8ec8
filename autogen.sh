#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# autogen.sh: generates ./configure from configure.ac and the Makefile.am files.
# Run once after a fresh clone (needs the Debian packages autoconf, automake, libtool).
set -e
cd "$(dirname "$0")"
mkdir -p m4
exec autoreconf --install --force
