# SPDX-License-Identifier: GPL-2.0-or-later
# flame.py: the HTML report's flame graph in the browser (check.py runs it;
# docs/post-processors.md, "Flame graphs").  The profiles are of
# tests/progs/flame.c: our tool's with --call-graph=callgrind (both simulations)
# at N=1000 and N=3000, and Callgrind's at N=1000.
#
# The oracles: cg_annotate --format=json's call graph of the same file (a
# function's exact inclusive cost, worked out from the calls into it, not
# from the paths the graph draws), the `# cp` lines of the profiles read
# here (the sign of each path's change), and the rules of the estimate as
# the docs state them (what must be marked).
import json
import os
import re
import subprocess
import sys

import vglib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'callgrind'))
import cgoracle  # noqa: E402

# Frame widths may differ from the exact figure by this much (pixels).
SLACK = 1.0

READ = r'''
const fl = document.getElementById('fl'), g = fl.querySelector('.fl-g');
const W = g.getBoundingClientRect().width;
return {zoom: +fl.dataset.zoom, view: +fl.dataset.view, event: +fl.dataset.event, W: W,
        frames: [...g.querySelectorAll('.fr')].map(f => {
          const r = f.getBoundingClientRect();
          return {i: +f.dataset.i, fn: +f.dataset.fn, w: r.width, cls: f.className,
                  sign: f.dataset.sign || null, grade: f.dataset.grade || null};
        })};
'''


def tool_profiles(opt, work, bin_dir):
    """Our tool's --call-graph=callgrind profiles of flame.c at N=1000 and 3000
    and Callgrind's at 1000, in work/flame; None when they cannot be made."""
    if not (opt.valgrind and os.path.exists(opt.valgrind) and opt.tool and os.path.exists(opt.tool)):
        return None
    d = os.path.join(work, 'flame')
    os.makedirs(d, exist_ok=True)
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'progs', 'flame.c')
    exe = os.path.join(d, 'flame')
    if subprocess.run([os.environ.get('CC', 'cc'), '-g', '-O0', '-o', exe, src],
                      capture_output=True).returncode != 0:
        return None
    lib = vglib.make(opt, d)
    env = dict(os.environ, VALGRIND_LIB=lib)
    for n in (1000, 3000):
        r = subprocess.run([opt.valgrind, '-q', '--tool=cgours', '--call-graph=callgrind', '--cache-sim=yes',
                            '--branch-sim=yes', '--cachegrind-out-file=f%d.cgout' % n, exe, str(n)],
                           cwd=d, env=env, capture_output=True)
        if r.returncode != 0:
            raise RuntimeError('our tool on flame.c: %s' % r.stderr.decode(errors='replace')[-300:])
    r = subprocess.run([opt.valgrind, '-q', '--tool=callgrind', '--callgrind-out-file=f1000.clout',
                        exe, '1000'], cwd=d, capture_output=True)
    if r.returncode != 0:
        raise RuntimeError('Callgrind on flame.c: %s' % r.stderr.decode(errors='replace')[-300:])
    # inlflame.c at -O2 -g, with costs by instruction (inlined frames).
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'progs', 'inlflame.c')
    exe = os.path.join(d, 'inlflame')
    if subprocess.run([os.environ.get('CC', 'cc'), '-g', '-O2', '-o', exe, src],
                      capture_output=True).returncode != 0:
        return None
    r = subprocess.run([opt.valgrind, '-q', '--tool=cgours', '--inline-frames=yes',
                        '--cachegrind-out-file=inl.cgout', exe], cwd=d, env=env, capture_output=True)
    if r.returncode != 0:
        raise RuntimeError('our tool on inlflame.c: %s' % r.stderr.decode(errors='replace')[-300:])
    return d


def data(b):
    return json.loads(b.js("return document.getElementById('fl-data').textContent"))


def path_of(fl, view, i):
    """Frame i's path of function names, outermost first."""
    v = fl['views'][view]
    names = []
    while v['parent'][i] >= 0:
        f = v['fn'][i]
        names.append(fl['fns'][f][0])
        i = v['parent'][i]
    return tuple(reversed(names))


