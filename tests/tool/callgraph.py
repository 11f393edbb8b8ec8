#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""callgraph.py: the checks of `check: callgraph` cases (tests/tool/run.sh).

Our --call-graph=yes file is read by tests/callgrind/cgoracle.py, the
Callgrind reader written for the tests alone (it shares no code with the
tool or post/), and held against three oracles:

  self OURS REF         the self costs of OURS (Callgrind format) equal those
                        of REF, upstream Cachegrind's profile of the same run
                        (its default run, chasing on): every (file, function) and
                        every (file, line), every event, and the totals
  incl OURS FN TOGGLED  FN's inclusive cost in OURS, the sum of the calls
                        into FN itself (not FN'2: those start no outermost
                        activation), equals the totals of TOGGLED, our
                        --toggle-collect=FN profile of the same run (flat),
                        every event; FN must be called at least once, or
                        be a root of the call paths (a thread's first
                        function: then its root paths' cost, which
                        cgoracle.root_costs gives cg_annotate's call graph)
  calls OURS CALLGRIND [EXCEPT [PREFIX]]
                        call counts against the release's own Callgrind:
                        for every pair (caller, callee) of functions with
                        symbols (recursion levels folded: fib'2 is fib), the
                        number of calls is the same, except where Callgrind
                        sees the call through code without a symbol (a PLT
                        stub of .plt.sec, which it names 0x...; our tool
                        runs that code inside the caller's activation): a
                        pair A -> B that Callgrind has as A -> 0x... -> B
                        is left out (any number of unnamed steps), and a
                        function's calls of itself may be fewer than
                        Callgrind's (Callgrind makes a jump back to a
                        function's first instruction a call; it is a loop
                        for us).  Pairs
                        named in EXCEPT (caller>callee, comma-separated,
                        after the files) are the classes
                        where the rules differ by design and must differ
                        where either file has them (names that change with
                        the C library may be listed side by side; one at
                        least must be there).  With PREFIX (after EXCEPT),
                        only pairs with a function of files under PREFIX:
                        where the C library's own calls depend on timing
                        (EXCEPT pairs are compared anyway)
  paths OURS PREFIX EXPECT
                        the call-path table of OURS (docs/format.md): no
                        node's self cost (its cost minus its children's) is
                        negative, and for each function of the program's own
                        files (under PREFIX) the self costs of its paths add
                        up to its flat self cost, except for the functions
                        named in EXPECT (comma-separated), which must differ:
                        they run code of another function's lines inside
                        their activations (a PLT stub after a call to a
                        library, a fall-through into a neighbouring symbol)

  pruned FULL PRUNED PCT
                        two of our default files of one run, FULL written
                        with --call-path-threshold=0 and PRUNED with PCT:
                        PRUNED is FULL but for the call paths that the rule
                        of docs/cachegrind.md leaves out (a path is kept
                        when it is a root, when its first event's cost is
                        at least PCT% of the total, rounded up, or when a
                        descendant is kept), the kept paths with the same
                        calls and costs, the header's count of those left
                        out right, every other line the same; and at least
                        one path was left out (else the case shows nothing)

  folded OURS CG_ANNOTATE [FN TOGGLED]...
                        cg_annotate --format=folded, read back, for the first
                        and the last event: without the recursion collapse,
                        one line per call path with its self cost (the
                        node's cost minus its children's; names escaped as
                        docs/post-processors.md says), what ran outside
                        every path as `(outside any call)`, and nothing with
                        a zero count (left out when a path is deeper than
                        1,000 calls); with it, the same lines with each run
                        of one name made one frame, the counts of lines
                        that become one added up.  Either way the lines add
                        up to the total, and the lines through FN (a stack
                        that names it) add up to TOGGLED's total, FN's
                        inclusive cost

  annotate-incl ANNOTATED OURS FN...
                        callgrind_annotate --inclusive=yes (its report in
                        ANNOTATED, made with --threshold=100
                        --show-percs=no) gives each FN the sum of the calls
                        into FN itself: its exact inclusive cost (FNs
                        not called in OURS are left out); and for an FN
                        with a block at recursion level 2 (FN'2), so
                        does FN's own block: its self cost lines and the
                        costs of its calls, FN'2 among them, as KCachegrind
                        adds them up (it does not fold levels, so FN's
                        self lines must be level 1's alone)

  batch                 the checks on standard input, one per line, as
                        cgoracle.batch reads them: WHEN, TO, HEADER, then a
                        command of this script, or `oracle` and a command of
                        tests/callgrind/cgoracle.py, with its arguments (one
                        process for a case's checks)

OURS, REF, TOGGLED and CALLGRIND may each be several files joined by ':'
(dumps and the final profile), whose figures add up.

Exit status 0: agreed; 1: a difference, printed as `# ` lines; 2: unusable
input.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'callgrind'))
import cgoracle  # noqa: E402

UNNAMED = re.compile(r'^0x[0-9a-fA-F]+$')
LEVEL = re.compile(r"'[0-9]+$")


def by_function(fn):
    """(file, name) -> costs with recursion levels folded (F'2's self costs,
    which the Callgrind format writes apart, are F's), as a flat profile
    has them."""
    out = {}
    for (f, name), v in fn.items():
        k = (f, LEVEL.sub('', name))
        out[k] = [a + b for a, b in zip(out.get(k, [0] * len(v)), v)]
    return out


def report(diffs):
    for d in diffs[:25]:
        print('# ' + d)
    if len(diffs) > 25:
        print('# ... %d more' % (len(diffs) - 25))
    return 1 if diffs else 0


def files(arg):
    """A run's output files: one path, or several joined by ':' (dumps and
    the final profile), whose figures add up."""
    return arg.split(':')


def cmd_self(ours, ref):
    a, b = cgoracle.load(files(ours)), cgoracle.load(files(ref))
    if a.events != b.events:
        return report(['events %s, the oracle %s' % (a.events, b.events)])
    diffs = []
    for what, x, y in (('function', by_function(a.fn), b.fn), ('line', a.line, b.line)):
        for k in sorted(set(x) | set(y), key=str):
            zero = [0] * len(a.events)
            if x.get(k, zero) != y.get(k, zero):
                diffs.append('%s %s: ours %s, oracle %s' % (what, k, x.get(k), y.get(k)))
    if a.totals != b.totals:
        diffs.append('totals: ours %s, oracle %s' % (a.totals, b.totals))
    return report(diffs)


def cmd_incl(ours, fn, toggled):
    a, t = cgoracle.load(files(ours)), cgoracle.load(files(toggled))
    if a.events != t.events:
        return report(['events %s, the toggled run %s' % (a.events, t.events)])
    calls, incl = calls_into(a, fn)
    if calls == 0:
        # A root (a thread's first function): its root paths' cost.
        roots = cgoracle.root_costs(files(ours)) or {}
        if fn not in roots:
            return report(['%s is never called in %s, nor a root of its call paths' % (fn, ours)])
        incl = roots[fn]
    if incl != t.totals:
        return report(['%s: inclusive %s, --toggle-collect total %s (%s)' %
                       (fn, cgoracle.fmt(a.events, incl), cgoracle.fmt(t.events, t.totals),
                        toggled)])
    return 0


def folded(p):
    """(caller, callee) -> calls, names with recursion levels folded."""
    out = {}
    for k, v in p.calls.items():
        pair = (k[1].split("'")[0], k[3].split("'")[0])
        out[pair] = out.get(pair, 0) + v[0]
    return out


def cmd_calls(ours, callgrind, expect='', prefix=''):
    po = cgoracle.load(files(ours))
    a, c = folded(po), folded(cgoracle.load(files(callgrind)))
    mine = set(k[1] for k in po.fn if k[0].startswith(prefix)) if prefix else None
    different = set(tuple(e.split('>', 1)) for e in expect.split(',') if e)
    # Pairs Callgrind links through unnamed code, any number of steps.
    succ = {}
    for (x, y) in c:
        succ.setdefault(x, set()).add(y)
    through = set()
    for x in succ:
        seen, todo = set(), [y for y in succ[x] if UNNAMED.match(y)]
        while todo:
            y = todo.pop()
            if y in seen:
                continue
            seen.add(y)
            for z in succ.get(y, ()):
                if UNNAMED.match(z):
                    todo.append(z)
                else:
                    through.add((x, z))
    diffs, compared, shown = [], 0, 0
    for pair in sorted(set(a) | set(c)):
        if any(UNNAMED.match(n) for n in pair) or pair in through:
            continue
        if pair not in different and mine is not None and pair[0] not in mine and \
                pair[1] not in mine:
            continue
        compared += 1
        same = a.get(pair, 0) == c.get(pair, 0)
        if pair in different:
            if same:
                diffs.append('%s -> %s: %d calls in both, but the case says they differ' %
                             (pair[0], pair[1], a.get(pair, 0)))
            shown += 1
            continue
        if pair[0] == pair[1] and a.get(pair, 0) < c.get(pair, 0):
            # A jump back to a function's own first instruction at the same
            # stack pointer: a loop for us, a call for Callgrind (glibc
            # 2.41's _dl_cache_libcmp; callgraph-selfjump shows the class).
            continue
        if not same:
            diffs.append('%s -> %s: ours %d calls, Callgrind %d' %
                         (pair[0], pair[1], a.get(pair, 0), c.get(pair, 0)))
    if different and shown == 0:
        diffs.append('none of the pairs the case says differ (%s) is in either file' % expect)
    if compared == 0:
        diffs.append('no pair of functions to compare')
    return report(diffs)


def read_paths(path):
    """The call-path table of our file: fn index -> name, and nodes
    (id -> (parent, fn index, calls, costs)), as cgoracle reads it."""
    t = cgoracle.read_path_table(path)
    return (t[1], t[2]) if t else ({}, {})


def path_self(path):
    """Each function's self cost over its call paths (node inclusive cost
    minus its children's), by name."""
    names, nodes = read_paths(path)
    self_ = {i: list(n[3]) for i, n in nodes.items()}
    for i, n in nodes.items():
        if n[0]:
            if n[0] not in nodes:
                raise cgoracle.Bad('path %d: parent %d not written before it' % (i, n[0]))
            self_[n[0]] = [a - b for a, b in zip(self_[n[0]], n[3])]
    out = {}
    for i, n in nodes.items():
        name = names[n[1]]
        out[name] = [a + b for a, b in zip(out.get(name, [0] * len(n[3])), self_[i])]
    return out


def cmd_paths(ours, prefix, expect=''):
    """Self costs over call paths equal flat self costs, per function name,
    for the functions with lines in files under PREFIX (the test program's
    own), but for those in EXPECT (comma-separated), which must differ: code
    that runs inside another function's activation.  No node's self cost is
    negative."""
    p = cgoracle.load(files(ours))
    flat, own = {}, set()
    for (f, name), v in by_function(p.fn).items():
        flat[name] = [a + b for a, b in zip(flat.get(name, [0] * len(v)), v)]
        if f.startswith(prefix):
            own.add(name)
    paths = {}
    for f in files(ours):
        for name, v in path_self(f).items():
            paths[name] = [a + b for a, b in zip(paths.get(name, [0] * len(v)), v)]
    for name in set(flat) | set(paths):
        if any(x < 0 for x in paths.get(name, [])):
            own.add(name)  # checked below, wherever it lives
    flat = {k: v for k, v in flat.items() if k in own}
    paths = {k: v for k, v in paths.items() if k in own}
    want = set(e for e in expect.split(',') if e)
    diffs, differ = [], set()
    zero = [0] * len(p.events)
    for name in sorted(set(flat) | set(paths)):
        a, b = flat.get(name, zero), paths.get(name, zero)
        if any(x < 0 for x in b):
            diffs.append('%s: negative self cost over its paths %s' % (name, b))
        if a != b:
            differ.add(name)
            if name not in want:
                diffs.append('%s: flat self %s, over its paths %s' % (name, a, b))
    for name in sorted(want - differ):
        diffs.append('%s: the case says its self costs differ, but they agree' % name)
    # Each file on its own: no function's inclusive cost (the calls into
    # it) is above the file's total, so a dump holds no cost of another.
    for f in files(ours):
        q = cgoracle.load([f])
        incl = {}
        for k, v in q.calls.items():
            if "'" not in k[3]:
                incl[k[3]] = [a + b for a, b in zip(incl.get(k[3], [0] * len(v[1:])), v[1:])]
        for name, v in sorted(incl.items()):
            if any(a > b for a, b in zip(v, q.totals)):
                diffs.append('%s: %s: inclusive %s above the total %s' % (f, name, v, q.totals))
    return report(diffs)


def escape(name):
    """A name as a folded stack element: `;`, `%` and control bytes as
    %XX (docs/post-processors.md, "Folded stacks")."""
    out = []
    for ch in name:
        c = ord(ch)
        if 0xdc80 <= c <= 0xdcff:  # a byte that is not UTF-8, kept as is
            out.append(ch)
        elif ch in ';%' or c < 0x20 or c == 0x7f:
            out.append('%%%02X' % c)
        else:
            out.append(ch)
    return ''.join(out)


def want_folded(paths, e, deep=1000):
    """The folded lines the call-path files should give for event e, without
    and with the recursion collapse: two dicts stack text -> count; the
    first is None when a path is deeper than `deep` (the lines of a
    60,000-deep recursion, expanded, would fill gigabytes)."""
    flat, short = {}, {}
    shown = cgoracle.path_names(paths)
    for f in paths:
        names, nodes = read_paths(f)
        files = {}
        for line in open(f, encoding='utf-8', errors='surrogateescape'):
            m = re.match(r'^# cp-fl=(\d+) (.*)$', line.rstrip('\n'))
            if m:
                files[int(m.group(1))] = m.group(2)
        self_ = {i: n[3][e] for i, n in nodes.items()}
        full, coll, depth, fn_of, cfn = {}, {}, {}, {}, {}
        roots = 0
        for i, n in sorted(nodes.items()):
            name = escape(shown((files.get(n[1]), names[n[1]])))
            # A frame is a function, its name and its entry's file: the
            # collapse merges a path into its parent's frame when that
            # frame is of the same function.
            fn_of[i] = (files.get(n[1]), names[n[1]])
            if n[0]:
                self_[n[0]] -= n[3][e]
                depth[i] = depth[n[0]] + 1
                if fn_of[i] == cfn[n[0]]:
                    coll[i], cfn[i] = coll[n[0]], cfn[n[0]]
                else:
                    coll[i], cfn[i] = coll[n[0]] + (name,), fn_of[i]
                if flat is not None and depth[i] <= deep:
                    full[i] = full[n[0]] + (name,)
                else:
                    flat = None
            else:
                roots += n[3][e]
                depth[i], coll[i], full[i], cfn[i] = 0, (name,), (name,), fn_of[i]
        rest = cgoracle.load([f]).totals[e] - roots
        for i in nodes:
            k = ';'.join(coll[i])
            short[k] = short.get(k, 0) + self_[i]
            if flat is not None:
                k = ';'.join(full[i])
                flat[k] = flat.get(k, 0) + self_[i]
        for d in (short, flat):
            if d is not None:
                d['(outside any call)'] = d.get('(outside any call)', 0) + rest
    if flat is not None:
        flat = {k: v for k, v in flat.items() if v}
    return flat, {k: v for k, v in short.items() if v}


def run_folded(cga, files_, event, collapse):
    import subprocess
    out = subprocess.run([cga, '--format=folded', '--show=' + event,
                          '--collapse-recursion=' + collapse] + files_,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if out.returncode != 0:
        raise cgoracle.Bad('cg_annotate --format=folded: status %d: %s' %
                           (out.returncode, out.stderr.decode(errors='replace')[:300]))
    got = {}
    for line in out.stdout.decode('utf-8', 'surrogateescape').splitlines():
        stack, _, n = line.rpartition(' ')
        if not stack or not re.match(r'^-?\d+$', n):
            raise cgoracle.Bad('cg_annotate --format=folded: malformed line %r' % line)
        if int(n) == 0:
            raise cgoracle.Bad('cg_annotate --format=folded: a zero line %r' % line)
        got[stack] = got.get(stack, 0) + int(n)
    return got


def cmd_folded(ours, cga, *pairs):
    p = cgoracle.load(files(ours))
    diffs = []
    for e in sorted({0, len(p.events) - 1}):
        ev = p.events[e]
        flat, short = want_folded(files(ours), e)
        for mode, expect in (('no', flat), ('yes', short)):
            if expect is None:
                continue  # too deep to write out expanded
            got = run_folded(cga, files(ours), ev, mode)
            for k in sorted(set(got) | set(expect)):
                if got.get(k, 0) != expect.get(k, 0):
                    diffs.append('%s, collapse %s: %s: cg_annotate %d, the paths %d' %
                                 (ev, mode, k[-150:], got.get(k, 0), expect.get(k, 0)))
                    if len(diffs) > 20:
                        return report(diffs)
            if sum(got.values()) != p.totals[e]:
                diffs.append('%s, collapse %s: the lines add up to %d, the total is %d' %
                             (ev, mode, sum(got.values()), p.totals[e]))
            for fn, toggled in zip(pairs[0::2], pairs[1::2]):
                t = cgoracle.load(files(toggled)).totals[e]
                through = sum(v for k, v in got.items() if escape(fn) in k.split(';'))
                if through != t:
                    diffs.append('%s, collapse %s: the lines through %s add up to %d; '
                                 '--toggle-collect=%s counts %d' % (ev, mode, fn, through, fn, t))
    # cg_merge keeps the paths: the files merged with themselves give every
    # line twice the paths' count (first event, recursion collapsed).
    if all(b'\n# call paths:' in open(f, 'rb').read() for f in files(ours)):
        import subprocess
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            merged = os.path.join(d, 'merged')
            r = subprocess.run([os.path.join(os.path.dirname(cga), 'cg_merge'), '-o', merged] +
                               files(ours) * 2, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if r.returncode != 0:
                diffs.append('cg_merge: status %d: %s' % (r.returncode, r.stderr.decode(errors='replace')[:300]))
            else:
                got = run_folded(cga, [merged], p.events[0], 'yes')
                short = want_folded(files(ours), 0)[1]
                for k in sorted(set(got) | set(short)):
                    if got.get(k, 0) != 2 * short.get(k, 0):
                        diffs.append('merged with itself: %s: cg_annotate %d, twice the paths %d' %
                                     (k[-150:], got.get(k, 0), 2 * short.get(k, 0)))
                        if len(diffs) > 20:
                            break
    return report(diffs)


def calls_into(p, fn):
    """The number of calls into FN itself, and their inclusive costs."""
    incl, calls = [0] * len(p.events), 0
    for k, v in p.calls.items():
        if k[3] == fn:
            calls += v[0]
            incl = [x + y for x, y in zip(incl, v[1:])]
    return calls, incl


def cmd_annotate_incl(annotated, ours, *fns):
    """callgrind_annotate --inclusive=yes's figure for each FN (its row
    FILE:FN, with or without [OBJECT]; of its two rows when a call from
    another file names it, the calls' one) is the sum of the calls into
    FN."""
    p = cgoracle.load([ours])
    with open(annotated, 'rb') as f:
        text = f.read().decode('utf-8', 'surrogateescape')
    _, rows, _ = cgoracle.parse_annotate(text, len(p.events))
    diffs = []
    for fn in fns:
        if calls_into(p, fn)[0] == 0:
            continue  # not called in this file (a dump before its calls)
        named = [(name, v) for name, v in rows.items()
                 if re.sub(r' \[[^]]*\]$', '', name).endswith(':' + fn)]
        if len(named) == 2 and any(k[3] == fn and k[2] != k[0] for k in p.calls):
            # Called from another file: those calls name it by a cfi=
            # line, whose directory callgrind_annotate keeps, and its own
            # fn= row has the working directory cut off: two rows, as for
            # Callgrind's own files.  The calls' row (no [OBJECT]) has the
            # inclusive cost.  Called from its own file only, it has one
            # row (no cfi= where the file is the current one).
            named = [(name, v) for name, v in named if not name.endswith(']')]
        mine = [v for name, v in named]
        want = calls_into(p, fn)[1]
        level2 = fn + "'2"
        if any(k[1] == level2 for k in p.fn) or any(k[1] == level2 for k in p.calls):
            block = [0] * len(p.events)
            for k, v in p.fn.items():
                if k[1] == fn:
                    block = [a + b for a, b in zip(block, v)]
            for k, v in p.calls.items():
                if k[1] == fn:
                    block = [a + b for a, b in zip(block, v[1:])]
            if block != want:
                diffs.append("%s: its block's self costs and calls %s, the calls into it %s" %
                             (fn, cgoracle.fmt(p.events, block), cgoracle.fmt(p.events, want)))
        if len(mine) != 1:
            diffs.append('%s: %d rows in callgrind_annotate --inclusive=yes' % (fn, len(mine)))
        elif mine[0] != want:
            diffs.append('%s: callgrind_annotate %s, the calls into it %s' %
                         (fn, cgoracle.fmt(p.events, mine[0]), cgoracle.fmt(p.events, want)))
    return report(diffs)


def path_keys(table):
    """id -> the node's path, its functions' (file, name) from the root."""
    files, names, nodes, _ = table
    keys = {}
    for i in sorted(nodes):
        parent, k, _, _ = nodes[i]
        me = ((files.get(k), names[k]),)
        keys[i] = (keys[parent] if parent else ()) + me
    return keys


def cmd_pruned(full, pruned, pct):
    """PRUNED is FULL without the paths below PCT% (see the docstring)."""
    from fractions import Fraction
    diffs = []
    lines = []
    for path in (full, pruned):
        with open(path, encoding='utf-8', errors='surrogateescape') as f:
            text = f.read().split('\n')
        head = [x for x in text if x.startswith('#') and not x.startswith('# cp')
                and not x.startswith('# call paths:')]
        lines.append(([x for x in text if not x.startswith(('#', 'pid:'))], head))
    if lines[0][0] != lines[1][0]:
        diffs.append('the flat lines differ')
    if lines[0][1] != lines[1][1]:
        diffs.append('the call-graph blocks differ')
    summary = [x for x in lines[0][0] if x.startswith(('summary:', 'totals:'))]
    if not summary:
        raise cgoracle.Bad('%s: no summary: or totals: line' % full)
    total = int(summary[0].split()[1])
    share = Fraction(pct) / 100
    least = -((-total * share.numerator) // share.denominator)
    tf, tp = cgoracle.read_path_table(full), cgoracle.read_path_table(pruned)
    if tf is None or tp is None:
        raise cgoracle.Bad('a file without call paths')
    kf, kp = path_keys(tf), path_keys(tp)
    nodes = tf[2]
    keep = set()
    for i in sorted(nodes, reverse=True):
        parent, _, _, cc = nodes[i]
        if i in keep or not parent or cc[0] >= least:
            keep.add(i)
            if parent:
                keep.add(parent)
    want = {kf[i]: nodes[i][2:] for i in keep}
    got = {kp[i]: tp[2][i][2:] for i in tp[2]}
    for key in sorted(set(want) | set(got)):
        name = ';'.join(n for _, n in key)
        if key not in got:
            diffs.append('%s: kept (%s), but not in %s' % (name, want[key], pruned))
        elif key not in want:
            diffs.append('%s: left out (below %d), but in %s' % (name, least, pruned))
        elif want[key] != got[key]:
            diffs.append('%s: %s in %s, %s in %s' % (name, want[key], full, got[key], pruned))
    with open(pruned, encoding='utf-8', errors='surrogateescape') as f:
        m = re.search(r'^# call paths: .*; (\d+) below --call-path-threshold left out$', f.read(),
                      re.M)
    below = sum(1 for i, n in nodes.items() if i not in keep and (n[2] or any(n[3])))
    if not m:
        diffs.append('%s: no count of the paths left out in its header' % pruned)
    elif int(m.group(1)) != below:
        diffs.append('the header says %s paths were left out, not %d' % (m.group(1), below))
    if below == 0:
        diffs.append('no path is below %s%% of %d: the case shows nothing' % (pct, total))
    return report(diffs)


def run_one(argv):
    """One command of a batch: `oracle CMD...` is cgoracle.py's."""
    return cgoracle.main(argv[1:]) if argv[:1] == ['oracle'] else main(argv)


def main(argv):
    if argv == ['batch']:
        return cgoracle.batch(sys.stdin, run_one)
    try:
        if argv[:1] == ['self'] and len(argv) == 3:
            return cmd_self(*argv[1:])
        if argv[:1] == ['incl'] and len(argv) == 4:
            return cmd_incl(*argv[1:])
        if argv[:1] == ['calls'] and len(argv) in (3, 4, 5):
            return cmd_calls(*argv[1:])
        if argv[:1] == ['annotate-incl'] and len(argv) >= 3:
            return cmd_annotate_incl(*argv[1:])
        if argv[:1] == ['folded'] and len(argv) >= 3 and len(argv) % 2 == 1:
            return cmd_folded(*argv[1:])
        if argv[:1] == ['pruned'] and len(argv) == 4:
            return cmd_pruned(*argv[1:])
        if argv[:1] == ['paths'] and len(argv) in (3, 4):
            return cmd_paths(*argv[1:])
    except (cgoracle.Bad, OSError, ValueError) as e:
        print('# %s: %s' % (type(e).__name__, e))
        return 2
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
