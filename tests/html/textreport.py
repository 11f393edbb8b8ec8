# SPDX-License-Identifier: GPL-2.0-or-later
# textreport.py: the oracle side of the HTML tests.  Reads cg_annotate's text
# report (whose layout is upstream's, checked byte for byte by the post
# suite) into plain data: totals, the two function summaries and the
# annotated listings with line numbers; and says how the HTML page must show
# a name (docs/post-processors.md, "The HTML report": the escaping rules,
# written here again independently of post/util/html.c).

BANNER = '-' * 80


def display(raw):
    """The text a browser shows for the profile bytes `raw`."""
    out, i = [], 0
    while i < len(raw):
        # The longest valid UTF-8 sequence at i (Python's decoder is strict:
        # no overlong forms, no surrogates, nothing above U+10FFFF).
        ch, n = None, 0
        for k in (1, 2, 3, 4):
            try:
                ch = raw[i:i + k].decode('utf-8')
                n = k
                break
            except UnicodeDecodeError:
                continue
        if ch is None:
            out.append('\\x%02X' % raw[i])
            i += 1
            continue
        cp = ord(ch)
        if cp < 0x20 or cp == 0x7f:
            out.append(chr(0x2421 if cp == 0x7f else 0x2400 + cp))
        elif 0x80 <= cp < 0xa0 or 0x202a <= cp <= 0x202e or 0x2066 <= cp <= 0x2069:
            out.append('\\u%04X' % cp)
        else:
            out.append(ch)
        i += n
    return ''.join(out)


def display_src(raw):
    """Like display, for a source line, whose tabs stay tabs."""
    return '\t'.join(display(part) for part in raw.split(b'\t'))


def sections(report):
    """[(title bytes, [line bytes])] of a text report."""
    lines = report.split(b'\n')
    out, i = [], 0
    while i < len(lines):
        if (lines[i] == BANNER.encode() and i + 2 < len(lines) and lines[i + 2] == BANNER.encode()
                and lines[i + 1].startswith(b'-- ')):
            out.append((lines[i + 1][3:], []))
            i += 3
            continue
        if out:
            out[-1][1].append(lines[i])
        i += 1
    return out


def columns(header, events, prefix):
    """The widths of the event columns, read from a header row whose cells
    start after `prefix` characters."""
    pos, widths = prefix, []
    for e in events:
        assert header[pos:pos + len(e)] == e, (header, e)
        end = pos + len(e)
        while end < len(header) and header[end:end + 1] == b'_':
            end += 1
        widths.append(end - pos)
        pos = end + 1
    return widths


def cell(raw):
    """`1,234 (12.3%, 45.6%)` -> (1234, '12.3%'), `.` -> None, and a blank
    cell (a file's inclusive cost, which it has not) -> None."""
    raw = raw.strip()
    if raw in (b'.', b''):
        return None
    num, _, rest = raw.partition(b' ')
    pct = rest.strip().strip(b'(),').split(b',')[0].strip() if rest else b''
    return int(num.replace(b',', b'')), pct.decode()


def row(line, widths, start):
    cells, pos = [], start
    for w in widths:
        cells.append(cell(line[pos:pos + w]))
        pos += w + 1
    return cells, line[pos + 1:]


def counts_of(cells):
    """A row's cells as (counts, pcts), each None for a blank cell."""
    return [c[0] if c else None for c in cells], [c[1] if c else None for c in cells]


def parse(report, events, own=None):
    """The report as {'totals': [counts], 'by_file': groups, 'by_fn': groups,
    'files': {name: {...}}, 'graph': entries or None}; a group is (name,
    counts, pcts, [(name, counts, pcts)]), members None for a group shown as
    one row, a count None for a blank cell (a file's inclusive cost).
    `events` are the columns of the summaries (`Ir:incl` for an inclusive
    one), `own` those of the listings (default: the same)."""
    ev = [e.encode() for e in events]
    own = ev if own is None else [e.encode() for e in own]
    res = {'totals': None, 'by_file': [], 'by_fn': [], 'files': {}, 'graph': None}
    for title, body in sections(report):
        if title == b'Summary':
            widths, start = columns(body[0], ev, 0), 0
            cells, label = row(body[2], widths, start)
            assert label == b'PROGRAM TOTALS', label
            res['totals'] = [c[0] for c in cells]
        elif title in (b'File:function summary', b'Function:file summary'):
            key = 'by_file' if title.startswith(b'File') else 'by_fn'
            widths, start = columns(body[0], ev, 2), 2
            groups, cur = [], []
            for line in body[2:] + [b'']:
                if line:
                    cur.append(line)
                    continue
                if not cur:
                    continue
                cells, label = row(cur[0], widths, start)
                counts, pcts = counts_of(cells)
                if len(cur) == 1:
                    # `< FILE:FUNCTION`: names may hold colons, so the label
                    # stays whole.
                    groups.append((label, counts, pcts, None))
                else:
                    assert label.endswith(b':'), label
                    members = []
                    for m in cur[1:]:
                        mc, ml = row(m, widths, start)
                        assert ml.startswith(b'  '), ml
                        members.append((ml[2:],) + tuple(counts_of(mc)))
                    groups.append((label[:-1], counts, pcts, members))
                cur = []
            res[key] = groups
        elif title.startswith(b'Annotated source file: '):
            res['files'][title[len('Annotated source file: '):]] = listing(body, own)
        elif title == b'Call graph':
            res['graph'] = call_graph(body)
    return res