def json_incl(bin_dir, cwd, prof, opts=()):
    """Each function's exact inclusive cost by cg_annotate's JSON call graph
    (function -> counts), and the events."""
    r = subprocess.run([os.path.join(bin_dir, 'cg_annotate'), '--format=json', '--threshold=0', *opts,
                        prof], cwd=cwd, capture_output=True, check=True)
    doc = json.loads(r.stdout)
    return ({f['function']: f['inclusive'] for f in doc['call_graph']['functions'] if f['exact']},
            doc['events'])


def widths(b, fl, incl, events, e, probs, what):
    """Every drawn frame of a function that has one frame in the view, and
    an exact inclusive cost, is as wide as that cost's share of the total."""
    st = b.js(READ)
    total = fl['total'][e]
    count = {}
    v = fl['views'][st['view']]
    for i in range(len(v['fn'])):
        if v['fn'][i] >= 0:
            name = fl['fns'][v['fn'][i]][0]
            count[name] = count.get(name, 0) + 1
    checked = 0
    for f in st['frames']:
        if f['fn'] < 0:
            continue
        name = fl['fns'][f['fn']][0]
        if count.get(name) != 1 or name not in incl:
            continue
        want = incl[name][e] / total * st['W']
        checked += 1
        if abs(f['w'] - want) > SLACK:
            probs.append('%s: %s (%s) is %.2f px wide; its inclusive %s %d of %d makes %.2f px' %
                         (what, name, events[e], f['w'], events[e], incl[name][e], total, want))
    for name in ('main', 'parse', 'emit', 'walk'):
        if count.get(name) != 1:
            probs.append('%s: %d frames of %s' % (what, count.get(name, 0), name))
    if checked < 4:
        probs.append('%s: only %d frames checked against the JSON report' % (what, checked))


def frame_el(b, name):
    return b.js('''const fl = JSON.parse(document.getElementById('fl-data').textContent);
                   const k = fl.fns.findIndex(f => f[0] === arguments[0]);
                   return document.querySelector('#fl .fr[data-fn="' + k + '"]');''', name)


