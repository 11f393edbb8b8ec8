# SPDX-License-Identifier: GPL-2.0-or-later
# random-model-callgrind.py: random Cachegrind profiles, each with a
# Callgrind-format twin of the same self costs; cg_annotate on a mix of twins
# and originals must print what the model prints on the originals alone.
# Usage: random-model-callgrind.py SEED COUNT BIN MODEL [KEEP]
# (MODEL: model.py, run with this Python; KEEP: a directory that receives
# the inputs, sources and command of every mismatch, for minimising).
#
# What a twin exercises (docs/format.md, "The Callgrind format"): the
# `# callgrind format`, `version: 1` and `creator:` lines; the original's
# `desc:` and `cmd:` lines; `positions: line` or `instr line` (random
# addresses, decimal or hex); the events, sometimes in another order than a
# Cachegrind original's that comes first (the sets match); name compression
# at random, in tables shared by kind (fl/fi/fe/cfi/cfl/jfi, fn/cfn/jfn,
# ob/cob) and across parts, ids defined and sometimes redefined; subposition
# compression (`+N`, `-N`, `*`, absolute, hex); comments and empty lines;
# `ob=` lines (each function name in one object throughout, OBJ_OF:
# a name in two objects is two functions, which a report names apart, as
# a Cachegrind original cannot); `fi=`/`fe=` to the current file, and to another file right
# before an `fn=` (which returns to the function's file); a count line split
# in two at one position; calls (`cob=`, `cfi=`/`cfl=`, `cfn=`, `calls=N
# TARGET`, `calls=0`, the inclusive cost line, never self cost); jumps
# (`jump=`, `jcnd=A B`, `jcnd=A/B`, with `jfi=`/`jfn=`) and their
# position-only lines; trailing zero counts left out; counts in hex and
# negative; one part or two (`part: 2` with its own `positions:` and
# `events:`), each ending with `totals:`, with a `summary:` line that is
# absent, equal, larger (the report adds `Summary line N:`) or smaller (left
# out).  The lines our report adds for Callgrind input are checked for
# presence, then dropped: `Parts N:` (a twin of two parts), `Summary line N:`
# and the 4-line `Formats:` block (a twin that Callgrind wrote, by its
# `creator:` line, mixed with originals; a twin of another creator gets
# none).
#
# Where the formats differ, the originals are drawn so that the twin is
# exactly equivalent.  Under cg_annotate a Cachegrind `fl=` not followed by
# `fn=` sends its counts to `<unspecified>`, and an `fn=` without count lines
# still makes a zero row, while in a Callgrind file only a cost line makes an
# entry and `fl=` keeps the function: so every `fl=` of an original is
# followed by `fn=` and every `fn=` by at least one count line (and no count
# line comes before the first `fl=`).  A Cachegrind `fl=X` also makes the
# entry (X, <unspecified>) with zero counts, shown at threshold 0: the twin
# makes it with `fn=<unspecified>` and a cost line of zeros at a line of X
# that has counts anyway (so no annotated line is added).  Where the format's
# description leaves a reading open, the twin avoids depending on it: the
# first cost line of a part uses absolute subpositions, and after a jump's
# position-only line that moved a subposition (whether it counts as the last
# cost line is not said) that subposition is written absolute until the next
# cost line.
import random, subprocess, os, sys, shutil
seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
random.seed(seed)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 100
binary, model = sys.argv[3], sys.argv[4]
keep = sys.argv[5] if len(sys.argv) > 5 else None
R = random.random; RI = random.randint; CH = random.choice

FILES = ['a.c', 'b.c', 'sub/c.h', '???', 'missing.c']
FNS = ['f', 'g', 'main', '???', 'h_x']
OBJS = ['/usr/bin/p', 'libc.so.6', '???', '/lib/ld.so']
OTHER_FILES = FILES + ['lib.c', 'sub/d.h']
OTHER_FNS = FNS + ['callee', "f'2", 'printf']
# Each function's object, the same in every twin (a recursion level of f,
# folded to f, with f).
OBJ_OF = {fn: OBJS[i % len(OBJS)] for i, fn in enumerate(OTHER_FNS + ['<unspecified>', 'edge_small', 'edge_big'])}
OBJ_OF["f'2"] = OBJ_OF['f']

