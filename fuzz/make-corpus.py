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

# The Callgrind reader: real Callgrind files of seed-callgrind/prog.c under
# several option sets, each trimmed to a few functions per part (CgTrim).
# Needs valgrind and cc; without them there are no such seeds.
CG_RUNS = [
    [],
    ['--dump-instr=yes', '--collect-jumps=yes'],
    ['--cache-sim=yes', '--branch-sim=yes', '--compress-strings=no', '--compress-pos=no'],
    ['--separate-threads=yes', '--dump-instr=yes'],
    ['--combine-dumps=yes', '--dump-before=walk', '--collect-systime=nsec'],
    ['--dump-instr=yes', '--dump-line=no', '--collect-jumps=yes', '--cache-sim=yes'],
    ['--combine-dumps=yes', '--dump-after=fib', '--separate-recs=3', '--dump-instr=yes'],
]
CG_KEEP = {b'main', b'fib', b'walk', b'worker', b"fib'2", b"fib'3"}
NAME_KIND = {b'fl': 0, b'fi': 0, b'fe': 0, b'cfi': 0, b'cfl': 0, b'jfi': 0,
             b'fn': 1, b'cfn': 1, b'jfn': 1, b'ob': 2, b'cob': 2}
HEADER = (b'version:', b'creator:', b'pid:', b'thread:', b'part:', b'cmd:', b'desc:',
          b'positions:', b'event:', b'events:', b'summary:', b'totals:')

def cg_num(t):
    return int(t, 16) if t[:2] in (b'0x', b'0X') else int(t)

