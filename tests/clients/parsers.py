#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""tests/clients/parsers.py: the rules the CI harnesses' parsers apply to
the files they read (../shared/spec/clients.md, in this project's words),
as checks.  Each check prints what it read or why the harness would
refuse the file, and exits 1 on a refusal.

  parsers.py cachegrind FILE   gungraun's Cachegrind parser: prints the
                               summary as EVENT=COUNT
  parsers.py callgrind FILE    gungraun's Callgrind parser: prints each
                               part's total as EVENT=COUNT, one line a part
                               (names and positions must be uncompressed,
                               as gungraun asks for them)
  parsers.py callgrind-any FILE  the same rules, compression allowed
  parsers.py log FILE          gungraun's log reader: prints the pid
"""
import re
import sys

# The only metrics gungraun knows; any other event name is an error.
KNOWN = {"Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw",
         "Bc", "Bcm", "Bi", "Bim"}
# Callgrind's --collect-systime events, which CodSpeed asks for (gungraun
# never does: its parser would call them unknown).
SYSTIME = {"sysCount", "sysTime", "sysCpuTime"}


class Refused(Exception):
    pass


def lines(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace").split("\n")


def events_of(value, where, extra=()):
    names = value.split()
    for n in names:
        if n not in KNOWN and n not in extra:
            raise Refused("%s: unknown metric '%s'" % (where, n))
    return names


def counts(names, value, where):
    vals = value.split()
    if len(vals) > len(names) or not all(v.isdigit() for v in vals):
        raise Refused("%s: malformed counts '%s'" % (where, value))
    vals += ["0"] * (len(names) - len(vals))
    return dict(zip(names, (int(v) for v in vals)))


def cachegrind(path):
    """Header lines (empty and # lines skipped, desc: kept) up to events:;
    cmd: and events: required; of the body only the last summary:."""
    cmd = names = summary = None
    body = False
    for no, line in enumerate(lines(path), 1):
        where = "%s:%d" % (path, no)
        if not body:
            if line == "" or line.startswith("#") or line.startswith("desc:"):
                continue
            if line.startswith("cmd:"):
                cmd = line[4:].strip()
                continue
            if line.startswith("events:"):
                names = events_of(line[7:], where)
                body = True
                continue
            raise Refused("%s: unexpected header line '%s'" % (where, line))
        if line.startswith("summary:"):
            summary = counts(names, line[8:], where)
    if cmd is None:
        raise Refused("%s: no cmd: line" % path)
    if names is None:
        raise Refused("%s: no events: line" % path)
    if summary is None:
        raise Refused("%s: no summary: line" % path)
    return [summary]


# The line keys of Callgrind's format gungraun's parser takes (a key it does
# not know, such as CodSpeed's cfni=, is an error).
KEYS = {"version", "creator", "pid", "cmd", "part", "desc", "positions",
        "event", "events", "summary", "totals", "thread", "ob", "fl", "fi",
        "fe", "fn", "cob", "cfi", "cfl", "cfn", "calls", "jump", "jcnd", "jfi",
        "jfn"}
NAME_KEYS = {"ob", "fl", "fi", "fe", "fn", "cob", "cfi", "cfl", "cfn", "jfi",
             "jfn"}


def callgrind(path, uncompressed=True):
    """pid: and cmd: required, version: 1, known events and keys, totals:
    or summary: per part; with gungraun's --compress-strings=no
    --compress-pos=no, no compressed name or position."""
    seen = set()
    parts = []
    names = None
    cur = None
    thread = None
    for no, line in enumerate(lines(path), 1):
        where = "%s:%d" % (path, no)
        if line == "" or line.startswith("#"):
            continue
        m = re.match(r"([a-z]+)[:=]", line)
        if m:
            key, value = m.group(1), line[m.end():]
            if key not in KEYS:
                raise Refused("%s: unknown line '%s'" % (where, line))
            seen.add(key)
            if key == "version" and value.strip() != "1":
                raise Refused("%s: version %s, not 1" % (where, value.strip()))
            if key == "events":
                names = events_of(value, where, () if uncompressed else SYSTIME)
            if key in ("totals", "summary"):
                if names is None:
                    raise Refused("%s: %s: before events:" % (where, key))
                tot = counts(names, value, where)
                if thread is not None:
                    tot = dict([("thread", thread)] + list(tot.items()))
                if key == "totals" or cur is None:
                    cur = tot
            if key == "thread":
                thread = int(value)
            if key == "part":
                thread = None
                if cur is not None:
                    parts.append(cur)
                    cur = None
            if uncompressed and key in NAME_KEYS and re.match(r"\s*\(\d+\)", value):
                raise Refused("%s: compressed name '%s'" % (where, line))
            continue
        if uncompressed and re.match(r"[+*-]", line):
            raise Refused("%s: compressed position '%s'" % (where, line))
        if not re.match(r"([+-]?(0x[0-9a-fA-F]+|\d+)|\*)(\s|$)", line):
            raise Refused("%s: unknown line '%s'" % (where, line))
    for k in ("pid", "cmd"):
        if k not in seen:
            raise Refused("%s: no %s: line" % (path, k))
    if cur is None:
        raise Refused("%s: a part without totals: or summary:" % path)
    parts.append(cur)
    return parts


def log(path):
    """The first line carries the ==PID== prefix; a Command: line is
    required (Parent PID: is optional)."""
    ls = lines(path)
    m = re.match(r"==(\d+)== ", ls[0] if ls else "")
    if not m:
        raise Refused("%s:1: no ==PID== prefix" % path)
    if not any(re.match(r"==\d+== Command: ", l) for l in ls):
        raise Refused("%s: no Command: line" % path)
    return m.group(1)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    try:
        if kind == "log":
            print(log(path))
            return 0
        if kind == "cachegrind":
            parts = cachegrind(path)
        else:
            parts = callgrind(path, uncompressed=kind == "callgrind")
    except Refused as e:
        print("refused: %s" % e)
        return 1
    for p in parts:
        print(" ".join("%s=%d" % kv for kv in p.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