def rand_counts(nev):
    return [CH([0, 0, RI(1, 2000), RI(-30, 30), RI(1, 10**7)]) for _ in range(nev)]

def gen_original(events):
    """Groups [(file, [(fn, [(line, counts)])])] drawn so that the twin is
    exactly equivalent (see the top), and the profile's text."""
    nev = len(events)
    files = random.sample(FILES, RI(1, 5))
    if R() < 0.2: files.append(CH(files))  # a file named again later
    groups = []
    for f in files:
        fns = []
        for fn in random.sample(FNS, RI(1, 3)):
            lines = []
            for _ in range(RI(1, 8)):
                v = rand_counts(nev)
                if R() < 0.2: v = v[:RI(0, nev)]  # trailing counts missing
                lines.append((CH([0] + list(range(1, 36))), v))
            fns.append((fn, lines))
        groups.append((f, fns))
    # Boundaries, as in random-model.py: counts at exactly the threshold.
    if R() < 0.25:
        t = CH([2000, 200])
        small, big = (2, 1997) if t == 2000 else (1, 199)
        rest = t - small - big
        big_lines = [(2, [big] * nev)] + ([(3, [rest] * nev)] if rest else [])
        groups = [('edge.c', [('edge_small', [(1, [small] * nev)]), ('edge_big', big_lines)])]
    return groups

def full(v, nev): return list(v) + [0] * (nev - len(v))

def cachegrind_text(desc, cmd, events, groups):
    nev = len(events); tot = [0] * nev; body = []
    for f, fns in groups:
        body.append('fl=' + f)
        for fn, lines in fns:
            body.append('fn=' + fn)
            for ln, v in lines:
                body.append(' '.join([str(ln)] + [str(x) for x in v]))
                tot = [a + b for a, b in zip(tot, full(v, nev))]
    return (''.join('desc: %s\n' % d for d in desc) + 'cmd: %s\n' % cmd + 'events: ' + ' '.join(events) + '\n'
            + '\n'.join(body) + '\nsummary: ' + ' '.join(map(str, tot)) + '\n')

