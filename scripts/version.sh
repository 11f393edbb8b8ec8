#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# version.sh: prints the project's version, which is the version of the
# newest entry of debian/changelog (a native package: no Debian revision).
# The one place the version is written: configure.ac's AC_INIT and the test
# driver take it from here, so the programs, the tarball and the Debian
# package always agree.
sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' "$(dirname "$0")/../debian/changelog"
