# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tool/compare.sh: sourced by run.sh; owns how one run's results are
# normalised into a "signature" and how two signatures are compared.
#
# A run directory holds `status`, `stdout`, `stderr` and the Cachegrind
# output files the run wrote (every other regular file).  Its signature is
# the exit status, the program's stdout, the normalised stderr and the
# normalised output files, so two runs match when their signatures are
# byte-identical.  Only the pid and the deliberate differences between the
# installed 3.19 tool and ours (docs/cachegrind.md, "Where we differ from
# upstream") are normalised away, on both sides alike (so that the installed tool, run as
# "ours", matches itself):
#   * the `==PID==`/`--PID--` prefixes (and so the pid) on stderr;
#   * the banner's name and copyright lines;
#   * the 3.19 summary labels `I   refs:`/`D   refs:` (-> 3.24 spelling);
#   * with --cache-sim=no: the `desc:` lines of the file and the cache
#     auto-detection warnings on stderr, which 3.19 prints and we must not;
#   * `--stats=yes`'s `cachegrind: call graph:` lines on stderr, which are
#     ours alone (the call graph's figures);
#   * the `#` lines of the file: our call graph (upstream writes none), which
#     the callgraph cases check, and which upstream's readers skip
#     (tests/readers).
# That our tool really prints none of those is checked by its own cases
# (cachesim-no-desc).

# norm_stderr CACHESIM < stderr > normalised
norm_stderr() {
  if [ "$1" = no ]; then
    set -- -e '/^--PID-- warning: L[0-9]* cache found, using its data for the LL simulation\.$/d' \
      -e '/^--PID-- warning: specified LL cache: /d' \
      -e '/^--PID-- warning: simulated LL cache: /d' \
      -e '/^--PID-- Warning: Cannot auto-detect cache config, using defaults\.$/d' \
      -e '/^--PID--          Run with -v to see\.$/d'
  else
    set -- -e ''
  fi
  sed -e 's/^==[0-9][0-9]*==/==PID==/' -e 's/^--[0-9][0-9]*--/--PID--/' \
    -e '/^==PID== Cachegrind, a /d' -e '/^==PID== Copyright (C) /d' \
    -e 's/^==PID== I   refs:     /==PID== I refs:       /' \
    -e 's/^==PID== D   refs:     /==PID== D refs:       /' \
    -e '/^--PID-- cachegrind: call graph: /d' "$@"
}

# norm_file CACHESIM < output file > normalised.  norm_drop is the rule, an
# awk pattern (cs: CACHESIM), which make_sig applies too.
norm_drop='/^#/ || (cs == "no" && /^desc: /)'
norm_file() {
  awk -v cs="$1" "$norm_drop { next } { print }"
}

# out_files DIR: the output files of a run, one per line, sorted by name.
out_files() {
  for _f in "$1"/*; do
    [ -f "$_f" ] || continue
    case ${_f##*/} in status | stdout | stderr) continue ;; esac
    printf '%s\n' "$_f"
  done
}

# make_sig DIR CACHESIM: writes DIR.sig, the run's signature.  When
# sig_stderr_only is set, only the stderr lines containing it count.  The output
# files go in the order of their normalised contents, not of their
# names: pids wrap (pid_max may be 32768), so a forked child's pid can be
# smaller than its parent's on one side only.  A few processes whatever the
# number of files: the suites make some 900 signatures, and a process start
# costs about 5 ms on the machines that run them.
sig_binary=$(printf '[^\t\r -~]')
make_sig() {
  _d=$1 _cs=$2
  {
    _st=
    { read -r _st <"$_d/status"; } 2>/dev/null
    echo "### status $_st"
    echo "### stdout"
    # Binary output (gzip -c) is represented by its checksum.
    if LC_ALL=C grep -qa -e "$sig_binary" "$_d/stdout" 2>/dev/null; then
      echo "binary: $(cksum <"$_d/stdout")"
    else
      cat "$_d/stdout" 2>/dev/null
    fi
    echo "### stderr"
    if [ -n "${sig_stderr_only:-}" ]; then
      norm_stderr "$_cs" <"$_d/stderr" | grep -F -e "$sig_stderr_only"
    else
      norm_stderr "$_cs" <"$_d/stderr"
    fi
    set --
    for _f in "$_d"/*; do
      [ -f "$_f" ] || continue
      case ${_f##*/} in status | stdout | stderr) continue ;; esac
      set -- "$@" "$_f"
    done
    # norm_file's rule (norm_drop), on every file at once; the files sorted
    # by their lines (insertion sort: a run writes a few files).
    [ $# -eq 0 ] || LC_ALL=C awk -v cs="$_cs" '
      BEGIN { for (i = 1; i < ARGC; i++) { at[ARGV[i]] = i; len[i] = 0 }; n = ARGC - 1 }
      '"$norm_drop"' { next }
      { k = at[FILENAME]; line[k, ++len[k]] = $0 }
      function before(a, b,   i) {
        for (i = 1; i <= len[a] && i <= len[b]; i++)
          if (line[a, i] != line[b, i]) return line[a, i] < line[b, i]
        return len[a] < len[b]
      }
      END {
        for (i = 1; i <= n; i++) order[i] = i
        for (i = 2; i <= n; i++) {
          v = order[i]
          for (j = i - 1; j >= 1 && before(v, order[j]); j--) order[j + 1] = order[j]
          order[j + 1] = v
        }
        for (i = 1; i <= n; i++) {
          print "### output file"
          for (j = 1; j <= len[order[i]]; j++) print line[order[i], j]
        }
      }' "$@"
  } >"$_d.sig"
}