class Twin:
    """Writes the Callgrind twin of an original; events in `order` (a
    permutation of the original's)."""
    def __init__(self, events, order):
        self.events = events; self.nev = len(events)
        self.perm = [events.index(e) for e in order]; self.order = order
        self.out = []
        self.ids = {'file': {}, 'fn': {}, 'obj': {}}  # id -> name, per kind
        self.last = {}
        self.addr = RI(0x400000, 0x4fffff)

    def name(self, kind, n):
        """A name as written after `key=`: plain, `(id) name` or `(id)`."""
        t = self.ids[kind]
        have = [i for i, x in t.items() if x == n]
        if have and R() < 0.7: return '(%d)' % CH(have)
        if R() < 0.5:
            others = [i for i, x in t.items() if x != n]
            if others and R() < 0.15: i = CH(others)  # a later definition replaces it
            else:
                i = RI(0, 999)
                while i in t: i = RI(0, 999)
            t[i] = n
            return '(%d) %s' % (i, n)
        return n

    def noise(self, p=0.08):
        while R() < p:
            self.out.append(CH(['', '# ' + CH(['a comment', 'fl=nothing.c', '5 5 5', 'calls=1 2', '']), '#']))

    def sub(self, k, val):
        base = self.last.get(k)
        forms = ['abs', 'hex']
        if base is not None:
            forms += ['rel', 'rel', 'rel']
            if val == base: forms += ['star', 'star', 'star']
        f = CH(forms)
        if f == 'abs': return str(val)
        if f == 'hex': return CH(['0x%x', '0x%X', '0x%04x']) % val
        if f == 'star': return '*'
        d = val - base
        return ('+%d' % d) if d >= 0 else ('-%d' % -d)

    def position(self, vals, kind):
        """vals: {subposition: value}; kind: 'cost' (moves the last cost
        line), 'target' (does not), 'jump' (a jump's source line)."""
        s = ' '.join(self.sub(k, vals[k]) for k in self.positions)
        if kind == 'cost':
            for k in self.positions: self.last[k] = vals[k]
        elif kind == 'jump':
            for k in self.positions:
                if self.last.get(k) != vals[k]: self.last[k] = None
        return s

    def where(self, line):
        if R() < 0.6: self.addr += RI(0, 40)
        elif R() < 0.5: self.addr = max(0, self.addr - RI(1, 64))
        elif R() < 0.5: self.addr = RI(0x400000, 0x4fffff)
        return {'instr': self.addr, 'line': line}

    def counts(self, v, strip=None):
        v = full(v, self.nev); v = [v[i] for i in self.perm]
        if strip is None: strip = R() < 0.7
        if strip:
            while v and v[-1] == 0: v.pop()
        def one(x):
            if x < 0: return '-0x%x' % -x if R() < 0.05 else str(x)
            return '0x%x' % x if R() < 0.12 else str(x)
        return ' '.join(one(x) for x in v)

    def line(self, pos, v):
        c = self.counts(v)
        self.out.append(pos + (' ' + c if c else ''))

    def call(self):
        callee = CH(OTHER_FNS)
        if OBJ_OF[callee] != self.ob or R() < 0.3:
            self.out.append('cob=' + self.name('obj', OBJ_OF[callee]))
        if R() < 0.4: self.out.append(CH(['cfi=', 'cfl=']) + self.name('file', CH(OTHER_FILES)))
        self.out.append('cfn=' + self.name('fn', callee))
        n = CH([0, 1, RI(1, 9), RI(10, 10**6)])
        target = self.position({'instr': RI(0x400000, 0x4fffff), 'line': RI(0, 40)}, 'target')
        self.out.append('calls=%s %s' % (('0x%x' % n) if R() < 0.1 else n, target))
        site = self.where(RI(0, 40))
        inc = [CH([0, RI(0, 10**6), RI(0, 50)]) for _ in range(self.nev)]
        self.line(self.position(site, 'cost'), inc)

    def jump(self):
        if R() < 0.3: self.out.append('jfi=' + self.name('file', CH(OTHER_FILES)))
        if R() < 0.3: self.out.append('jfn=' + self.name('fn', CH(OTHER_FNS)))
        def jc(): n = CH([0, RI(1, 9), RI(10, 10**5)]); return ('0x%x' % n) if R() < 0.15 else str(n)
        target = self.position({'instr': RI(0x400000, 0x4fffff), 'line': RI(0, 40)}, 'target')
        form = RI(0, 2)
        if form == 0: self.out.append('jump=%s %s' % (jc(), target))
        elif form == 1: self.out.append('jcnd=%s %s %s' % (jc(), jc(), target))
        else: self.out.append('jcnd=%s/%s %s' % (jc(), jc(), target))
        # The source: elsewhere, or where the last cost line is.
        src = {k: self.last.get(k) for k in self.positions}
        if R() < 0.7 or None in src.values(): src = self.where(RI(0, 40))
        self.out.append(self.position(src, 'jump'))

    def extras(self, f):
        """What may stand between two cost lines of a function in file f."""
        while R() < 0.25:
            r = R()
            if r < 0.35: self.call()
            elif r < 0.6: self.jump()
            elif r < 0.8: self.out.append(CH(['fi=', 'fe=']) + self.name('file', f))
            else: self.out.append('ob=' + self.name('obj', self.ob))
            self.noise()

    def enter_obj(self, fn):
        if OBJ_OF[fn] != self.ob or R() < 0.3:
            self.ob = OBJ_OF[fn]
            self.out.append('ob=' + self.name('obj', self.ob))

    def block(self, f, fn, lines):
        self.enter_obj(fn)
        self.out.append('fn=' + self.name('fn', fn))
        self.noise()
        for ln, v in lines:
            self.extras(f)
            pos = self.where(ln)
            if R() < 0.15:  # one count line as two cost lines at one position
                a = [RI(-5, x) if x > 0 else 0 for x in full(v, self.nev)]
                self.line(self.position(pos, 'cost'), a)
                if R() < 0.3: self.out.append('# the same position again')
                self.line(self.position(pos, 'cost'), [x - y for x, y in zip(full(v, self.nev), a)])
            else:
                self.line(self.position(pos, 'cost'), v)
            self.noise()
        self.extras(f)

    def part(self, number, header, segments, unspec):
        """One part: segments [(file, [(fn, lines)], unspec_at)] where
        unspec_at (None or an index) is the fn boundary at which the file's
        (file, <unspecified>) entry is made, at line unspec[file]."""
        self.positions = CH([['line'], ['instr', 'line']])
        self.last = {}
        self.ob = None
        keys = list(header)
        if number > 1 or R() < 0.5: keys.append('part: %d' % number)
        if R() < 0.3: keys.append('pid: %d' % RI(100, 99999))
        random.shuffle(keys)
        for k in keys:
            self.out += k if isinstance(k, list) else [k]
            self.noise()
        self.out.append('positions: ' + ' '.join(self.positions))
        self.out.append('events: ' + ' '.join(self.order))
        tot = [0] * self.nev
        for f, fns, at in segments:
            for _, lines in fns:
                for _, v in lines: tot = [a + b for a, b in zip(tot, full(v, self.nev))]
        claim = None
        r = R()
        if r < 0.2: claim = list(tot)
        elif r < 0.4: claim = [x + CH([0, 0, 1, 2, RI(0, 1000)]) for x in tot]
        elif r < 0.5: claim = [x - RI(1, 3) for x in tot]
        if claim is not None:
            self.out.append('summary: ' + self.counts([claim[i] for i in range(self.nev)], strip=False))
        self.noise()
        for f, fns, at in segments:
            self.out.append('fl=' + self.name('file', f))
            self.noise()
            for i in range(len(fns) + 1):
                if at == i:
                    self.enter_obj('<unspecified>')
                    self.out.append('fn=' + self.name('fn', '<unspecified>'))
                    self.line(self.position(self.where(unspec[f]), 'cost'), [])
                if i == len(fns): break
                if i and R() < 0.1:  # fn= returns to the function's file
                    self.out.append(CH(['fi=', 'fe=']) + self.name('file', CH(OTHER_FILES)))
                self.block(f, fns[i][0], fns[i][1])
        self.out.append('totals: ' + self.counts(tot))
        self.noise()
        # Whether the report says `Summary line N:` for this part.
        kept = claim is not None and all(c >= t for c, t in zip(claim, tot))
        return (claim if kept else tot), tot

    def write(self, desc, cmd, groups):
        self.creator = CH(['callgrind-3.24.0', 'random-model-callgrind'])
        self.out = ['# callgrind format', 'version: 1', 'creator: ' + self.creator]
        self.noise(0.3)
        # Segments: one per fl= group; a group may be split between parts.
        segs = [(f, list(fns)) for f, fns in groups]
        nparts = 2 if R() < 0.35 else 1
        cut = len(segs)
        if nparts == 2:
            g = RI(0, len(segs) - 1); f, fns = segs[g]
            if len(fns) > 1 and R() < 0.5:
                j = RI(1, len(fns) - 1)
                segs[g:g + 1] = [(f, fns[:j]), (f, fns[j:])]; cut = g + 1
            else:
                cut = RI(1, len(segs)) if R() < 0.9 else len(segs)  # part 2 may be empty
        # Each file's (file, <unspecified>) entry: at a random fn boundary of
        # one of its segments, at a line of the file that has counts.
        unspec = {}; at = [None] * len(segs)
        for f in sorted(set(s[0] for s in segs)):
            unspec[f] = CH([ln for g, fns in groups if g == f for _, lines in fns for ln, _ in lines])
            i = CH([k for k, s in enumerate(segs) if s[0] == f])
            at[i] = RI(0, len(segs[i][1]))
        segs = [(f, fns, at[i]) for i, (f, fns) in enumerate(segs)]
        header = [['desc: ' + d for d in desc], 'cmd: ' + cmd]
        claims = []; tots = []
        c, t = self.part(1, header, segs[:cut], unspec); claims.append(c); tots.append(t)
        if nparts == 2:
            h2 = []
            if R() < 0.3: h2.append('cmd: ' + cmd)
            if R() < 0.3: h2.append('desc: Trigger: Client Request: ' + CH(['bench', 'x']))
            c, t = self.part(2, h2, segs[cut:], unspec); claims.append(c); tots.append(t)
        larger = any(c[e] > t[e] for c, t in zip(claims, tots) for e in range(self.nev))
        return '\n'.join(self.out) + '\n', nparts, larger

