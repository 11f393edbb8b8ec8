# SPDX-License-Identifier: GPL-2.0-or-later
# source-hint.py: cg_annotate's notes on unreadable sources and on code
# without debug information
# (docs/post-processors.md, "Finding source files"), which it writes only
# when standard error is a terminal.  A profile whose counts are 80% in
# Rust's standard library (/rustc/COMMIT/library/...), 15% under a relative
# src/ and 5% in a readable file must get, on a pseudo-terminal, the share
# (95.0%), both prefixes with their shares, and the option for each (the
# Rust sysroot mapping, -I); with stderr a pipe, nothing; with the mapping
# given and the file in place, no note and the listing.  Prints PASS/FAIL.
import os
import pty
import subprocess
import sys

bin_dir = sys.argv[1]
cga = os.path.join(bin_dir, 'cg_annotate')
commit = '90b35a6239c3d8bdabc530a6a0816f7ff89a0aaf'
with open('demo.c', 'w') as f:
    f.write('int main(void)\n{\n    return 0;\n}\n')
os.utime('demo.c', (1577836800, 1577836800))
with open('r.cgout', 'w') as f:
    f.write('cmd: x\nevents: Ir\n'
            'fl=/rustc/%s/library/core/src/str/mod.rs\nfn=core::str::len\n2 80\n'
            'fl=src/main.rs\nfn=wc::main\n3 15\n'
            'fl=%s/demo.c\nfn=main\n2 5\nsummary: 100\n' % (commit, os.getcwd()))


def on_terminal(args):
    """cg_annotate's stderr when it is a terminal (stdout discarded)."""
    master, slave = pty.openpty()
    p = subprocess.Popen([cga] + args, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    out = b''
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    os.close(master)
    return out.decode('utf-8', 'replace').replace('\r\n', '\n')


probs = []
got = on_terminal(['r.cgout'])
want = [
    'cg_annotate: note: source files that cannot be read hold 95.0% of Ir; the most are under:',
    '   80.0%%  /rustc/%s/library/' % commit,
    '          found with --source-map /rustc/%s/=$(rustc --print sysroot)/lib/rustlib/src/rust/ '
    '(with the rust-src component)' % commit,
    '   15.0%  src/',
    '          found with -I DIR (the directory that holds src/)',
]
for line in want:
    if line not in got.split('\n'):
        probs.append('on a terminal, no line %r in:\n%s' % (line, got))
piped = subprocess.run([cga, 'r.cgout'], capture_output=True)
if piped.stderr:
    probs.append('with stderr a pipe: %r' % piped.stderr[:200])
os.makedirs('sysroot/lib/rustlib/src/rust/library/core/src/str', exist_ok=True)
with open('sysroot/lib/rustlib/src/rust/library/core/src/str/mod.rs', 'w') as f:
    f.write('// a file placed as rust-src installs it\npub fn len() {}\n')
os.makedirs('tree/src', exist_ok=True)
with open('tree/src/main.rs', 'w') as f:
    f.write('fn main() {\n    wc();\n    done();\n}\n')
for f in ('sysroot/lib/rustlib/src/rust/library/core/src/str/mod.rs', 'tree/src/main.rs'):
    os.utime(f, (1577836800, 1577836800))
args = ['--source-map', '/rustc/%s/=sysroot/lib/rustlib/src/rust/' % commit, '-I', 'tree', 'r.cgout']
if on_terminal(args):
    probs.append('with the sources found, a note: %r' % on_terminal(args))
text = subprocess.run([cga] + args, capture_output=True).stdout.decode()
for line in ('80 (80.0%)  pub fn len() {}', '15 (15.0%)      done();'):
    if line not in text.split('\n'):
        probs.append('with the sources found, no line %r in the listing' % line)
# Code without debug information: 60% without a name, then 60% in a
# function without a file.
with open('stripped.cgout', 'w') as f:
    f.write('cmd: x\nevents: Ir\nfl=???\nfn=???\n0 60\nfl=%s/demo.c\nfn=main\n2 40\n'
            'summary: 100\n' % os.getcwd())
with open('nog.cgout', 'w') as f:
    f.write('cmd: x\nevents: Ir\nfl=???\nfn=work\n0 60\nfl=%s/demo.c\nfn=main\n2 40\n'
            'summary: 100\n' % os.getcwd())
got = on_terminal(['stripped.cgout'])
if 'cg_annotate: note: 60.0% is in code without a function name (`???`)' not in got:
    probs.append('stripped: no note about the missing names: %r' % got)
got = on_terminal(['nog.cgout'])
if 'cg_annotate: note: 60.0% is in functions without a file and line (`???`)' not in got:
    probs.append('without -g: no note about the missing files: %r' % got)
if 'function name' in got:
    probs.append('without -g: a note about names: %r' % got)
if subprocess.run([cga, 'stripped.cgout'], capture_output=True).stderr:
    probs.append('stripped, with stderr a pipe: a note')
print('FAIL: source-hint' if probs else 'PASS: source-hint')
for p in probs:
    print('    # ' + p.replace('\n', '\n    # '))
