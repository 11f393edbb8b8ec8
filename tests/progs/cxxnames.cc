// SPDX-License-Identifier: GPL-2.0-or-later
// cxxnames.cc: C++ functions whose names the profile shows demangled
// (namespaces, templates, operators, overloads, a lambda, a destructor), each
// run from several call sites so the tool looks up many instructions of
// each name: the tool demangles a name once and reuses it, and the profile
// must still name every function as upstream does (also with --demangle=no).
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace geo {
template <typename T> struct Vec {
    T x, y;
    Vec operator+(const Vec &o) const { return {x + o.x, y + o.y}; }
    T dot(const Vec &o) const { return x * o.x + y * o.y; }
};
} // namespace geo

struct Counter {
    std::map<std::string, long> seen;
    ~Counter() { std::printf("%zu names\n", seen.size()); }
    void add(const std::string &s) { seen[s]++; }
    void add(long n) { seen[std::to_string(n % 97)] += n; }
};

template <typename T> static T sum(const std::vector<T> &v)
{
    T s{};
    for (const T &e : v) s = s + e;
    return s;
}

int main()
{
    Counter c;
    std::vector<geo::Vec<int>> vi;
    std::vector<geo::Vec<double>> vd;
    for (int i = 0; i < 2000; i++) {
        vi.push_back({i, 2 * i});
        vd.push_back({i * 0.5, i * 0.25});
        c.add(i);
        c.add(std::string("k") + std::to_string(i % 13));
    }
    auto twice = [](long v) { return 2 * v; };
    geo::Vec<int> a = sum(vi);
    geo::Vec<double> b = sum(vd);
    std::printf("%ld %g\n", twice(a.dot(a)), b.dot(b));
    return 0;
}
