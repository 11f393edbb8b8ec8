# SPDX-License-Identifier: GPL-2.0-or-later
# json-check.py: cg_annotate --format=json, checked three ways: every
# document against the schema (docs/cg_annotate.schema.json); its totals,
# per-function and per-line counts against a direct sum over the profiles
# (an independent reader, below); its totals and per-function counts against
# the text report (PROGRAM TOTALS, and the File:function summary with
# --threshold=0).  Also --limit: exact decisions at the boundaries, on
# totals and on functions, exit statuses 0/1/2/3 and the message.  Prints PASS/FAIL lines.
# Usage: json-check.py BIN SCHEMA SEED COUNT [PROFILE ...]
# With PROFILEs (real ones), checks them alone, added up and differenced
# instead of random profiles.
import json, os, random, subprocess, sys
import jsonschema

binary, schema_path, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
real = sys.argv[5:]
schema = json.load(open(schema_path))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
documents = 0


def run(args):
    return subprocess.run([binary] + args, capture_output=True)


def name(b):
    return b.decode('utf-8', 'surrogateescape')


def direct(paths, diff):
    """Totals, (file, fn) and (file, line) sums, read from the raw bytes."""
    tot, pairs, lines, events = None, {}, {}, None
    for i, path in enumerate(paths):
        sign = -1 if diff and i == 0 else 1
        fl, fn = None, None
        for raw in open(path, 'rb').read().split(b'\n'):
            if raw.startswith(b'events: '):
                events = raw[8:].decode().split()
                tot = tot or [0] * len(events)
            elif raw.startswith((b'desc: ', b'cmd: ', b'summary: ')) or raw in (b'',) or raw.startswith(b'#'):
                continue
            elif raw.startswith(b'fl='):
                # An fl= or fn= line makes its (file, function) entry, with
                # or without counts (docs/format.md, "File and function
                # context"); counts before any fn= are `<unspecified>`'s.
                fl, fn = name(raw[3:]), '<unspecified>'
                pairs.setdefault((fl, fn), [0] * len(events))
            elif raw.startswith(b'fn='):
                fn = name(raw[3:])
                pairs.setdefault((fl, fn), [0] * len(events))
            else:
                f = raw.split()
                v = [int(x) for x in f[1:]] + [0] * (len(events) - len(f) + 1)
                ln = int(f[0])
                for d, k in ((pairs, (fl, fn)), (lines, (fl, ln))):
                    d.setdefault(k, [0] * len(events))
                    for e in range(len(events)):
                        d[k][e] += sign * v[e]
                for e in range(len(events)):
                    tot[e] += sign * v[e]
    return events, tot, pairs, lines


def text_totals(args):
    out = run(['--no-show-percs', '--no-annotate'] + args).stdout.decode('utf-8', 'replace')
    for l in out.split('\n'):
        if 'PROGRAM TOTALS' in l:
            return [int(x.replace(',', '')) for x in l.replace('PROGRAM TOTALS', '').split()]
    return None


def text_functions(args, n_events):
    """(file, function) -> counts, from the text report's File:function
    summary with --threshold=0 (every pair listed)."""
    base = [a for a in args if not a.startswith('--threshold')]
    out = run(['--no-show-percs', '--no-annotate', '--threshold=0'] + base).stdout
    got, section, cur = {}, False, None
    for raw in out.split(b'\n'):
        l = name(raw)
        if l.startswith('--'):
            if l.startswith('-- '):
                section = l == '-- File:function summary'
            continue
        if not section or not l.strip() or l.lstrip().startswith(tuple(events_chars)):
            continue
        outer = l.startswith('< ')
        f = l[2:].split()
        counts, label = [int(x.replace(',', '')) for x in f[:n_events]], ' '.join(f[n_events:])
        if outer:
            file, _, fn = label.partition(':')
            cur = file
            if fn:
                got[(file, fn)] = counts
        else:
            got[(cur, label)] = counts
    return got


events_chars = ('Ir', 'Dr', 'Dw', 'I1', 'Bc', 'I', 'D', 'B', 'L')


