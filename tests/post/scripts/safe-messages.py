# SPDX-License-Identifier: GPL-2.0-or-later
# safe-messages.py: no program ever writes a raw control byte from its input
# to the terminal.  Profiles, file names and options holding escape sequences
# and invalid UTF-8 are fed to cg_annotate (text and JSON, --diff), cg_merge
# and cg_diff; every message on stderr must still be there, and hold no
# control byte but newline and no byte that is not UTF-8.
# Usage: safe-messages.py BINDIR
import os, subprocess, sys
bindir = sys.argv[1]
ESC = b'\x1b]0;owned\x07\x1b[2J\x9b31m\xff'

def write(name, data):
    open(name, 'wb').write(data)

write('ok.cgout', b'cmd: ./p\nevents: Ir\nfl=a.c\nfn=f\n1 5\nsummary: 5\n')
write('malformed.cgout', b'cmd: ./p\nevents: Ir\nfl=a.c\n' + ESC + b'junk\nsummary: 0\n')
write('events.cgout', b'cmd: ./p\nevents: Ir' + ESC + b'\nfl=a.c\nfn=f\n1 5\nsummary: 5\n')
write('cmd.cgout', b'desc: x' + ESC + b'\ncmd' + ESC + b'\nevents: Ir\n')
write('fp1.cgout', b'desc: fingerprint: cpu=a' + ESC + b' seed=1\ncmd: ./p\nevents: Ir\nfl=a.c\nfn=f\n1 5\nsummary: 5\n')
write('fp2.cgout', b'desc: fingerprint: cpu=b' + ESC + b' seed=1\ncmd: ./p\nevents: Ir\nfl=a.c\nfn=f\n1 6\nsummary: 6\n')
write('summary.cgout', b'cmd: ./p\nevents: Ir\nfl=' + ESC + b'\nfn=' + ESC + b'\n1 5\nsummary: 4\n')
name = os.fsdecode(b'missing' + ESC + b'.cgout')
esc = os.fsdecode(ESC)

runs = []
for prog in ('cg_annotate', 'cg_merge', 'cg_diff'):
    two = ['ok.cgout'] if prog == 'cg_diff' else []
    for f in ('malformed.cgout', 'cmd.cgout', 'summary.cgout', name):
        runs.append([prog] + two + [f])
    runs.append([prog, 'ok.cgout', 'events.cgout'])
    runs.append([prog] + ['fp1.cgout', 'fp2.cgout'])
    runs.append([prog, '--bogus' + esc, 'ok.cgout'])
runs += [['cg_annotate', '--format=json', 'malformed.cgout'],
         ['cg_annotate', '--diff', 'ok.cgout', 'malformed.cgout'],
         ['cg_annotate', '--show=Ir' + esc, 'ok.cgout'],
         ['cg_annotate', '--sort=' + esc, 'ok.cgout'],
         ['cg_annotate', '--limit', esc + '=+1%', '--diff', 'ok.cgout', 'ok.cgout'],
         ['cg_annotate', '--limit', 'Ir=+1%' + esc, '--diff', 'ok.cgout', 'ok.cgout'],
         ['cg_annotate', '--mod-filename=s/' + esc + '/x/z', 'ok.cgout'],
         ['cg_annotate', '--format=' + esc, 'ok.cgout'],
         ['cg_merge', '-o', name + '/x', 'ok.cgout']]
bad = []
for args in runs:
    r = subprocess.run([os.path.join(bindir, args[0])] + args[1:], capture_output=True)
    err = r.stderr
    if r.returncode != 0 and not err:
        bad.append('%r: status %d and no message' % (args, r.returncode))
        continue
    raw = [b for b in set(err) if (b < 0x20 and b != 0x0a) or b == 0x7f]
    try:
        err.decode('utf-8')
    except UnicodeDecodeError:
        raw.append('invalid UTF-8')
    if raw:
        bad.append('%r: raw %r in %r' % (args, raw, err[:120]))
print('PASS: safe-messages' if not bad else 'FAIL: safe-messages')
for b in bad[:8]:
    print('# ' + b)
print('# %d runs' % len(runs))
