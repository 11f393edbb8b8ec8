# SPDX-License-Identifier: GPL-2.0-or-later
# pywork.py: the benchmark's python3 workload (run as /usr/bin/python3 -B -s):
# dicts, strings, objects, sorting and big-integer arithmetic, from a fixed seed.
import sys


class Item:
    __slots__ = ("key", "count", "weight")

    def __init__(self, key, count, weight):
        self.key = key
        self.count = count
        self.weight = weight


def lcg(seed):
    while True:
        seed = (seed * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        yield seed >> 33


def main(n):
    rnd = lcg(12345)
    syl = ["ca", "che", "gri", "nd", "val", "sim", "io", "mem", "re", "ad"]
    counts = {}
    for _ in range(n):
        r = next(rnd)
        word = syl[r % 10] + syl[(r >> 4) % 10] + syl[(r >> 8) % 10][: 1 + (r >> 12) % 2]
        counts[word] = counts.get(word, 0) + 1
    items = [Item(k, v, len(k) * v) for k, v in counts.items()]
    items.sort(key=lambda it: (-it.count, it.key))
    text = " ".join("%s=%d" % (it.key, it.count) for it in items[:200])
    parts = text.upper().split("=")
    fib_a, fib_b = 0, 1
    for _ in range(n // 20):
        fib_a, fib_b = fib_b, fib_a + fib_b
    squares = sum(i * i % 7919 for i in range(n))
    print(len(counts), items[0].key, len(parts), fib_a % 1000003, squares)


main(int(sys.argv[1]) if len(sys.argv) > 1 else 100000)
