# SPDX-License-Identifier: GPL-2.0-or-later
# check.py: cg_annotate --format=html, tested on the page itself and in a
# real browser (Chromium, headless, through Selenium).  Prints PASS/FAIL
# lines (tests/run-tests.sh protocol).
#
# The oracles: the text report of the same command (textreport.py reads
# it), the profiles and sources read directly, SHA-256 from Python's
# hashlib, the escaping rule as docs/post-processors.md states it, and for
# the call graph a Callgrind profile counted by hand (GRAPH_CLOUT).
#
# Usage: check.py --bin DIR --data DIR --work DIR [--static]
#                 [--chromium PATH --chromedriver PATH]
#                 [--tool PATH --valgrind PATH --libexec DIR --platform P]
# --static runs the checks that need no browser (the post suite runs them,
# also on the sanitizer build).
import argparse
import base64
import hashlib
import html.parser
import json
import os
import random
import re
import shutil
import subprocess
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import flame  # noqa: E402
import vglib  # noqa: E402
import textreport  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument('--bin', required=True)
ap.add_argument('--data', required=True)
ap.add_argument('--work', required=True)
ap.add_argument('--static', action='store_true')
ap.add_argument('--chromium')
ap.add_argument('--chromedriver')
ap.add_argument('--tool')
ap.add_argument('--valgrind')
ap.add_argument('--libexec')
ap.add_argument('--platform', default='amd64-linux')
ap.add_argument('--workload')
opt = ap.parse_args()
opt.bin = os.path.abspath(opt.bin)
opt.data = os.path.abspath(opt.data)
annotate = os.path.join(opt.bin, 'cg_annotate')
work = os.path.abspath(opt.work)
os.makedirs(work, exist_ok=True)
PAGE_LIMIT = 20 << 20

results = {}   # case -> [problems]
order = []


def case(name):
    if name not in results:
        results[name] = []
        order.append(name)
    return results[name]


def report():
    for name in order:
        probs = results[name]
        if opt.static:  # in the post suite, named as its other cases
            name = name.replace('/', '-')
        if probs:
            print('FAIL: ' + name)
            for p in probs[:12]:
                lines = str(p).rstrip('\n').split('\n')
                for l in lines[:2] + (['...'] if len(lines) > 8 else []) + lines[max(2, len(lines) - 6):]:
                    print('#   ' + l[:300])
        else:
            print('PASS: ' + name)
    sys.stdout.flush()


# The page's style sheets and scripts, as the build embeds them.
POST_SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'post', 'report')

# ------------------------------------------------------------ test data

def write(path, data):
    with open(path, 'wb') as f:
        f.write(data)


def profile(path, events, files, desc=(b'I1 cache: 32768 B, 64 B, 8-way associative',),
            cmd=b'./prog'):
    """files: [(file name, [(fn name, [(line, counts)])])]; the summary is
    the sum of the counts."""
    tot = [0] * len(events)
    out = [b'desc: ' + d for d in desc] + [b'cmd: ' + cmd, b'events: ' + b' '.join(events)]
    for fl, fns in files:
        out.append(b'fl=' + fl)
        for fn, lines in fns:
            out.append(b'fn=' + fn)
            for ln, cc in lines:
                out.append(b' '.join(str(x).encode() for x in [ln] + list(cc)))
                tot = [a + b for a, b in zip(tot, cc)]
    out.append(b'summary: ' + b' '.join(str(x).encode() for x in tot))
    write(path, b'\n'.join(out) + b'\n')


def old(path):
    os.utime(path, (1577836800, 1577836800))  # 2020: older than the profiles


def make_data():
    d = os.path.join(work, 'data')
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(opt.data, d)
    for root, _, names in os.walk(d):
        for n in names:
            p = os.path.join(root, n)
            os.utime(p, (1609459200, 1609459200) if n.endswith('.cgout') else (1577836800,) * 2)
    rnd = random.Random(18)

    # A program of several files: gaps between ranges, a line 0, counts past
    # the end of a file, a function with only line-0 counts, an unreadable
    # file, a source newer than the profile.
    src = {}
    for k in range(4):
        lines = []
        for n in range(1, 121):
            lines.append(('    x%d += table[%d] * %d; /* file %d line %d */' % (n % 7, n, k, k, n)).encode())
        lines[9] = b'\tint tabbed; \t/* tabs stay */'
        src[k] = lines
        write(os.path.join(d, 'mod%d.c' % k), b'\n'.join(lines) + b'\n')
        old(os.path.join(d, 'mod%d.c' % k))
    files = []
    for k in range(4):
        fns = []
        for j in range(5):
            base = 1 + j * 24
            lines = [(base + rnd.randrange(0, 6), [rnd.randrange(1, 5000) * (5 - j), rnd.randrange(0, 900),
                                                   rnd.randrange(0, 300)]) for _ in range(rnd.randrange(2, 6))]
            fns.append((('fn_%d_%d' % (k, j)).encode(), lines))
        if k == 1:
            fns.append((b'only_line0', [(0, [777, 7, 0])]))
            fns.append((b'past_end', [(150, [555, 5, 5]), (151, [44, 4, 4])]))
        files.append((('mod%d.c' % k).encode(), fns))
    files.append((b'missing/nowhere.c', [(b'lost', [(5, [4321, 10, 1])])]))
    files.append((b'???', [(b'???', [(0, [999, 9, 9])])]))
    profile(os.path.join(d, 'gen.cgout'), [b'Ir', b'Dr', b'Dw'], files, cmd=b'./gen --fast')
    # The newer source: its own file, so that the others have no warning.
    write(os.path.join(d, 'newer.c'), b'int newer;\nint b;\n')
    profile(os.path.join(d, 'newer.cgout'), [b'Ir'], [(b'newer.c', [(b'nf', [(1, [10]), (2, [5])])])])
    os.utime(os.path.join(d, 'newer.cgout'), (1577836000, 1577836000))

    # Two profiles whose difference has increases and decreases.
    def variant(seed):
        r = random.Random(seed)
        fs = []
        for k in range(3):
            fns = []
            for j in range(4):
                fns.append((('f%d_%d' % (k, j)).encode(),
                            [(1 + j * 24 + i, [r.randrange(100, 9000), r.randrange(0, 500), r.randrange(0, 200)])
                             for i in range(4)]))
            fs.append((('mod%d.c' % k).encode(), fns))
        return fs
    profile(os.path.join(d, 'old.cgout'), [b'Ir', b'Dr', b'Dw'], variant(1), cmd=b'./prog --old')
    profile(os.path.join(d, 'new.cgout'), [b'Ir', b'Dr', b'Dw'], variant(2), cmd=b'./prog --new')

    # A crafted profile: markup, quotes, ampersands, invalid UTF-8, control
    # characters and bidirectional overrides in every name and line.
    evil = b'<script>alert(1)</script>'
    names = [b'src/<img src=x onerror=alert(1)>.c', b'src/q"\'&amp;.c', b'src/bad\xff\xfe\x01\x1b[31m.c']
    os.makedirs(os.path.join(d, 'src'), exist_ok=True)
    for n in names:
        write(os.path.join(d, n.decode('utf-8', 'surrogateescape')),
              b'int x; /* <script>window.__pwned="src"</script> */\n'
              b'char *s = "\'&\\"<img src=x onerror=window.__pwned=3>";\n'
              b'\t/* invalid \xff\xc3\x28 bytes, ESC \x1b[2J, DEL \x7f, C1 \xc2\x85, bidi \xe2\x80\xae reversed */\n'
              b'int y;\nint y;\nint y;\n'
              b'</td></tr></table><script>window.__pwned=1</script>\n')
        old(os.path.join(d, n.decode('utf-8', 'surrogateescape')))
    files = []
    for i, n in enumerate(names + [evil]):
        fns = [(b'<img src=x onerror=window.__pwned=2>', [(l, [(i + 1) * l * 10, l]) for l in (1, 2, 3, 7)]),
               (b'f"\'&<>' + bytes([0x80 + i]), [(l, [(i + 1) * l * 20, l]) for l in (1, 2, 3, 7)]),
               (evil + b'\xe2\x80\xaeevil\x07', [(l, [(i + 1) * l * 30, l]) for l in (1, 2, 3, 7)])]
        files.append((n, fns))
    profile(os.path.join(d, 'evil.cgout'), [b'Ir', b'Dr'], files,
            desc=(b'I1 cache: <script>window.__pwned="desc"</script>', b'weird \xff bytes \x07 bell'),
            cmd=b'./prog "<b>bold</b>" \'&\' \xe2\x80\xae')
    return d


def make_cap(d):
    """A profile too big for the page's budgets: one source of 60,000
    counted lines (the listings' budget), 8,000 functions (the tables')."""
    big = [b'    acc += t[%d] * %d; /* line %d */' % (n % 97, n, n) for n in range(1, 60001)]
    write(os.path.join(d, 'cap-big.c'), b'\n'.join(big) + b'\n')
    old(os.path.join(d, 'cap-big.c'))
    files = [(b'cap-big.c', [(b'hot', [(n, [1000000 + n, n % 50]) for n in range(1, 60001)])])]
    for k in range(100):
        name = b'cap-small%d.c' % k
        write(os.path.join(d, name.decode()), b'int a;\n' * 100)
        old(os.path.join(d, name.decode()))
        files.append((name, [(b'small_%d_%d' % (k, j), [(1 + j, [1000 + k * 80 + j, 1])]) for j in range(80)]))
    profile(os.path.join(d, 'cap.cgout'), [b'Ir', b'Dr'], files)


# A Callgrind profile with calls, written by hand and checked by hand, as
# Callgrind --separate-recs=1 would write this program (costs Ir Dr):
#
#   main (graph.c:20-24; self 3,000 600) calls work twice, fib(3), is_even(3),
#     is_odd(0) and leaf once;
#   work (graph.c:30; self 50,000 10,000 in all) calls leaf 4 times and tiny
#     once (util.c:9; 50 10: below the 0.1% threshold of 133,050);
#   leaf (util.c:5): 5,000 1,000 a call, 5 calls;
#   fib (graph.c:10): 6,000 1,000 an activation; fib(3) is 5 activations,
#     4 of them recursive calls (fib -> fib, one arc of 4 calls, 36,000
#     6,000: what the 4 nested activations cost, counted with overlaps);
#   is_even (graph.c:40) and is_odd (45), 5,000 1,000 an activation: is_even(3)
#     -> is_odd(2) -> is_even(1) -> is_odd(0), and main -> is_odd(0): 2 calls
#     is_even -> is_odd (20,000 4,000), 1 call is_odd -> is_even (10,000
#     2,000).
#
# So, by hand: work costs 70,050 14,010 inclusive, fib 30,000 5,000 (1+4
# calls: a self-loop is recursion, exact), main everything (133,050 25,610);
# is_even and is_odd are cycle 1, whose inclusive cost as a whole is what
# enters it, 25,000 5,000 (= its self cost), while each member gets only the
# calls from outside it, a lower bound: is_even 20,000 (main's call), is_odd
# 5,000; in the call graph, main is [1] (133,050), work [2], fib [3] (30,000,
# before the cycle by name), <cycle 1 as a whole> [4], leaf [5] (25,000),
# is_even [6], is_odd [7].
GRAPH_CLOUT = b"""# callgrind format
version: 1
creator: written by hand for tests/html
pid: 4242
cmd: ./graph 3
part: 1
desc: Trigger: Program termination
positions: line
events: Ir Dr
summary: 133050 25610

fl=(1) graph.c
fn=(1) main
20 2000 400
cfn=(2) work
calls=2 30
21 70050 14010
cfn=(3) fib
calls=1 10
22 30000 5000
cfn=(4) is_even
calls=1 40
23 20000 4000
cfn=(5) is_odd
calls=1 45
23 5000 1000
cfl=(2) util.c
cfn=(6) leaf
calls=1 5
24 5000 1000
24 1000 200

fn=(2)
30 50000 10000
cfl=(2)
cfn=(6)
calls=4 5
31 20000 4000
cfl=(2)
cfn=(7) tiny
calls=1 9
32 50 10

fn=(3)
10 30000 5000
cfn=(3)
calls=4 10
11 36000 6000

fn=(4)
40 10000 2000
cfn=(5)
calls=2 45
41 20000 4000

fn=(5)
45 15000 3000
cfn=(4)
calls=1 40
46 10000 2000

fl=(2)
fn=(6)
5 25000 5000
fn=(7)
9 50 10

totals: 133050 25610
"""