def check(args, paths, diff, show=None, threshold=None):
    """One invocation: the problems found, as a list of strings."""
    global documents
    r = run(['--format=json'] + args)
    if r.returncode != 0:
        return ['exit status %d: %s' % (r.returncode, r.stderr[:200])]
    doc = json.loads(r.stdout.decode('utf-8'))
    documents += 1
    bad = [e.message[:200] for e in validator.iter_errors(doc)][:3]
    events, tot, pairs, lines = direct(paths, diff)
    idx = [events.index(e) for e in (show or events)]
    pick = lambda v: [v[i] for i in idx]
    if doc['events'] != (show or events):
        bad.append('events %s' % doc['events'])
    if doc['totals'] != pick(tot):
        bad.append('totals %s, direct sum %s' % (doc['totals'], pick(tot)))
    tt = text_totals(args)
    if tt != doc['totals']:
        bad.append('totals %s, text report %s' % (doc['totals'], tt))
    got = {(f['file'], f['function']): f['counts'] for f in doc['functions']}
    want = {k: pick(v) for k, v in pairs.items()}
    if threshold is not None:
        k = events.index((doc['sort'])[0])
        t = threshold * abs(tot[k]) / 100
        want = {p: c for p, c in want.items() if abs(pairs[p][k]) >= t}
    if got != want:
        diffs = [p for p in set(got) | set(want) if got.get(p) != want.get(p)]
        bad.append('functions differ at %d pairs, e.g. %r: %s vs %s' % (
            len(diffs), diffs[0], got.get(diffs[0]), want.get(diffs[0])))
    if len(got) != len(doc['functions']):
        bad.append('a pair is listed twice')
    tf = text_functions(args, len(doc['events']))
    if got and not tf:
        bad.append('no rows read from the text report')
    elif threshold is None and tf != got:
        diffs = [p for p in set(got) | set(tf) if got.get(p) != tf.get(p)]
        bad.append('functions differ from the text report at %d pairs, e.g. %r: %s vs %s' % (
            len(diffs), diffs[0], got.get(diffs[0]), tf.get(diffs[0])))
    if 'files' in doc:
        gl = {(f['file'], l[0]): l[1:] for f in doc['files'] for l in f['lines']}
        wl = {k: pick(v) for k, v in lines.items()}
        if gl != wl:
            bad.append('per-line counts differ')
    return bad


def random_profile(path, events, rng):
    names = [b'a.c', b'b.c', b'sub/c.h', b'???', b'caf\xc3\xa9.c', b'bad\xff\xfe.c', b'ctl\x1b[2J.c', b'q"\\.c']
    fns = [b'f', b'g', b'main', b'???', b'\xe2\x82\xac', b'x\x80y', b'<t>']
    body, tot = [], [0] * len(events)
    for fl in rng.sample(names, rng.randint(1, 5)):
        body.append(b'fl=' + fl)
        for fn in rng.sample(fns, rng.randint(1, 3)):
            body.append(b'fn=' + fn)
            for _ in range(rng.randint(0, 6)):
                v = [rng.choice([0, rng.randint(1, 3000), rng.randint(1, 2 ** 40)]) for _ in events]
                body.append(b' '.join([str(rng.choice([0, 1, 2, 5, 9, 40])).encode()] + [str(x).encode() for x in v]))
                tot = [a + b for a, b in zip(tot, v)]
    head = b'desc: I1 cache: x\ncmd: ./p\nevents: ' + ' '.join(events).encode() + b'\n'
    open(path, 'wb').write(head + b'\n'.join(body) + b'\nsummary: ' + ' '.join(map(str, tot)).encode() + b'\n')


def report(label, problems):
    if problems:
        print('FAIL: ' + label)
        for p in problems[:5]:
            print('# ' + p)
    else:
        print('PASS: ' + label)


if real:
    problems = []
    cases = [([p], [p], False) for p in real] + [(real, real, False)]
    if len(real) >= 2:
        cases.append((['--diff', real[0], real[1]], real[:2], True))
    for args, paths, diff in cases:
        problems += ['%s: %s' % (' '.join(args), b) for b in check(args, paths, diff)]
        problems += ['%s --threshold=1: %s' % (' '.join(args), b)
                     for b in check(['--threshold=1'] + args, paths, diff, threshold=1.0)]
    report('json-real-profiles', problems)
    sys.exit(0)