def strip_ours(out, warned, parts, claims):
    """Our report without the Callgrind-only metadata lines, which must be
    there exactly where expected (`Formats:` when `warned`); returns (text,
    problem or None)."""
    lines = out.split('\n'); res = []; seen_parts = set(); seen_claims = set(); formats = 0
    i = 0; problem = None
    while i < len(lines):
        l = lines[i]
        # A note is its label's line and the lines wrapped under it,
        # indented by 18 spaces (report-text.c, callgrind_metadata).
        more = 0
        while i + 1 + more < len(lines) and lines[i + 1 + more].startswith(' ' * 18) and lines[i + 1 + more].strip():
            more += 1
        if l.startswith('Invocation:'): res.append('Invocation:       X'); more = 0
        elif l.startswith('Parts ') and l.split(':')[0][6:].isdigit(): seen_parts.add(int(l.split(':')[0][6:]))
        elif l.startswith('Summary line ') and l.split(':')[0][13:].isdigit(): seen_claims.add(int(l.split(':')[0][13:]))
        elif l.startswith('Formats:'):
            formats += 1
            if more != 3: problem = 'Formats: block not 4 lines'
        else: res.append(l); more = 0
        i += 1 + more
    if formats != (1 if warned else 0): problem = 'Formats: block %s' % ('missing' if warned else 'unexpected')
    elif seen_parts != parts: problem = 'Parts lines for inputs %s, expected %s' % (sorted(seen_parts), sorted(parts))
    elif seen_claims != claims: problem = 'Summary line lines for inputs %s, expected %s' % (sorted(seen_claims), sorted(claims))
    return '\n'.join(res), problem