# What the page must show of GRAPH_CLOUT by default, from the hand count
# above: entries (number, what, self Ir, inclusive Ir, calls), and the rows
# whose inclusive cost is a lower bound.
GRAPH_HAND = [(1, 'main', '3,000', '133,050', '0'), (2, 'work', '50,000', '70,050', '2'),
              (3, 'fib', '30,000', '30,000', '1+4'), (4, '<cycle 1 as a whole>', '25,000', '25,000', ''),
              (5, 'leaf', '25,000', '25,000', '5'), (6, 'is_even <cycle 1>', '10,000', '20,000', '1+1'),
              (7, 'is_odd <cycle 1>', '15,000', '5,000', '1+2')]
GRAPH_BOUNDS = {'is_even <cycle 1>', 'is_odd <cycle 1>'}


def make_graph(d):
    write(os.path.join(d, 'graph.clout'), GRAPH_CLOUT)
    # The same program changed: work cheaper, main dearer (for --diff).
    two = GRAPH_CLOUT.replace(b'20 2000 400', b'20 2500 400').replace(b'30 50000 10000', b'30 40000 10000')
    two = two.replace(b'21 70050 14010', b'21 60050 14010').replace(b'133050 25610', b'123550 25610')
    write(os.path.join(d, 'graph2.clout'), two)
    for name, n in (('graph.c', 60), ('util.c', 12)):
        write(os.path.join(d, name), b''.join(b'    /* %s line %d */\n' % (name.encode(), k)
                                              for k in range(1, n + 1)))
        old(os.path.join(d, name))
    # Too big a call graph for its budget: main calls 5,000 functions, each
    # calls hub (so that main has more callees, and hub more callers, than
    # an entry lists).
    n = 5000
    out = [b'# callgrind format', b'version: 1', b'cmd: ./wide', b'positions: line', b'events: Ir']
    total = 10 + sum(1000 + i for i in range(n)) + 10 * n
    out.append(b'summary: %d' % total)
    out += [b'fl=(1) wide.c', b'fn=(1) main', b'1 10']
    for i in range(n):
        out += [b'cfn=(%d) f%d' % (i + 3, i), b'calls=1 2', b'1 %d' % (1000 + i + 10)]
    out += [b'fn=(2) hub', b'3 %d' % (10 * n)]
    for i in range(n):
        out += [b'fn=(%d)' % (i + 3), b'2 %d' % (1000 + i), b'cfn=(2)', b'calls=1 3', b'2 10']
    out.append(b'totals: %d' % total)
    write(os.path.join(d, 'wide.clout'), b'\n'.join(out) + b'\n')


EVENTS13 = b'Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim'.split()


def no_tie(v):
    """v, or v + 1 when its fifth significant digit is a 5 followed by
    zeros: a tie whose rounding to four figures JavaScript and this file
    would settle differently."""
    s = str(v)
    return v + 1 if len(s) > 4 and s[4] == '5' and set(s[5:]) <= {'0'} else v