# Random profiles and option sets.
rng = random.Random(seed)
problems = []
for it in range(count):
    events = rng.sample(['Ir', 'Dr', 'Dw', 'I1mr', 'Bc'], rng.randint(1, 4))
    paths = []
    for p in range(rng.choice([1, 1, 2, 2, 3])):
        paths.append('r%d.cgout' % p)
        random_profile(paths[-1], events, rng)
    diff = len(paths) == 2 and rng.random() < 0.5
    show = rng.sample(events, rng.randint(1, len(events))) if rng.random() < 0.4 else None
    threshold = rng.choice([None, None, 0.0, 1.0, 5.0, 20.0, 2.5])
    args = (['--diff'] if diff else []) + (['--show=' + ','.join(show)] if show else [])
    args += (['--threshold=%s' % threshold] if threshold is not None else [])
    args += (['--no-annotate'] if rng.random() < 0.2 else []) + paths
    problems += ['%s: %s' % (' '.join(args), b) for b in check(args, paths, diff, show, threshold)]
report('json-random-vs-sum', problems)

# --limit: OLD Ir 200,000 against NEW totals around the boundaries.
def prof(path, ir, bc=5):
    open(path, 'w').write('cmd: ./p\nevents: Ir Bc\nfl=a.c\nfn=f\n1 %d %d\nsummary: %d %d\n' % (ir, bc, ir, bc))
prof('old.cgout', 200000)
limit_cases = [  # (new Ir, limit, broken)
    (202000, '+1%', False), (202001, '+1%', True), (201000, '+0.5%', False), (201001, '+0.5%', True),
    (202000, '+2000', False), (202001, '+2000', True), (198000, '-1%', False), (198001, '-1%', True),
    (199000, '-1000', False), (199001, '-1000', True), (200000, '+0%', False), (200001, '+0%', True),
    (200000, '-0', False), (200000, '+1.005%', False),
]
problems = []
for new, spec, broken in limit_cases:
    prof('new.cgout', new)
    r = run(['--limit', 'Ir=' + spec, '--diff', 'old.cgout', 'new.cgout'])
    want = 3 if broken else 0
    if r.returncode != want:
        problems.append('Ir %d, limit %s: status %d, expected %d' % (new, spec, r.returncode, want))
    lines = [l for l in r.stderr.decode().split('\n') if l.startswith('cg_annotate: limit broken: ')]
    if len(lines) != (1 if broken else 0):
        problems.append('Ir %d, limit %s: stderr %r' % (new, spec, r.stderr[:200]))
    j = run(['--format=json', '--limit', 'Ir=' + spec, '--diff', 'old.cgout', 'new.cgout'])
    doc = json.loads(j.stdout)
    documents += 1
    problems += [e.message[:100] for e in validator.iter_errors(doc)][:1]
    if j.returncode != want or doc['limits'] != [{'function': None, 'event': 'Ir', 'limit': spec, 'old': 200000,
                                                  'new': new, 'change': new - 200000, 'broken': broken}]:
        problems.append('json verdict for %d %s: %s' % (new, spec, doc['limits']))
prof('new.cgout', 202001)
r = run(['--limit', 'Ir=+1%', '--diff', 'old.cgout', 'new.cgout'])
msg = 'cg_annotate: limit broken: Ir changed by +2,001 (+1.00%), limit +1%\n'
if not r.stderr.decode().endswith(msg):
    problems.append('message %r' % r.stderr[-200:])
prof('zero.cgout', 0)
prof('one.cgout', 1)
for old, new, spec, want in (('zero.cgout', 'one.cgout', '+50%', 3), ('zero.cgout', 'zero.cgout', '+50%', 0),
                             ('one.cgout', 'zero.cgout', '-100%', 0), ('old.cgout', 'new.cgout', 'Bc=+0', 0)):
    lim = spec if '=' in spec else 'Ir=' + spec
    r = run(['--limit', lim, '--diff', old, new])
    if r.returncode != want:
        problems.append('%s %s %s: status %d, expected %d' % (old, new, lim, r.returncode, want))
