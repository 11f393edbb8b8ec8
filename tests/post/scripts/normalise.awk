# SPDX-License-Identifier: GPL-2.0-or-later
# normalise.awk: a profile as sorted-able `file<TAB>fn<TAB>line counts...`
# lines, summed per key and padded to the number of events, so that files
# written by different programs (any order, spacing) can be compared.
/^events:/ { n = NF - 1 }
/^fl=/ { fl = substr($0, 4); fn = "???" }
/^fn=/ { fn = substr($0, 4) }
/^[0-9]/ {
  k = fl "\t" fn "\t" (line0 ? 0 : $1)
  keys[k] = 1
  for (i = 1; i <= n; i++) v[k, i] += (i + 1 <= NF && $(i + 1) != ".") ? $(i + 1) : 0
}
/^summary:/ { s = "summary:"; for (i = 2; i <= n + 1; i++) s = s " " $i; print s }
END {
  for (k in keys) { s = k; for (i = 1; i <= n; i++) s = s " " v[k, i]; print s }
}
