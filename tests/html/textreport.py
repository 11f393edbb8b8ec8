# SPDX-License-Identifier: GPL-2.0-or-later
# textreport.py: the oracle side of the HTML tests.  Reads cg_annotate's text
# report (whose layout is upstream's, checked byte for byte by the post
# suite) into plain data: totals, the two function summaries and the
# annotated listings with line numbers; and says how the HTML page must show
# a name (docs/post-processors.md, "The HTML report": the escaping rules,
# written here again independently of post/html.c).

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
    """`1,234 (12.3%, 45.6%)` -> (1234, '12.3%'), `.` -> None."""
    raw = raw.strip()
    if raw == b'.':
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


def parse(report, events):
    """The report as {'totals': [counts], 'by_file': groups, 'by_fn': groups,
    'files': {name: {...}}}; a group is (name, counts, pcts, [(name, counts,
    pcts)]), members None for a group shown as one row."""
    ev = [e.encode() for e in events]
    res = {'totals': None, 'by_file': [], 'by_fn': [], 'files': {}}
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
                counts = [c[0] for c in cells]
                pcts = [c[1] for c in cells]
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
                        members.append((ml[2:], [c[0] for c in mc], [c[1] for c in mc]))
                    groups.append((label[:-1], counts, pcts, members))
                cur = []
            res[key] = groups
        elif title.startswith(b'Annotated source file: '):
            res['files'][title[len('Annotated source file: '):]] = listing(body, ev)
    return res


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
