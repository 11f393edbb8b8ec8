#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""cgoracle.py: the oracle side of tests/callgrind.

A second, independent implementation of a Callgrind-format reader, written
for this test only (it shares no code with post/, which is what is tested),
and the checks built on it.  It gives, for one or several Callgrind files:

* the self cost of every (file, function) pair: the file is the current
  `fl=`/`fi=`/`fe=` name, the function the current `fn=` name, both exactly
  as written in the file (no directory stripped); pairs of the same names in
  different objects are one pair, as in callgrind_annotate;
* the self cost of every (file, line): line 0 when the file's `positions:`
  have no `line`;
* the `totals:` line of every part, summed (missing trailing counts are 0).

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
  limit OLD NEW EVENT PERCENT     the exit status `cg_annotate --diff OLD NEW
                                  --limit EVENT=+PERCENT%` must give (0 or 3),
                                  from the totals: lines alone
"""
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

    def __init__(self, calls0_is_self=False, negative=False, by_name=False):
        # calls0_is_self: read as callgrind_annotate does, only to check the
        # reader against it: the cost line after `calls=0 ...` counts as
        # self cost (it takes a call's line as inclusive only for a count
        # above 0), and a name used before its definition is empty.
        # negative: counts (and calls= counts) may be negative, as in what
        # cg_diff writes; Callgrind itself never writes a negative count.
        # by_name: files whose events are the first file's in another order
        # are added up event by event, matched by name (a Cachegrind and a
        # Callgrind profile of the same events, as cg_merge takes them).
        self.calls0_is_self = calls0_is_self
        self.negative = negative
        self.by_name = by_name
        self.events = None
        self.perm = None    # the current part's events -> self.events indices
        self.fn = {}        # (file, fn) -> [counts]
        self.objs = {}      # (file, fn) -> set of objects it was seen in
        self.line = {}      # (file, line) -> [counts]
        # (caller file, caller fn, callee file, callee fn, call-site line,
        # target line) -> [number of calls, inclusive counts...]
        self.calls = {}
        self.totals = None  # sum of totals: lines
        self.parts = 0
        self.objects = set()
        self.has_line = True
        self.notes = set()

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
        ob = fl = cur_file = fnname = None
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
                        cfile = None
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
                    key = (cur_file, fnname, callee[0], callee[1], site, call[1])
                    self._add(self.calls, key, [call[0]] + v)
                    call = None
                continue
            if fnname is None or cur_file is None:
                raise Bad('%s: cost line outside a function' % where)
            v = self._vec(costs, where)
            key = (cur_file, fnname)
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
            self._add(self.fn, (fl, fnname), v)
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


def load(paths, calls0_is_self=False, negative=False, by_name=False):
    p = Profile(calls0_is_self, negative, by_name)
    for path in paths:
        p.read(path)
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
    p = load(paths, negative=negative, by_name=True)
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


def main(argv):
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
