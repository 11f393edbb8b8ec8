// SPDX-License-Identifier: GPL-2.0-or-later
// cgcxx.cc: C++ benchmarks written for Callgrind as CodSpeed's hooks
// bracket them (ZERO_STATS, START, the benchmark, STOP, a named dump):
// sorting a vector, filling a map of strings, and throwing and catching
// exceptions through a few frames.  cflags: -O2
#include <algorithm>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>
#include <callgrind.h>

static long sort_bench()
{
    std::vector<int> v(4000);
    for (size_t i = 0; i < v.size(); i++) v[i] = int((i * 2654435761u) % 10007);
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static long map_bench()
{
    std::map<std::string, int> m;
    for (int i = 0; i < 500; i++) m["key" + std::to_string(i * 7 % 311)] += i;
    long s = 0;
    for (const auto &kv : m) s += kv.second + long(kv.first.size());
    return s;
}

__attribute__((noinline)) static int deep(int n)
{
    if (n == 0) throw std::runtime_error("bottom");
    return deep(n - 1) + 1;
}

static long throw_bench()
{
    long caught = 0;
    for (int i = 0; i < 50; i++) {
        try {
            deep(i % 5);
        } catch (const std::exception &e) {
            caught += long(e.what()[0]);
        }
    }
    return caught;
}

template <typename F> static long bench(const char *name, F f)
{
    CALLGRIND_ZERO_STATS;
    CALLGRIND_START_INSTRUMENTATION;
    long r = f();
    CALLGRIND_STOP_INSTRUMENTATION;
    CALLGRIND_DUMP_STATS_AT(name);
    return r;
}

int main()
{
    long r = bench("bench::sort", sort_bench);
    r += bench("bench::map", map_bench);
    r += bench("bench::throw", throw_bench);
    std::printf("%ld\n", r);
    return 0;
}
