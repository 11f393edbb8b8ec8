# SPDX-License-Identifier: GPL-2.0-or-later
# model.py: an independent model of the cg_annotate report, written from
# docs/post-processors.md ("The cg_annotate report") for valid inputs without
# --mod-*; used by random-model.sh.
import sys, os
def commas(n): return f"{n:,}"
class Opt: pass
def parse(path, o, st, sign):
    lines = open(path, 'rb').read().decode().split('\n')
    if lines and lines[-1] == '': lines.pop()
    i = 0; desc = []
    while lines[i].startswith('desc: '): desc.append(lines[i][6:]); i += 1
    cmd = lines[i][5:]; i += 1
    events = lines[i][8:].split(); i += 1
    cur_fl = None; cur_fn = None
    for l in lines[i:]:
        if l == '' or l.startswith('#'): continue
        if l.startswith('fl='):
            cur_fl = l[3:]; cur_fn = '<unspecified>'
            st['files'].setdefault(cur_fl, {}).setdefault(cur_fn, [0]*len(events))
            st['fns'].setdefault(cur_fn, {}).setdefault(cur_fl, [0]*len(events))
            st['lines'].setdefault(cur_fl, {})
            st['orig'].setdefault(cur_fl, set()).add(cur_fl)
        elif l.startswith('fn='):
            cur_fn = l[3:]
            st['files'][cur_fl].setdefault(cur_fn, [0]*len(events))
            st['fns'].setdefault(cur_fn, {}).setdefault(cur_fl, [0]*len(events))
        elif l.startswith('summary: '):
            v = [int(x) for x in l[9:].split()]; v += [0]*(len(events)-len(v))
            st['P'] = [a + sign*b for a, b in zip(st['P'] or [0]*len(events), v)]
        else:
            t = l.split(); ln = int(t[0]); v = [int(x) for x in t[1:]]; v += [0]*(len(events)-len(v))
            for d in (st['files'][cur_fl][cur_fn], st['fns'][cur_fn][cur_fl], st['lines'][cur_fl].setdefault(ln, [0]*len(events))):
                for k in range(len(v)): d[k] += sign*v[k]
    return desc, cmd, events

def pct1(c, t, o):
    if not o.percs or c == 0: return ''
    return ' (n/a)' if t == 0 else f' ({c*100/t:.1f}%)'
def popen(c, t, o):
    if not o.percs: return ''
    return ' (n/a,' if t == 0 else f' ({c*100/t:.1f}%,'
def pclose(c, t, o):
    if not o.percs: return ''
    return ' n/a)' if t == 0 else f' {c*100/t:.1f}%)'

def widths(rows, events, P, o, cum=None):
    W = []
    for e in range(len(events)):
        lo = min([0] + [r[e] for r in rows]); hi = max([0] + [r[e] for r in rows])
        wc = max(len(commas(lo)), len(commas(hi)))
        if cum is not None:
            wp1 = max(len(popen(lo, P[e], o)), len(popen(hi, P[e], o)))
            clo = min([0] + [r[e] for r in cum]); chi = max([0] + [r[e] for r in cum])
            wp2 = max(len(pclose(clo, P[e], o)), len(pclose(chi, P[e], o)))
        else:
            wp1 = max(len(pct1(lo, P[e], o)), len(pct1(hi, P[e], o))); wp2 = 0
        W.append((max(len(events[e]), wc + wp1 + wp2), wc, wp1, wp2))
    return W

def header(W, events, o, prefix, suffix):
    return prefix + ''.join(events[e] + '_'*(W[e][0]-len(events[e])) + ' ' for e in o.show) + suffix
def row(W, o, P, prefix, cc, label, form='single', cumcc=None):
    s = prefix
    for e in o.show:
        w, wc, wp1, wp2 = W[e]
        if form == 'double': a = popen(cc[e], P[e], o); b = pclose(cumcc[e], P[e], o)
        else: a = pct1(cc[e], P[e], o); b = ''
        s += ' '*(w-wc-wp1-wp2) + commas(cc[e]).rjust(wc) + a.rjust(wp1) + b.rjust(wp2) + ' '
    return s + ' ' + label
def dotrow(W, o, label):
    s = ''
    for e in o.show:
        w, wc, wp1, wp2 = W[e]
        s += ' '*(w-wc-wp1-wp2) + '.'.rjust(wc) + ' '*(wp1+wp2) + ' '
    return s + ' ' + label
def banner(t): return ['-'*80, '-- ' + t, '-'*80]

