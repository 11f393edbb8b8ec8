#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# make-corpus.py OUT: candidate seed inputs for every fuzz target, taken from
# the test cases (tests/post/cases and data, tests/tool/cases, the limit and
# cache option examples of docs/), one directory per target under OUT.  They
# are then reduced to what adds coverage with libFuzzer's -merge=1 (fuzz/run.sh
# merge), and the result is what fuzz/corpus/TARGET keeps.
import glob, os, re, shlex, sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1]
n = {}

def put(target, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    n[target] = n.get(target, 0) + 1
    with open(os.path.join(d, '%04d' % n[target]), 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())

data = os.path.join(top, 'tests/post/data')
profiles = {os.path.basename(p): open(p, 'rb').read() for p in sorted(glob.glob(data + '/*.cgout'))}
cases = []
for c in sorted(glob.glob(os.path.join(top, 'tests/post/cases/*.cmd'))):
    try:
        cases.append(shlex.split(open(c).read()))
    except ValueError:
        pass

# The readers: every profile alone, and each command's files with its
# --mod-filename/--mod-funcname (`#F`/`#N` lines) and --diff (`#D`).
for t in ('read-annotate', 'read-merge', 'read-diff'):
    for body in profiles.values():
        put(t, body)
for argv in cases:
    prog, args = argv[0], argv[1:]
    files = [a for a in args if a in profiles]
    if not files:
        continue
    head = b''
    for i, a in enumerate(args):
        for opt, key in (('--mod-filename', b'F'), ('--mod-funcname', b'N')):
            if a.startswith(opt + '='):
                head += b'#' + key + b' ' + a[len(opt) + 1:].encode() + b'\n'
            elif a == opt and i + 1 < len(args):
                head += b'#' + key + b' ' + args[i + 1].encode() + b'\n'
    if '--diff' in args:
        head += b'#D\n'
    target = {'cg_annotate': 'read-annotate', 'cg_merge': 'read-merge', 'cg_diff': 'read-diff'}[prog]
    put(target, head + b'#%\n'.join(profiles[f] for f in files[:3]))

# cg_annotate's options: each command line, NUL-separated.
for argv in cases:
    if argv[0] == 'cg_annotate':
        put('annotate-options', '\0'.join(argv[1:]))
put('annotate-options', '--help')
put('annotate-options', '--version')
put('annotate-options', '--diff\0--limit\0Ir=+1%\0a\0b')

# --mod-filename/--mod-funcname values, on names from the profiles.
names = set()
for body in profiles.values():
    for line in body.split(b'\n'):
        if line[:3] in (b'fl=', b'fn='):
            names.add(line[3:])
names = b'\n'.join(sorted(names)[:40])
for argv in cases:
    for i, a in enumerate(argv):
        m = re.match(r'--mod-f[a-z]*(=(.*))?$', a)
        if m:
            v = m.group(2) if m.group(1) else (argv[i + 1] if i + 1 < len(argv) else '')
            put('mod-subst', v.encode() + b'\n' + names)
for v in ('s/x*/-/g', 's/(?P<a>.)(.)/\\2\\g<a>\\101/gi', 's/\\Z/!/', 's/(a)|b/[\\1]/g'):
    put('mod-subst', v.encode() + b'\nabxd\nba\n\xc3\xa9\xff')

# The JSON writer: names and texts of the profiles, and some odd bytes.
for body in list(profiles.values())[:20]:
    put('json', b'\x10' + body[:512])
put('json', b'\x00' + '\u00e9\u20ac\U0001f600'.encode() + b'\xed\xa0\x80\xc0\xaf\x7f\x01"\\')

# --limit values (docs/json.md, "Regression limits").
for v in ('Ir=+5%', 'Ir=+1%', 'Ir=-2.5%', 'Ir=+100', 'Ir=-7', 'Ir=+0.000000001%', 'Dr=+1.5', 'x==+1'):
    put('limit', v + '\n' + '\x10\x27\0\0\0\0\0\0\x22\x29\0\0\0\0\0\0')

# Cache options: every --I1/--D1/--LL/--L2 value of the tool's cases.
vals = set()
for c in glob.glob(os.path.join(top, 'tests/tool/cases/*.case')):
    vals.update(re.findall(r'--(?:I1|D1|LL|L2)=([^ \n]*)', open(c).read()))
for v in sorted(vals) + ['-1,-1,-1', ' 1,2,3', '+65536,2,64', '18446744073709551616,1,64']:
    put('cacheconf', v + '\n' + '\0' * 8 + '\x04' + '\x40' + '\0' * 7 + '\x08')
print(' '.join('%s:%d' % kv for kv in sorted(n.items())))