def flame_graph(b, page, probs, cwd, bin_dir, shots):
    """The graph of one profile: widths against the JSON report in two
    events, zoom, search, keys, the recursion switch, links, screenshots."""
    b.open(page)
    fl = data(b)
    incl, events = json_incl(bin_dir, cwd, page.args[-1])
    if fl['events'] != events:
        probs.append('flame: events %s, the JSON report %s' % (fl['events'], events))
        return
    widths(b, fl, incl, events, 0, probs, 'flame ' + events[0])
    last = len(events) - 1
    b.js('''const s = document.querySelector('#fl select.fl-ev'); s.value = arguments[0];
            s.dispatchEvent(new Event('change'));''', str(last))
    if b.js("return +document.getElementById('fl').dataset.event") != last:
        probs.append('flame: the event menu did not switch to %s' % events[last])
    widths(b, fl, incl, events, last, probs, 'flame ' + events[last])
    b.js('''const s = document.querySelector('#fl select.fl-ev'); s.value = '0';
            s.dispatchEvent(new Event('change'));''')

    # Zoom into parse by a click: it fills the width; Escape zooms out.
    el = frame_el(b, 'parse')
    b.click(el)
    st = b.js(READ)
    z = [f for f in st['frames'] if 'zoom' in f['cls'].split()]
    if len(z) != 1 or fl['fns'][z[0]['fn']][0] != 'parse':
        probs.append('flame: after a click on parse the zoomed frame is %s' %
                     [fl['fns'][f['fn']][0] for f in z])
    elif abs(z[0]['w'] - st['W']) > SLACK:
        probs.append('flame: zoomed parse is %.1f px of %.1f' % (z[0]['w'], st['W']))
    else:
        kids = [f for f in st['frames'] if f['fn'] >= 0 and fl['fns'][f['fn']][0] == 'digest']
        want = incl['digest'][0] / incl['parse'][0] * st['W'] if 'digest' in incl else None
        # digest has two frames: under parse it holds parse's call only.
        if not kids:
            probs.append('flame: no digest frame under the zoomed parse')
        elif want is not None and kids[0]['w'] > st['W'] + SLACK:
            probs.append('flame: digest wider than the zoomed parse')
    # Escape zooms out one level: to parse's parent, main.
    b.js("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}))")
    z = b.js("return +document.getElementById('fl').dataset.zoom")
    if z <= 0 or fl['fns'][fl['views'][0]['fn'][z]][0] != 'main':
        probs.append('flame: Escape from parse zoomed out to frame %d, not to main' % z)
    b.js("document.querySelector('#fl button.fl-reset').click()")
    if b.js("return +document.getElementById('fl').dataset.zoom") != 0:
        probs.append('flame: Reset zoom did not zoom out to the root')

    # Search: lex's frames (under parse and under walk) hold lex's exact
    # inclusive cost, which the status line must give.
    q = b.d.find_element('css selector', '#fl input.fl-q')
    q.send_keys('lex')
    out = b.js("return document.querySelector('#fl output.fl-out').textContent")
    want = '{:,}'.format(incl['lex'][0])
    if want not in out:
        probs.append('flame: searching lex says %r, not the inclusive %s' % (out, want))
    hits = b.js("return [...document.querySelectorAll('#fl .fr.hit')].map(f => +f.dataset.fn)")
    if not hits or any(fl['fns'][h][0] != 'lex' for h in hits):
        probs.append('flame: the frames marked for lex are %s' % [fl['fns'][h][0] for h in hits])
    b.js("const q = document.querySelector('#fl input.fl-q'); q.value = '';"
         "q.dispatchEvent(new Event('input'))")

    # Keys: from the root, ArrowDown reaches a child, Enter zooms into it.
    b.js("document.querySelector('#fl .fr[data-i=\"0\"]').focus()")
    b.js("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', bubbles: true}))")
    i = b.js("const a = document.activeElement; return a.classList.contains('fr') ? +a.dataset.i : -1")
    v0 = fl['views'][0]
    if i <= 0 or v0['parent'][i] != 0:
        probs.append('flame: ArrowDown from the root focused frame %s' % i)
    else:
        b.js("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}))")
        if b.js("return +document.getElementById('fl').dataset.zoom") != i:
            probs.append('flame: Enter on frame %d did not zoom into it' % i)
        b.js("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home', bubbles: true}))")
        b.js("document.querySelector('#fl button.fl-reset').click()")

    # walk recursed 40 times: one frame, marked, until the switch expands it.
    walks = [k for k in range(len(v0['fn'])) if v0['fn'][k] >= 0 and fl['fns'][v0['fn'][k]][0] == 'walk']
    if len(walks) != 1 or v0['rec'][walks[0]] != 40:
        probs.append('flame: collapsed walk frames %s with levels %s' %
                     (walks, [v0['rec'][k] for k in walks]))
    if 'rec' not in (frame_el(b, 'walk').get_attribute('class') or '').split():
        probs.append('flame: the collapsed walk frame is not marked')
    b.click(b.d.find_element('css selector', '#fl input.fl-rec'))
    st = b.js(READ)
    drawn = sum(1 for f in st['frames'] if f['fn'] >= 0 and fl['fns'][f['fn']][0] == 'walk')
    if st['view'] != 1 or drawn != 41:
        probs.append('flame: expanded, view %d draws %d walk frames (41 levels)' % (st['view'], drawn))
    b.click(b.d.find_element('css selector', '#fl input.fl-rec'))

    # The details of parse link to its call-graph entry and its lines.
    b.js("arguments[0].focus()", frame_el(b, 'parse'))
    links = b.js("return [...document.querySelectorAll('#fl .fl-info a')].map(a => a.getAttribute('href'))")
    if len(links) != 2 or not all(b.js("return !!document.getElementById(arguments[0].slice(1))", h)
                                  for h in links):
        probs.append('flame: the details of parse link to %s' % links)

    sec = b.d.find_element('css selector', '#flame')
    b.js('arguments[0].scrollIntoView()', sec)
    b.d.save_screenshot(os.path.join(shots, 'flame.png'))
    b.d.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                        {'width': 390, 'height': 844, 'deviceScaleFactor': 2, 'mobile': True})
    b.open(page)
    sec = b.d.find_element('css selector', '#flame')
    b.js('arguments[0].scrollIntoView()', sec)
    w = b.js('''const g = document.querySelector('#fl .fl-g').getBoundingClientRect();
                return [document.documentElement.scrollWidth, window.innerWidth, g.right]''')
    if w[0] > w[1] + 1 or w[2] > w[1]:
        probs.append('flame: at 390 px the page is %d px wide, the graph ends at %d' % (w[0], w[2]))
    widths(b, fl, incl, events, 0, probs, 'flame at 390 px')
    b.d.save_screenshot(os.path.join(shots, 'flame-phone.png'))
    b.d.execute_cdp_cmd('Emulation.clearDeviceMetricsOverride', {})
    b.open(page)
    sec = b.d.find_element('css selector', '#flame')
    b.d.execute_cdp_cmd('Emulation.setEmulatedMedia',
                        {'features': [{'name': 'prefers-color-scheme', 'value': 'dark'}]})
    b.js('arguments[0].scrollIntoView()', sec)
    b.d.save_screenshot(os.path.join(shots, 'flame-dark.png'))
    b.d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': []})
    b.drain('flame')