# Function limits (PATTERN:EVENT=SPEC) on two Callgrind profiles: f calls fg
# twice, main calls f and fg once, fg (25 a call, then 30) is 20% slower.
# f* as one: f's 100 and main's call of fg 25 = 125, then 110 + 30 = 140:
# +15, exactly 12% (the sum of f's and fg's, 175 then 200, would be +14.3%).
def clprof(path, each, op):
    text = ('# callgrind format\ncmd: ./p\nevents: Ir\nfl=a.c\nfn=main\n1 1\n'
            'cfn=f\ncalls=1 10\n2 %d\ncfn=fg\ncalls=1 20\n3 %d\ncfn=a::operator==\ncalls=1 30\n4 %d\n'
            'fn=f\n10 50\ncfn=fg\ncalls=2 20\n11 %d\nfn=fg\n20 %d\nfn=a::operator==\n30 %d\n')
    open(path, 'w').write(text % (50 + 2 * each, each, op, 2 * each, 3 * each, op))
clprof('old.clout', 25, 10)
clprof('new.clout', 30, 11)
j = run(['--format=json', '--limit', 'f*:Ir=+12%', '--limit', 'a::operator==:Ir=+5%', '--limit', 'Ir=+20%',
         '--diff', 'old.clout', 'new.clout'])
doc = json.loads(j.stdout) if j.returncode in (0, 3) else {}
documents += 1
problems += [e.message[:100] for e in validator.iter_errors(doc)][:1]
want = [{'function': 'f*', 'event': 'Ir', 'limit': '+12%', 'old': 125, 'new': 140, 'change': 15, 'broken': False},
        {'function': 'a::operator==', 'event': 'Ir', 'limit': '+5%', 'old': 10, 'new': 11, 'change': 1,
         'broken': True},
        {'function': None, 'event': 'Ir', 'limit': '+20%', 'old': 136, 'new': 152, 'change': 16, 'broken': False}]
if j.returncode != 3 or doc.get('limits') != want:
    problems.append('function limits: status %d, limits %s; %r' % (j.returncode, doc.get('limits'), j.stderr[-200:]))
report('limit-decisions', problems)

problems = []
open('broken.cgout', 'w').write('cmd: ./p\nevents: Ir\nfl=a.c\nfn=f\n1 x\nsummary: 1\n')
for args, want in ((['--limit', 'Ir=+1%', 'old.cgout'], 2),
                   (['--limit', 'Ir=1%', '--diff', 'old.cgout', 'new.cgout'], 2),
                   (['--limit', 'Ir=+1.5', '--diff', 'old.cgout', 'new.cgout'], 2),
                   (['--limit', 'Ir=+', '--diff', 'old.cgout', 'new.cgout'], 2),
                   (['--limit', 'Ir', '--diff', 'old.cgout', 'new.cgout'], 2),
                   (['--limit', 'Ir=+1.0000000001%', '--diff', 'old.cgout', 'new.cgout'], 2),
                   (['--limit', 'Dr=+1%', '--diff', 'old.cgout', 'new.cgout'], 2),
                   (['--limit', ':Ir=+1%', '--diff', 'old.clout', 'new.clout'], 2),
                   (['--limit', 'f:=+1%', '--diff', 'old.clout', 'new.clout'], 2),
                   (['--limit', 'f:Dr=+1%', '--diff', 'old.clout', 'new.clout'], 2),
                   (['--format=xml', 'old.cgout'], 2),
                   (['--limit', 'Ir=+1%', '--diff', 'old.cgout', 'broken.cgout'], 1),
                   (['--limit', 'Ir=+1%', '--diff', 'old.cgout', 'old.cgout'], 0)):
    r = run(args)
    err = r.stderr.decode()
    if r.returncode != want or (want == 2 and 'usage: ' not in err) or (want in (1, 2) and 'error: ' not in err):
        problems.append('%s: status %d, expected %d; %r' % (' '.join(args), r.returncode, want, err[-150:]))
report('limit-exit-statuses', problems)
print('# %d JSON documents validated against the schema' % documents)
