// SPDX-License-Identifier: GPL-2.0-or-later
// inl-cxx.cc: a C++ program for the inline suite (tests/inline/run.sh),
// built at -O2 -g: std::sort with a lambda, iterators, a small class's
// accessors in a namespace, a function inlined in three places and called
// out of line in a fourth, templates, and a function with C linkage (named
// by DW_AT_name alone).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace ns {
class C {
  public:
    explicit C(int v) : v_(v) {}
    int get() const { return v_; }
    void set(int v) { v_ = v; }
    C &operator+=(const C &o)
    {
        v_ += o.v_;
        return *this;
    }

  private:
    int v_;
};

template <typename T> T square(T x)
{
    return x * x;
}

template <typename It, typename F> long fold(It b, It e, F f)
{
    long s = 0;
    for (; b != e; ++b) s = f(s, *b);
    return s;
}
} // namespace ns

static inline int scaled(int x)
{
    return ns::square(x) / 3 + 1;
}

extern "C" int plain_c_linkage(int x)
{
    return scaled(x) ^ 5;
}

__attribute__((noinline)) int use_scaled_a(const std::vector<int> &v)
{
    int s = 0;
    for (int x : v) s += scaled(x);
    return s;
}

__attribute__((noinline)) int use_scaled_b(int a, int b)
{
    return scaled(a) - scaled(b);
}

int (*volatile indirect)(int) = nullptr;

int main(int argc, char **argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 100;
    std::vector<int> v;
    for (int i = 0; i < n; i++) v.push_back((i * 7919) % 101 - 50);
    std::sort(v.begin(), v.end(), [](int a, int b) { return std::abs(a) < std::abs(b); });
    std::vector<ns::C> cs;
    for (int x : v) cs.emplace_back(x);
    ns::C total(0);
    for (auto it = cs.begin(); it != cs.end(); ++it) {
        if (it->get() > 0) total += *it;
        it->set(ns::square(it->get()));
    }
    long f = ns::fold(cs.cbegin(), cs.cend(), [](long s, const ns::C &c) { return s + c.get(); });
    double d = ns::square(1.5 * n);
    std::map<std::string, int> m;
    for (int i = 0; i < 10; i++) m[std::to_string(i % 4)] += scaled(i);
    indirect = scaled; // the fourth use: an out-of-line copy, called through a pointer
    std::printf("%d %ld %g %d %d %d %zu %d\n", total.get(), f, d, use_scaled_a(v), use_scaled_b(n, 3),
                indirect(n), m.size(), plain_c_linkage(n));
    return 0;
}