class CgTrim:
    """Keeps, per part, the blocks (an ob=/fl=/fn= run and what follows)
    of the functions in CG_KEEP and of the first ones up to `budget` bytes.
    Names first defined in a dropped block are defined where a kept line
    first uses them; relative positions are recomputed against the lines
    kept; `totals:` becomes the sum of the self costs kept, and `summary:`
    that plus its original excess over the totals (none where it was
    below, as Callgrind's sys* events can be)."""

    def __init__(self, data, budget):
        self.lines = data.split(b'\n')
        self.budget = budget
        self.names = [{}, {}, {}]
        for l in self.lines:
            k, _, v = l.partition(b'=')
            if k in NAME_KIND and v.startswith(b'(') and b') ' in v:
                i, _, nm = v[1:].partition(b') ')
                self.names[NAME_KIND[k]].setdefault(i, nm)
        self.defined = [set(), set(), set()]
        self.out = []
        self.npos = 1
        self.last_in = [0, 0, 0]
        self.last_out = [0, 0, 0]

    def decode(self, toks, update):
        """The absolute positions of toks[0..npos), and them re-encoded
        against the output's last position."""
        vals, enc = [], []
        for j in range(self.npos):
            t = toks[j]
            if t == b'*':
                v = self.last_in[j]
            elif t[:1] in (b'+', b'-'):
                d = cg_num(t[1:])
                v = self.last_in[j] + (d if t[:1] == b'+' else -d)
            else:
                v = cg_num(t)
            vals.append(v)
            if t[:1] not in (b'+', b'-', b'*'):
                enc.append(t)
            elif v == self.last_out[j] and t == b'*':
                enc.append(b'*')
            else:
                d = v - self.last_out[j]
                hexa = t[1:3] in (b'0x', b'0X')
                mag = (b'0x%x' if hexa else b'%d') % abs(d)
                enc.append((b'-' if d < 0 else b'+') + mag)
        if update:
            self.last_in[:self.npos] = vals
        return vals, enc

    def name_line(self, l):
        k, _, v = l.partition(b'=')
        kind = NAME_KIND[k]
        if v.startswith(b'(') and b')' in v:
            i, _, rest = v[1:].partition(b')')
            if i not in self.defined[kind]:
                self.defined[kind].add(i)
                if not rest.strip():
                    l = k + b'=(' + i + b') ' + self.names[kind].get(i, b'?')
        self.emit(l)

    def emit(self, l):
        self.part.append(l)
        self.used += len(l) + 1

    def end_part(self):
        tot = self.self_cost
        for i, l in enumerate(self.part):
            if l.startswith(b'totals:'):
                self.part[i] = b'totals: ' + b' '.join(b'%d' % c for c in tot)
            elif l.startswith(b'summary:') and self.orig_tot:
                old = [int(x) for x in l.split()[1:]]
                new = [(tot[e] if e < len(tot) else 0)
                       + max(0, old[e] - (self.orig_tot[e] if e < len(self.orig_tot) else 0))
                       for e in range(len(old))]
                self.part[i] = b'summary: ' + b' '.join(b'%d' % c for c in new)
        self.out.extend(self.part)

    def run(self):
        self.part, self.body = [], False
        self.self_cost, self.orig_tot = [], None
        keep, pending, prev_name, nxt, self.used = True, [], False, 'cost', 0
        for l in self.lines:
            if any(l.startswith(h) for h in HEADER):
                if self.body:
                    # totals: ends the part's body; any other key starts the next part
                    if not l.startswith(b'totals:'):
                        self.end_part()
                        self.part, self.self_cost, self.orig_tot = [], [], None
                        self.body = False
                if l.startswith(b'positions:'):
                    self.npos = len(l.split()) - 1
                if l.startswith(b'totals:'):
                    self.orig_tot = [int(x) for x in l.split()[1:]]
                self.part.append(l)
                continue
            if not l or l.startswith(b'#'):
                if keep:
                    self.part.append(l)
                continue
            if not self.body:
                self.body, self.used, keep, prev_name = True, 0, True, False
                self.last_in, self.last_out = [0, 0, 0], [0, 0, 0]
            k, eq, v = l.partition(b'=')
            if eq and k in NAME_KIND:
                block = k in (b'ob', b'fl', b'fn')
                if block and not prev_name:
                    keep, pending = None, []
                prev_name = block
                if keep is None and k == b'fn':
                    nm = v.partition(b') ')[2] if v.startswith(b'(') else v
                    if v.startswith(b'(') and not nm:
                        nm = self.names[1].get(v[1:].partition(b')')[0], b'')
                    keep = nm in CG_KEEP or self.used < self.budget
                    for pl in pending if keep else []:
                        self.name_line(pl)
                if keep is None:
                    pending.append(l)
                elif keep:
                    self.name_line(l)
                continue
            prev_name = False
            if eq and k in (b'calls', b'jump', b'jcnd'):
                c = v.split(b' ')
                _, enc = self.decode(c[1:1 + self.npos], False) if len(c) > self.npos else ([], c[1:1])
                if keep:
                    self.emit(k + b'=' + b' '.join([c[0]] + enc + c[1 + len(enc):]))
                nxt = 'call' if k == b'calls' else 'jump'
                continue
            toks = l.split(b' ')
            _, enc = self.decode(toks, True)
            if keep:
                self.emit(b' '.join(enc + toks[self.npos:]))
                self.last_out[:self.npos] = self.last_in[:self.npos]
                if nxt == 'cost':
                    cs = [int(x) for x in toks[self.npos:] if x]
                    self.self_cost += [0] * (len(cs) - len(self.self_cost))
                    for e, c in enumerate(cs):
                        self.self_cost[e] += c
            nxt = 'cost'
        self.end_part()
        return b'\n'.join(self.out)

def callgrind_seeds():
    import shutil, subprocess, tempfile
    if not shutil.which('valgrind') or not shutil.which('cc'):
        print('make-corpus.py: no valgrind or cc: no Callgrind seeds', file=sys.stderr)
        return
    src = os.path.join(top, 'fuzz/seed-callgrind')
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, 'prog')
        subprocess.run(['cc', '-g', '-O2', '-pthread', '-I', src, '-o', prog,
                        os.path.join(src, 'prog.c')], check=True)
        for i, opts in enumerate(CG_RUNS):
            base = os.path.join(tmp, 'cg%d.out' % i)
            subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + base]
                           + opts + [prog], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for f in sorted(glob.glob(base + '*')):
                data = open(f, 'rb').read()
                if data:
                    put('read-callgrind', CgTrim(data, 1000).run())
                    put('read-callgrind', CgTrim(data, 300).run())
            if i == 0:
                # The profile targets see Callgrind files too: one alone
                # and, for read-merge and read-diff, beside a Cachegrind
                # profile of the same event (the output is then Callgrind's).
                cg = CgTrim(open(base, 'rb').read(), 300).run()
                ir = profiles['multi.cgout']
                for t in ('read-annotate', 'read-merge', 'read-diff'):
                    put(t, cg)
                put('read-merge', ir + b'#%\n' + cg + b'\n#%\n' + ir)
                put('read-diff', cg + b'\n#%\n' + ir)

callgrind_seeds()
print(' '.join('%s:%d' % kv for kv in sorted(n.items())))
