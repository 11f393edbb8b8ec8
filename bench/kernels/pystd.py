# SPDX-License-Identifier: GPL-2.0-or-later
# pystd.py: the "pystd" workload: python3 touching much of its standard
# library once or twice (imports, parsing, formatting), so that its time goes
# into running a great deal of different code rather than one hot loop.
import argparse, base64, collections, csv, datetime, decimal, difflib
import fractions, hashlib, html.parser, io, itertools, json, re, statistics, string
import textwrap, urllib.parse, xml.etree.ElementTree as ET, zlib, enum, dataclasses, heapq

p = argparse.ArgumentParser(); p.add_argument('--n', type=int, default=3); a = p.parse_args(['--n', '3'])
doc = {'k%d' % i: [i, str(i) * 3, {'x': i / 7}] for i in range(200)}
s = json.dumps(doc, indent=2, sort_keys=True); assert json.loads(s) == doc
buf = io.StringIO(); w = csv.writer(buf)
for i in range(200): w.writerow([i, 'name%d' % i, i * 1.5])
rows = list(csv.reader(io.StringIO(buf.getvalue())))
text = ' '.join(r[1] for r in rows)
wrapped = textwrap.fill(text, 60); words = collections.Counter(re.findall(r'[a-z]+\d', text))
d = decimal.Decimal(1) / decimal.Decimal(7); f = sum(fractions.Fraction(1, k) for k in range(1, 40))
st = statistics.pstdev([float(r[2]) for r in rows])
diff = list(difflib.unified_diff(s.splitlines()[:80], s.replace('1', '2').splitlines()[:80]))
h = hashlib.sha256(s.encode()).hexdigest(); z = zlib.compress(s.encode(), 6); b = base64.b64encode(z[:300])
root = ET.fromstring('<a>' + ''.join('<b i="%d">%s</b>' % (i, i) for i in range(150)) + '</a>')
class P(html.parser.HTMLParser):
    n = 0
    def handle_starttag(self, tag, attrs): self.n += 1
hp = P(); hp.feed('<html>' + '<p class="x">t</p>' * 150 + '</html>')
m = wrapped.upper()
u = urllib.parse.urlencode({'q': text[:200], 'n': 3}); t = datetime.datetime(2024, 1, 1) + datetime.timedelta(days=400)
Color = enum.Enum('Color', 'RED GREEN BLUE')
@dataclasses.dataclass
class Pt:
    x: int
    y: int
pts = sorted(Pt(i % 17, i) for i in range(100)) if False else [Pt(i % 17, i) for i in range(100)]
top = heapq.nsmallest(5, (p.x * 31 + p.y for p in pts)); perms = len(list(itertools.permutations(range(6))))
print(len(s), len(rows), len(wrapped), len(words), d, f.denominator % 1000, round(st, 3), len(diff), h[:8],
      len(b), len(root), hp.n, len(m), len(u), t.isoformat(), Color.GREEN.value, top, perms,
      string.ascii_letters[:3])