# fn_lines FUNCTION FILE: `file function line counts...` for every count
# line of FUNCTION (in any file), sorted.
fn_lines() {
  awk -v want="$1" '
    /^fl=/ { fl = substr($0, 4); next }
    /^fn=/ { fn = substr($0, 4); next }
    /^[0-9]/ && fn == want { print fl "\t" fn "\t" $0 }' "$2" | sort
}

# has_lines WANT ACTUAL: every line of file WANT occurs in file ACTUAL, in
# the same order (other lines may come between).  Prints the first line not
# found and fails.
has_lines() {
  awk 'BEGIN { n = 0; i = 0 }
       NR == FNR { want[n++] = $0; next }
       i < n && $0 == want[i] { i++ }
       END { if (i < n) { print want[i]; exit 1 } }' "$1" "$2"
}

# ---------------------------------------------------------------------------
# Parts of runs: a region run (--toggle-collect), the files of dumps, a
# forked child's own counts are compared with a full run line by line.

# line_table FILE...: the `events:` line of the first file, then every
# count line of all the files as `file<TAB>function<TAB>line<TAB>counts`,
# the counts of equal (file, function, line) added up, sorted.
line_table() {
  awk -v OFS='\t' '
    FNR == 1 { fl = ""; fn = "" }
    NR == 1 { while ($0 !~ /^events:/ && (getline) > 0) {} ; ev = $0 }
    /^fl=/ { fl = substr($0, 4); next }
    /^fn=/ { fn = substr($0, 4); next }
    /^[0-9]/ {
      k = fl "\t" fn "\t" $1
      if (!(k in n)) { n[k] = NF - 1; keys[++nk] = k }
      for (i = 2; i <= NF; i++) c[k, i - 1] += $i
    }
    END {
      print ev
      for (j = 1; j <= nk; j++) {
        k = keys[j]; s = ""
        for (i = 1; i <= n[k]; i++) s = s (i > 1 ? " " : "") sprintf("%.0f", c[k, i])
        print k, s
      }
    }' "$@" | { IFS= read -r _ev; printf '%s\n' "$_ev"; LC_ALL=C sort; }
}

# summary_ok FILE: the summary: line equals the sum of the count lines.
summary_ok() {
  awk '/^[0-9]/ { for (i = 2; i <= NF; i++) t[i - 1] += $i; if (NF - 1 > m) m = NF - 1 }
       /^summary:/ { for (i = 2; i <= NF; i++) s[i - 1] = $i; if (NF - 1 > m) m = NF - 1; seen = 1 }
       END { if (!seen) { print "no summary: line"; exit 1 }
             for (i = 1; i <= m; i++) if (sprintf("%.0f", t[i]) != sprintf("%.0f", s[i])) {
               print "summary: event " i " is " s[i] ", the lines add up to " sprintf("%.0f", t[i]); exit 1 } }' "$1"
}

# part_check OURS REF EXACT ZERO ALL: OURS and REF are line tables.  Every
# line of OURS must be a line of REF with no count larger; the functions in
# EXACT (names, one per line) must have exactly REF's lines; those in ZERO
# no count but 0; with ALL=yes every line must equal.  Prints what breaks
# these (at most 20 lines) and fails.
part_check() {
  awk -F '\t' -v exact="$3" -v zero="$4" -v all="$5" '
    BEGIN {
      n = split(exact, a, "\n"); for (i = 1; i <= n; i++) if (a[i] != "") ex[a[i]] = 1
      n = split(zero, a, "\n"); for (i = 1; i <= n; i++) if (a[i] != "") ze[a[i]] = 1
    }
    function bad(m) { if (++nbad <= 20) print m }
    FNR == 1 { if (NR == 1) oev = $0; else if ($0 != oev) bad("events differ: ours \"" oev "\", oracle \"" $0 "\""); next }
    NR == FNR { our[$1 FS $2 FS $3] = $4; ofn[$2] = 1; next }
    {
      k = $1 FS $2 FS $3; ref[k] = $4; rfn[$2] = 1
      if ((all == "yes" || ($2 in ex)) && !(k in our)) bad("missing line (oracle: " $4 "): " k)
    }
    END {
      for (k in our) {
        split(k, kk, FS)
        if (!(k in ref)) { bad("a line the oracle does not have: " k " " our[k]); continue }
        no = split(our[k], o, " "); split(ref[k], r, " ")
        for (i = 1; i <= no; i++) {
          if (o[i] + 0 > r[i] + 0) bad("more than the oracle (event " i "): " k ": " our[k] " > " ref[k])
          else if ((all == "yes" || (kk[2] in ex)) && o[i] + 0 != r[i] + 0) bad("not equal (event " i "): " k ": " our[k] " != " ref[k])
          if ((kk[2] in ze) && o[i] + 0 != 0) bad("counted in fn=" kk[2] ": " k " " our[k])
        }
      }
      for (f in ex) if (!(f in rfn)) bad("the oracle has no lines of fn=" f)
      exit nbad > 0
    }' "$1" "$2"
}