def main(argv):
    o = Opt(); args = argv[1:]
    o.diff = False; o.percs = True; o.annotate = True; o.context = 8; o.threshold = 0.1
    show = sort = None; files = []
    for a in args:
        if a == '--diff': o.diff = True
        elif a == '--no-show-percs': o.percs = False
        elif a == '--no-annotate': o.annotate = False
        elif a.startswith('--context='): o.context = int(a[10:])
        elif a.startswith('--threshold='): o.threshold = float(a[12:])
        elif a.startswith('--show='): show = a[7:].split(',')
        elif a.startswith('--sort='): sort = a[7:].split(',')
        else: files.append(a)
    st = {'files': {}, 'fns': {}, 'lines': {}, 'orig': {}, 'P': None}
    meta = []
    for i, f in enumerate(files):
        meta.append(parse(f, o, st, -1 if (o.diff and i == 0) else 1))
    events = meta[0][2]; P = st['P']
    o.show = [events.index(x) for x in show] if show else list(range(len(events)))
    o.sort = [events.index(x) for x in sort] if sort else list(range(len(events)))
    out = banner('Metadata')
    out.append('Invocation:       X')
    descs = [m[0] for m in meta]
    if all(d == descs[0] for d in descs): out += descs[0]
    else:
        for i, d in enumerate(descs): out.append(f'Description {i+1}:'); out += d
    if len(meta) == 1: out.append('Command:          ' + meta[0][1])
    else:
        for i, m in enumerate(meta):
            out.append(f'Command {i+1}:        ' + (f'(same as Command {i})' if i and m[1] == meta[i-1][1] else m[1]))
    out.append('Events recorded:  ' + ' '.join(events))
    out.append('Events shown:     ' + ' '.join(events[e] for e in o.show))
    out.append('Event sort order: ' + ' '.join(events[e] for e in o.sort))
    out.append('Threshold:        ' + repr(o.threshold) + '%')
    out.append('Annotation:       ' + ('on' if o.annotate else 'off'))
    out.append('')
    out += banner('Summary')
    W = widths([P], events, P, o)
    out.append(header(W, events, o, '', '')); out.append('')
    out.append(row(W, o, P, '', P, 'PROGRAM TOTALS')); out.append('')
    k = o.sort[0]; T = o.threshold * abs(P[k]) / 100
    def key(cc, name): return (tuple(abs(cc[e]) for e in o.sort), name.encode())
    printed_files = []
    for title, suffix, pfx, table in (('File:function summary', ' file:function', '< ', st['files']), ('Function:file summary', ' function:file', '> ', st['fns'])):
        ents = []
        for name, inner in table.items():
            outer = [sum(v[e] for v in inner.values()) for e in range(len(events))]
            kept = [(n, c) for n, c in inner.items() if abs(c[k]) >= T]
            if kept: ents.append((name, outer, sorted(kept, key=lambda x: key(x[1], x[0]), reverse=True)))
        ents.sort(key=lambda x: key(x[1], x[0]), reverse=True)
        rows = []; cums = []; cum = [0]*len(events)
        for name, outer, kept in ents:
            rows.append(outer); rows += [c for _, c in kept]
            cum = [a + b for a, b in zip(cum, outer)]; cums.append(cum)
        W = widths(rows, events, P, o, cum=cums)
        out += banner(title); out.append(header(W, events, o, '  ', suffix)); out.append('')
        cum = [0]*len(events)
        for name, outer, kept in ents:
            cum = [a + b for a, b in zip(cum, outer)]
            if len(kept) == 1 and kept[0][1] == outer:
                out.append(row(W, o, P, pfx, outer, name + ':' + kept[0][0], 'double', cum))
            else:
                out.append(row(W, o, P, pfx, outer, name + ':', 'double', cum))
                for n, c in kept: out.append(row(W, o, P, '  ', c, '  ' + n))
            out.append('')
        if table is st['files']: printed_files = [e[0] for e in ents]
    if o.annotate:
        acc = [[0]*len(events) for _ in range(6)]
        def add(a, c):
            for e in range(len(events)): a[e] += c[e]
        cands = sorted([f for f in printed_files if f != '???'], key=lambda s: s.encode())
        for f in cands:
            O = sorted(st['orig'][f]); lines = st['lines'][f]
            out += banner('Annotated source file: ' + f)
            if not os.path.isfile(O[0]):
                out.append('Unannotated because one or more of these original files are unreadable:')
                for n in O: out.append('- ' + n)
                out.append('')
                for c in lines.values(): add(acc[3], c)
                continue
            src = open(O[0], 'rb').read().decode().split('\n')
            if src and src[-1] == '': src.pop()
            W = widths(list(lines.values()), events, P, o)
            out.append(header(W, events, o, '', '')); out.append('')
            if 0 in lines:
                out.append(row(W, o, P, '', lines[0], '<unknown (line 0)>')); out.append(''); add(acc[1], lines[0])
            L = sorted(x for x in lines if x != 0); C = o.context
            ranges = []; i = 0
            while i < len(L):
                lo = max(L[i] - C, 1); cur = L[i]; j = i + 1
                while j < len(L) and L[j] <= cur + 2*C: cur = L[j]; j += 1
                ranges.append((lo, cur + C)); i = j
            nxt = 0; cursor = 0; eof = False
            for lo, hi in ranges:
                if lo - 1 > len(src): eof = True; break
                if lo != 1: out.append(f'-- line {lo} ' + '-'*40)
                for n in range(lo, hi + 1):
                    if n > len(src): eof = True; break
                    if nxt < len(L) and L[nxt] == n:
                        out.append(row(W, o, P, '', lines[n], src[n-1])); add(acc[0], lines[n]); nxt += 1
                    else: out.append(dotrow(W, o, src[n-1]))
                if eof: break
                out.append(f'-- line {hi} ' + '-'*40)
            if nxt < len(L):
                out.append('')
                for n in L[nxt:]: out.append(row(W, o, P, '', lines[n], f'<bogus line {n}>')); add(acc[0], lines[n])
                out.append('')
                out += ['@'*79, '@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@', '@'*79,
                        f"@@ Information recorded about lines past the end of '{O[0]}'.", '@'*79]
            if L: out.append('')
        for f, lines in st['lines'].items():
            if f in cands: continue
            for c in lines.values(): add(acc[5] if f == '???' else acc[4], c)
        labels = ['  annotated: files known & above threshold & readable, line numbers known',
                  '  annotated: files known & above threshold & readable, line numbers unknown',
                  'unannotated: files known & above threshold & two or more non-identical',
                  'unannotated: files known & above threshold & unreadable ',
                  'unannotated: files known & below threshold', 'unannotated: files unknown']
        out += banner('Annotation summary')
        W = widths(acc, events, P, o)
        out.append(header(W, events, o, '', '')); out.append('')
        for a, l in zip(acc, labels): out.append(row(W, o, P, '', a, l))
        out.append('')
    sys.stdout.write('\n'.join(out) + '\n')
main(sys.argv)