def make_wide13(d):
    """A Callgrind profile with all 13 of Cachegrind's events, counts in
    the billions and long Rust and C++ names (for compact numbers), and a
    changed copy for --diff."""
    names = [b'wc::counter::<impl wc::Counter<alloc::string::String>>::count_words_in_buffer',
             b'core::str::iter::<impl core::iter::Iterator for core::str::SplitWhitespace>::next',
             b'std::collections::hash::map::HashMap<K, V, S>::entry',
             b'ns::parser::parse_expression(ns::token const*, unsigned long, ns::context&)',
             b'std::vector<int, std::allocator<int> >::_M_realloc_insert(int const&)',
             b'bitmap_set_bit(bitmap_head*, int)']
    names += [b'helper_%d' % i for i in range(24)]
    for variant, scale in (('wide13', 1.0), ('wide13b', 0.8)):
        rnd = random.Random(13)
        main = [10] + [1] * 12
        tot, calls, body = list(main), [], []
        for i, fn in enumerate(names):
            big = rnd.randrange(10 ** 6, 10 ** 10)
            cc = [no_tie(int(big * scale) if i % 3 else big)]
            cc += [no_tie(rnd.randrange(0, max(1, big // k)))
                   for k in (1000, 5000, 3, 200, 900, 6, 300, 900, 5, 60, 50, 500)]
            tot = [a + b for a, b in zip(tot, cc)]
            counts = lambda ln, cc: b' '.join(str(x).encode() for x in [ln] + cc)
            # Each function is a leaf: its call's inclusive cost is its own.
            fl = (b'cfl=(2) src/lib.rs' if i == 0 else b'cfl=(2)') if i < 3 else b'cfl=(1)'
            calls += [fl, b'cfn=(%d) %s' % (i + 3, fn), b'calls=%d %d' % (rnd.randrange(1, 10 ** 8), i + 10),
                      counts(2, cc)]
            body += [b'fl=(2)' if i < 3 else b'fl=(1)', b'fn=(%d)' % (i + 3), counts(i + 10, cc)]
        out = [b'# callgrind format', b'version: 1', b'cmd: ./wide13', b'positions: line',
               b'events: ' + b' '.join(EVENTS13),
               b'summary: ' + b' '.join(str(x).encode() for x in tot),
               b'fl=(1) wide13.c', b'fn=(1) main', counts(1, main)] + calls + body
        out.append(b'totals: ' + b' '.join(str(x).encode() for x in tot))
        write(os.path.join(d, variant + '.clout'), b'\n'.join(out) + b'\n')
    write(os.path.join(d, 'wide13.c'), b''.join(b'int line%d;\n' % k for k in range(1, 60)))
    old(os.path.join(d, 'wide13.c'))


# ------------------------------------------------------------- the pages

def run(args, cwd):
    return subprocess.run([annotate] + args, cwd=cwd, capture_output=True)


def shown_events(d, args):
    """The events of the page's columns: --show's, else the events: line."""
    ev = None
    for a in args:
        if a.startswith('--show='):
            return a[7:].split(',')
    prof = [a for a in args if a.endswith('.cgout')][0]
    for l in open(os.path.join(d, prof), 'rb').read().split(b'\n'):
        if l.startswith(b'events: '):
            ev = l[8:].decode().split()
    return ev


class Page:
    def __init__(self, name, args, cwd, status=0):
        self.name, self.args, self.cwd = name, args, cwd
        r = run(['--format=html'] + args, cwd)
        self.status, self.stderr = r.returncode, r.stderr
        self.html = r.stdout
        self.path = os.path.join(work, name + '.html')
        write(self.path, self.html)
        t = run(args, cwd)
        self.text, self.text_status, self.text_stderr = t.stdout, t.returncode, t.stderr
        # The tables' columns (`Ir:incl` for an inclusive one) and the
        # listings' (own counts): of an input with calls, as the text
        # report's metadata says (`Events shown:`); else the same.
        self.graph = b'\nCall graph:' in self.text
        if self.graph:
            shown = re.search(rb'\nEvents shown: +(.*)\n', self.text).group(1).decode().split()
            own = [e for e in shown if not e.endswith(':incl')]
            self.events, self.own = shown, own or [e[:-5] for e in shown]
        else:
            self.events = self.own = shown_events(cwd, args)
        self.expect_status = status


# -------------------------------------------------------- static checks

TAGS = set('html head meta title style body header h1 h2 h3 p nav a details summary div label '
           'input span kbd main section table thead tbody tr th td button i code dl dt dd ul '
           'li output footer script strong wbr'.split())
ATTRS = set('lang charset name content http-equiv class id href type data-for data-col placeholder '
            'aria-label aria-live aria-labelledby aria-expanded aria-controls hidden checked value '
            'role colspan scope title data-gcol data-tree data-src'.split())


class Scan(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.bad, self.ids, self.hrefs = {}, [], {}, []
        self.raw = {'script': [], 'style': []}
        self.csp = None
        self.cur = None

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        if tag not in TAGS:
            self.bad.append('element <%s>' % tag)
        for k, v in attrs:
            if k not in ATTRS or k.startswith('on'):
                self.bad.append('attribute %s= on <%s>' % (k, tag))
            if k == 'id':
                self.ids[v] = self.ids.get(v, 0) + 1
            if k == 'href':
                self.hrefs.append(v)
        a = dict(attrs)
        if tag == 'meta' and a.get('http-equiv') == 'Content-Security-Policy':
            self.csp = a.get('content')
        if tag == 'script' and a == {'type': 'application/json', 'id': 'fl-data'}:
            # The flame graph's data block: JSON, not run.
            self.cur = 'data'
            self.raw.setdefault('data', []).append('')
            self.tags['script'] -= 1
        elif tag in ('script', 'style'):
            self.cur = tag
            self.raw[tag].append('')
            if a:
                self.bad.append('<%s> with attributes %s' % (tag, a))

    def handle_endtag(self, tag):
        self.cur = None

    def handle_data(self, data):
        if self.cur:
            self.raw[self.cur][-1] += data


def csp_hash(text):
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def static_checks(p, probs):
    if p.status != p.expect_status:
        probs.append('%s: exit status %d, expected %d: %s' % (p.name, p.status, p.expect_status,
                                                              p.stderr[:200]))
        return
    if p.status != p.text_status or p.stderr != p.text_stderr:
        probs.append('%s: status/stderr %d %r differ from the text report\'s %d %r' % (
            p.name, p.status, p.stderr[:200], p.text_status, p.text_stderr[:200]))
    if len(p.html) >= PAGE_LIMIT:
        probs.append('%s: %d bytes' % (p.name, len(p.html)))
    try:
        doc = p.html.decode('utf-8')
    except UnicodeDecodeError as e:
        probs.append('%s: not UTF-8: %s' % (p.name, e))
        return
    if re.search('[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]', doc):
        probs.append('%s: a raw control character' % p.name)
    s = Scan()
    s.feed(doc)
    s.close()
    probs.extend('%s: %s' % (p.name, b) for b in s.bad[:5])
    if s.tags.get('script') != 1 or s.tags.get('style') != 1:
        probs.append('%s: %s script and %s style elements' % (p.name, s.tags.get('script'),
                                                                s.tags.get('style')))
        return
    want = ("default-src 'none'; style-src %s; script-src %s; img-src 'none'; form-action 'none'; "
            "base-uri 'none'" % (csp_hash(s.raw['style'][0]), csp_hash(s.raw['script'][0])))
    if s.csp != want:
        probs.append('%s: CSP %r, expected %r' % (p.name, s.csp, want))
    # The style sheet and script are the source files, whole and in order:
    # every page's, then the call graph's and the flame graph's for pages
    # with those sections.
    parts = [('report-html.css', 'report-html.js'), (None, 'report-html-compact.js')]
    if p.graph:
        parts.append(('report-html-graph.css', 'report-html-graph.js'))
    if b'<section id="flame"' in p.html:
        parts.append(('report-html-flame.css', 'report-html-flame.js'))
    for k, kind in ((0, 'style'), (1, 'script')):
        src = ''.join(open(os.path.join(POST_SRC, x[k]), encoding='utf-8').read() for x in parts if x[k])
        if s.raw[kind][0] != src:
            probs.append('%s: the %s is not %s' % (p.name, kind, ' + '.join(x[k] for x in parts if x[k])))
    for data in s.raw.get('data', []):
        # One data block at most, JSON, with nothing that could end the
        # element early, and its links (the frames' functions) on the page.
        if len(s.raw['data']) > 1:
            probs.append('%s: %d flame-graph data blocks' % (p.name, len(s.raw['data'])))
        if '</' in data or '<!--' in data:
            probs.append('%s: the flame-graph data holds markup' % p.name)
        try:
            fl = json.loads(data)
        except ValueError as e:
            probs.append('%s: the flame-graph data is not JSON: %s' % (p.name, e))
            continue
        for f in fl['fns']:
            s.hrefs.extend(h for h in f[2:4] if h)
    dup = [i for i, n in s.ids.items() if n > 1]
    if dup:
        probs.append('%s: ids used twice: %s' % (p.name, dup[:5]))
    dangling = [h for h in s.hrefs if not h.startswith('#') or h[1:] not in s.ids]
    if dangling:
        probs.append('%s: links to nothing: %s' % (p.name, dangling[:5]))
    if re.search(r'(?i)\b(https?|ftp|data|javascript):', ''.join(s.hrefs)):
        probs.append('%s: a link leaves the page' % p.name)


# ------------------------------------------------------------- browser

class Browser:
    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        o = webdriver.ChromeOptions()
        for a in ('--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                  '--window-size=1280,900', '--hide-scrollbars', '--no-first-run',
                  '--user-data-dir=' + os.path.join(work, 'chromium-profile')):
            o.add_argument(a)
        o.binary_location = opt.chromium
        o.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
        self.d = webdriver.Chrome(service=Service(opt.chromedriver), options=o)
        self.d.set_page_load_timeout(60)
        self.log = []

    def open(self, page, full=False):
        """full: with compact numbers turned off (as the Columns menu's box
        does), so that every cell shows its exact count."""
        self.d.get('file://' + page.path)
        if full:
            self.js('const c = document.getElementById("compact"); if (c && c.checked) c.click()')
        self.drain(page.name)

    def drain(self, what):
        for e in self.d.get_log('browser'):
            if e.get('level') in ('SEVERE', 'WARNING'):
                self.log.append('%s: %s' % (what, e.get('message')))

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def click(self, el):
        """A real click, on the element scrolled to the middle of the
        window (clear of the sticky navigation bar)."""
        self.js('arguments[0].scrollIntoView({block: "center", inline: "center"})', el)
        el.click()

    def quit(self):
        self.d.quit()


DOM = r'''
const num = td => td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild.nodeValue : '';
const pct = td => { const i = td.querySelector('i'); return i ? i.textContent : null; };
const cellsOf = tr => [...tr.cells].filter(td => !td.matches('.nm, .ln, .code, .calls')).map(
  td => [num(td), pct(td), td.className]);
// A name cell's text without its link to the call graph (`[N]`).
const nameOf = td => { const c = td.cloneNode(true); c.querySelectorAll('.gl').forEach(a => a.remove());
                       return c.textContent; };
function table(id) {
  const t = document.getElementById(id);
  if (!t) return null;
  return [...t.tBodies].filter(g => !g.classList.contains('more')).map(g => [...g.rows].map(tr => ({
    cls: tr.className, hidden: tr.hidden || g.hidden, name: nameOf(tr.querySelector('.nm')),
    graph: [...tr.querySelectorAll('.nm a.gl')].map(a => a.getAttribute('href')),
    links: [...tr.querySelectorAll('.nm a')].map(a => [a.textContent, a.getAttribute('href')]),
    cells: cellsOf(tr)})));
}
return {
  totals: [...document.querySelectorAll('#totals tbody tr')].map(tr => ({
    event: tr.cells[0].textContent, total: tr.querySelector('td.total').textContent,
    cells: [...tr.cells].map(c => c.textContent)})),
  byFile: table('t-by-file'), byFn: table('t-by-fn'),
  more: [...document.querySelectorAll('tr.more')].map(r => r.textContent),
  leftOut: document.getElementById('sources-left-out') ?
    [...document.querySelectorAll('#sources-left-out li code')].map(c => c.textContent) : [],
  files: [...document.querySelectorAll('section.file')].map(s => ({
    id: s.id, name: s.querySelector('h3').textContent,
    boxes: [...s.querySelectorAll('.box')].map(b => b.textContent),
    hasTable: !!s.querySelector('table.src'),
    rows: [...s.querySelectorAll('table.src tbody tr')].map(tr => ({
      id: tr.id, cls: tr.className, cold: tr.parentNode.classList.contains('cold'),
      ln: tr.querySelector('.ln') ? tr.querySelector('.ln').textContent : null,
      code: tr.querySelector('.code') ? tr.querySelector('.code').textContent : null,
      cells: tr.classList.contains('hot') ? cellsOf(tr) : null, text: tr.textContent}))})),
};
'''


def fmt(n):
    return format(n, ',')


def want_pct(count, textpct):
    if count == 0 or not textpct:
        return None
    return '(' + textpct + ')'


def compare_cells(where, got, counts, pcts, probs):
    if len(got) != len(counts):
        probs.append('%s: %d cells, expected %d' % (where, len(got), len(counts)))
        return
    for (g, gp, cls), c, tp in zip(got, counts, pcts):
        if c is None:  # a file's inclusive cost: a blank cell
            if g != '' or gp is not None:
                probs.append('%s: cell %r %r, text report blank' % (where, g, gp))
                return
            continue
        if g != fmt(c) or gp != want_pct(c, tp):
            probs.append('%s: cell %r %r, text report %s (%s)' % (where, g, gp, fmt(c), tp))
            return
        if (' n' in ' ' + cls) != (c < 0):
            probs.append('%s: cell %s has classes %r' % (where, g, cls))
            return


def compare_groups(where, dom, text, probs):
    if dom is None:
        probs.append('%s: no table' % where)
        return
    if len(dom) != len(text):
        probs.append('%s: %d groups, text report %d' % (where, len(dom), len(text)))
    for i, (g, t) in enumerate(zip(dom, text)):
        name, counts, pcts, members = t
        if members is None:  # one row: `< FILE:FUNCTION`
            if len(g) != 1 or g[0]['name'] != textreport.display(name):
                probs.append('%s group %d: %r, text report one row %r' % (
                    where, i, [r['name'] for r in g], textreport.display(name)))
                continue
            compare_cells('%s %r' % (where, g[0]['name']), g[0]['cells'], counts, pcts, probs)
            continue
        if g[0]['name'] != textreport.display(name) or len(g) != 1 + len(members):
            probs.append('%s group %d: %r, text report %r with %d members' % (
                where, i, [r['name'] for r in g], textreport.display(name), len(members)))
            continue
        compare_cells('%s %r' % (where, g[0]['name']), g[0]['cells'], counts, pcts, probs)
        for r, (mn, mc, mp) in zip(g[1:], members):
            if r['name'] != textreport.display(mn):
                probs.append('%s: member %r, text report %r' % (where, r['name'],
                                                                 textreport.display(mn)))
            compare_cells('%s %r' % (where, r['name']), r['cells'], mc, mp, probs)


def source_lines(cwd, name):
    try:
        data = open(os.path.join(cwd, name.decode('utf-8', 'surrogateescape')), 'rb').read()
    except OSError:
        return None
    return data.splitlines()


def compare_files(page, dom, text, probs):
    byname = {f['name']: f for f in dom['files']}
    for raw, want in text['files'].items():
        where = '%s: %s' % (page.name, textreport.display(raw))
        f = byname.get(textreport.display(raw))
        if f is None:
            if textreport.display(raw) not in dom['leftOut']:
                probs.append('%s: no section and not listed as left out' % where)
            continue
        if want['unreadable']:
            if f['hasTable'] or not any('Not annotated' in b for b in f['boxes']):
                probs.append('%s: unreadable, but the page lists it' % where)
            continue
        src = source_lines(page.cwd, raw)
        k = f['id'][1:]
        hot, plain = {}, {}
        for r in f['rows']:
            if r['cls'] == 'hot':
                n = int(r['id'].split('-')[1])
                if not r['id'].startswith('s%s-' % k):
                    probs.append('%s: row id %s' % (where, r['id']))
                hot[n] = r
            elif r['cls'] == '':
                plain[int(r['ln'])] = r
                if src is not None and r['code'] != textreport.display_src(src[int(r['ln']) - 1]):
                    probs.append('%s: line %s shows %r, the file has %r' % (where, r['ln'], r['code'],
                                                                           src[int(r['ln']) - 1]))
        counted = {n: (c, pc) for n, (c, pc, _) in want['lines'].items() if c is not None}
        counted.update(want['bogus'])
        if want['line0'] is not None:
            counted[0] = want['line0']
        if set(hot) != set(counted):
            probs.append('%s: counted lines differ from the text report\'s at %s' % (
                where, sorted(set(hot) ^ set(counted))[:10]))
        for n in sorted(set(hot) & set(counted)):
            compare_cells('%s line %d' % (where, n), hot[n]['cells'], counted[n][0], counted[n][1], probs)
            code = hot[n]['code']
            if n == 0:
                ok = code == '<unknown (line 0)>'
            elif n in want['bogus']:
                ok = code == '<bogus line %d>' % n
            else:
                ok = code == textreport.display_src(want['lines'][n][2])
            if not ok:
                probs.append('%s: line %d shows %r' % (where, n, code))
        ranges = {n for n, (c, _, _) in want['lines'].items() if c is None}
        in_page = {n for n, r in plain.items() if not r['cold']}
        if ranges != in_page:
            probs.append('%s: lines without counts in ranges %s, text report %s' % (
                where, sorted(in_page - ranges)[:5], sorted(ranges - in_page)[:5]))
        cold = {n for n, r in plain.items() if r['cold']}
        if cold & set(want['lines']):
            probs.append('%s: folded lines %s are in the text report\'s ranges' % (
                where, sorted(cold & set(want['lines']))[:5]))
        for n in ranges & in_page:
            if plain[n]['code'] != textreport.display_src(want['lines'][n][2]):
                probs.append('%s: line %d %r, text report %r' % (where, n, plain[n]['code'],
                                                                  want['lines'][n][2]))


def dom_vs_text(b, page, probs):
    b.open(page, full=True)
    dom = b.js(DOM)
    text = textreport.parse(page.text, page.events, page.own)
    if [t['event'] for t in dom['totals']] != [textreport.display(e.encode()) for e in page.events]:
        probs.append('%s: events %s, expected %s' % (page.name, [t['event'] for t in dom['totals']],
                                                      page.events))
    if [t['total'] for t in dom['totals']] != [fmt(x) for x in text['totals']]:
        probs.append('%s: totals %s, text report %s' % (page.name, [t['total'] for t in dom['totals']],
                                                         [fmt(x) for x in text['totals']]))
    compare_groups(page.name + ' File:function', dom['byFile'], text['by_file'], probs)
    compare_groups(page.name + ' Function:file', dom['byFn'], text['by_fn'], probs)
    if '--no-annotate' in page.args:
        if dom['files']:
            probs.append('%s: source sections with --no-annotate' % page.name)
    else:
        compare_files(page, dom, text, probs)
    return dom


# ------------------------------------------------------- the call graph

GRAPH_DOM = r"""
const num = td => td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild.nodeValue : '';
const pct = td => { const i = td.querySelector('i'); return i ? i.textContent : null; };
const t = document.getElementById('t-graph');
if (!t) return null;
return {
  cols: [...t.tHead.rows[0].cells].slice(1, -1).map(th => th.textContent),
  entries: [...t.tBodies].filter(g => !g.classList.contains('more')).map(g => ({
    id: g.id,
    rows: [...g.rows].map(tr => {
      const nm = tr.querySelector('.nm').cloneNode(true);
      nm.querySelectorAll('.vh').forEach(x => x.remove());
      return {kind: tr.className, text: nm.textContent,
              links: [...tr.querySelectorAll('.nm a')].map(a => [a.textContent, a.getAttribute('href'), a.className]),
              cells: [...tr.cells].filter(td => !td.matches('.nm, .calls')).map(td => [num(td), pct(td), td.className]),
              calls: tr.querySelector('.calls') ? tr.querySelector('.calls').textContent : ''};
    })})),
  more: [...t.querySelectorAll('tbody.more td')].map(td => td.textContent),
};
"""

# The text report's mark after a function's name: its inclusive cost is a
# lower bound (in a cycle, a shared name, nesting contexts), or exact but
# below its self cost (`<shared code>`, no lower bound).
MARK = re.compile(r' <(cycle \d+|shared name|inexact|shared code)>$')


def fn_of_label(label):
    """A function's name in a table (`fib <cycle 2>`) -> (`fib`, whether it
    is marked as a lower bound)."""
    m = MARK.search(label)
    return MARK.sub('', label), m is not None and m.group(1) != 'shared code'


def graph_vs_text(b, page, probs, hand=None):
    """The call-graph section against the text report's, entry by entry and
    row by row, every link to where it must lead; the tables' links to the
    entries and their lower-bound marks.  `hand`: (entries, lower bounds)
    counted by hand, checked too."""
    b.open(page, full=True)
    dom = b.js(GRAPH_DOM)
    tables = b.js(DOM)
    text = textreport.parse(page.text, page.events, page.own)
    tg = text['graph']
    where = page.name + ' call graph'
    if tg is None:
        if dom is not None:
            probs.append('%s: the page has a call graph, the text report none' % where)
        if any(r['graph'] for g in tables['byFile'] + tables['byFn'] for r in g):
            probs.append('%s: the tables link to a call graph the page has not' % where)
        return
    if dom is None:
        probs.append('%s: missing' % where)
        return
    if dom['cols'] != [textreport.display(c.encode()) for c in tg['cols']]:
        probs.append('%s: columns %s, text report %s' % (where, dom['cols'], tg['cols']))
    cycles = {}  # cycle number -> its entry's number
    index = {}   # function name -> its entry's number
    for e in tg['entries']:
        me = [r for r in e['rows'] if r['kind'] == 'me'][0]
        m = re.match(rb'<cycle (\d+) as a whole>$', me['name'])
        if m:
            cycles[int(m.group(1))] = e['index']
        else:
            name = textreport.display(me['name'].replace(b' (inclusive: a lower bound)', b''))
            index[MARK.sub('', name)] = e['index']
    if len(dom['entries']) != len(tg['entries']):
        probs.append('%s: %d entries, text report %d' % (where, len(dom['entries']), len(tg['entries'])))
    for de, te in zip(dom['entries'], tg['entries']):
        w = '%s [%d]' % (where, te['index'])
        if de['id'] != 'g%d' % te['index']:
            probs.append('%s: id %r' % (w, de['id']))
        if [r['kind'] for r in de['rows']] != [r['kind'] for r in te['rows']]:
            probs.append('%s: rows %s, text report %s' % (w, [r['kind'] for r in de['rows']],
                                                          [r['kind'] for r in te['rows']]))
            continue
        for dr, tr in zip(de['rows'], te['rows']):
            want = textreport.display(tr['name'])
            if tr['kind'] == 'me':
                want = '[%d] %s' % (te['index'], want)
            if dr['text'] != want or dr['calls'] != tr['calls']:
                probs.append('%s: row %r calls %r, text report %r calls %r' % (w, dr['text'], dr['calls'],
                                                                               want, tr['calls']))
            if tr['cells'] is None:
                continue
            counts, pcts = textreport.counts_of(tr['cells'])
            compare_cells('%s %s' % (w, want), dr['cells'], counts, pcts, probs)
            bound = tr['kind'] == 'me' and b'(inclusive: a lower bound)' in tr['name']
            for (v, _, cls), col in zip(dr['cells'], tg['cols']):
                if ('lb' in cls.split()) != (bound and col.endswith(':incl') and v != ''):
                    probs.append('%s: %s cell %s has classes %r' % (w, want, col, cls))
            # The links: the name to its entry, the cycle to its cycle's.
            plain = [h for t, h, c in dr['links'] if c == '']
            cyc = [h for t, h, c in dr['links'] if c == 'cyc']
            if tr['kind'] in ('up', 'down', 'mem'):
                m = re.search(rb' \[(\d+)\]$', tr['name'])
                if plain != (['#g%s' % m.group(1).decode()] if m else []):
                    probs.append('%s: %s links to %s' % (w, want, plain))
            elif plain:
                probs.append('%s: the entry links to %s' % (w, plain))
            m = re.search(rb' <cycle (\d+)>', tr['name'])
            k = cycles.get(int(m.group(1))) if m else None
            if cyc != (['#g%d' % k] if k else []):
                probs.append('%s: %s: cycle link %s, expected entry %s' % (w, want, cyc, k))
    # The tables: each function's link to its entry, and its lower bound.
    incl = [i for i, c in enumerate(page.events) if c.endswith(':incl')]
    checked = 0
    for key, by_file in (('byFile', True), ('byFn', False)):
        for g in tables[key]:
            rows = g if len(g) == 1 else (g[1:] if by_file else g[:1])
            for r in rows:
                label = r['name']
                if len(g) == 1:
                    label = label.split(':', 1)[1] if by_file else label.rsplit(':', 1)[0]
                name, marked = fn_of_label(label)
                k = index.get(name)
                if r['graph'] != (['#g%d' % k] if k else []):
                    probs.append('%s: %s row %r links to %s, its entry is %s' % (where, key, r['name'],
                                                                                 r['graph'], k))
                for i in incl:
                    if ('lb' in r['cells'][i][2].split()) != marked:
                        probs.append('%s: %s row %r: column %s has classes %r' % (
                            where, key, r['name'], page.events[i], r['cells'][i][2]))
                checked += 1
    if checked < 2:
        probs.append('%s: only %d table rows checked' % (where, checked))
    if hand:
        entries, bounds = hand
        got = []
        for e in dom['entries']:
            r = [r for r in e['rows'] if r['kind'] == 'me'][0]
            got.append((int(e['id'][1:]), re.sub(r'^\[\d+\] | \(inclusive: a lower bound\)$', '', r['text']),
                        r['cells'][0][0], r['cells'][1][0], r['calls']))
        if got != entries:
            probs.append('%s: entries %s, counted by hand %s' % (where, got, entries))
        lb = {r['name'] for g in tables['byFile'] for r in g if any('lb' in c[2].split() for c in r['cells'])}
        if lb != bounds:
            probs.append('%s: lower bounds %s, counted by hand %s' % (where, sorted(lb), sorted(bounds)))
    b.drain(page.name + ' (call graph)')


def follow(b, page, selector, target, probs):
    """Clicks the link `selector` as a person would: it must land on
    #target, in view under the navigation bar, marked as the target."""
    found = b.d.find_elements('css selector', selector)
    if not found:
        probs.append('%s: no link %s' % (page.name, selector))
        return
    b.click(found[0])
    st = b.js('''const t = document.querySelector(':target'), r = t && t.getBoundingClientRect();
                 const nav = document.querySelector('nav.toc').getBoundingClientRect();
                 const cell = t && t.tagName === 'TBODY' ? t.querySelector('tr.me > *') : null;
                 return [location.hash, t ? t.id : null, r ? [r.top, nav.bottom, innerHeight] : null,
                         cell ? getComputedStyle(cell).backgroundColor : null,
                         cell ? cell.getBoundingClientRect().bottom : null,
                         getComputedStyle(document.body).backgroundColor];''')
    if st[0] != '#' + target or st[1] != target or not (st[2][1] - 1 <= st[2][0] < st[2][2]):
        probs.append('%s: following %s: hash %s, target %s, top %s (navigation bar ends at %s)' % (
            page.name, selector, st[0], st[1], st[2] and st[2][0], st[2] and st[2][1]))
    elif st[3] is not None and (st[4] > st[2][2] or st[3] in ('rgba(0, 0, 0, 0)', st[5])):
        probs.append('%s: following %s: the entry\'s row is not in view or not marked (%s, bottom %s)'
                     % (page.name, selector, st[3], st[4]))
    b.d.back()


def walk(b, page, probs):
    """The links of the call graph and the tables lead where they say
    (GRAPH_CLOUT's entries: main [1], work [2], fib [3], cycle 1 [4], leaf
    [5], is_even [6], is_odd [7])."""
    b.open(page)
    follow(b, page, '#g5 tr.up .nm a[href="#g2"]', 'g2', probs)       # leaf's caller work
    follow(b, page, '#g2 tr.down .nm a[href="#g5"]', 'g5', probs)     # work's callee leaf
    follow(b, page, '#g6 tr.up .nm a[href="#g1"]', 'g1', probs)       # is_even's caller main
    follow(b, page, '#g6 tr.me a.cyc', 'g4', probs)                   # is_even's cycle
    follow(b, page, '#g4 tr.mem .nm a[href="#g7"]', 'g7', probs)      # the cycle's member is_odd
    follow(b, page, '#g7 tr.down .nm a[href="#g6"]', 'g6', probs)     # is_odd calls is_even (0+1/1)
    follow(b, page, '#t-by-file a.gl[href="#g3"]', 'g3', probs)       # fib's row in a table
    follow(b, page, '#t-by-fn .nm a.cyc', 'g4', probs)                # a table's cycle mark
    follow(b, page, 'nav.toc a[href="#call-graph"]', 'call-graph', probs)
    # A walk: from main's row down to leaf through work, and up again.
    b.open(page)
    for sel, target in (('#t-by-fn a.gl[href="#g1"]', 'g1'), ('#g1 tr.down .nm a[href="#g2"]', 'g2'),
                        ('#g2 tr.down .nm a[href="#g5"]', 'g5'), ('#g5 tr.up .nm a[href="#g1"]', 'g1')):
        a = b.d.find_elements('css selector', sel)
        if not a:
            probs.append('%s: walk: no link %s' % (page.name, sel))
            return
        b.click(a[0])
        if b.js('return location.hash') != '#' + target:
            probs.append('%s: walk: %s leads to %s' % (page.name, sel, b.js('return location.hash')))
            return
    b.drain(page.name + ' (walk)')


def incl_sorting(b, page, probs):
    """An inclusive column sorts like the others: a function by its
    inclusive cost, a file (which has none) by its functions' largest."""
    b.open(page)
    col = page.events.index('Ir:incl')

    def val(r):
        c = r['cells'][col][0]
        return int(c.replace(',', '')) if c else None

    def group_key(g):
        v = val(g[0])
        return abs(v) if v is not None else max([abs(val(m)) for m in g[1:]] or [0])

    for table, key in (('t-by-fn', 'byFn'), ('t-by-file', 'byFile')):
        before = b.js(DOM)[key]
        head = b.d.find_element('css selector', '#%s thead th:nth-child(%d)' % (table, col + 2))
        for order, aria in (('abs', 'descending'), ('asc', 'ascending')):
            b.click(head.find_element('css selector', 'button'))
            after = b.js(DOM)[key]
            want = sorted(before, key=lambda g: -group_key(g) if order == 'abs' else group_key(g))
            if [g[0]['name'] for g in after] != [g[0]['name'] for g in want]:
                probs.append('%s %s by Ir:incl, %s: %s, expected %s' % (
                    page.name, table, order, [g[0]['name'] for g in after], [g[0]['name'] for g in want]))
            for g in after:
                inner = [abs(val(r)) for r in g[1:] if val(r) is not None]
                if inner != sorted(inner, reverse=order == 'abs'):
                    probs.append('%s %s by Ir:incl, %s: members of %s: %s' % (page.name, table, order,
                                                                              g[0]['name'], inner))
            if head.get_attribute('aria-sort') != aria:
                probs.append('%s %s: aria-sort %r after %s' % (page.name, table,
                                                              head.get_attribute('aria-sort'), order))
    b.drain(page.name + ' (sorting by Ir:incl)')


def graph_columns(b, page, probs):
    """The Columns menu of a page with calls: an inclusive column hides in
    the tables, the totals and the call graph; an own-count one in the
    listings too, whose line numbers stay aligned."""
    b.open(page)
    b.click(b.d.find_element('css selector', 'details.cols summary'))

    def shown(sel):
        return b.js('return [...document.querySelectorAll(arguments[0])].map('
                    'c => getComputedStyle(c).display !== "none")', sel)

    def aligned():
        return b.js('''const t = document.querySelector('table.src'), w = t.querySelector('thead tr').cells;
            const plain = [...t.querySelectorAll('tbody tr')].find(r => !r.className && r.offsetParent !== null);
            const ln = plain && [...plain.cells].find(c => c.classList.contains('ln'));
            return ln ? ln.getBoundingClientRect().left -
                        [...w].find(c => c.classList.contains('ln')).getBoundingClientRect().left : 0''')

    col = page.events.index('Ir:incl')
    b.click(b.d.find_element('css selector', 'input[data-gcol="%d"]' % col))
    if any(shown('#t-by-file tr > :nth-child(%d), #t-graph tr > :nth-child(%d), #totals tbody tr:nth-child(%d)'
                 % (col + 2, col + 2, col + 1))):
        probs.append('%s: Ir:incl does not hide' % page.name)
    if not all(shown('table.src tr.hot > td:nth-child(1), table.src tr.hot > td:nth-child(2)')):
        probs.append('%s: hiding Ir:incl hides a listing column' % page.name)
    box = lambda i: b.d.find_element('css selector', 'input[data-gcol="%d"]' % i)
    b.click(box(col))  # shown again
    if not all(shown('#t-by-file tr > :nth-child(%d), #t-graph tr > :nth-child(%d)' % (col + 2, col + 2))):
        probs.append('%s: Ir:incl does not come back' % page.name)
    for e in page.own:  # then every own-count column: the listings have none left
        b.click(box(page.events.index(e)))
        if abs(aligned()) > 1:
            probs.append('%s: hiding %s: line numbers off by %s px' % (page.name, e, aligned()))
    if any(shown('table.src tr.hot > td:not(.ln, .code), table.where td')):
        probs.append('%s: listing columns left with every own-count column hidden' % page.name)
    b.click(box(col))  # the last one stays
    if not box(col).is_selected():
        probs.append('%s: the last column could be hidden' % page.name)
    b.drain(page.name + ' (columns)')


# ------------------------------------------------- interaction checks

def sorting(b, page, probs, table='t-by-file'):
    b.open(page)
    key = 'byFile' if table == 't-by-file' else 'byFn'
    before = b.js(DOM)[key]
    diff = '--diff' in page.args
    heads = b.d.find_elements('css selector', '#%s thead th' % table)
    seqs = [('abs', 'descending'), ('up', 'descending'), ('down', 'ascending')] if diff else \
        [('abs', 'descending'), ('asc', 'ascending')]
    for col in range(len(page.events)):
        for order, aria in seqs + [seqs[0]]:
            b.click(heads[col + 1].find_element('css selector', 'button'))
            after = b.js(DOM)[key]
            k = lambda g: int(g[0]['cells'][col][0].replace(',', ''))
            if order == 'abs':
                want = sorted(before, key=lambda g: -abs(k(g)))
            elif order == 'asc':
                want = sorted(before, key=lambda g: abs(k(g)))
            elif order == 'up':
                want = sorted(before, key=lambda g: -k(g))
            else:
                want = sorted(before, key=k)
            if [g[0]['name'] for g in after] != [g[0]['name'] for g in want]:
                probs.append('%s: column %d, %s: order %s, expected %s' % (
                    page.name, col, order, [g[0]['name'] for g in after][:6],
                    [g[0]['name'] for g in want][:6]))
                return
            for g in after:
                inner = [int(r['cells'][col][0].replace(',', '')) for r in g[1:]]
                ref = {'abs': lambda v: -abs(v), 'asc': abs, 'up': lambda v: -v, 'down': lambda v: v}[order]
                if [ref(v) for v in inner] != sorted(ref(v) for v in inner):
                    probs.append('%s: column %d, %s: members of %s out of order: %s' % (
                        page.name, col, order, g[0]['name'], inner))
                    return
            got_aria = heads[col + 1].get_attribute('aria-sort')
            if got_aria != (aria if not (diff and order == 'abs') else 'other'):
                probs.append('%s: column %d, %s: aria-sort %r' % (page.name, col, order, got_aria))
    b.click(heads[0].find_element('css selector', 'button'))
    after = b.js(DOM)[key]
    names = [g[0]['name'] for g in after]
    if names != sorted(names, key=str.lower):
        probs.append('%s: by name: %s' % (page.name, names[:6]))
    b.drain(page.name + ' (sorting)')


def min_lines(path):
    """(file, function) -> the smallest line number with counts, 0 if
    only line 0 has some: read from the profile directly."""
    got, fl, fn = {}, None, None
    for raw in open(path, 'rb').read().split(b'\n'):
        if raw.startswith(b'fl='):
            fl, fn = raw[3:], b'<unspecified>'
        elif raw.startswith(b'fn='):
            fn = raw[3:]
        elif raw[:1].isdigit():
            n = int(raw.split()[0])
            cur = got.get((fl, fn))
            if n == 0:
                got.setdefault((fl, fn), 0)
            elif cur is None or cur == 0 or n < cur:
                got[(fl, fn)] = n
    return got


def links(b, page, prof, probs):
    b.open(page)
    dom = b.js(DOM)
    want = min_lines(prof)
    sec = {f['id']: f['name'] for f in dom['files']}
    checked = 0
    for g in dom['byFile']:
        fname = g[0]['name'].split(':')[0] if len(g) == 1 else g[0]['name']
        for r in (g if len(g) == 1 else g[1:]):
            fn = r['name'].split(':', 1)[1] if len(g) == 1 else r['name']
            target = [h for t, h in r['links'] if t == fn]
            key = [k for k in want if textreport.display(k[0]) == fname and textreport.display(k[1]) == fn]
            if not key:
                probs.append('%s: no pair %s:%s in the profile' % (page.name, fname, fn))
                continue
            n = want[key[0]]
            if not target:
                if fname in sec.values():
                    probs.append('%s: %s:%s has no link' % (page.name, fname, fn))
                continue
            h = target[0][1:]
            s, _, line = h.partition('-')
            if sec.get(s) != fname or (line and int(line) != n):
                probs.append('%s: %s:%s links to %s (%s), expected line %d of %s' % (
                    page.name, fname, fn, h, sec.get(s), n, fname))
            checked += 1
    if checked < 5:
        probs.append('%s: only %d links checked' % (page.name, checked))
    # Following links: the hash, :target and the row in view.
    anchors = b.d.find_elements('css selector', '#t-by-file tbody tr.i .nm a, #t-by-fn tbody .nm a')
    for a in anchors[:4] + anchors[-3:]:
        href = a.get_attribute('href').split('#', 1)[1]
        b.click(a)
        st = b.js('''const t = document.querySelector(':target'), r = t && t.getBoundingClientRect();
                     const nav = document.querySelector('nav.toc').getBoundingClientRect();
                     return [location.hash, t ? t.id : null, r ? [r.top, nav.bottom, innerHeight] : null];''')
        # In view, and not under the sticky navigation bar.
        if st[0] != '#' + href or st[1] != href or not (st[2][1] - 1 <= st[2][0] < st[2][2]):
            probs.append('%s: following #%s: hash %s, target %s, top %s (navigation bar ends at %s)'
                         % (page.name, href, st[0], st[1], st[2] and st[2][0], st[2] and st[2][1]))
        b.d.back()
    b.drain(page.name + ' (links)')


def folds(b, page, probs):
    b.open(page)
    buttons = b.d.find_elements('css selector', 'tr.gap button')
    if not buttons:
        probs.append('%s: no folded runs' % page.name)
        return
    for btn in buttons[:3]:
        body = btn.get_attribute('aria-controls')
        vis = lambda: b.js('const g = document.getElementById(arguments[0]); return [g.hidden, '
                           '[...g.rows].filter(r => r.offsetParent !== null).length, g.rows.length];', body)
        if vis()[0] is not True:
            probs.append('%s: %s open before a click' % (page.name, body))
        b.click(btn)
        h, shown, total = vis()
        if h or shown != total or btn.get_attribute('aria-expanded') != 'true':
            probs.append('%s: %s after a click: hidden %s, %d of %d rows shown' % (page.name, body, h,
                                                                                   shown, total))
        b.click(btn)
        if vis()[0] is not True:
            probs.append('%s: %s does not fold again' % (page.name, body))
    b.drain(page.name + ' (folds)')


def keyboard(b, page, probs):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    b.open(page)
    dom = b.js(DOM)
    ActionChains(b.d).send_keys('/').perform()
    if b.js('return document.activeElement.matches("input.filter")') is not True:
        probs.append('%s: / does not focus the filter' % page.name)
        return
    ActionChains(b.d).send_keys('fn_1').perform()
    vis = b.js('return [...document.getElementById("t-by-file").tBodies].filter(g => !g.hidden)'
               '.map(g => [...g.rows].filter(r => !r.hidden).map(r => r.querySelector(".nm").textContent))')
    want = []
    for g in dom['byFile']:
        names = [r['name'] for r in g]
        if 'fn_1' in names[0].lower():
            want.append(names)
        elif any('fn_1' in n.lower() for n in names[1:]):
            want.append([names[0]] + [n for n in names[1:] if 'fn_1' in n.lower()])
    if vis != want:
        probs.append('%s: filter fn_1 shows %s, expected %s' % (page.name, vis[:4], want[:4]))
    status = b.js('return document.getElementById("t-by-file-status").value')
    if not status.startswith('%d of %d' % (len(want), len(dom['byFile']))):
        probs.append('%s: filter status %r' % (page.name, status))
    ActionChains(b.d).send_keys(Keys.ESCAPE).perform()
    n = b.js('return [...document.getElementById("t-by-file").querySelectorAll("tbody:not([hidden]) tr:not([hidden])")].length')
    if n != sum(len(g) for g in dom['byFile']) or b.js('return document.activeElement.matches("input")'):
        probs.append('%s: Escape leaves %d rows, focus on an input' % (page.name, n))
    # A column header is a button: Enter sorts.
    btn = b.d.find_element('css selector', '#t-by-file thead th:nth-child(3) button')
    b.js('arguments[0].focus()', btn)
    ActionChains(b.d).send_keys(Keys.ENTER).perform()
    if b.js('return document.querySelector("#t-by-file thead th:nth-child(3)").getAttribute("aria-sort")') != 'descending':
        probs.append('%s: Enter on a header does not sort' % page.name)
    # Arrows move between the rows' links.
    first = b.d.find_elements('css selector', '#t-by-file tbody .nm a')
    b.js('arguments[0].focus()', first[0])
    ActionChains(b.d).send_keys(Keys.ARROW_DOWN).perform()
    if b.js('return document.activeElement') != first[1]:
        probs.append('%s: ArrowDown does not reach the next row' % page.name)
    ActionChains(b.d).send_keys(Keys.ARROW_UP).perform()
    if b.js('return document.activeElement') != first[0]:
        probs.append('%s: ArrowUp does not come back' % page.name)
    # A folded run opens with Enter, the heat scale and columns with Space.
    gap = b.d.find_element('css selector', 'tr.gap button')
    b.js('arguments[0].focus()', gap)
    ActionChains(b.d).send_keys(Keys.ENTER).perform()
    if gap.get_attribute('aria-expanded') != 'true':
        probs.append('%s: Enter does not open a folded run' % page.name)
    cell = b.d.find_element('css selector', 'table.src td.f8')
    before = cell.value_of_css_property('background-color')
    radio = b.d.find_element('css selector', 'input[name=heat][value=program]')
    b.js('arguments[0].focus()', radio)
    ActionChains(b.d).send_keys(Keys.SPACE).perform()
    after = cell.value_of_css_property('background-color')
    if not b.js('return document.body.classList.contains("hp")') or (before == after and 'p8' not in cell.get_attribute('class')):
        probs.append('%s: the heat scale does not change (%s, %s)' % (page.name, before, after))
    b.drain(page.name + ' (keys)')


def columns(b, page, probs):
    b.open(page)
    box = b.d.find_element('css selector', 'input[data-col="1"]')
    b.click(b.d.find_element('css selector', 'details.cols summary'))
    b.click(box)
    hidden = b.js('''return [...document.querySelectorAll('#t-by-file tr > :nth-child(3), table.src tr.hot > td:nth-child(2)')]
                     .every(c => getComputedStyle(c).display === 'none')''')
    aligned = b.js('''const t = document.querySelector('table.src'); const w = t.querySelector('thead tr').cells;
                     const plain = [...t.querySelectorAll('tbody tr')].find(r => !r.className && r.offsetParent !== null);
                     return plain ? plain.cells[1].getBoundingClientRect().left - [...w].find(c => c.classList.contains('ln')).getBoundingClientRect().left : 0''')
    if not hidden or abs(aligned) > 1:
        probs.append('%s: hiding a column: hidden %s, line numbers off by %s px' % (page.name, hidden, aligned))
    b.click(b.d.find_element('css selector', '#show-percs'))
    if b.js('return getComputedStyle(document.querySelector("td i")).display') != 'none':
        probs.append('%s: percentages do not hide' % page.name)
    b.drain(page.name + ' (columns)')


def xss(b, page, probs):
    from selenium.common.exceptions import NoAlertPresentException
    b.open(page)
    try:
        b.d.switch_to.alert.accept()
        probs.append('an alert opened')
    except NoAlertPresentException:
        pass
    if b.js('return window.__pwned') is not None:
        probs.append('injected script ran: __pwned = %r' % b.js('return window.__pwned'))
    n = b.js('return [document.scripts.length, document.images.length, '
             'document.querySelectorAll("[onerror],[onload],[onclick]").length]')
    if n != [1, 0, 0]:
        probs.append('scripts, images, handlers: %s' % n)
    text = b.js('return document.querySelector("header").textContent + document.querySelector("main").textContent')
    for s in ('<script>alert(1)</script>', 'src/<img src=x onerror=alert(1)>.c', 'src/q"\'&amp;.c',
              '\\xFF\\xFE\u2401\u241b[31m', '\\u202E', '<img src=x onerror=window.__pwned=2>',
              '</td></tr></table><script>window.__pwned=1</script>', '\u2407', '\\u0085', '\u2421'):
        if s not in text:
            probs.append('the page does not show %r as text' % s)
    b.drain(page.name)


def cap(b, page, probs):
    if len(page.html) >= PAGE_LIMIT:
        probs.append('%d bytes' % len(page.html))
    b.open(page)
    dom = b.js(DOM)
    if len(dom['more']) != 2:
        probs.append('%d "more" notes in the tables' % len(dom['more']))
    if not dom['leftOut']:
        probs.append('no files left out')
    cut = [f for f in dom['files'] if any('stops here' in r['text'] for r in f['rows'])]
    if len(cut) != 1 or cut[0]['name'] != 'cap-big.c':
        probs.append('listings cut: %s' % [f['name'] for f in cut])
    last = max(int(r['id'].split('-')[1]) for r in cut[0]['rows'] if r['cls'] == 'hot') if cut else 0
    for g in dom['byFile'] + dom['byFn']:
        for r in g:
            for t, h in r['links']:
                f = next((f for f in dom['files'] if f['id'] == h[1:].split('-')[0]), None)
                if f is None:
                    probs.append('%s links to a missing section' % t)
            if any(n in r['name'] for n in dom['leftOut']) and r['links']:
                probs.append('row %s of a file left out has links %s' % (r['name'], r['links']))
    if not 0 < last < 60000:
        probs.append('the cut listing ends at line %d' % last)
    b.drain(page.name)


def graph_cap(b, page, probs):
    """A call graph beyond its budget: the first entries, numbered as in
    the text report, the rest counted; an entry's arcs beyond ARCS_MAX
    counted; no link to an entry that is not on the page."""
    b.open(page)
    dom = b.js(GRAPH_DOM)
    n = len(textreport.parse(page.text, page.events, page.own)['graph']['entries'])
    k = len(dom['entries'])
    if not 0 < k < n or [e['id'] for e in dom['entries']] != ['g%d' % i for i in range(1, k + 1)]:
        probs.append('%s: entries %s of %d' % (page.name, [e['id'] for e in dom['entries']][:3], n))
    if not dom['more'] or not dom['more'][0].startswith('%d more entries' % (n - k)):
        probs.append('%s: the note on the entries left out: %s' % (page.name, dom['more']))
    rows = dom['entries'][0]['rows']
    if len([r for r in rows if r['kind'] == 'down']) != 200 or \
            not any(r['text'].startswith('and 4800 more callees') for r in rows):
        probs.append('%s: main\'s entry has %d rows, %s' % (page.name, len(rows), [r['text'] for r in rows[-2:]]))
    bad = b.js('return [...document.querySelectorAll("a[href^=\'#g\']")].map(a => a.getAttribute("href"))'
               '.filter(h => !document.getElementById(h.slice(1)))')
    if bad:
        probs.append('%s: links to entries not on the page: %s' % (page.name, bad[:5]))
    b.drain(page.name)


def layout(b, pages, probs, small=None):
    """Every page at 1280 px; the `small` ones (default: the first) also at
    a phone's width and in the dark scheme."""
    shots = os.path.join(work, 'screenshots')
    os.makedirs(shots, exist_ok=True)

    def measure(what):
        w = b.js('return [document.documentElement.scrollWidth, innerWidth, '
                 'parseFloat(getComputedStyle(document.querySelector("table.fn")).fontSize)]')
        if w[0] > w[1]:
            probs.append('%s: the page is %d px wide in a %d px window' % (what, w[0], w[1]))
        if w[2] < 11:
            probs.append('%s: table font %s px' % (what, w[2]))

    for p in pages:
        b.d.set_window_size(1280, 900)
        b.open(p)
        measure(p.name + ' at 1280 px')
        b.d.save_screenshot(os.path.join(shots, p.name + '-1280.png'))
    lum = lambda c: sum(int(x) for x in re.findall(r'\d+', c)[:3]) / 765
    for p in small or pages[:1]:
        b.d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                            {'width': 390, 'height': 844, 'deviceScaleFactor': 2, 'mobile': True})
        b.open(p)
        measure(p.name + ' at 390 px')
        b.js('location.hash = "#by-file"')
        b.d.save_screenshot(os.path.join(shots, p.name + '-phone.png'))
        if p.graph:
            b.js('location.hash = "#g2"')
            b.d.save_screenshot(os.path.join(shots, p.name + '-phone-graph.png'))
        b.d.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
        b.d.execute_cdp_cmd('Emulation.setEmulatedMedia',
                            {'features': [{'name': 'prefers-color-scheme', 'value': 'dark'}]})
        b.open(p)
        bg, fg = b.js('const s = getComputedStyle(document.body); return [s.backgroundColor, s.color]')
        if not (lum(bg) < 0.2 and lum(fg) > 0.7):
            probs.append('%s: dark scheme: background %s, text %s' % (p.name, bg, fg))
        b.d.save_screenshot(os.path.join(shots, p.name + '-dark.png'))
        if p.graph:
            b.js('location.hash = "#g6"')
            b.d.save_screenshot(os.path.join(shots, p.name + '-dark-graph.png'))
        b.d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': []})
        b.open(p)
        bg = b.js('return getComputedStyle(document.body).backgroundColor')
        if lum(bg) < 0.8:
            probs.append('%s: light scheme: background %s' % (p.name, bg))
    b.drain('layout')


UNITS = ['', 'k', 'M', 'G', 'T', 'P', 'E']


def short_form(text):
    """Compact numbers' rule (docs/post-processors.md, "Compact numbers"),
    worked out exactly: each count of 100,000 or more in TEXT (a count or
    CALLS/TOTAL) to four significant figures, rounded half up, with k, M,
    G...; None when no part changes."""
    from fractions import Fraction
    parts = []
    for part in text.split('/'):
        sign = part[:1] if part[:1] in '+-' else ''
        v = int(part[len(sign):].replace(',', ''))
        if v < 100000:
            parts.append(part)
            continue
        x, u = Fraction(v), 0
        while x >= Fraction(99995, 100):
            x, u = x / 1000, u + 1
        dec = 4 - len(str(int(x)))
        q = int(x * 10 ** dec + Fraction(1, 2))
        if q == 10 ** 4:  # 9.9996 is 10.00
            q, dec = 1000, dec - 1
        digits = str(q)
        parts.append(sign + (digits[:-dec] + '.' + digits[-dec:] if dec else digits) + UNITS[u])
    out = '/'.join(parts)
    return None if out == text else out


def compact(b, wide, wide_diff, narrow, probs):
    """13 events at 1280 px: the tables fit by compact numbers, whose short
    forms follow the rule, tooltips give the exact counts, sorting still
    uses them, and the box turns it off for good; a page that fits keeps
    full numbers."""
    b.d.set_window_size(1280, 900)
    # Each listing is shortened as it comes near the window: visit them all.
    visit_js = """const files = [...document.querySelectorAll('section.file')];
        const step = i => { if (i === files.length) { scrollTo(0, 0); arguments[0](); return; }
          files[i].scrollIntoView(); requestAnimationFrame(() => setTimeout(() => step(i + 1), 30)); };
        step(0);"""
    # [exact, shown, percentage's display] of each count cell: the exact
    # text is the shown one unless the page shortened it (cgExact).
    cells_js = """return [...document.querySelectorAll('table.fn td, table.cg td, table.src td, table.where td')]
        .filter(td => !/\\b(nm|ln|code)\\b/.test(td.className) && td.firstChild && td.firstChild.nodeType === 3
                      && /^[+-]?[0-9,.]+[kMGTPE]?(\\/[0-9,.]+[kMGTPE]?)?$/.test(td.firstChild.nodeValue))
        .map(td => [td.cgExact === undefined ? td.firstChild.nodeValue : td.cgExact, td.firstChild.nodeValue,
                    td.querySelector('i') ? getComputedStyle(td.querySelector('i')).display : 'none'])"""
    over_js = """return [...document.querySelectorAll('.scroll > table.fn, .scroll > table.cg')]
        .filter(t => t.parentNode.scrollWidth > t.parentNode.clientWidth + 1).map(t => t.id)"""
    for page in (wide, wide_diff):
        b.open(page)
        if not b.js('return document.body.classList.contains("cn")'):
            probs.append('%s: 13 events at 1280 px, and compact numbers are off' % page.name)
        over = b.js(over_js)
        if over:
            probs.append('%s: at 1280 px %s still wider than the window' % (page.name, over))
        b.d.execute_async_script(visit_js)
        cells = b.js(cells_js)
        big = 0
        for text, shown, pct in cells:
            want = short_form(text) or text
            big += want != text
            if shown != want:
                probs.append('%s: %r shows as %r, not %r' % (page.name, text, shown, want))
            if pct != 'none':
                probs.append('%s: %r: its percentage is still in the cell' % (page.name, text))
        if big < 100:
            probs.append('%s: only %d large counts' % (page.name, big))
        b.d.save_screenshot(os.path.join(work, 'screenshots', page.name + '-1280.png'))
        b.js('location.hash = "#t-graph"')
        b.d.save_screenshot(os.path.join(work, 'screenshots', page.name + '-1280-graph.png'))
        del probs[60:]
    b.open(wide)
    # The tooltip: the exact count and its percentage.
    got = b.js("""const td = [...document.querySelectorAll('#t-by-fn tbody td')].find(td => td.cgExact);
        td.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
        return [td.title, td.cgExact, td.querySelector('i').textContent]""")
    if got[0] != got[1] + ' ' + got[2]:
        probs.append('%s: tooltip %r, not %r' % (wide.name, got[0], got[1] + ' ' + got[2]))
    # Sorting by a column still uses the exact counts.
    col = EVENTS13.index(b'Bc') + 1
    b.click(b.d.find_element('css selector', '#t-by-fn thead th:nth-child(%d) button' % (col + 1)))
    vals = b.js("""return [...document.querySelectorAll('#t-by-fn tbody tr:first-child')]
        .map(r => r.cells[arguments[0]]).map(c => c.cgExact || c.firstChild.nodeValue)""", col)
    nums = [int(v.replace(',', '')) for v in vals if v]
    if nums != sorted(nums, reverse=True) or len(nums) < 20:
        probs.append('%s: sorted by Bc: %s' % (wide.name, vals[:8]))
    # The box turns it off, and resizing does not turn it back on.
    b.click(b.d.find_element('css selector', 'details.cols summary'))
    b.click(b.d.find_element('css selector', '#compact'))
    b.d.set_window_size(1300, 900)
    b.d.set_window_size(1280, 900)
    import time
    time.sleep(0.5)
    state = b.js('return [document.body.classList.contains("cn"), document.querySelector("#compact").checked, '
                 'getComputedStyle(document.querySelector("#t-by-fn td i")).display]')
    if state != [False, False, 'inline-block'] or not b.js(over_js):
        probs.append('%s: turned off: cn, box, percentages %s; overflowing %s' % (wide.name, state, b.js(over_js)))
    # Every count is exact again.
    for text, shown, pct in b.js(cells_js):
        if shown != text:
            probs.append('%s: turned off, %r still shows as %r' % (wide.name, text, shown))
            break
    b.open(narrow)
    if b.js('return document.body.classList.contains("cn")'):
        probs.append('%s: fits 1280 px, yet compact numbers are on' % narrow.name)
    b.drain('compact')


def rust_profile(probs):
    """Our tool's profile of tests/rust/wc.rs (Debian's rustc), both
    simulations and the call graph; None, with the reason in probs's
    place, when rustc or valgrind is missing."""
    rustc = next((r for r in ('/usr/bin/rustc', shutil.which('rustc')) if r and os.path.exists(r)), None)
    if not rustc or not (opt.valgrind and os.path.exists(opt.valgrind)):
        return None
    d = os.path.join(work, 'rust')
    os.makedirs(d, exist_ok=True)
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'rust', 'wc.rs')
    r = subprocess.run([rustc, '-g', '-O', '-o', os.path.join(d, 'wc'), src], capture_output=True)
    if r.returncode != 0:
        probs.append('%s cannot build wc.rs: %s' % (rustc, r.stderr[-300:]))
        return d
    lib = vglib.make(opt, d)
    r = subprocess.run([opt.valgrind, '-q', '--tool=cgours', '--cache-sim=yes', '--branch-sim=yes',
                        '--call-graph=callgrind', '--cachegrind-out-file=wc.out', './wc'], cwd=d,
                       env=dict(os.environ, VALGRIND_LIB=lib), capture_output=True,
                       input=' '.join(str(i) for i in range(2000)).encode())
    if r.returncode != 0 or not os.path.exists(os.path.join(d, 'wc.out')):
        probs.append('our tool on wc: status %d: %s' % (r.returncode, r.stderr[-300:]))
    return d


# ----------------------------------------------------------------- main

def real_profiles():
    """Profiles of tests/post/scripts/workload.c by our tool, their merge
    and their difference; None when that cannot run here."""
    if not (opt.valgrind and os.path.exists(opt.valgrind)):
        return None
    if not (opt.tool and os.path.exists(opt.tool)):
        raise RuntimeError('our tool is not built: %s' % opt.tool)
    d = os.path.join(work, 'real')
    os.makedirs(d, exist_ok=True)
    if subprocess.run([os.environ.get('CC', 'cc'), '-g', '-O0', '-o', os.path.join(d, 'workload'),
                       opt.workload], capture_output=True).returncode != 0:
        return None
    env = dict(os.environ, VALGRIND_LIB=vglib.make(opt, d))
    for n in (1000, 3000):
        subprocess.run([opt.valgrind, '-q', '--tool=cgours', '--cache-sim=yes', '--branch-sim=yes',
                        '--cachegrind-out-file=w%d.cgout' % n, './workload', str(n)], cwd=d, env=env,
                       capture_output=True)
    merged = subprocess.run([os.path.join(opt.bin, 'cg_merge'), 'w1000.cgout', 'w3000.cgout'], cwd=d,
                            capture_output=True).stdout
    write(os.path.join(d, 'merged.cgout'), merged)
    diffed = subprocess.run([os.path.join(opt.bin, 'cg_diff'), 'w1000.cgout', 'w3000.cgout'], cwd=d,
                            capture_output=True).stdout
    write(os.path.join(d, 'diffed.cgout'), diffed)
    return d


def real_callgrind(d):
    """Callgrind's profiles of tests/progs/recursion.c, with recursion
    levels (its default) and without (--separate-recs=1, which makes
    cycles); [] when that cannot run here."""
    prog = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'progs', 'recursion.c')
    exe = os.path.join(d, 'recursion')
    if subprocess.run([os.environ.get('CC', 'cc'), '-g', '-O0', '-o', exe, prog],
                      capture_output=True).returncode != 0:
        return []
    out = []
    for name, extra in (('real-callgrind', []), ('real-callgrind-recs1', ['--separate-recs=1'])):
        f = name + '.clout'
        r = subprocess.run([opt.valgrind, '-q', '--tool=callgrind', '--callgrind-out-file=' + f] + extra +
                           [exe], cwd=d, capture_output=True)
        if r.returncode == 0 and os.path.exists(os.path.join(d, f)):
            out.append((name, [f]))
    return out


def main():
    d = make_data()
    make_cap(d)
    make_graph(d)
    make_wide13(d)
    pages = {
        'demo': Page('demo', ['demo.cgout'], d),
        'demo-context2': Page('demo-context2', ['--context=2', 'demo.cgout'], d),
        'merge': Page('merge', ['demo.cgout', 'demo2.cgout'], d),
        'diff-demo': Page('diff-demo', ['--diff', '--context=1', 'demo.cgout', 'demo2.cgout'], d),
        'diff': Page('diff', ['--diff', '--threshold=0', '--context=2', 'old.cgout', 'new.cgout'], d),
        'options': Page('options', ['--show=Dw,Ir', '--sort=Dr,Ir', '--threshold=2', '--no-show-percs',
                                    'demo.cgout'], d),
        'mod': Page('mod', ['--mod-filename=s/demo/DEMO/', '--mod-funcname=s/^f/F/', 'demo.cgout'], d),
        'no-annotate': Page('no-annotate', ['--no-annotate', 'demo.cgout'], d),
        'gen': Page('gen', ['--context=3', 'gen.cgout'], d),
        'gen-context0': Page('gen-context0', ['--context=0', 'gen.cgout'], d),
        'gen-negative': Page('gen-negative', ['--context=-1', 'gen.cgout'], d),
        'newer': Page('newer', ['newer.cgout'], d),
        'evil': Page('evil', ['evil.cgout'], d),
        'mismatch': Page('mismatch', ['prefl.cgout'], d, status=1),
        'cap': Page('cap', ['--threshold=0', 'cap.cgout'], d),
        'limit': Page('limit', ['--diff', '--limit', 'Ir=+1%', '--limit', 'Dr=-10%', 'old.cgout',
                                'new.cgout'], d, status=3),
        'fingerprints': Page('fingerprints', ['--diff', 'fp-a.cgout', 'fp-b.cgout'], d),
        # Callgrind input with calls: inclusive columns and the call graph.
        'graph': Page('graph', ['graph.clout'], d),
        'graph-options': Page('graph-options', ['--show=Dr,Ir:incl,Ir', '--sort=Dr', '--threshold=5',
                                                '--no-show-percs', 'graph.clout'], d),
        'graph-inclusive': Page('graph-inclusive', ['--inclusive=yes', 'graph.clout'], d),
        'graph-caller': Page('graph-caller', ['--tree=caller', '--show=Ir', 'graph.clout'], d),
        'graph-calling': Page('graph-calling', ['--tree=calling', '--threshold=0', 'graph.clout'], d),
        'graph-notree': Page('graph-notree', ['--tree=none', 'graph.clout'], d),
        'graph-nofold': Page('graph-nofold', ['--fold=no', '--no-annotate', 'graph.clout'], d),
        'graph-diff': Page('graph-diff', ['--diff', 'graph.clout', 'graph2.clout'], d),
        # tests/post/data: memcpy's code also run by memmove (its exact
        # inclusive cost below its self cost), and calls that change.
        'graph-shared-code': Page('graph-shared-code', ['copy.clout'], d),
        'graph-diff-calls': Page('graph-diff-calls', ['--diff', '--threshold=0', 'calls-old.clout',
                                                      'calls-new.clout'], d),
        'wide': Page('wide', ['--threshold=0', 'wide.clout'], d),
        'wide13': Page('wide13', ['--threshold=0', 'wide13.clout'], d),
        'wide13-diff': Page('wide13-diff', ['--diff', 'wide13.clout', 'wide13b.clout'], d),
    }
    graphs = [n for n in pages if n.startswith('graph')]
    probs = case('html/page-static')
    for p in pages.values():
        static_checks(p, probs)
    # Long Rust and C++ names break at `::`, `/`, `, `, after a `(` that
    # opens parameters and before `<`, not anywhere (docs/post-processors.md,
    # "The HTML report").
    write(os.path.join(d, 'rust.cgout'),
          b'cmd: ./wc\nevents: Ir\nfl=/rustc/abc/library/std/src/map.rs\n'
          b'fn=std::collections::HashMap<K, V>::insert\n1 10\n'
          b'fn=ns::parse(int, char**)\n2 5\nfn=ns::run()\n3 5\nsummary: 20\n')
    page = pages['rust-names'] = Page('rust-names', ['rust.cgout'], d)
    static_checks(page, probs)
    for want in (b'std::<wbr>collections::<wbr>HashMap<wbr>&lt;K, <wbr>V&gt;::<wbr>insert',
                 b'/<wbr>rustc/<wbr>abc/<wbr>library/<wbr>std/<wbr>src/<wbr>map.rs',
                 b'ns::<wbr>parse(<wbr>int, <wbr>char**)', b'ns::<wbr>run()<'):
        if want not in page.html:
            probs.append('rust-names: no %r' % want)
    if '\u2401' not in pages['evil'].html.decode('utf-8', 'replace'):
        probs.append('evil: no control picture for \\x01')
    if b'newer than the profile' not in pages['newer'].html:
        probs.append('newer: no warning that the source is newer than the profile')
    if b'do not add up to the program totals' not in pages['mismatch'].html:
        probs.append('mismatch: the page does not say that the counts do not add up')
    for name, want in (('limit', b'Limit broken: Dr changed by'), ('limit', b'Within the limit: Ir changed by'),
                       ('fingerprints', b'<code>cpu</code>: <code>x86-64</code> vs <code>x86-64-v3</code>')):
        if want not in pages[name].html:
            probs.append('%s: no %r' % (name, want))
    # <shared code> after memcpy's name (never memmove's or main's), with
    # its tooltip, and the notes that say why (docs/post-processors.md, "The
    # call graph"); under --diff every call count signed.
    html = pages['graph-shared-code'].html
    mark = (b' <span class="cyc" title="Part of its code also ran inside another function\'s activation'
            rb'[^"]*">&lt;shared code&gt;</span>')
    marked = re.findall(rb'(\w+)(?:</a>)?' + mark, html)
    if marked != [b'memcpy'] * 4 or len(re.findall(rb'<span class="cyc"[^>]*>&lt;shared code&gt;', html)) != 4:
        probs.append('graph-shared-code: <shared code> after %s, not after memcpy in both tables and '
                     'in its call-graph entry and its caller\'s' % marked)
    for want in (b'A function marked <span class="lb-key">&lt;shared code&gt;</span> has an inclusive '
                 b'cost below its self cost',
                 b'<dt>Inclusive costs</dt><dd>exact; 1 function has a self cost above its inclusive '
                 b'cost (marked &lt;shared code&gt;)'):
        if want not in html:
            probs.append('graph-shared-code: no %r' % want)
    cells = re.findall(rb'<td class="calls">([^<]*)</td>', pages['graph-diff-calls'].html)
    if sorted(set(cells)) != sorted([b'+30,012/+30,012', b'+30,012', b'-1/-1', b'-1', b'0-2', b'0/0', b'0']):
        probs.append('graph-diff-calls: calls cells %s' % sorted(set(cells)))
    probs = case('html/page-budgets')
    p = pages['cap']
    if len(p.html) >= PAGE_LIMIT:
        probs.append('cap: %d bytes' % len(p.html))
    for s in (b'sources-left-out', b'The listing stops here', b'more files', b'more functions'):
        if s not in p.html:
            probs.append('cap: no %r' % s)
    p = pages['wide']
    if len(p.html) >= PAGE_LIMIT:
        probs.append('wide: %d bytes' % len(p.html))
    for s in (b'more entries at or above the threshold are not on this page',
              b'and 4800 more callees at or above the threshold', b'and 4800 more callers at or above the'):
        if s not in p.html:
            probs.append('wide: no %r' % s)
    if opt.static:
        report()
        return

    b = Browser()
    try:
        def attempt(name, fn, *args):
            probs = case(name)
            try:
                fn(b, *args, probs)
            except Exception:
                probs.append(traceback.format_exc(limit=3))

        attempt('html/dom-vs-text', lambda b, probs: [dom_vs_text(b, pages[n], probs) for n in (
            'demo', 'demo-context2', 'merge', 'diff-demo', 'diff', 'options', 'mod', 'no-annotate',
            'gen', 'gen-context0', 'gen-negative', 'newer', 'evil', 'limit', 'fingerprints', 'wide13',
            'wide13-diff') + tuple(graphs)])
        attempt('html/sort-by-column', lambda b, probs: (sorting(b, pages['gen'], probs),
                                                         sorting(b, pages['gen'], probs, 't-by-fn'),
                                                         sorting(b, pages['diff'], probs)))
        attempt('html/links-to-lines', lambda b, probs: links(b, pages['gen'], os.path.join(d, 'gen.cgout'),
                                                              probs))
        attempt('html/folded-runs', lambda b, probs: folds(b, pages['gen'], probs))
        attempt('html/keyboard', lambda b, probs: keyboard(b, pages['gen'], probs))
        attempt('html/columns', lambda b, probs: columns(b, pages['gen'], probs))
        attempt('html/script-injection', lambda b, probs: xss(b, pages['evil'], probs))
        attempt('html/budgets-in-browser', lambda b, probs: (cap(b, pages['cap'], probs),
                                                             graph_cap(b, pages['wide'], probs)))
        attempt('html/call-graph', lambda b, probs: (
            [graph_vs_text(b, pages[n], probs, (GRAPH_HAND, GRAPH_BOUNDS) if n == 'graph' else None)
             for n in graphs], walk(b, pages['graph'], probs)))
        attempt('html/inclusive-columns', lambda b, probs: (incl_sorting(b, pages['graph'], probs),
                                                            graph_columns(b, pages['graph'], probs)))
        attempt('html/layout', lambda b, probs: layout(b, [pages['gen'], pages['diff'], pages['evil'],
                                                           pages['graph'], pages['rust-names']], probs,
                                                       [pages['gen'], pages['graph']]))

        attempt('html/compact-numbers', lambda b, probs: compact(b, pages['wide13'], pages['wide13-diff'],
                                                                 pages['gen'], probs))

        probs = case('html/real-profiles')
        try:
            rd = real_profiles()
            if rd is None:
                results.pop('html/real-profiles')
                order.remove('html/real-profiles')
                print('SKIP: html/real-profiles (no valgrind or no C compiler here)')
            else:
                for name, args in (('real-one', ['w1000.cgout']), ('real-two', ['w1000.cgout', 'w3000.cgout']),
                                   ('real-diff', ['--diff', 'w1000.cgout', 'w3000.cgout']),
                                   ('real-merged', ['merged.cgout']), ('real-diffed', ['diffed.cgout'])) + \
                        tuple(real_callgrind(rd)):
                    p = Page(name, args, rd)
                    static_checks(p, probs)
                    dom_vs_text(b, p, probs)
                    if p.graph:
                        graph_vs_text(b, p, probs)
                    if p.text.count(b'\n') < 20:
                        probs.append('%s: the text report is only %d lines' % (name, p.text.count(b'\n')))
        except Exception:
            probs.append(traceback.format_exc(limit=3))

        # A real Rust profile: the page holds its long names at 1280 px.
        probs = case('html/rust-profile')
        try:
            rd = rust_profile(probs)
            if rd is None:
                if os.environ.get('CI') == 'true':
                    probs.append('no rustc or valgrind (CI installs them: scripts/install-deps.sh --tests)')
                else:
                    results.pop('html/rust-profile')
                    order.remove('html/rust-profile')
                    print('SKIP: html/rust-profile (no rustc or no valgrind here; '
                          'sh scripts/install-deps.sh --tests installs them)')
            elif not probs:
                p = Page('rust-wc', ['wc.out'], rd)
                static_checks(p, probs)
                dom_vs_text(b, p, probs)
                graph_vs_text(b, p, probs)
                layout(b, [p], probs, [])
                b.open(p)
                for sel in ('#t-by-fn', '#t-graph', '#flame'):
                    b.js('document.querySelector(arguments[0]).scrollIntoView()', sel)
                    b.d.save_screenshot(os.path.join(work, 'screenshots', 'rust-wc-%s.png' % sel[1:]))
                if not b.js('return document.body.classList.contains("cn")'):
                    probs.append('rust-wc: 13 events at 1280 px, and compact numbers are off')
                over = b.js('''return [...document.querySelectorAll('.scroll > table.fn, .scroll > table.cg')]
                    .filter(t => t.parentNode.scrollWidth > t.parentNode.clientWidth + 1).map(t => t.id)''')
                if over:
                    probs.append('rust-wc: at 1280 px %s wider than the window' % over)
        except Exception:
            probs.append(traceback.format_exc(limit=3))

        fd, cases = None, ('html/flame-static', 'html/flame-graph', 'html/flame-diff', 'html/flame-estimate',
                           'html/flame-inlined')
        try:
            fd = flame.tool_profiles(opt, work, opt.bin)
            if fd is None:
                for c in cases:
                    print('SKIP: %s (no valgrind, our tool or a C compiler here)' % c)
        except Exception:
            for c in cases:
                case(c).append('profiling tests/progs/flame.c failed: ' + traceback.format_exc(limit=3))
        if fd is not None:
            shots = os.path.join(work, 'screenshots')
            os.makedirs(shots, exist_ok=True)
            fp = {n: Page(n, a, fd) for n, a in (
                ('flame-one', ['f1000.cgout']), ('flame-expanded', ['--collapse-recursion=no', 'f1000.cgout']),
                ('flame-diff', ['--diff', 'f1000.cgout', 'f3000.cgout']),
                ('flame-callgrind', ['f1000.clout']),
                ('flame-inlined', ['--inline-frames=yes', 'inl.cgout']))}
            probs = case('html/flame-static')
            for p in fp.values():
                static_checks(p, probs)
            attempt('html/flame-graph', lambda b, probs: (
                flame.flame_graph(b, fp['flame-one'], probs, fd, opt.bin, shots),
                flame.opens_expanded(b, fp['flame-expanded'], probs)))
            attempt('html/flame-diff', lambda b, probs: flame.flame_diff(b, fp['flame-diff'], probs, fd, shots))
            attempt('html/flame-estimate', lambda b, probs: flame.flame_estimate(
                b, fp['flame-callgrind'], probs, fd, opt.bin, shots))
            attempt('html/flame-inlined', lambda b, probs: flame.flame_inlined(
                b, fp['flame-inlined'], probs, fd, opt.bin, shots))

        probs = case('html/console-clean')
        b.drain('end')
        probs.extend(b.log)
        if b.js('return performance.getEntriesByType("resource").length') != 0:
            probs.append('the last page fetched resources')
        b.d.save_screenshot(os.path.join(work, 'screenshots', 'last.png'))
    finally:
        b.quit()
    report()


main()
