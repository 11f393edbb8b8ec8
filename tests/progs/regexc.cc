// SPDX-License-Identifier: GPL-2.0-or-later
// regexc.cc: a --toggle-collect region left by a C++ exception.
// shape::thrower(int) fills a table through helper() and throws from a
// depth of recursion; main catches outside the region and runs
// after_catch(), which no region reaches.  cflags: -O1
#include <cstdio>
#include <stdexcept>

#define NOINLINE __attribute__((noipa, noinline))

static int table[2048];

namespace shape
{

NOINLINE static long helper(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += table[(i * 11) & 2047] += i;
    return s;
}

NOINLINE long thrower(int depth)
{
    long s = helper(200 + depth);
    if (depth == 0) throw std::runtime_error("out of the region");
    return s + thrower(depth - 1);
}

} // namespace shape

NOINLINE static long after_catch(int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) s += table[i & 2047] & 7;
    return s;
}

int main()
{
    long r = 0;
    try {
        r = shape::thrower(8);
    } catch (const std::exception &e) {
        r = after_catch(3000) + (e.what()[0] == 'o');
    }
    std::printf("%ld\n", r);
    return 0;
}
