#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# geninline.sh N: writes to stdout a C++ program of N generated modules for
# bench/inline.sh, built at -O2 -g: the kind of optimised code where most
# small functions are inlined (std::sort with lambdas, iterators, std::map
# and std::string, a class's accessors, templates), with full debug info.
# Its run does a few seconds of work under the tool.
n=${1:-120}
cat <<'HEAD'
#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <numeric>
#include <string>
#include <vector>

namespace gen {
template <typename T> struct Acc {
    T v{};
    T get() const { return v; }
    void add(T x) { v += x; }
};
inline unsigned mix(unsigned x)
{
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    return x ^ (x >> 15);
}
} // namespace gen
HEAD
i=0
while [ "$i" -lt "$n" ]; do
  cat <<EOF2
namespace m$i {
struct Item {
    unsigned key;
    std::string name;
    unsigned weight() const { return key % ($i + 7) + name.size(); }
};
__attribute__((noinline)) unsigned run(unsigned seed, int rounds)
{
    std::vector<Item> v;
    std::map<std::string, unsigned> seen;
    gen::Acc<unsigned> acc;
    for (int r = 0; r < rounds; r++) {
        v.clear();
        for (unsigned k = 0; k < 64; k++) {
            unsigned x = gen::mix(seed + k * $((i + 3)) + r);
            v.push_back(Item{x, std::to_string(x % $((i * 17 + 101)))});
        }
        std::sort(v.begin(), v.end(), [](const Item &a, const Item &b) {
            return a.weight() != b.weight() ? a.weight() < b.weight() : a.key < b.key;
        });
        for (const Item &it : v) seen[it.name] += it.weight();
        acc.add(std::accumulate(v.begin(), v.end(), 0u,
                                [](unsigned s, const Item &it) { return s + it.weight(); }));
    }
    return acc.get() + (unsigned)seen.size();
}
} // namespace m$i
EOF2
  i=$((i + 1))
done
echo 'int main(int argc, char **argv)'
echo '{'
echo '    int rounds = argc > 1 ? std::atoi(argv[1]) : 20;'
echo '    unsigned s = 1;'
i=0
while [ "$i" -lt "$n" ]; do
  echo "    s = m$i::run(s, rounds);"
  i=$((i + 1))
done
echo '    std::printf("%u\\n", s);'
echo '    return 0;'
echo '}'
