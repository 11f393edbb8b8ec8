#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""callgraph.py: the checks of `check: callgraph` cases (tests/tool/run.sh).

Our --call-graph=yes file is read by tests/callgrind/cgoracle.py, the
Callgrind reader written for the tests alone (it shares no code with the
tool or post/), and held against three oracles:

  self OURS REF         the self costs of OURS (Callgrind format) equal those
                        of REF, upstream Cachegrind's profile of the same run
                        with --vex-guest-chase=no: every (file, function) and
                        every (file, line), every event, and the totals
  incl OURS FN TOGGLED  FN's inclusive cost in OURS, the sum of the calls
                        into FN itself (not FN'2: those start no outermost
                        activation), equals the totals of TOGGLED, our
                        --toggle-collect=FN profile of the same run (flat),
                        every event; FN must be called at least once
  calls OURS CALLGRIND  call counts against the release's own Callgrind:
                        for every pair (caller, callee) of functions with
                        symbols (recursion levels folded: fib'2 is fib), the
                        number of calls is the same, except where Callgrind
                        sees the call through code without a symbol (a PLT
                        stub of .plt.sec, which it names 0x...; our tool
                        runs that code inside the caller's activation): a
                        pair A -> B that Callgrind has as A -> 0x... -> B
                        is left out (any number of unnamed steps).  Pairs named in EXCEPT (caller>callee,
                        comma-separated, after the files) are the classes
                        where the rules differ by design and must differ.

Exit status 0: agreed; 1: a difference, printed as `# ` lines; 2: unusable
input.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'callgrind'))
import cgoracle  # noqa: E402

UNNAMED = re.compile(r'^0x[0-9a-fA-F]+$')


def report(diffs):
    for d in diffs[:25]:
        print('# ' + d)
    if len(diffs) > 25:
        print('# ... %d more' % (len(diffs) - 25))
    return 1 if diffs else 0


def cmd_self(ours, ref):
    a, b = cgoracle.load([ours]), cgoracle.load([ref])
    if a.events != b.events:
        return report(['events %s, the oracle %s' % (a.events, b.events)])
    diffs = []
    for what, x, y in (('function', a.fn, b.fn), ('line', a.line, b.line)):
        for k in sorted(set(x) | set(y), key=str):
            zero = [0] * len(a.events)
            if x.get(k, zero) != y.get(k, zero):
                diffs.append('%s %s: ours %s, oracle %s' % (what, k, x.get(k), y.get(k)))
    if a.totals != b.totals:
        diffs.append('totals: ours %s, oracle %s' % (a.totals, b.totals))
    return report(diffs)


def cmd_incl(ours, fn, toggled):
    a, t = cgoracle.load([ours]), cgoracle.load([toggled])
    if a.events != t.events:
        return report(['events %s, the toggled run %s' % (a.events, t.events)])
    incl = [0] * len(a.events)
    calls = 0
    for k, v in a.calls.items():
        if k[3] == fn:
            calls += v[0]
            incl = [x + y for x, y in zip(incl, v[1:])]
    if calls == 0:
        return report(['%s is never called in %s' % (fn, ours)])
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


def cmd_calls(ours, callgrind, expect=''):
    a, c = folded(cgoracle.load([ours])), folded(cgoracle.load([callgrind]))
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
    diffs, compared = [], 0
    for pair in sorted(set(a) | set(c)):
        if any(UNNAMED.match(n) for n in pair) or pair in through:
            continue
        compared += 1
        same = a.get(pair, 0) == c.get(pair, 0)
        if pair in different:
            if same:
                diffs.append('%s -> %s: %d calls in both, but the case says they differ' %
                             (pair[0], pair[1], a.get(pair, 0)))
            continue
        if not same:
            diffs.append('%s -> %s: ours %d calls, Callgrind %d' %
                         (pair[0], pair[1], a.get(pair, 0), c.get(pair, 0)))
    if compared == 0:
        diffs.append('no pair of functions to compare')
    return report(diffs)


def main(argv):
    try:
        if argv[:1] == ['self'] and len(argv) == 3:
            return cmd_self(*argv[1:])
        if argv[:1] == ['incl'] and len(argv) == 4:
            return cmd_incl(*argv[1:])
        if argv[:1] == ['calls'] and len(argv) in (3, 4):
            return cmd_calls(*argv[1:])
    except (cgoracle.Bad, OSError, ValueError) as e:
        print('# %s: %s' % (type(e).__name__, e))
        return 2
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
