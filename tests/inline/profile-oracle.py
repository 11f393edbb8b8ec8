#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""profile-oracle.py: inlined frames' costs against independent oracles.

Usage: profile-oracle.py CALLGRIND_FILE OUR_FILE OUR_JSON OBJECT

CALLGRIND_FILE is Callgrind's profile of a program (--dump-instr=yes
--vex-guest-chase=no --skip-plt=no: Ir per instruction, PLT stubs counted
where they are); OUR_FILE is our tool's of the same program
(--inline-frames=yes --vex-guest-chase=no), OUR_JSON cg_annotate
--inline-frames=yes --format=json of it; OBJECT the program.  Checked, for
OBJECT's code:

1. each `#i` line's Ir is Callgrind's for that instruction, and every
   instruction that ran in inlined code has one;
2. each `#ic` call site's count is Callgrind's for its call instruction;
3. with binutils' `addr2line -i -f -C` chains, every function that appears
   only inlined has the self cost (the instructions whose innermost frame
   it is) and the inclusive cost (the instructions whose chain holds it,
   once, plus the calls made from them, as the `#ic` lines cost them) that
   our report gives, exactly; and a function inlined somewhere and also
   run out of line is one function, with the self cost of all its code
   (its inclusive cost holds its activations' calls: the call graph's
   business, checked against Callgrind by tests/callgrind).

Prints what differs and a summary line; exits 1 when something differs."""
import bisect
import json
import re
import subprocess
import sys


def callgrind(path):
    """Self Ir per (object, address), and calls per (object, call address)."""
    names = {'ob': {}, 'fn': {}, 'fl': {}}
    obj, prev, call, ir, calls = None, [0, 0], None, {}, {}

    def name(kind, rest):
        m = re.match(r'\((\d+)\)(?: (.*))?$', rest)
        if not m:
            return rest
        if m.group(2) is not None:
            names[kind][m.group(1)] = m.group(2)
        return names[kind].get(m.group(1))

    def pos(tok, i):
        if tok == '*':
            return prev[i]
        if tok[0] in '+-':
            return prev[i] + int(tok, 0)
        return int(tok, 0)

    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        key = line.split('=', 1)[0]
        if key == 'ob':
            obj = name('ob', line[3:])
        elif key == 'cob':
            name('ob', line[4:])
        elif key in ('fl', 'fi', 'fe', 'cfi', 'cfl'):
            name('fl', line.split('=', 1)[1])
        elif key in ('fn', 'cfn'):
            name('fn', line.split('=', 1)[1])
        elif key == 'calls':
            call = int(line[6:].split()[0])
        elif line and (line[0].isdigit() or line[0] in '+-*'):
            f = line.split()
            prev[0], prev[1] = pos(f[0], 0), pos(f[1], 1)
            k = (obj, prev[0])
            if call is not None:
                calls[k] = calls.get(k, 0) + call
                call = None
            elif len(f) > 2:
                ir[k] = ir.get(k, 0) + int(f[2])
    return ir, calls


def ours(path, obj):
    """Our #i lines' Ir per address and #ic lines' (calls, Ir) per address."""
    ir, calls, cur = {}, {}, None
    for line in open(path, errors='replace'):
        if line.startswith('#iob='):
            cur = line[5:].rstrip('\n')
        elif cur == obj and line.startswith('#i '):
            f = line.split()
            ir[int(f[1], 16)] = ir.get(int(f[1], 16), 0) + (int(f[3]) if len(f) > 3 else 0)
        elif cur == obj and line.startswith('#ic '):
            f = line.split()
            a = int(f[1], 16)
            n, c = calls.get(a, (0, 0))
            calls[a] = (n + int(f[2]), c + (int(f[3]) if len(f) > 3 else 0))
    return ir, calls