def opens_expanded(b, page, probs):
    """--collapse-recursion=no opens the page on the expanded view."""
    b.open(page)
    st = b.js(READ)
    box = b.js("return document.querySelector('#fl input.fl-rec').checked")
    walks = sum(1 for f in st['frames'] if f['fn'] >= 0 and
                data(b)['fns'][f['fn']][0] == 'walk')
    if st['view'] != 1 or not box or walks != 41:
        probs.append('flame: --collapse-recursion=no opens on view %d (switch %s) with %d walk frames' %
                     (st['view'], 'on' if box else 'off', walks))
    b.drain('flame expanded')


def read_paths(path):
    """The `# cp` lines of our profile: path of names -> inclusive costs,
    recursion collapsed (a path of the function, name and entry file, of
    its parent's frame is inside that frame's activation: counted there)."""
    names, files, at, fn_at, out = {}, {}, {}, {}, {}
    shown = cgoracle.path_names([path])
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        for line in f:
            m = re.match(r'^# cp-(fn|fl)=(\d+) (.*)$', line.rstrip('\n'))
            if m:
                (names if m.group(1) == 'fn' else files)[int(m.group(2))] = m.group(3)
                continue
            m = re.match(r'^# cp=(.*)$', line)
            if not m:
                continue
            t = [int(x) for x in m.group(1).split()]
            fn = (files.get(t[2]), names[t[2]])
            if t[1] and fn_at[t[1]] == fn:
                at[t[0]], fn_at[t[0]] = at[t[1]], fn
                continue
            key = (at[t[1]] if t[1] else ()) + (shown(fn),)
            at[t[0]], fn_at[t[0]] = key, fn
            out[key] = [a + b for a, b in zip(out.get(key, [0] * len(t[4:])), t[4:])]
    return out


def diff_grade(d, largest):
    """A change's grade as docs/post-processors.md ("The page's flame
    graph") states it: 5 above a tenth of the largest change of any frame,
    each grade below a further factor of 10, 1 for anything smaller."""
    if d == 0:
        return 0
    g, a = 5, abs(d)
    while g > 1 and a * 10 <= largest:
        g, a = g - 1, a * 10
    return g


