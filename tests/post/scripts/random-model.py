# SPDX-License-Identifier: GPL-2.0-or-later
# random-model.py: random profiles, sources and option sets; cg_annotate's
# report must equal model.py's.  Usage: random-model.py SEED COUNT BIN MODEL
# (MODEL: model.py, or upstream's cg_annotate for tests/post-upstream; it is
# run with this Python, and the Invocation: lines are not compared).
import random, subprocess, os, sys
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
bad = 0; N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
binary, model = sys.argv[3], sys.argv[4]
os.makedirs('sub', exist_ok=True)
for it in range(N):
    for f in ('a.c', 'b.c', 'sub/c.h'):
        n = random.randint(0, 30)
        open(f, 'w').write(''.join(random.choice(['', 'x = 1;', '  int y;', '}', 'return z; ']) + f' // {i}\n' for i in range(n)))
        os.utime(f, (1e9, 1e9))
    evpool = ['Ir', 'Dr', 'Dw', 'I1mr', 'Bc']
    events = random.sample(evpool, random.randint(1, 4))
    nprof = random.choice([1, 1, 2, 2, 3])
    profs = []
    for p in range(nprof):
        body = []; tot = [0]*len(events)
        for f in random.sample(['a.c', 'b.c', 'sub/c.h', '???', 'missing.c'], random.randint(1, 5)):
            body.append('fl=' + f)
            for fn in random.sample(['f', 'g', 'main', '???', 'h_x'], random.randint(1, 3)):
                if random.random() < 0.9: body.append('fn=' + fn)
                for _ in range(random.randint(0, 8)):
                    ln = random.choice([0] + list(range(1, 36)))
                    v = [random.choice([0, 0, random.randint(1, 2000), random.randint(-30, 30), random.randint(1, 10**7)]) for _ in events]
                    v = v[:random.randint(0, len(v))] if random.random() < 0.2 else v
                    body.append(' '.join([str(ln)] + [str(x) for x in v]))
                    for e, x in enumerate(v): tot[e] += x
        # Boundaries: a profile of total 2000 with one count of exactly 2
        # (0.1%, the default threshold) and one of 1997 (99.85%: printed
        # 99.8%), or of total 200 with counts of 1 (0.5%) and 199 (99.5%).
        if random.random() < 0.25:
            t = random.choice([2000, 200])
            small, big = (2, 1997) if t == 2000 else (1, 199)
            rest = t - small - big
            body = ['fl=edge.c']
            body.append('fn=edge_small')
            body.append(' '.join(['1'] + [str(small)] * len(events)))
            body.append('fn=edge_big')
            body.append(' '.join(['2'] + [str(big)] * len(events)))
            if rest:
                body.append(' '.join(['3'] + [str(rest)] * len(events)))
            tot = [t] * len(events)
        desc = [] if random.random() < 0.3 else ['I1 cache: ' + str(random.choice([1, 2]))]
        txt = ''.join('desc: %s\n' % d for d in desc) + 'cmd: ./p %d\n' % random.choice([1, 2]) + 'events: ' + ' '.join(events) + '\n' + '\n'.join(body) + '\nsummary: ' + ' '.join(map(str, tot)) + '\n'
        name = f'p{p}.cgout'; open(name, 'w').write(txt); os.utime(name, (2e9, 2e9)); profs.append(name)
    opts = []
    if nprof == 2 and random.random() < 0.5: opts.append('--diff')
    if random.random() < 0.5: opts.append('--show=' + ','.join(random.choice(events) for _ in range(random.randint(1, 3))))
    if random.random() < 0.5: opts.append('--sort=' + ','.join(random.choice(events) for _ in range(random.randint(1, 3))))
    if random.random() < 0.6: opts.append('--threshold=' + random.choice(['0', '0.1', '1', '5', '20', '2.5']))
    if random.random() < 0.6: opts.append('--context=' + random.choice(['0', '1', '2', '3', '-1', '20']))
    if random.random() < 0.3: opts.append('--no-show-percs')
    if random.random() < 0.2: opts.append('--no-annotate')
    cmd = opts + profs
    exp = subprocess.run([sys.executable, model] + cmd, capture_output=True, text=True, timeout=120)
    got = subprocess.run([binary] + cmd, capture_output=True, text=True)
    norm = lambda out: '\n'.join('Invocation:       X' if l.startswith('Invocation:') else l for l in out.split('\n'))
    g = norm(got.stdout)
    exp.stdout = norm(exp.stdout)
    if exp.returncode != 0 or g != exp.stdout:
        bad += 1
        if bad <= 3: print('# mismatch:', ' '.join(cmd), got.stderr[:200], exp.stderr[-200:])
print('# mismatches', bad, 'of', N)
sys.exit(1 if bad else 0)
