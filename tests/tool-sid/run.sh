#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tool-sid/run.sh: the tool suite against the Valgrind of Debian sid,
# the newest upstream release (3.27.1 when this was written), built and
# compared as tests/release.sh describes.
exec sh "${abs_top_srcdir:?}/tests/release.sh" sid