def call_graph(body):
    """The call-graph section as {'cols': [column names], 'entries':
    [{'index': N, 'rows': [row]}]}, each row {'kind': 'up' (a caller), 'me'
    (the entry), 'down' (a callee), 'mem' (a member of a cycle) or 'few'
    (arcs only counted), 'cells': [(count, pct) or None] (None for a few
    row), 'calls': text, 'name': the text after the calls (the entry's
    without its index, a few row's without its parentheses)}."""
    i = 0
    while not body[i].startswith(b' '):  # the header, after the note
        i += 1
    header = body[i]
    windex = len(header) - len(header.lstrip(b' ')) - 1
    cols = [t.rstrip(b'_') for t in header.split()]
    widths = columns(header, cols, windex + 1)
    entries, cur, cycle = [], None, False
    for line in body[i + 1:]:
        if not line.strip():
            cur, cycle = None, False
            continue
        if cur is None:
            cur = {'index': None, 'rows': []}
            entries.append(cur)
        text = line.strip()
        if text.startswith(b'(') and text.endswith(b' below the threshold)'):
            cur['rows'].append({'kind': 'few', 'cells': None, 'calls': '', 'name': text[1:-1]})
            continue
        index = line[:windex].strip()
        pos, cells = windex + 1, []
        for w in widths:
            cells.append(cell(line[pos:pos + w]))
            pos += w + 1
        rest = line[pos:]
        if index:
            cur['index'] = int(index[1:-1])
            kind = 'me'
            cycle = rest.strip().startswith(b'<cycle ')
        else:
            kind = 'mem' if cycle else ('down' if cur['index'] else 'up')
        if cycle:
            calls, name = b'', rest.strip()
        else:
            calls, name = rest.strip().split(b' ', 1)
            name = name.strip()
        if kind == 'me':
            # `NAME <cycle N> [I] (inclusive: a lower bound)`: the index
            # goes, the page puts it in front.
            name = name.replace(b' [%d]' % cur['index'], b'', 1)
        cur['rows'].append({'kind': kind, 'cells': cells, 'calls': calls.decode(), 'name': name})
    return {'cols': [c.decode() for c in cols], 'entries': entries}


def listing(body, ev):
    """An annotated file: {'unreadable': bool, 'line0': (counts, pcts) or
    None, 'lines': {n: (counts, pcts, text)}, counts and pcts None for a line
    without counts, 'bogus': {n: (counts, pcts)}}."""
    out = {'unreadable': False, 'line0': None, 'lines': {}, 'bogus': {}}
    if body and body[0].startswith(b'Unannotated because'):
        out['unreadable'] = True
        return out
    i = 0
    while body[i].startswith(b'@') or not body[i]:
        i += 1
    widths, start = columns(body[i], ev, 0), 0
    i += 2
    n, in_range = 1, None
    for line in body[i:]:
        if line.startswith(b'-- line ') and line.endswith(b'-' * 40):
            num = int(line.split()[2])
            if in_range:
                in_range = False
            else:
                n, in_range = num, True
            continue
        if not line or line.startswith(b'@'):
            continue
        cells, text = row(line, widths, start)
        if text == b'<unknown (line 0)>':
            out['line0'] = ([c[0] for c in cells], [c[1] for c in cells])
            continue
        if text.startswith(b'<bogus line '):
            out['bogus'][int(text[12:-1])] = ([c[0] for c in cells], [c[1] for c in cells])
            continue
        if in_range is None:
            in_range = True
        if cells[0] is None:
            out['lines'][n] = (None, None, text)
        else:
            out['lines'][n] = ([c[0] for c in cells], [c[1] for c in cells], text)
        n += 1
    return out