def flame_diff(b, page, probs, cwd, shots):
    """Each drawn frame's colour sign is the sign of its path's change, read
    from the two profiles' `# cp` lines; its grade is the documented scale's
    for that change against the largest of the view."""
    b.open(page)
    fl = data(b)
    old = read_paths(os.path.join(cwd, page.args[-2]))
    new = read_paths(os.path.join(cwd, page.args[-1]))
    st = b.js(READ)
    v, e = fl['views'][st['view']], st['event']
    largest = max(abs(v['incl'][i][e] - v['old'][i][e]) for i in range(v['n']))
    seen = {'+': 0, '-': 0, '0': 0}
    grades = set()
    for f in st['frames']:
        if f['fn'] < 0:
            continue
        p = path_of(fl, st['view'], f['i'])
        d = new.get(p, [0] * (e + 1))[e] - old.get(p, [0] * (e + 1))[e]
        want = '+' if d > 0 else '-' if d < 0 else '0'
        seen[want] += 1
        if f['sign'] != want:
            probs.append('flame diff: %s changed by %d, coloured %r' % (';'.join(p), d, f['sign']))
            if len(probs) > 10:
                return
        g = diff_grade(d, largest)
        grades.add(g)
        if f['grade'] != str(g):
            probs.append('flame diff: %s changed by %d (the largest change %d), grade %r, not %d' %
                         (';'.join(p), d, largest, f['grade'], g))
            if len(probs) > 10:
                return
    if len(grades - {0}) < 2:
        probs.append('flame diff: the frames drawn have one grade only: %s' % sorted(grades))
    if not seen['+'] or not seen['-']:
        probs.append('flame diff: no growth or no shrinkage drawn: %s' % seen)
    for name, sign in (('parse', '+'), ('emit', '-')):
        el = frame_el(b, name)
        if el is None or el.get_attribute('data-sign') != sign:
            probs.append('flame diff: %s is not marked %s' % (name, sign))
    b.js('arguments[0].scrollIntoView()', b.d.find_element('css selector', '#flame'))
    b.d.save_screenshot(os.path.join(shots, 'flame-diff.png'))
    b.drain('flame diff')


def flame_estimate(b, page, probs, cwd, bin_dir, shots):
    """A Callgrind file's graph says it is an estimate, on the graph, and
    follows the estimate's rules: the marks drawn are the data's; digest
    has two callers, so every tail frame (below digest) is an estimate; an
    estimated frame lies below the start of a split or an estimate, or is
    of a function whose inclusive cost is only a lower bound (the JSON
    report's `exact`); a frame not marked, of a function with one frame
    and an exact cost, is as wide as that cost."""
    b.open(page)
    fl = data(b)
    incl, events = json_incl(bin_dir, cwd, page.args[-1])
    r = subprocess.run([os.path.join(bin_dir, 'cg_annotate'), '--format=json', '--threshold=0',
                        page.args[-1]], cwd=cwd, capture_output=True, check=True)
    inexact = {f['function'] for f in json.loads(r.stdout)['call_graph']['functions'] if not f['exact']}
    if not fl['estimate']:
        probs.append('estimate: the data does not say it is an estimate')
    box = b.js("const e = document.querySelector('#flame .box.est'); return e ? e.textContent : ''")
    if 'An estimate, not a measurement' not in box:
        probs.append('estimate: the section does not say it is an estimate: %r' % box[:100])
    root = b.js("return document.querySelector('#fl .fr[data-i=\"0\"]').textContent")
    if 'an estimate' not in root:
        probs.append('estimate: the graph itself does not say it is an estimate: root %r' % root)
    st = b.js(READ)
    v = fl['views'][st['view']]
    name = lambda i: fl['fns'][v['fn'][i]][0] if v['fn'][i] >= 0 else ''
    count = {}
    for i in range(len(v['fn'])):
        count[name(i)] = count.get(name(i), 0) + 1
    tails = splits = 0
    for f in st['frames']:
        i, c = f['i'], f['cls'].split()
        est, split = bool(v['est'][i] & 1), bool(v['est'][i] & 2)
        if ('est' in c) != est or ('split' in c) != split:
            probs.append('estimate: frame %d (%s) has classes %s, est bits %d' % (i, name(i), c, v['est'][i]))
        splits += split
        up = v['parent'][i]
        if est and not (up >= 0 and v['est'][up]) and name(i) not in inexact and name(up) not in inexact:
            probs.append('estimate: %s is marked an estimate with nothing that makes it one above it' %
                         ';'.join(path_of(fl, st['view'], i)))
        if name(i) == 'tail':
            tails += 1
            if not est:
                probs.append('estimate: a tail frame (below digest, which has two callers) is not marked')
        if not est and f['fn'] >= 0 and count[name(i)] == 1 and name(i) in incl:
            want = incl[name(i)][0] / fl['total'][0] * st['W']
            if abs(f['w'] - want) > SLACK:
                probs.append('estimate: %s, not marked, is %.2f px; its inclusive cost makes %.2f' %
                             (name(i), f['w'], want))
    if tails != 2 or not splits:
        probs.append('estimate: %d tail frames drawn (2 expected), %d splits' % (tails, splits))
    b.js('arguments[0].scrollIntoView()', b.d.find_element('css selector', '#flame'))
    b.d.save_screenshot(os.path.join(shots, 'flame-estimate.png'))
    b.drain('estimate')


