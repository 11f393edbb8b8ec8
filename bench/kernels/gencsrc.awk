# SPDX-License-Identifier: GPL-2.0-or-later
# gencsrc.awk: writes a self-contained C file (no #include) for the cc1
# workload: N functions (-v n=N) of varied code (loops, switches, structs,
# floating point, inlinable helpers), so that gcc -O2 spends its time in
# many passes over much code rather than in one hot loop.
BEGIN {
  if (n == "") n = 12
  if (blocks == "") blocks = 12
  print "typedef unsigned long size_t;"
  print "struct rec { int key; double val; struct rec *next; char name[16]; };"
  print "static inline int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }"
  print "static inline double mix(double a, double b, double t) { return a + (b - a) * t; }"
  for (f = 0; f < n; f++) {
    printf "int work%d(struct rec *r, int *a, int len, double *out) {\n", f
    print "  int acc = 0; double d = 0.0;"
    for (b = 0; b < blocks; b++) {
      printf "  for (int i = 0; i < len; i++) {\n"
      printf "    int v = a[i] * %d + (i ^ %d);\n", f * 13 + b + 1, b * 7 + f
      printf "    switch ((v + %d) & 7) {\n", b
      for (c = 0; c < 8; c++)
        printf "    case %d: acc += clampi(v >> %d, -%d, %d); d = mix(d, v * %d.5, 0.%d); break;\n", c, c % 5, c * 11 + 3, c * 17 + 5, c + b, c + 1
      print "    }"
      printf "    if (r && r->key == v %% %d) { r->val += d; r = r->next; }\n", b + 3
      printf "    out[i %% %d] += d * %d.25 - acc;\n", b + 5, b
      print "  }"
    }
    print "  return acc + (int)d;"
    print "}"
  }
  print "int main(void) { return 0; }"
}
