# SPDX-License-Identifier: GPL-2.0-or-later
# pystd.py: the "pystd" workload: python3 touching much of its standard
# library once or twice (imports, parsing, formatting), so that its time goes
# into running a great deal of different code rather than one hot loop.
# Its counts must not move between runs, so it leaves out every module that
# brings randomness or the clock into the work: expat (xml.*: its hash salt
# comes from getrandom, the time and the pid, which moved the D1 misses by
# hundreds), random (statistics, tempfile) and datetime; bench/run.sh runs
# it with -S, as site's .pth files import tempfile and so random.
import argparse, base64, collections, csv, decimal, difflib
import fractions, hashlib, html.parser, io, itertools, json, re, string
import ast, textwrap, urllib.parse, zlib, enum, dataclasses, heapq

p = argparse.ArgumentParser(); p.add_argument('--n', type=int, default=3); a = p.parse_args(['--n', '3'])
doc = {'k%d' % i: [i, str(i) * 3, {'x': i / 7}] for i in range(200)}
s = json.dumps(doc, indent=2, sort_keys=True); assert json.loads(s) == doc
buf = io.StringIO(); w = csv.writer(buf)
for i in range(200): w.writerow([i, 'name%d' % i, i * 1.5])
rows = list(csv.reader(io.StringIO(buf.getvalue())))
text = ' '.join(r[1] for r in rows)
wrapped = textwrap.fill(text, 60); words = collections.Counter(re.findall(r'[a-z]+\d', text))
d = decimal.Decimal(1) / decimal.Decimal(7); f = sum(fractions.Fraction(1, k) for k in range(1, 40))
vals = [float(r[2]) for r in rows]; st = (sum((v - sum(vals) / len(vals)) ** 2 for v in vals) / len(vals)) ** 0.5
diff = list(difflib.unified_diff(s.splitlines()[:80], s.replace('1', '2').splitlines()[:80]))
h = hashlib.sha256(s.encode()).hexdigest(); z = zlib.compress(s.encode(), 6); b = base64.b64encode(z[:300])
tree = ast.parse('\n'.join('def f%d(a, b=%d):\n    return [a * b for _ in range(%d)]' % (i, i, i) for i in range(60)))
class P(html.parser.HTMLParser):
    n = 0
    def handle_starttag(self, tag, attrs): self.n += 1
hp = P(); hp.feed('<html>' + '<p class="x">t</p>' * 150 + '</html>')
m = wrapped.upper()
u = urllib.parse.urlencode({'q': text[:200], 'n': 3})
Color = enum.Enum('Color', 'RED GREEN BLUE')
@dataclasses.dataclass
class Pt:
    x: int
    y: int
pts = sorted(Pt(i % 17, i) for i in range(100)) if False else [Pt(i % 17, i) for i in range(100)]
top = heapq.nsmallest(5, (p.x * 31 + p.y for p in pts)); perms = len(list(itertools.permutations(range(6))))
print(len(s), len(rows), len(wrapped), len(words), d, f.denominator % 1000, round(st, 3), len(diff), h[:8],
      len(b), len(ast.dump(tree)), hp.n, len(m), len(u), Color.GREEN.value, top, perms,
      string.ascii_letters[:3])
