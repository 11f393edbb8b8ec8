#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""cgoracle.py: the oracle side of tests/callgrind.

A second, independent implementation of a Callgrind-format reader, written
for this test only (it shares no code with post/, which is what is tested),
and the checks built on it.  It gives, for one or several Callgrind files:

* the self cost of every (file, function) pair: the file is the current
  `fl=`/`fi=`/`fe=` name, the function the current `fn=` name, both exactly
  as written in the file (no directory stripped); pairs of the same names in
  different objects are one pair, as in callgrind_annotate (check-ours
  and check-graph tell functions apart by their object: at_place);
* the self cost of every (file, line): line 0 when the file's `positions:`
  have no `line`;
* the `totals:` line of every part, summed (missing trailing counts are 0);
* the call graph, from the self costs and calls alone (CallGraph: the
  rules that cg_annotate's JSON "call_graph" follows).

Costs of every part of a file are added up.  `calls=` lines and the cost
line after them (inclusive costs) are not self cost; `jump=`/`jcnd=` and the
position-only line after them carry no cost but do move the positions that
`+N`/`-N`/`*` are relative to; the target positions of `calls=` and `jump=`
lines are relative to the last cost line's and move nothing (checked: the
call-site line after `calls=` then lands on the caller's line).

Commands (exit status 0: agreed; 1: a difference, printed as `# ` lines;
2: unusable input):

  read FILE...                    the reader's figures as JSON
  check-annotate ANNOTATED FILE   the reader against callgrind_annotate's
                                  report ANNOTATED (made with --threshold=100
                                  --show-percs=no --auto=yes --context=HUGE,
                                  run from /): every function, every event;
                                  every line of the auto-annotated sources
  check-totals FILE...            sum of self costs == sum of totals: lines
  check-ours OURS.json FILE...    our cg_annotate --format=json of FILE...
                                  against the reader: totals, functions, lines
  graph FILE...                   the oracle's call graph, as JSON in the shape
                                  of cg_annotate's "call_graph"
  check-graph OURS.json FILE...   our JSON's "call_graph" against the oracle's
                                  (CallGraph below), and its invariants
  limit OLD NEW EVENT PERCENT     the exit status `cg_annotate --diff OLD NEW
                                  --limit EVENT=+PERCENT%` must give (0 or 3),
                                  from the totals: lines alone
  fn-limit OLD NEW PATTERN EVENT PERCENT
                                  the same for `--limit PATTERN:EVENT=
                                  +PERCENT%`, from the calls= into the
                                  level-1 nodes of the functions PATTERN
                                  matches (cmd_fn_limit)
  batch                           the commands on standard input, one per
                                  line (batch below): one process for many
                                  checks, each file read once per way of
                                  reading it
"""
import contextlib
import io
import json
import re
import sys

NUM = re.compile(r'^(0x[0-9a-fA-F]+|\d+)$')


class Bad(Exception):
    pass


def parse_num(tok):
    if tok.startswith(('0x', '0X')):
        return int(tok, 16)
    return int(tok)


class Profile:
    """The figures of one or several Callgrind files, parts added up."""

    def __init__(self, calls0_is_self=False, negative=False, by_name=False, by_place=False):
        # calls0_is_self: read as callgrind_annotate does, only to check the
        # reader against it: the cost line after `calls=0 ...` counts as
        # self cost (it takes a call's line as inclusive only for a count
        # above 0), and a name used before its definition is empty.
        # negative: counts (and calls= counts) may be negative, as in what
        # cg_diff writes; Callgrind itself never writes a negative count.
        # by_name: files whose events are the first file's in another order
        # are added up event by event, matched by name (a Cachegrind and a
        # Callgrind profile of the same events, as cg_merge takes them).
        # by_place: a function is its name in its object (the file name of
        # its ob=/cob=), as Callgrind keeps functions apart; every function
        # name is then `NAME` SEP `OBJECT` (at_place, place_names).
        self.calls0_is_self = calls0_is_self
        self.negative = negative
        self.by_name = by_name
        self.by_place = by_place
        self.events = None
        self.perm = None    # the current part's events -> self.events indices
        self.fn = {}        # (file, fn) -> [counts]
        self.objs = {}      # (file, fn) -> set of objects it was seen in
        self.line = {}      # (file, line) -> [counts]
        # (caller file, caller fn, callee file, callee fn, call-site line,
        # target line) -> [number of calls, inclusive counts...]; the two
        # functions are the names as written (resolved), recursion levels
        # and --separate-callers contexts kept: `fib'2`, `f'g'h`.
        self.calls = {}
        self.totals = None  # sum of totals: lines
        self.parts = 0
        self.objects = set()
        self.has_line = True
        self.notes = set()

    def _fn(self, name, ob, home):
        return at_place(name, ob, home) if self.by_place else name

    def _add(self, table, key, counts):
        cur = table.get(key)
        if cur is None:
            table[key] = list(counts)
        else:
            for i, c in enumerate(counts):
                cur[i] += c

    def _vec(self, toks, where):
        n = len(self.events)
        if len(toks) > n:
            raise Bad('%s: %d counts for %d events' % (where, len(toks), n))
        v = [0] * n
        for i, t in enumerate(toks):
            if t.isdigit() and t.isascii():     # the usual case, quickly
                v[i if self.perm is None else self.perm[i]] = int(t)
                continue
            neg = self.negative and t.startswith('-') and len(t) > 1
            if neg:
                t = t[1:]
            if not NUM.match(t):
                raise Bad('%s: bad count %r' % (where, t))
            v[i if self.perm is None else self.perm[i]] = -parse_num(t) if neg else parse_num(t)
        return v

    def _events(self, ev, where):
        """A part's (or a Cachegrind file's) events: the first file's, or,
        by_name, the same names in another order."""
        if self.events is None:
            self.events = ev
            self.totals = [0] * len(ev)
        if ev == self.events:
            self.perm = None
        elif self.by_name and sorted(ev) == sorted(self.events) and len(set(ev)) == len(ev):
            self.perm = [self.events.index(e) for e in ev]
        else:
            raise Bad('%s: events %s differ from %s' % (where, ev, self.events))

    def read(self, path):
        names = {'fl': {}, 'fn': {}, 'ob': {}}
        kind = {'fl': 'fl', 'fi': 'fl', 'fe': 'fl', 'cfi': 'fl', 'cfl': 'fl',
                'jfi': 'fl', 'fn': 'fn', 'cfn': 'fn', 'jfn': 'fn',
                'ob': 'ob', 'cob': 'ob'}

        def name(k, val, where):
            tab = names[kind[k]]
            m = re.match(r'^\((\d+)\)(?: (.*))?$', val)
            if not m:
                return val
            if m.group(2) is None:
                if m.group(1) not in tab:
                    # Callgrind --mangle-names=no writes references before
                    # the definition (measured in 3.19, 3.24 and 3.27):
                    # the reader takes the later definition, if any;
                    # callgrind_annotate takes an empty name.
                    self.notes.add('%s=(%s) used before it is defined' % (k, m.group(1)))
                    if self.calls0_is_self:
                        return ''
                    # Some are never defined at all (cfn=(8) in 3.19):
                    # the name is then "(N)".
                    return forward[kind[k]].get(m.group(1), '(%s)' % m.group(1))
                return tab[m.group(1)]
            tab[m.group(1)] = m.group(2)
            return m.group(2)

        positions = ['line']
        last = [0]
        ob = cob = fl = cur_file = fnname = None
        pending = None      # 'call' or 'jump': the next line is not self cost
        cfile = None        # a cfi=/cfl= not yet used by a cfn=
        callee = None       # (file, fn) of the last cfn=
        call = None         # (count, target line) of the pending calls=
        part_events = None
        in_body = False
        with open(path, 'rb') as f:
            data = f.read().decode('utf-8', 'surrogateescape')
        if not re.search(r'(?m)^(# callgrind format|version:|creator:|positions:|part:|totals:)', data):
            return self._read_cachegrind(path, data)
        # Every definition in the file, for references that come first.
        forward = {'fl': {}, 'fn': {}, 'ob': {}}
        for m in re.finditer(r'(?m)^([a-z]+)=\((\d+)\) (.*)$', data):
            if m.group(1) in kind:
                forward[kind[m.group(1)]].setdefault(m.group(2), m.group(3).rstrip('\r'))
        for no, raw in enumerate(data.split('\n'), 1):
            where = '%s:%d' % (path, no)
            line = raw.rstrip('\r')
            if line.strip() == '' or line.startswith('#'):
                continue
            # A cost line starts with a subposition, a key line with a letter.
            costline = line[0] in '0123456789+-*'
            m = None if costline else re.match(r'^([a-z]+):\s*(.*)$', line)
            if m and '=' not in m.group(1):
                key, val = m.group(1), m.group(2)
                if key == 'events':
                    ev = val.split()
                    self._events(ev, where)
                    part_events = ev
                    self.parts += 1
                    in_body = True
                elif key == 'positions':
                    positions = val.split()
                    for p in positions:
                        if p not in ('instr', 'bb', 'line'):
                            raise Bad('%s: unknown position %r' % (where, p))
                    last = [0] * len(positions)
                    self.has_line = 'line' in positions
                elif key == 'totals':
                    if part_events is None:
                        raise Bad('%s: totals before events' % where)
                    t = self._vec(val.split(), where)
                    self.totals = [a + b for a, b in zip(self.totals, t)]
                elif key == 'part':
                    # A new part: its positions start absolute again.
                    positions, last = ['line'], [0]
                    part_events = None
                elif key in ('version', 'creator', 'pid', 'cmd', 'thread', 'desc',
                             'event', 'summary'):
                    pass
                else:
                    raise Bad('%s: unknown header line %r' % (where, line))
                continue
            m = None if costline else re.match(r'^([a-z]+)=(.*)$', line)
            if m:
                k, val = m.group(1), m.group(2)
                if k in kind:
                    nm = name(k, val, where)
                    if k == 'ob':
                        ob = nm
                        self.objects.add(nm)
                    elif k == 'cob':
                        cob = nm
                        self.objects.add(nm)
                    elif k == 'fl':
                        fl = cur_file = nm
                    elif k in ('fi', 'fe'):
                        cur_file = nm
                    elif k == 'fn':
                        fnname = nm
                        cur_file = fl
                    elif k in ('cfi', 'cfl'):
                        cfile = nm
                    elif k == 'cfn':
                        # The callee's file: the cfi= just before, else the
                        # caller's current file (as callgrind_annotate).
                        callee = (cfile if cfile is not None else cur_file, nm)
                        if self.by_place:
                            callee = (callee[0], at_place(nm, cob if cob is not None else ob, callee[0]))
                        cfile = cob = None
                elif k == 'rec':
                    # --mangle-names=no: a recursion depth marker, not in
                    # the format's specification; no cost, no position.
                    self.notes.add('rec= lines')
                elif k in ('calls', 'jump', 'jcnd'):
                    pending = 'call' if k == 'calls' else 'jump'
                    if k == 'calls' and self.calls0_is_self and re.match(r'^0+\s', val):
                        pending = None
                    elif k == 'calls':
                        toks = val.split()
                        if len(toks) < 1 + len(positions) or callee is None:
                            raise Bad('%s: bad calls= line %r' % (where, line))
                        cnt = toks[0]
                        neg = self.negative and cnt.startswith('-')
                        if not NUM.match(cnt[1:] if neg else cnt):
                            raise Bad('%s: bad call count %r' % (where, cnt))
                        # The target, relative to the last cost line; it
                        # moves nothing.
                        tgt = 0
                        if 'line' in positions:
                            i = positions.index('line')
                            tgt = self._subpos(toks[1 + i], last[i], where)
                        call = (-parse_num(cnt[1:]) if neg else parse_num(cnt), tgt)
                else:
                    raise Bad('%s: unknown line %r' % (where, line))
                continue
            if not in_body:
                raise Bad('%s: cost line before events: %r' % (where, line))
            toks = line.split()
            npos = len(positions)
            if len(toks) < npos:
                raise Bad('%s: %d subpositions for positions %s' % (where, len(toks), positions))
            for i in range(npos):
                last[i] = self._subpos(toks[i], last[i], where)
            costs = toks[npos:]
            if pending == 'jump':
                pending = None
                if costs:
                    raise Bad('%s: costs after a jump line' % where)
                continue
            if pending == 'call':
                pending = None
                v = self._vec(costs, where)
                if call is not None:
                    site = last[positions.index('line')] if 'line' in positions else 0
                    key = (cur_file, self._fn(fnname, ob, fl), callee[0], callee[1], site, call[1])
                    self._add(self.calls, key, [call[0]] + v)
                    call = None
                continue
            if fnname is None or cur_file is None:
                raise Bad('%s: cost line outside a function' % where)
            v = self._vec(costs, where)
            key = (cur_file, self._fn(fnname, ob, fl))
            self._add(self.fn, key, v)
            self.objs.setdefault(key, set()).add(ob)
            ln = last[positions.index('line')] if 'line' in positions else 0
            self._add(self.line, (cur_file, ln), v)
        if self.events is None:
            raise Bad('%s: no events: line' % path)

    @staticmethod
    def _subpos(t, last, where):
        if t.isdigit() and t.isascii():
            return int(t)
        if t == '*':
            return last
        if t[0] in '+-':
            return last + (1 if t[0] == '+' else -1) * parse_num(t[1:])
        if NUM.match(t):
            return parse_num(t)
        raise Bad('%s: bad subposition %r' % (where, t))

    def _read_cachegrind(self, path, data):
        """A Cachegrind profile (docs/format.md), for cg_merge's mixed
        inputs: `fl=`/`fn=` and `LINE COUNTS...` lines; its `summary:` line
        stands for the totals.  No calls."""
        fl = fnname = None
        summary = None
        for no, raw in enumerate(data.split('\n'), 1):
            where = '%s:%d' % (path, no)
            line = raw.rstrip('\r')
            if line.strip() == '' or line.startswith('#'):
                continue
            m = re.match(r'^(desc|cmd|events|summary):\s*(.*)$', line)
            if m:
                if m.group(1) == 'events':
                    self._events(m.group(2).split(), where)
                    self.parts += 1
                elif m.group(1) == 'summary':
                    summary = self._vec(m.group(2).split(), where)
                continue
            m = re.match(r'^(fl|fi|fe|fn)=(.*)$', line)
            if m:
                if m.group(1) == 'fn':
                    fnname = m.group(2)
                else:
                    fl = m.group(2)
                continue
            toks = line.split()
            if self.events is None or fl is None or fnname is None or not NUM.match(toks[0]):
                raise Bad('%s: unexpected line %r' % (where, line))
            v = self._vec(toks[1:], where)
            self._add(self.fn, (fl, self._fn(fnname, None, fl)), v)
            self._add(self.line, (fl, parse_num(toks[0])), v)
        if summary is None:
            raise Bad('%s: no summary: line' % path)
        self.totals = [a + b for a, b in zip(self.totals, summary)]

    def self_total(self):
        t = [0] * len(self.events)
        for v in self.fn.values():
            for i, c in enumerate(v):
                t[i] += c
        return t


SEP = '\x01'


def at_place(name, ob, home):
    """A function's name in its object (Profile's by_place): the object's
    file name; NOOBJ for entries without one (see resolve_places)."""
    return name + SEP + (ob.rsplit('/', 1)[-1] if ob else NOOBJ)


NOOBJ = '\x02'


def resolve_places(p):
    """Entries and callees without an object join their name's function
    when the name is in one object; else they stay in none, shown as
    `NAME [no object]`."""
    objs = {}
    for f in [f for (fl, f) in p.fn] + [k[1] for k in p.calls] + [k[3] for k in p.calls]:
        n, w = f.split(SEP)
        if w != NOOBJ:
            objs.setdefault(n, set()).add(w)

    def fix(f):
        n, w = f.split(SEP)
        return n + SEP + next(iter(objs[n])) if w == NOOBJ and len(objs.get(n, ())) == 1 else f
    fn, calls = {}, {}
    for (fl, f), v in p.fn.items():
        p._add(fn, (fl, fix(f)), v)
    for k, v in p.calls.items():
        p._add(calls, (k[0], fix(k[1]), k[2], fix(k[3])) + k[4:], v)
    p.fn, p.calls = fn, calls


def place_names(funcs):
    """{function at its place: the name a report shows}: the name alone,
    or `NAME [PLACE]` when the name is in several places (PLACE: the
    object's file name, or the home file)."""
    places = {}
    for f in funcs:
        n, w = f.split(SEP)
        places.setdefault(n, set()).add(w)
    out = {}
    for f in funcs:
        n, w = f.split(SEP)
        out[f] = n if len(places[n]) == 1 else '%s [%s]' % (n, 'no object' if w == NOOBJ else w)
    return out


def path_names(paths):
    """(entry file, name) -> the name the reports show for the function of
    a call path (our tool's `# cp` lines) in the files PATHS, as
    docs/post-processors.md ("Which function") states it: a function is a
    name in its object (the path's last part), `NAME [OBJECT]` when the
    name is in several (entries without an object join the name's one
    object, if it has one); a path, which names no object, takes that name
    when the entries of its file and name are of one function, else the
    bare name (with strict, None: not one function's)."""
    kind = {'ob': 'ob', 'cob': 'ob', 'fl': 'fl', 'fi': 'fl', 'fe': 'fl', 'cfi': 'fl', 'cfl': 'fl',
            'jfi': 'fl', 'fn': 'fn', 'cfn': 'fn', 'jfn': 'fn'}
    objs_of = {}      # (home file, name) -> objects of its entries
    places = {}       # name -> objects
    for path in paths:
        tabs = {'ob': {}, 'fl': {}, 'fn': {}}
        ob = fl = cob = None
        with open(path, encoding='utf-8', errors='surrogateescape') as f:
            for line in f:
                m = re.match(r'^([a-z]+)=(?:\((\d+)\))? ?(.*)$', line.rstrip('\n'))
                if not m or m.group(1) not in kind:
                    continue
                tab = tabs[kind[m.group(1)]]
                v = m.group(3) if m.group(3) or m.group(2) is None else tab[m.group(2)]
                if m.group(2) is not None and m.group(3):
                    tab[m.group(2)] = v
                k = m.group(1)
                if k == 'ob':
                    ob = v.rsplit('/', 1)[-1] or None
                elif k == 'cob':
                    cob = v.rsplit('/', 1)[-1] or None
                elif k == 'fl':
                    fl = v
                elif k == 'fn':
                    objs_of.setdefault((fl, v), set()).add(ob)
                    places.setdefault(v, set()).add(ob)
                elif k == 'cfn':
                    places.setdefault(v, set()).add(cob or ob)
                    cob = None

    def show(fn, strict=False):
        objs = places.get(fn[1], set()) - {None}
        o = {(next(iter(objs)) if x is None and len(objs) == 1 else x)
             for x in objs_of.get(fn, set())}
        if strict and len(o) != 1:
            return None  # not one function's entries
        if len(objs) < 2 or len(o) != 1:
            return fn[1]
        x = next(iter(o))
        return '%s [%s]' % (fn[1], 'no object' if x is None else x)
    return show


def read_path_table(path):
    """The call-path table of one of our tool's files (docs/format.md):
    (files, names, nodes, lost): K -> entry file and K -> name of each
    `# cp-fl`/`# cp-fn` line, id -> (parent, K, calls, costs) of each
    `# cp=` line, and the calls the header says went into their caller's
    path (T; a root then lost its path); None without a header."""
    files, names, nodes, lost = {}, {}, {}, None
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        for line in f:
            line = line.rstrip('\n')
            m = re.match(r'^# call paths: .*, (\d+) into their caller', line)
            if m:
                lost = int(m.group(1))
                continue
            m = re.match(r'^# cp-(fn|fl)=(\d+) (.*)$', line)
            if m:
                (names if m.group(1) == 'fn' else files)[int(m.group(2))] = m.group(3)
                continue
            m = re.match(r'^# cp=(.*)$', line)
            if m:
                t = [int(x) for x in m.group(1).split()]
                nodes[t[0]] = (t[1], t[2], t[3], t[4:])
    return None if lost is None else (files, names, nodes, lost)


def root_costs(paths):
    """What each function's root activations cost (the paths without a
    parent: a thread's first function, a signal handler), by the name the
    reports show (path_names), added up over the files PATHS; None unless
    every file has its paths, none lost one, and each root with a cost is
    one function's (docs/post-processors.md,
    "The call graph": then a function nobody calls costs its root paths,
    not its self cost and its calls)."""
    tables = [read_path_table(path) for path in paths]
    if any(t is None or t[3] for t in tables):
        return None
    shown = path_names(paths)
    out = {}
    for files, names, nodes, _ in tables:
        for i, (parent, k, calls, cc) in nodes.items():
            if parent or not any(cc):
                continue
            f = shown((files.get(k), names[k]), strict=True)
            if f is None:
                return None
            out[f] = [a + b for a, b in zip(out.get(f, [0] * len(cc)), cc)]
    return out


def load(paths, calls0_is_self=False, negative=False, by_name=False, by_place=False):
    p = Profile(calls0_is_self, negative, by_name, by_place)
    for path in paths:
        p.read(path)
    if by_place:
        resolve_places(p)
    return p


def fmt(names, v):
    return ' '.join('%s=%d' % (n, c) for n, c in zip(names, v))


def report(diffs, limit=25):
    for d in diffs[:limit]:
        print('# ' + d)
    if len(diffs) > limit:
        print('# ... and %d more differences' % (len(diffs) - limit))
    return 1 if diffs else 0


# --- callgrind_annotate's report ----------------------------------------------

def parse_annotate(text, nevents):
    """(totals, {name: counts}, {file: {line: counts}}) from the report."""
    lines = text.split('\n')
    count = r'(?:-?[\d,]+|\.)'        # negative: a cg_diff file's
    row = re.compile(r'^\s*((?:%s\s+){%d})(.*)$' % (count, nevents))
    nums = lambda s: [0 if t == '.' else int(t.replace(',', '')) for t in s.split()]
    totals, fns, files = None, {}, {}
    i = 0
    section = None
    cur = None
    while i < len(lines):
        ln = lines[i]
        if ln.endswith('PROGRAM TOTALS'):
            m = row.match(ln)
            totals = nums(m.group(1))
        elif re.match(r'^\S.*\s+file:function$', ln) or ln.strip().endswith(' file:function') \
                or ln.strip() == 'file:function':
            section = 'fns'
            i += 2      # the rule under the heading
            continue
        elif ln.startswith('-- Auto-annotated source: '):
            cur = ln[len('-- Auto-annotated source: '):]
            files[cur] = {}
            section = 'src'
            i += 4      # rule, event names, empty line
            lineno = 0
            continue
        elif ln.startswith('-- User-annotated source: '):
            raise Bad('unexpected user-annotated source')
        elif ln.startswith('-----') or ln.startswith('The following files'):
            section = None
        elif section == 'fns':
            if ln.strip() == '':
                section = None
            else:
                m = row.match(ln)
                if not m:
                    raise Bad('annotate: unparsable function row %r' % ln)
                fns[m.group(2)] = nums(m.group(1))
        elif section == 'src':
            m = row.match(ln)
            if m and m.group(2).startswith('=> '):
                pass                        # a call's inclusive cost
            elif m or ln.strip() == '':
                if ln.strip() == '':
                    # the end of the file (an empty source line has counts)
                    section = None
                else:
                    lineno += 1
                    v = nums(m.group(1))
                    if any(v):
                        files[cur][lineno] = v
            elif ln.startswith('-- line '):
                raise Bad('annotate: context elided in %s; raise --context' % cur)
            else:
                raise Bad('annotate: unparsable source row %r' % ln)
        i += 1
    return totals, fns, files


def cmd_check_annotate(annotated, paths):
    p = load(paths, calls0_is_self=True)
    with open(annotated, 'rb') as f:
        text = f.read().decode('utf-8', 'surrogateescape')
    totals, fns, files = parse_annotate(text, len(p.events))
    diffs = []
    ev = p.events
    # Function rows: "FILE:FN" or "FILE:FN [OBJECT]".
    got = {}
    objs = sorted(p.objects, key=len, reverse=True)
    mine = {'%s:%s' % k: k for k in p.fn}
    for name, v in fns.items():
        key = mine.get(name)
        if key is None:
            for o in objs:
                suffix = ' [%s]' % o
                if name.endswith(suffix) and name[:-len(suffix)] in mine:
                    key = mine[name[:-len(suffix)]]
                    break
        if key is None:
            # A function with only calls= lines has no self cost: the reader
            # keeps no row for it, annotate lists it with zeros.
            if any(v):
                diffs.append('annotate lists %r, the reader has no such function' % name)
            continue
        if key in got:
            diffs.append('annotate lists %s:%s twice' % key)
        got[key] = v
    for key, v in sorted(p.fn.items()):
        a = got.get(key)
        if a is None:
            if any(v):
                diffs.append('reader has %s:%s (%s), annotate does not' % (key + (fmt(ev, v),)))
        elif a != v:
            diffs.append('%s:%s: reader %s, annotate %s' % (key + (fmt(ev, v), fmt(ev, a))))
    # Lines of the annotated sources.
    nlines = 0
    for fname, lines in files.items():
        mine_lines = {ln: v for (fl, ln), v in p.line.items() if fl == fname and ln > 0 and any(v)}
        for ln in sorted(set(mine_lines) | set(lines)):
            a, r = lines.get(ln), mine_lines.get(ln)
            nlines += 1
            if a != r:
                diffs.append('%s:%d: reader %s, annotate %s' % (
                    fname, ln, fmt(ev, r) if r else 'none', fmt(ev, a) if a else 'none'))
    # Every readable source file with costs must have been annotated.
    import os
    for fl in sorted({fl for (fl, ln), v in p.line.items() if ln > 0 and any(v)}):
        if os.path.isabs(fl) and os.path.isfile(fl) and fl not in files:
            diffs.append('annotate did not annotate %s' % fl)
    rc = report(diffs)
    if rc == 0:
        print('# %d functions, %d lines in %d annotated files agree' % (len(got), nlines, len(files)))
    return rc


def cmd_check_totals(paths):
    p = load(paths)
    s = p.self_total()
    if s != p.totals:
        return report(['sum of self costs %s != sum of totals: lines %s' % (
            fmt(p.events, s), fmt(p.events, p.totals))])
    print('# %d part(s), totals %s' % (p.parts, fmt(p.events, p.totals)))
    for n in sorted(p.notes):
        print('# note: %s' % n)
    return 0


def cmd_check_ours(ours, paths, negative=False):
    p = load(paths, negative=negative, by_name=True, by_place=True)
    # Rows as ours shows them (--fold=no): by file and function name.
    shown = place_names({f for (fl, f) in p.fn} | {k[1] for k in p.calls} | {k[3] for k in p.calls})
    rows = {}
    for (fl, f), v in p.fn.items():
        p._add(rows, (fl, shown[f]), v)
    p.fn = rows
    with open(ours, 'rb') as f:
        doc = json.loads(f.read().decode('utf-8'))
    diffs = []
    ev = doc.get('events')
    if not isinstance(ev, list) or sorted(ev) != sorted(p.events):
        return report(['events: ours %r, the file says %r' % (ev, p.events)])
    idx = [ev.index(e) for e in p.events]      # ours reordered to the file's order
    reord = lambda v: [v[i] for i in idx]
    t = reord(doc.get('totals', []))
    if t != p.totals:
        diffs.append('totals: ours %s, totals: lines %s' % (fmt(p.events, t), fmt(p.events, p.totals)))
    got = {}
    for r in doc.get('functions', []):
        key = (r['file'], r['function'])
        if key in got:
            diffs.append('ours lists %s:%s twice' % key)
        got[key] = reord(r['counts'])
    for key in sorted(set(got) | set(p.fn)):
        o, r = got.get(key), p.fn.get(key)
        if o is None and r is not None and not any(r):
            continue
        # A function of no self cost (a caller only, after ZERO_STATS, say):
        # ours lists it with zeros (the JSON's zero_entries), the oracle not.
        if r is None and o is not None and not any(o):
            continue
        if o != r:
            diffs.append('%s:%s: ours %s, oracle %s' % (
                key + (fmt(p.events, o) if o else 'none', fmt(p.events, r) if r else 'none')))
    if 'files' not in doc:
        diffs.append('ours has no "files" (per-line counts)')
    else:
        gotl = {}
        for fr in doc['files']:
            for row in fr['lines']:
                gotl[(fr['file'], row[0])] = reord(row[1:])
        for key in sorted(set(gotl) | set(p.line)):
            o, r = gotl.get(key), p.line.get(key)
            if (o is None or not any(o)) and (r is None or not any(r)):
                continue
            if o != r:
                diffs.append('%s:%d: ours %s, oracle %s' % (
                    key + (fmt(p.events, o) if o else 'none', fmt(p.events, r) if r else 'none')))
    rc = report(diffs)
    if rc == 0:
        print('# %d functions, %d lines agree' % (len(p.fn), len(p.line)))
    return rc


# --- cg_merge's and cg_diff's Callgrind files ---------------------------------

def in_order(p, events):
    """A function that puts p's vectors in the order of events (p's names)."""
    idx = [p.events.index(e) for e in events]
    return lambda v: [v[i] for i in idx]


def compare(what, got, want, names, diffs, show):
    """got and want: key -> vector; entries of zeros are the same as none."""
    n = 0
    for key in sorted(set(got) | set(want), key=repr):
        g, w = got.get(key), want.get(key)
        if (g is None or not any(g)) and (w is None or not any(w)):
            continue
        n += 1
        if g != w:
            diffs.append('%s %s: written %s, expected %s' % (
                what, show(key), fmt(names, g) if g else 'none', fmt(names, w) if w else 'none'))
    return n


def show_fn(k):
    return '%s:%s' % k


def show_line(k):
    return '%s:%d' % k


def show_call(k):
    s = '%s:%s -> %s:%s' % k[:4]
    return s + (' (site %d, target %d)' % k[4:] if len(k) > 4 else '')


def fold_calls(p):
    """Calls without their site and target lines: caller -> callee."""
    out = {}
    for k, v in p.calls.items():
        p._add(out, k[:4], v)
    return out


def cmd_check_merge(merged, inputs):
    """What cg_merge wrote (merged) against its inputs, added up by the
    reader: totals, self cost of every function and line, calls with their
    sites, targets, counts and inclusive costs; events matched by name."""
    m = load([merged], by_name=True)
    s = load(inputs, by_name=True)
    if sorted(m.events) != sorted(s.events):
        return report(['events: written %s, inputs %s' % (m.events, s.events)])
    r = in_order(m, s.events)
    ev, cev = s.events, ['calls'] + s.events
    diffs = []
    if r(m.totals) != s.totals:
        diffs.append('totals: written %s, sum of the inputs\' %s' % (fmt(ev, r(m.totals)), fmt(ev, s.totals)))
    if m.self_total() != m.totals:
        diffs.append('written: sum of self costs %s != totals: %s' % (
            fmt(m.events, m.self_total()), fmt(m.events, m.totals)))
    nf = compare('function', {k: r(v) for k, v in m.fn.items()}, s.fn, ev, diffs, show_fn)
    nl = compare('line', {k: r(v) for k, v in m.line.items()}, s.line, ev, diffs, show_line)
    nc = compare('call', {k: v[:1] + r(v[1:]) for k, v in m.calls.items()}, s.calls, cev, diffs, show_call)
    rc = report(diffs)
    if rc == 0:
        print('# totals %s, %d functions, %d lines, %d calls agree' % (fmt(ev, s.totals), nf, nl, nc))
    return rc


def subtract(new, old):
    """new - old, key by key."""
    out = {}
    for k in set(new) | set(old):
        b = new.get(k)
        a = old.get(k)
        n = len(b if b is not None else a)
        out[k] = [(b[i] if b else 0) - (a[i] if a else 0) for i in range(n)]
    return out


def cmd_check_diff(diff, old, new):
    """What cg_diff OLD NEW wrote (diff, read allowing negative counts)
    against NEW minus OLD: totals, self cost of every function, calls
    (caller -> callee: count and inclusive cost); every cost on line 0."""
    d = load([diff], negative=True, by_name=True)
    a, b = load([old]), load([new])
    if a.events != b.events:
        raise Bad('the inputs\' events differ: %s, %s' % (a.events, b.events))
    if sorted(d.events) != sorted(a.events):
        return report(['events: written %s, inputs %s' % (d.events, a.events)])
    r = in_order(d, a.events)
    ev, cev = a.events, ['calls'] + a.events
    diffs = []
    want = [y - x for x, y in zip(a.totals, b.totals)]
    if r(d.totals) != want:
        diffs.append('totals: written %s, new - old %s' % (fmt(ev, r(d.totals)), fmt(ev, want)))
    if d.self_total() != d.totals:
        diffs.append('written: sum of self costs %s != totals: %s' % (
            fmt(d.events, d.self_total()), fmt(d.events, d.totals)))
    nf = compare('function', {k: r(v) for k, v in d.fn.items()}, subtract(b.fn, a.fn), ev, diffs, show_fn)
    nc = compare('call', {k: v[:1] + r(v[1:]) for k, v in fold_calls(d).items()},
                 subtract(fold_calls(b), fold_calls(a)), cev, diffs, show_call)
    for (fl, ln), v in sorted(d.line.items(), key=repr):
        if ln != 0 and any(v):
            diffs.append('cost on line %s:%d (%s): cg_diff keeps no lines' % (fl, ln, fmt(d.events, v)))
    rc = report(diffs)
    if rc == 0:
        print('# totals %s, %d functions, %d calls agree' % (fmt(ev, want), nf, nc))
    return rc


# --- the call graph: cg_annotate --format=json's "call_graph" -----------------

RECLEVEL = re.compile(r'^[0-9]+$')


def name_order(s):
    """Bytewise order of names (the file's bytes, not code points)."""
    return s.encode('utf-8', 'surrogateescape')


def strongly_connected(nodes, succ):
    """The strongly connected components of a directed graph (Tarjan's
    algorithm, without recursion: Callgrind's call chains are deep)."""
    index, low = {}, {}
    stack, on_stack = [], set()
    comps = []
    for root in sorted(nodes):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [[root, 0]]
        while work:
            top = work[-1]
            v = top[0]
            if top[1] < len(succ[v]):
                w = succ[v][top[1]]
                top[1] += 1
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append([w, 0])
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                comps.append(comp)
    return comps


class CallGraph:
    """The call graph of a Profile, from its self costs and calls alone.

    As written: one node per function name exactly as the file writes it
    (`fib`, `fib'2`, `fib'main'(below main)` apart), its self cost summed
    over source files and objects; one arc per (caller node, callee node),
    its number of calls and inclusive costs summed over call sites (a
    `calls=0` line, a call still running at the dump, is an arc of count 0).
    Cycles: the strongly connected components of 2 nodes or more (a node
    that calls itself is recursion, not a cycle).

    Folded: a node is a function's.  Callgrind writes a node as
    F['N]['C1'C2...]: F the function, 'N its recursion level when above 1
    (--separate-recs), C1... its callers, innermost first
    (--separate-callers).  A name is read so only when every caller part is
    the function part of some node of the file (a Rust name can contain
    `'`); else the whole name is the function, at level 1.  A node is of
    level 1 when it has no 'N part.

    Levels: the file has some node with a level.  Callgrind counts levels
    per function, so then a call into a level-1 node from another function
    starts an outermost activation, cycles or not, and no cycle matters;
    without levels only the cycles say so.  An arc u -> v is *counted* when
    v is of level 1, u and v are of different functions, and (without
    levels) u is not in v's cycle.  A function without a level-1 node has
    all its nodes taken for level 1 (not exact if it has two or more).
    Places: with p.by_place, a node is a name in its object, so `(below main)` of the program and of libc are two
    functions, shown as `(below main) [prog]` and `(below main)
    [libc.so.6]` (place_names).
    Shared: a function called with two callee files or more (static
    functions of two files of one object can share a name):
    its nodes may nest at level 1.  For it, and without levels for a
    function of two level-1 nodes or more, the inclusive cost is the union
    rule: counted arcs into its level-1 nodes from callers that no node of
    it reaches; none from callers that run only inside it (called, and
    only by its nodes or by such callers); exact when every other such
    arc costs nothing.  A function's inclusive cost: over its level-1 nodes v, the
    inclusive costs of the counted arcs into v; a root, a level-1 node that
    no other node calls (the program's first function, a thread's start),
    gives instead its self cost and the inclusive costs of the arcs out of
    it but a self-loop (whose cost is in the node's self cost already);
    with `roots` (our tool's files: root_costs), a function with such a
    root and root paths costs its root paths instead (they hold the code it
    reached by a jump, `???`); the root paths of a called function are the
    activations of calls from one opened before recording began (no path),
    in the calls already.  A level-1 node called from its cycle only gives nothing: the cycle's
    inclusive cost holds it (taking it for a root, as a reading of the
    rules has it, gives `is_odd` of recs1-recursion 1.8 times the
    program's total).
    `calls`: the counted arcs' counts; `recursive_calls`: the counts of
    every other arc into any of its nodes.  Exact: no level-1 node in a
    cycle.  A folded arc F -> G: the arcs from F's nodes to G's, `count`
    and `inclusive` those of the counted ones, `recursive_count` the
    others' count.  A cycle: its members (the functions of its nodes),
    self cost, and inclusive cost: the arcs into it from outside, or, when
    none enters it, its self cost and the arcs out of it."""

    def __init__(self, p, roots=None):
        self.roots = roots
        self.events = p.events
        self.zero = [0] * len(p.events)
        self.self = {}
        for (fl, fn), v in p.fn.items():
            p._add(self.self, fn, v)
        self.arcs = {}
        for k, v in p.calls.items():
            p._add(self.arcs, (k[1], k[3]), v)
        nodes = set(self.self)
        for u, v in self.arcs:
            nodes.add(u)
            nodes.add(v)
        self.nodes = nodes
        self.succ = {x: [] for x in nodes}
        self.into = {x: [] for x in nodes}     # arcs into x: (u, [count, incl...])
        self.out = {x: [] for x in nodes}
        for (u, v), a in sorted(self.arcs.items()):
            self.succ[u].append(v)
            self.into[v].append((u, a))
            self.out[u].append((v, a))
        # Folding, in each node's place (p.by_place); the functions then
        # named as ours shows them (place_names).
        name_of = lambda x: x.split(SEP)[0] if p.by_place else x
        place_of = lambda x: SEP + x.split(SEP)[1] if p.by_place else ''
        firsts = {name_of(x).split("'")[0] for x in nodes}
        self.func, self.level1 = {}, {}
        for x in nodes:
            parts = name_of(x).split("'")
            f, rest, lvl1 = parts[0], parts[1:], True
            if rest and RECLEVEL.match(rest[0]):
                rest, lvl1 = rest[1:], False
            if all(c in firsts for c in rest):
                self.func[x], self.level1[x] = f + place_of(x), lvl1
            else:
                self.func[x], self.level1[x] = x, True
        if p.by_place:
            shown = place_names(set(self.func.values()))
            self.func = {x: shown[f] for x, f in self.func.items()}
        self.shown = (lambda x: x.replace(SEP, ' @')) if p.by_place else (lambda x: x)
        has1 = {self.func[x] for x in nodes if self.level1[x]}
        self.promoted = set()
        for x in nodes:
            if self.func[x] not in has1:
                self.level1[x] = True
                self.promoted.add(self.func[x])
        self.levels = any(not self.level1[x] for x in nodes)
        files = {}
        for k in p.calls:
            files.setdefault(self.func[k[3]], set()).add(k[2])
        self.shared = {f for f, s in files.items() if len(s) >= 2}
        # Cycles (none matter with levels).
        self.cycle_of = {}
        self.cycles = []
        comps = [sorted(c) for c in strongly_connected(nodes, self.succ) if len(c) >= 2]
        if self.levels:
            comps = []
        for c in sorted(comps):
            for x in c:
                self.cycle_of[x] = len(self.cycles)
            self.cycles.append(c)

    def counted(self, u, v):
        if not self.level1[v] or self.func[u] == self.func[v]:
            return False
        if self.levels:
            return True
        cv = self.cycle_of.get(v)
        return cv is None or self.cycle_of.get(u) != cv

    def union_inclusive(self, f, nodes):
        """(inclusive, exact) of function f by the union rule."""
        reach, todo = set(nodes), list(nodes)
        while todo:
            x = todo.pop()
            for y in self.succ[x]:
                if y not in reach:
                    reach.add(y)
                    todo.append(y)
        # Nodes that run only inside f: called, only by f's nodes or by
        # such nodes (the least such set).
        inside, grew = set(), True
        while grew:
            grew = False
            for y in self.nodes:
                if y in inside or self.func[y] == f:
                    continue
                callers = [u for u, a in self.into[y] if u != y]
                if callers and all(self.func[u] == f or u in inside for u in callers):
                    inside.add(y)
                    grew = True
        incl, exact = self.zero, True
        rooted = self.roots is not None and f in self.roots and any(
            self.level1[x] and all(u == x for u, a in self.into[x]) for x in nodes)
        if rooted:
            incl = self.roots[f]
        for x in nodes:
            if not self.level1[x]:
                continue
            if all(u == x for u, a in self.into[x]):
                if rooted:
                    continue  # its root activations: self.roots
                incl = self.add(incl, self.self.get(x, self.zero))
                for v, a in self.out[x]:
                    if v != x:
                        incl = self.add(incl, a[1:])
                continue
            for u, a in self.into[x]:
                if self.func[u] == f or u in inside:
                    continue
                if u not in reach:
                    incl = self.add(incl, a[1:])
                elif any(a[1:]):
                    exact = False
        return incl, exact

    def add(self, a, b):
        return [x + y for x, y in zip(a, b)]

    def functions(self):
        """function -> dict of self, inclusive, exact, calls, recursive_calls,
        cycles (the indices of the cycles its level-1 nodes are in), root
        (whether a level-1 node of it is a root), nodes (its nodes)."""
        out = {}
        for x in sorted(self.nodes):
            f = out.setdefault(self.func[x], {
                'self': self.zero, 'inclusive': self.zero, 'exact': True,
                'calls': 0, 'recursive_calls': 0, 'cycles': set(), 'root': False,
                'nodes': []})
            f['nodes'].append(x)
            f['self'] = self.add(f['self'], self.self.get(x, self.zero))
            ins = [(u, a) for u, a in self.into[x] if self.counted(u, x)]
            for u, a in self.into[x]:
                if not self.counted(u, x):
                    f['recursive_calls'] += a[0]
            if not self.level1[x]:
                continue
            if x in self.cycle_of:
                f['exact'] = False
                f['cycles'].add(self.cycle_of[x])
            if ins:
                for u, a in ins:
                    f['calls'] += a[0]
                    f['inclusive'] = self.add(f['inclusive'], a[1:])
            elif all(u == x for u, a in self.into[x]):
                f['root'] = True
                if self.roots is not None and self.func[x] in self.roots:
                    continue  # its root activations: added below
                f['inclusive'] = self.add(f['inclusive'], self.self.get(x, self.zero))
                for v, a in self.out[x]:
                    if v != x:
                        f['inclusive'] = self.add(f['inclusive'], a[1:])
        for name, f in out.items():
            if self.roots is not None and name in self.roots and f['root']:
                f['inclusive'] = self.add(f['inclusive'], self.roots[name])
            if name in self.promoted and len(f['nodes']) > 1:
                f['exact'] = False
            if not f['exact']:
                continue
            n1 = sum(1 for x in f['nodes'] if self.level1[x])
            if name in self.shared or (not self.levels and n1 >= 2):
                f['inclusive'], f['exact'] = self.union_inclusive(name, f['nodes'])
        return out

    def folded_calls(self):
        """(caller, callee) -> [count, recursive_count, inclusive...]."""
        out = {}
        for (u, v), a in self.arcs.items():
            k = (self.func[u], self.func[v])
            if k[0] == k[1]:
                continue  # a function's calls to itself: its recursive_calls
            cur = out.setdefault(k, [0, 0] + self.zero)
            if self.counted(u, v):
                cur[0] += a[0]
                cur[2:] = self.add(cur[2:], a[1:])
            else:
                cur[1] += a[0]
        return out

    def excess(self):
        """node -> the inclusive costs of the calls into it minus its self
        cost and the inclusive costs of its calls, for every node that is
        called and is not recursive (in no cycle, no self-loop), where the
        two must be equal; only the nodes where they are not.  Callgrind
        gives a few more instructions (and I1/LL misses) to a call that
        never returns (`_Exit`, a thread's `start_thread`) or that is
        still running at a dump than its callee's costs add up to."""
        out = {}
        for x in sorted(self.nodes):
            if x in self.cycle_of or not self.into[x] or any(u == x for u, a in self.into[x]):
                continue
            d = self.zero
            for u, a in self.into[x]:
                d = self.add(d, a[1:])
            d = [i - s for i, s in zip(d, self.self.get(x, self.zero))]
            for v, a in self.out[x]:
                d = [i - o for i, o in zip(d, a[1:])]
            if any(d):
                out[x] = d
        return out

    def nested_contexts(self):
        """[(function, node)]: level-1 nodes whose --separate-callers context
        names their own function: called while the function is active (two
        functions of one name, say, whose recursion levels Callgrind counts
        apart), so that the function's inclusive cost counts them twice."""
        out = []
        for x in sorted(self.nodes):
            f, name = self.func[x], x.split(SEP)[0]
            base = f.split(' [')[0] if SEP in x else f
            if self.level1[x] and base != name and base in name.split("'")[1:]:
                out.append((f, self.shown(x)))
        return out

    def cycle_figures(self):
        """[(members, self, inclusive)] in the order of self.cycles."""
        out = []
        for c in self.cycles:
            cs = set(c)
            members = sorted({self.func[x] for x in c}, key=name_order)
            s = self.zero
            for x in c:
                s = self.add(s, self.self.get(x, self.zero))
            incl, entered = self.zero, False
            for x in c:
                for u, a in self.into[x]:
                    if u not in cs:
                        entered = True
                        incl = self.add(incl, a[1:])
            if not entered:
                incl = s
                for x in c:
                    for v, a in self.out[x]:
                        if v not in cs:
                            incl = self.add(incl, a[1:])
            out.append((members, s, incl))
        return out


def graph_json(g):
    """The oracle's call graph in the shape of cg_annotate's "call_graph"
    (counts in the file's order of events), for reading and for testing
    check-graph itself."""
    funcs = g.functions()
    cycles = g.cycle_figures()
    order = sorted(range(len(cycles)), key=lambda k: (cycles[k][0], cycles[k][1], cycles[k][2]))
    number = {k: n + 1 for n, k in enumerate(order)}
    out = {'folded': True, 'functions': [], 'calls': [], 'cycles': []}
    for f in sorted(funcs, key=name_order):
        r = funcs[f]
        cyc = sorted(number[k] for k in r['cycles'])
        out['functions'].append({
            'function': f, 'self': r['self'], 'inclusive': r['inclusive'], 'exact': r['exact'],
            'cycle': cyc[0] if cyc else None, 'calls': r['calls'],
            'recursive_calls': r['recursive_calls']})
    for (a, b), v in sorted(g.folded_calls().items(), key=lambda k: (name_order(k[0][0]), name_order(k[0][1]))):
        out['calls'].append({'caller': a, 'callee': b, 'count': v[0], 'recursive_count': v[1],
                             'inclusive': v[2:]})
    for k in order:
        out['cycles'].append({'cycle': number[k], 'members': cycles[k][0], 'self': cycles[k][1],
                              'inclusive': cycles[k][2]})
    return out


def cmd_check_graph(ours, paths):
    """Our JSON's call_graph against the CallGraph of the files (added up),
    and the invariants: no function's or cycle's inclusive cost above the
    program's total in any event (Callgrind's counts are never negative)."""
    p = load(paths, by_name=True, by_place=True)
    g = CallGraph(p, root_costs(paths))
    with open(ours, 'rb') as f:
        doc = json.loads(f.read().decode('utf-8', 'surrogateescape'))
    ev = doc.get('events')
    if not isinstance(ev, list) or sorted(ev) != sorted(p.events):
        return report(['events: ours %r, the file says %r' % (ev, p.events)])
    idx = [ev.index(e) for e in p.events]
    names = p.events
    total = p.totals
    funcs = g.functions()
    fcalls = g.folded_calls()
    cycles = g.cycle_figures()
    roots = sorted((f for f, r in funcs.items() if r['root']), key=name_order)
    diffs = []
    # The invariants: no inclusive cost above the program's total, but for
    # what Callgrind's own calls give beyond their callees' costs (slack).
    excess = g.excess()
    slack = g.zero
    for d in excess.values():
        slack = g.add(slack, [max(0, c) for c in d])
    limit = g.add(total, slack)
    notes = []
    over = [(x, d) for x, d in sorted(excess.items()) if any(c > 0 for c in d)]
    for x, d in over[:3]:
        notes.append('Callgrind\'s calls into %s cost %s more than its self cost and its calls'
                     ' (a call that never returns, or still running at the dump)' % (
                         g.shown(x), fmt(names, [max(0, c) for c in d])))
    if len(over) > 3:
        notes.append('... and %d more such nodes' % (len(over) - 3))
    for f, x in g.nested_contexts()[:3]:
        notes.append('%s: its level-1 node %s is called while %s is active: its inclusive cost'
                     ' counts that call twice' % (f, x, f))
    # The oracle's own figures: a failure here is the rules', not ours.
    for f, r in sorted(funcs.items()):
        if any(i > t for i, t in zip(r['inclusive'], limit)):
            notes.append('oracle: %s: inclusive %s above the total %s' % (
                f, fmt(names, r['inclusive']), fmt(names, total)))
    if not g.arcs:
        if 'call_graph' in doc:
            notes.append('the file has no calls, yet ours has a "call_graph"')
        else:
            print('# no calls in the file, no "call_graph" in ours')
            return 0
    cg = doc.get('call_graph')
    if cg is None:
        diffs.append('ours has no "call_graph": cg_annotate --format=json does not give the call'
                     ' graph yet (issue 26); the oracle has %d functions, %d calls (folded),'
                     ' %d cycles' % (len(funcs), len(fcalls), len(cycles)))
        rc = report(diffs)
        for n in notes:
            print('# ' + n)
        return rc

    def vec(obj, key, what):
        v = obj.get(key)
        if not isinstance(v, list) or len(v) != len(ev):
            diffs.append('%s: "%s" is %r, not %d counts' % (what, key, v, len(ev)))
            return None
        return [v[i] for i in idx]

    def show(v):
        return fmt(names, v) if v is not None else 'none'

    if cg.get('folded') is not True:
        diffs.append('"folded" is %r, not true (the default view)' % cg.get('folded'))
    # Cycles: matched as a multiset of (members, self, inclusive); ours'
    # numbers kept for the functions' "cycle".
    mine_c = sorted((tuple(m), tuple(s), tuple(i)) for m, s, i in cycles)
    ours_c, num = [], {}
    for c in cg.get('cycles', []):
        what = 'cycle %r' % c.get('cycle')
        s, i = vec(c, 'self', what), vec(c, 'inclusive', what)
        m = c.get('members')
        if s is None or i is None or not isinstance(m, list):
            continue
        if m != sorted(m, key=name_order):
            diffs.append('%s: members %r not in bytewise order' % (what, m))
        if c.get('cycle') in num:
            diffs.append('%s: the number is used twice' % what)
        t = (tuple(sorted(m, key=name_order)), tuple(s), tuple(i))
        num[c.get('cycle')] = t
        ours_c.append(t)
    ours_c.sort()
    if ours_c != mine_c:
        for t in [t for t in ours_c if t not in mine_c]:
            diffs.append('cycle of %s: ours has self %s, inclusive %s; the oracle has no such cycle' % (
                ' '.join(t[0]), show(list(t[1])), show(list(t[2]))))
        for t in [t for t in mine_c if t not in ours_c]:
            diffs.append('cycle of %s: the oracle has self %s, inclusive %s; ours has no such cycle' % (
                ' '.join(t[0]), show(list(t[1])), show(list(t[2]))))
    # Functions.
    got, incl = {}, {}
    for r in cg.get('functions', []):
        f = r.get('function')
        if f in got:
            diffs.append('function %r listed twice' % f)
        got[f] = r
    for f in sorted(set(got) | set(funcs), key=name_order):
        o, m = got.get(f), funcs.get(f)
        if o is None:
            if any(m['self']) or any(m['inclusive']) or m['calls'] or m['recursive_calls']:
                diffs.append('function %s: not in ours (oracle: self %s, inclusive %s, calls %d)' % (
                    f, show(m['self']), show(m['inclusive']), m['calls']))
            continue
        what = 'function %s' % f
        if m is None:
            diffs.append('%s: in ours, not a function of the file' % what)
            continue
        s, i = vec(o, 'self', what), vec(o, 'inclusive', what)
        if i is not None:
            incl[f] = i
        if s is not None and s != m['self']:
            diffs.append('%s: self: ours %s, oracle %s' % (what, show(s), show(m['self'])))
        if i is not None and i != m['inclusive']:
            diffs.append('%s: inclusive: ours %s, oracle %s' % (what, show(i), show(m['inclusive'])))
        for k in ('exact', 'calls', 'recursive_calls'):
            if o.get(k) != m[k]:
                diffs.append('%s: %s: ours %r, oracle %r' % (what, k, o.get(k), m[k]))
        # "cycle": null when exact; else the number of ours' cycle of its
        # level-1 node(s), one that lists it.
        c = o.get('cycle')
        if m['exact'] and c is not None and c not in num:
            diffs.append('%s: cycle %r: ours has no such cycle' % (what, c))
        if not m['exact'] and not m['cycles']:
            # Inexact without a cycle: a shared name, or nesting contexts.
            if c is not None:
                diffs.append('%s: cycle %r: it is in no cycle' % (what, c))
        elif not m['exact']:
            want = {mine_c.index((tuple(cycles[k][0]), tuple(cycles[k][1]), tuple(cycles[k][2])))
                    for k in m['cycles']}
            if c not in num:
                diffs.append('%s: cycle %r: not one of ours\' cycles (its level-1 node%s in %d)' % (
                    what, c, 's are' if len(m['nodes']) > 1 else ' is', len(want)))
            elif len(want) == 1 and num[c] != mine_c[want.pop()]:
                diffs.append('%s: cycle %r is not the cycle of its level-1 node' % (what, c))
            elif f not in num[c][0]:
                diffs.append('%s: cycle %r does not list it' % (what, c))
    # Folded calls.
    gotc = {}
    for r in cg.get('calls', []):
        k = (r.get('caller'), r.get('callee'))
        what = 'call %s -> %s' % k
        if k in gotc:
            diffs.append('%s: listed twice' % what)
        i = vec(r, 'inclusive', what)
        gotc[k] = [r.get('count'), r.get('recursive_count')] + (i if i is not None else [None])
    for k in sorted(set(gotc) | set(fcalls), key=lambda k: (name_order(k[0]), name_order(k[1]))):
        o, m = gotc.get(k), fcalls.get(k)
        if (o is None or not any(o)) and (m is None or not any(m)):
            continue
        if o != m:
            sh = lambda a: ('none' if a is None else 'count %r, recursive_count %r, inclusive %s' % (
                a[0], a[1], show(a[2:]) if None not in a[2:] else '?'))
            diffs.append('call %s -> %s: ours %s; oracle %s' % (k + (sh(o), sh(m))))
    # The invariants, on ours (for every event).
    def above(what, i):
        if any(a > t for a, t in zip(i, limit)):
            diffs.append('invariant: %s: inclusive %s above the program\'s total %s' % (
                what, show(i), show(total)))
        elif any(a > t for a, t in zip(i, total)):
            notes.append('%s: inclusive %s above the program\'s total %s, by no more than'
                         ' Callgrind\'s calls give beyond their callees\' costs' % (
                             what, show(i), show(total)))
    for f, i in sorted(incl.items(), key=lambda k: name_order(k[0])):
        above('function %s' % f, i)
    for c, t in sorted(num.items(), key=repr):
        above('cycle %r' % c, list(t[2]))
    rc = report(diffs)
    for n in notes:
        print('# ' + n)
    if rc == 0:
        rs = g.zero
        for f in roots:
            rs = g.add(rs, funcs[f]['inclusive'])
        print('# %d functions (%d inexact), %d calls, %d cycles agree; roots %s: inclusive %s of total %s' % (
            len(funcs), sum(1 for r in funcs.values() if not r['exact']), len(fcalls), len(cycles),
            ', '.join(roots[:4]) + (', ...' if len(roots) > 4 else ''), show(rs), show(total)))
    return rc


class Totals:
    """A Callgrind file's events and summed totals: lines, quickly."""

    def __init__(self, path):
        with open(path, 'rb') as f:
            data = f.read().decode('utf-8', 'surrogateescape')
        evs = re.findall(r'(?m)^events:[ \t]*(.*?)\r?$', data)
        if not evs or any(e.split() != evs[0].split() for e in evs):
            raise Bad('%s: no events: line, or parts of different events' % path)
        self.events = evs[0].split()
        self.totals = [0] * len(self.events)
        for t in re.findall(r'(?m)^totals:[ \t]*(.*?)\r?$', data):
            for i, c in enumerate(t.split()):
                self.totals[i] += parse_num(c)


def cmd_fn_context(path):
    """No cost or call line of a function comes where the current file is an
    `fi=`/`fe=` file left over from the function before: after `fn=`, the
    current file is the last `fl=` (as KCachegrind reads the format), but
    callgrind_annotate keeps whatever file was current.  Callgrind's own
    files never depend on the difference (it writes `fe=` back to the `fl=`
    file, or a new `fl=`, before the next function)."""
    names = {}
    fl = cur = None
    suspect = None      # the fn= line after which cur != fl, until a file line
    bad = []
    with open(path, 'rb') as f:
        data = f.read().decode('utf-8', 'surrogateescape')
    for no, raw in enumerate(data.split('\n'), 1):
        line = raw.rstrip('\r')
        if suspect is not None and re.match(r'^([0-9+*-]|calls=)', line):
            bad.append('%s:%d: %s: its costs are read under the file %s (callgrind_annotate),'
                       ' or %s (KCachegrind)' % (path, suspect[0], suspect[1], cur, fl))
            suspect = None
        m = re.match(r'^(fl|fi|fe|fn)=(.*)$', line)
        if not m:
            continue
        k, v = m.groups()
        if k == 'fn':
            suspect = (no, line) if cur != fl else None
            continue
        suspect = None
        c = re.match(r'^\((\d+)\)(?: (.*))?$', v)
        if c:
            if c.group(2) is not None:
                names[c.group(1)] = c.group(2)
            v = names.get(c.group(1), v)
        cur = v
        if k == 'fl':
            fl = v
    if bad:
        print('# %d functions are written after an fi=/fe= line without going back to'
              ' their fl= file; callgrind_annotate gives their costs to that file:' % len(bad))
        return report(bad, 3)
    return 0


def cmd_annotate_totals(annotated, old, new):
    """callgrind_annotate's PROGRAM TOTALS of a cg_diff file == NEW - OLD
    (the inputs' totals: lines only, not their every line)."""
    a, b = Totals(old), Totals(new)
    with open(annotated, 'rb') as f:
        text = f.read().decode('utf-8', 'surrogateescape')
    m = re.search(r'(?m)^Events shown:\s+(.*)$', text)
    if not m:
        raise Bad('annotate: no "Events shown:" line')
    shown = m.group(1).split()
    totals = parse_annotate(text, len(shown))[0]
    want = in_order(a, shown)([y - x for x, y in zip(a.totals, b.totals)])
    if totals != want:
        return report(['PROGRAM TOTALS: annotate %s, new - old %s' % (
            fmt(shown, totals) if totals else 'none', fmt(shown, want))])
    print('# PROGRAM TOTALS %s agree' % fmt(shown, want))
    return 0


def cmd_limit(old, new, event, percent):
    a, b = load([old]), load([new])
    if event not in a.events or event not in b.events:
        raise Bad('no event %s' % event)
    o = a.totals[a.events.index(event)]
    n = b.totals[b.events.index(event)]
    # broken when (n - o) > percent% of |o|: exact, as docs/json.md says.
    num, den = percent.split('.') if '.' in percent else (percent, '')
    scale = 10 ** len(den)
    pct = int(num + den) if (num + den) else 0
    broken = (n - o) * 100 * scale > pct * abs(o) if o != 0 else n - o > 0
    print('3' if broken else '0')
    print('# %s: old %d, new %d, change %+d, limit +%s%%' % (event, o, n, n - o, percent),
          file=sys.stderr)
    return 0


def cmd_fn_limit(old, new, pattern, event, percent):
    """The value of a function limit in each file: the inclusive costs of
    the calls= into the functions whose names match the glob PATTERN (`*`,
    `?`), at their level-1 nodes (`F`, not the recursion levels `F'2`...),
    from callers that are none of them (their name's function part, before
    a `'`, unmatched).  That is the cost of their activations taken as one
    only when no such call can run inside one of them: a caller that one of
    them reaches through calls makes the oracle give up (status 2), as
    does a matching function that nobody calls (a thread's first one)."""
    rx = re.compile(''.join('.*' if c == '*' else '.' if c == '?' else re.escape(c) for c in pattern),
                    re.S)
    part = lambda name: name.split("'")[0]
    values = []
    for path in (old, new):
        p = load([path])
        if event not in p.events:
            raise Bad('%s: no event %s' % (path, event))
        e = p.events.index(event)
        callees = {}                            # function part -> callee function parts
        for k in p.calls:
            callees.setdefault(part(k[1]), set()).add(part(k[3]))
        names = set(callees) | {part(f) for (fl, f) in p.fn}
        matched = {f for f in names if rx.fullmatch(f)}
        inside, todo = set(), list(matched)     # what runs while one of them does
        while todo:
            for g in callees.get(todo.pop(), ()):
                if g not in inside:
                    inside.add(g)
                    todo.append(g)
        value, called = 0, set()
        for k, v in p.calls.items():
            caller, callee = part(k[1]), k[3]
            if part(callee) not in matched or callee != part(callee) or caller in matched:
                continue
            if caller in inside:
                raise Bad('%s: %s calls %s and may run inside one of the functions %s matches' %
                          (path, caller, callee, pattern))
            value += v[1 + e]
            called.add(callee)
        if matched - called:
            raise Bad('%s: %s: no call into it from outside' % (path, ', '.join(sorted(matched - called))))
        values.append((value, sorted(matched)))
    (o, mo), (n, mn) = values
    if not mo and not mn:
        raise Bad('%s matches no function' % pattern)
    # broken when (n - o) > percent% of |o|, as cmd_limit decides.
    num, den = percent.split('.') if '.' in percent else (percent, '')
    pct = int(num + den) if (num + den) else 0
    broken = (n - o) * 100 * 10 ** len(den) > pct * abs(o) if o != 0 else n - o > 0
    print('3' if broken else '0')
    print('# %s:%s (%s; %s): old %d, new %d, change %+d, limit +%s%%' % (
        pattern, event, ', '.join(mo), ', '.join(mn), o, n, n - o, percent), file=sys.stderr)
    return 0


def batch(lines, run):
    """Runs checks given one per line, fields separated by tabs: WHEN, TO,
    HEADER, then a command and its arguments, which run(argv) runs (its
    status returned).  WHEN `always`: the command's output is written;
    `failed`: only when it fails, after HEADER.  TO: `-` for standard
    output, else a file the output is appended to, beside which a failed
    check leaves TO.failed.  Every check runs; the status is the worst.

    Python's start and the reading of the files were most of the suites'
    checking time: the checks only read, so one Profile per (files, way of
    reading) serves them all (load is replaced in this module, where every
    command looks it up)."""
    global load
    read, cache = load, {}

    def cached(paths, *args, **kw):
        key = (tuple(paths), args, tuple(sorted(kw.items())))
        if key not in cache:
            cache[key] = read(paths, *args, **kw)
        return cache[key]

    load = cached
    worst = 0
    try:
        for line in lines:
            fields = line.rstrip('\n').split('\t')
            if fields == ['']:
                continue
            if len(fields) < 4 or fields[0] not in ('always', 'failed'):
                print('# batch: not WHEN<TAB>TO<TAB>HEADER<TAB>COMMAND...: %r' % line)
                worst = max(worst, 2)
                continue
            when, to, header, argv = fields[0], fields[1], fields[2], fields[3:]
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                rc = run(argv)
            text = out.getvalue()
            if when == 'failed' and rc == 0:
                text = ''
            elif rc != 0 and header:
                text = header + '\n' + text
            if to == '-':
                sys.stdout.write(text)
            else:
                with open(to, 'a', encoding='utf-8', errors='surrogateescape') as f:
                    f.write(text)
                if rc != 0:
                    open(to + '.failed', 'w').close()
            worst = max(worst, rc)
    finally:
        load = read
    return worst


def main(argv):
    if argv == ['batch']:
        return batch(sys.stdin, main)
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    cmd, args = argv[0], argv[1:]
    try:
        if cmd == 'read':
            p = load(args)
            out = {'events': p.events, 'totals': p.totals, 'parts': p.parts,
                   'functions': [[k[0], k[1], v] for k, v in sorted(p.fn.items())],
                   'lines': [[k[0], k[1], v] for k, v in sorted(p.line.items())]}
            json.dump(out, sys.stdout, indent=0)
            return 0
        if cmd == 'check-annotate':
            return cmd_check_annotate(args[0], args[1:])
        if cmd == 'check-totals':
            return cmd_check_totals(args)
        if cmd == 'check-ours':
            if args[0] == '--negative':
                return cmd_check_ours(args[1], args[2:], negative=True)
            return cmd_check_ours(args[0], args[1:])
        if cmd == 'graph':
            p = load(args, by_name=True, by_place=True)
            g = CallGraph(p, root_costs(args))
            json.dump({'events': p.events, 'call_graph': graph_json(g)}, sys.stdout, indent=1)
            return 0
        if cmd == 'check-graph':
            return cmd_check_graph(args[0], args[1:])
        if cmd == 'fn-context':
            return cmd_fn_context(args[0])
        if cmd == 'check-merge':
            return cmd_check_merge(args[0], args[1:])
        if cmd == 'check-diff':
            return cmd_check_diff(*args)
        if cmd == 'annotate-totals':
            return cmd_annotate_totals(*args)
        if cmd == 'limit':
            return cmd_limit(*args)
        if cmd == 'fn-limit':
            return cmd_fn_limit(*args)
        if cmd == 'has-forward-names':
            # Exit 0 when some file uses a compressed name before defining it.
            return 0 if any('used before it is defined' in n for n in load(args).notes) else 1
    except (Bad, OSError, ValueError, KeyError, TypeError, IndexError) as e:
        print('# %s: %s' % (type(e).__name__, e))
        return 2
    print('cgoracle.py: unknown command %r' % cmd, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