def symbols_of(obj, addrs):
    """Each address's symbol, demangled as `nm -C` (and Valgrind) writes it:
    how our report names out-of-line code."""
    out = subprocess.run(['nm', '-C', '-S', '--defined-only', obj], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    syms = []
    for line in out:
        f = line.split(' ', 3)
        if len(f) == 4 and f[2] in 'tTwW':
            syms.append((int(f[0], 16), int(f[1], 16), f[3]))
    syms.sort()
    starts = [x[0] for x in syms]
    res = {}
    for a in addrs:
        k = bisect.bisect_right(starts, a) - 1
        if k >= 0 and a < syms[k][0] + syms[k][1]:
            res[a] = syms[k][2]
    return res


def chains(obj, addrs):
    """Each address's chain of names, outermost first, from one addr2line
    run given every address twice over: binutils names a function that
    DWARF gives no linkage name by the enclosing symbol the first time it
    answers with it, and keeps the name it settles on then; the second
    pass's answers are the settled ones (our resolver's steady names)."""
    addrs = list(addrs)
    text = ''.join(f'{a:#x}\n' for a in addrs + addrs)
    out = subprocess.run(['addr2line', '-a', '-i', '-f', '-C', '-e', obj], input=text,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    answers = []
    for line in out:
        if re.fullmatch(r'0x[0-9a-f]{16}', line):
            answers.append([])
        else:
            answers[-1].append(line)
    return {a: list(reversed(lines[0::2])) for a, lines in zip(addrs, answers[len(addrs):])}


def main():
    cgfile, ourfile, jsonfile, obj = sys.argv[1:5]
    cg_ir, cg_calls = callgrind(cgfile)
    cg_ir = {a: c for (o, a), c in cg_ir.items() if o == obj and c}
    cg_fn = symbols_of(obj, cg_ir)
    cg_calls = {a: c for (o, a), c in cg_calls.items() if o == obj and c}
    our_ir, our_calls = ours(ourfile, obj)
    bad = []
    for a, c in sorted(our_ir.items()):
        if cg_ir.get(a, 0) != c:
            bad.append(f'#i {a:#x}: Ir {c}, Callgrind {cg_ir.get(a, 0)}')
    starts = sorted(cg_calls)
    for a, (n, _) in sorted(our_calls.items()):
        k = bisect.bisect_right(starts, a) - 1
        want = cg_calls[starts[k]] if k >= 0 else 0
        if want != n:
            bad.append(f'#ic {a:#x}: {n} calls, Callgrind {want}')
    ch = chains(obj, sorted(set(cg_ir) | set(our_calls)))
    for a in sorted(cg_ir):
        if a not in our_ir and len(ch[a]) > 1:
            bad.append(f'{a:#x} ({" > ".join(ch[a])}): ran, no #i line')
    # Out-of-line code is named by its symbol (a GCC clone's keeps its
    # `[clone .isra.0]`), inlined code by DWARF: as our report names them.
    self_cost, incl, outer, every_self = {}, {}, set(), {}
    for a, c in cg_ir.items():
        outer.add(ch[a][0])
        own = ch[a][-1] if len(ch[a]) > 1 else cg_fn.get(a)
        every_self[own] = every_self.get(own, 0) + c
        if len(ch[a]) > 1:
            self_cost[ch[a][-1]] = self_cost.get(ch[a][-1], 0) + c
            for n in set(ch[a][1:]):
                incl[n] = incl.get(n, 0) + c
    for a, (_, c) in our_calls.items():
        for n in set(ch[a][1:]):
            incl[n] = incl.get(n, 0) + c
    report = {f['function']: f for f in json.load(open(jsonfile))['call_graph']['functions']}
    checked = 0
    for n in sorted(incl):
        # A function that also runs out of line has those activations' costs.
        if n in outer:
            continue
        checked += 1
        f = report.get(n)
        if f is None:
            bad.append(f'{n}: not in the report')
        elif (f['self'][0], f['inclusive'][0]) != (self_cost.get(n, 0), incl[n]):
            bad.append(f'{n}: self {f["self"][0]} inclusive {f["inclusive"][0]}, oracle '
                       f'self {self_cost.get(n, 0)} inclusive {incl[n]}')
    # A function inlined in places and also run out of line is one
    # function: its self cost is its instructions' wherever its code is the
    # innermost frame (out of line, or inlined).
    symbols = set(v for v in cg_fn.values() if v)
    both = sorted(n for n in incl if n in outer and n in symbols)
    for n in both:
        f = report.get(n)
        if f is None:
            bad.append(f'{n}: not in the report')
        elif f['self'][0] != every_self.get(n, 0):
            bad.append(f'{n} (also out of line): self {f["self"][0]}, oracle {every_self.get(n, 0)}')
    checked += len(both)
    for line in bad[:40]:
        print(line)
    print(f'{len(our_ir)} instructions, {len(our_calls)} call sites, {checked - len(both)} '
          f'functions only inlined, {len(both)} also out of line; {len(bad)} differences')
    sys.exit(1 if bad else 0)


main()