def flame_inlined(b, page, probs, cwd, bin_dir, shots):
    """cg_annotate --inline-frames=yes on inlflame.c: mid and sq are frames
    of their own below work, drawn as inlined; each function has one frame,
    so each inlined frame is exactly as wide as the function's inclusive cost
    in the JSON report (whose figures tests/inline checks against Callgrind
    and addr2line), and leaf, called only from mid's code, is below mid.
    The switch folds them: no frame is drawn as inlined, leaf is below work,
    and work keeps its width."""
    b.open(page)
    fl = data(b)
    incl, events = json_incl(bin_dir, cwd, page.args[-1], ['--inline-frames=yes'])
    if not fl.get('inlined'):
        probs.append('inlined: the data has no inlined frames')
        return
    st = b.js(READ)
    v = fl['views'][st['view']]
    name = lambda i: fl['fns'][v['fn'][i]][0] if v['fn'][i] >= 0 else ''
    drawn = {}
    for f in st['frames']:
        drawn.setdefault(name(f['i']), []).append(f)
    for fn in ('mid', 'sq'):
        fs = drawn.get(fn, [])
        if len(fs) != 1:
            probs.append('inlined: %d frames of %s drawn (1 expected)' % (len(fs), fn))
            continue
        f = fs[0]
        if 'inl' not in f['cls'].split() or not v['est'][f['i']] & 4:
            probs.append('inlined: %s is not drawn as inlined (classes %s)' % (fn, f['cls']))
        if 'est' in f['cls'].split():
            probs.append('inlined: %s, the only frame of its function, is marked an estimate' % fn)
        want = incl[fn][0] / fl['total'][0] * st['W']
        if abs(f['w'] - want) > SLACK:
            probs.append('inlined: %s is %.2f px; its inclusive cost makes %.2f' % (fn, f['w'], want))
    leaf = drawn.get('leaf', [])
    if len(leaf) != 1 or path_of(fl, st['view'], leaf[0]['i'])[-2:] != ('mid', 'leaf'):
        probs.append('inlined: leaf is drawn at %s (below mid expected)' %
                     [path_of(fl, st['view'], f['i']) for f in leaf])
    work_w = [f['w'] for f in drawn.get('work', [])]
    b.js('arguments[0].scrollIntoView()', b.d.find_element('css selector', '#flame'))
    b.d.save_screenshot(os.path.join(shots, 'flame-inlined.png'))
    b.click(b.d.find_element('css selector', '#fl input.fl-inl'))
    st = b.js(READ)
    v = fl['views'][st['view']]
    if st['view'] != fl['recViews']:
        probs.append('inlined: folded, the view is %d (%d expected)' % (st['view'], fl['recViews']))
    if any('inl' in f['cls'].split() for f in st['frames']):
        probs.append('inlined: folded, frames are still drawn as inlined')
    leaf = [f for f in st['frames'] if name(f['i']) == 'leaf']
    if len(leaf) != 1 or path_of(fl, st['view'], leaf[0]['i'])[-2:] != ('work', 'leaf'):
        probs.append('inlined: folded, leaf is drawn at %s (below work expected)' %
                     [path_of(fl, st['view'], f['i']) for f in leaf])
    folded_w = [f['w'] for f in st['frames'] if name(f['i']) == 'work']
    if len(work_w) != 1 or len(folded_w) != 1 or abs(work_w[0] - folded_w[0]) > SLACK:
        probs.append('inlined: work is %s px with inlined frames, %s folded' % (work_w, folded_w))
    b.drain('inlined')
