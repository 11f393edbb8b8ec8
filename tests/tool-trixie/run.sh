#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tool-trixie/run.sh: the tool suite against the Valgrind of Debian 13
# trixie (3.24), built and compared as tests/release.sh describes.
exec sh "${abs_top_srcdir:?}/tests/release.sh" trixie 3.24
