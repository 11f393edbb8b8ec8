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
#     auto-detection warnings on stderr, which 3.19 prints and we must not.
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
    -e 's/^==PID== D   refs:     /==PID== D refs:       /' "$@"
}

# norm_file CACHESIM < output file > normalised
norm_file() {
  if [ "$1" = no ]; then sed '/^desc: /d'; else cat; fi
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
# files go in the order of their normalised contents' checksums, not of their
# names: pids wrap (pid_max may be 32768), so a forked child's pid can be
# smaller than its parent's on one side only.
make_sig() {
  {
    echo "### status $(cat "$1/status" 2>/dev/null)"
    echo "### stdout"
    # Binary output (gzip -c) is represented by its checksum.
    if LC_ALL=C tr -d '\t\n\r\040-\176' <"$1/stdout" | head -c 1 | grep -q .; then
      echo "binary: $(cksum <"$1/stdout")"
    else
      cat "$1/stdout" 2>/dev/null
    fi
    echo "### stderr"
    if [ -n "${sig_stderr_only:-}" ]; then
      norm_stderr "$2" <"$1/stderr" | grep -F -e "$sig_stderr_only"
    else
      norm_stderr "$2" <"$1/stderr"
    fi
    out_files "$1" | while IFS= read -r _f; do
      printf '%s\t%s\n' "$(norm_file "$2" <"$_f" | cksum)" "$_f"
    done | sort | cut -f2- | while IFS= read -r _f; do
      echo "### output file"
      norm_file "$2" <"$_f"
    done
  } >"$1.sig"
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
