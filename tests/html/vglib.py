# SPDX-License-Identifier: GPL-2.0-or-later
# vglib.py: a VALGRIND_LIB directory for the browser tests' real profiles:
# the release's tools, linked, and ours as `cgours` (as tests/lib.sh's
# vg_lib makes one for the shell suites).
import os


def make(opt, d):
    """DIR/vglib for the options' libexec, platform and tool; its path."""
    lib = os.path.join(d, 'vglib')
    os.makedirs(lib, exist_ok=True)
    for f in os.listdir(opt.libexec):
        if not os.path.lexists(os.path.join(lib, f)):
            os.symlink(os.path.join(opt.libexec, f), os.path.join(lib, f))
    if not os.path.lexists(os.path.join(lib, 'cgours-' + opt.platform)):
        os.symlink(opt.tool, os.path.join(lib, 'cgours-' + opt.platform))
    return lib