bad = 0; ntwins = 0; nparts2 = 0; nmixed = 0; ndiff = 0
os.makedirs('sub', exist_ok=True)
for it in range(N):
    for f in ('a.c', 'b.c', 'sub/c.h'):
        n = RI(0, 30)
        open(f, 'w').write(''.join(CH(['', 'x = 1;', '  int y;', '}', 'return z; ']) + f' // {i}\n' for i in range(n)))
        os.utime(f, (1e9, 1e9))
    events = random.sample(['Ir', 'Dr', 'Dw', 'I1mr', 'Bc'], RI(1, 4))
    nprof = CH([1, 1, 2, 2, 3])
    opts = []
    if nprof == 2 and R() < 0.5: opts.append('--diff')
    if opts: twin = [True, True] if R() < 0.6 else CH([[True, False], [False, True]])
    else:
        twin = [R() < 0.7 for _ in range(nprof)]
        if not any(twin): twin[RI(0, nprof - 1)] = True
    order = list(events)
    if not twin[0] and R() < 0.5: random.shuffle(order)  # matched as a set
    origs = []; ins = []; parts = set(); claims = set(); by_callgrind = False
    for p in range(nprof):
        groups = gen_original(events)
        desc = [] if R() < 0.3 else ['I1 cache: ' + str(CH([1, 2]))]
        cmd = './p %d' % CH([1, 2])
        name = f'p{p}.cgout'
        open(name, 'w').write(cachegrind_text(desc, cmd, events, groups)); os.utime(name, (2e9, 2e9)); origs.append(name)
        if twin[p]:
            tw = Twin(events, order)
            text, np_, larger = tw.write(desc, cmd, groups)
            by_callgrind |= tw.creator.startswith('callgrind-')
            tname = f't{p}.out'
            open(tname, 'w').write(text); os.utime(tname, (2e9, 2e9)); ins.append(tname)
            ntwins += 1
            if np_ == 2: parts.add(p + 1); nparts2 += 1
            if larger: claims.add(p + 1)
        else: ins.append(name)
    mixed = not all(twin); nmixed += mixed; ndiff += bool(opts)
    warned = mixed and by_callgrind
    if R() < 0.5: opts.append('--show=' + ','.join(CH(events) for _ in range(RI(1, 3))))
    if R() < 0.5: opts.append('--sort=' + ','.join(CH(events) for _ in range(RI(1, 3))))
    if R() < 0.6: opts.append('--threshold=' + CH(['0', '0', '0.1', '1', '5', '20', '2.5']))
    if R() < 0.6: opts.append('--context=' + CH(['0', '1', '2', '3', '-1', '20']))
    if R() < 0.3: opts.append('--no-show-percs')
    if R() < 0.2: opts.append('--no-annotate')
    exp = subprocess.run([sys.executable, model] + opts + origs, capture_output=True, text=True, timeout=120)
    # The model knows no calls: ours shows none of the call graph.
    got = subprocess.run([binary, '--inclusive=no', '--tree=none', '--fold=no'] + opts + ins,
                         capture_output=True, text=True, timeout=120)
    e = '\n'.join('Invocation:       X' if l.startswith('Invocation:') else l for l in exp.stdout.split('\n'))
    g, problem = strip_ours(got.stdout, warned, parts, claims)
    if exp.returncode != 0: problem = 'the model failed: ' + exp.stderr[-300:]
    elif got.returncode != 0: problem = 'cg_annotate exit %d: %s' % (got.returncode, got.stderr[:300])
    elif g != e: problem = 'reports differ'
    if problem:
        bad += 1
        if bad <= 3:
            print('# mismatch at iteration %d: %s' % (it, problem))
            print('#   ours: cg_annotate %s; model: model.py %s' % (' '.join(opts + ins), ' '.join(opts + origs)))
            if problem == 'reports differ':
                el, gl = e.split('\n'), g.split('\n')
                k = next((k for k in range(min(len(el), len(gl))) if el[k] != gl[k]), min(len(el), len(gl)))
                print('#   first difference at report line %d:\n#   expected: %r\n#   got:      %r' % (k + 1, el[k] if k < len(el) else None, gl[k] if k < len(gl) else None))
        if keep:
            d = os.path.join(keep, 'case%d' % it); os.makedirs(os.path.join(d, 'sub'), exist_ok=True)
            for f in origs + [x for x in ins if x not in origs] + ['a.c', 'b.c', 'sub/c.h']:
                shutil.copy2(f, os.path.join(d, f))
            open(os.path.join(d, 'cmd'), 'w').write('ours: %s\nmodel: %s\nproblem: %s\n' % (' '.join(opts + ins), ' '.join(opts + origs), problem))
print('# mismatches %d of %d (twins %d, of two parts %d; mixed with originals %d; diffs %d)' % (bad, N, ntwins, nparts2, nmixed, ndiff))
sys.exit(1 if bad else 0)
