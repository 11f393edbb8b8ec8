#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/tool/run.sh: the tool's end-to-end suite; runs every case file in
# tests/tool/cases (format: docs/testing.md) and prints PASS/FAIL/SKIP lines.
#
# Environment (from tests/run-tests.sh): abs_top_srcdir, abs_top_builddir,
# VALGRIND, VG_LIBEXECDIR, VG_PLATFORM, VG_INCLUDEDIR.  Optional: CG_OURS (our tool binary;
# default $abs_top_builddir/tool/cachegrind-$VG_PLATFORM), CG_ANNOTATE (our
# cg_annotate, for the callgraph cases; default $abs_top_builddir/post/cg_annotate), CASES (names or
# shell patterns of the cases to run), CG_REPEAT (runs per side for threaded
# cases, default 8), CG_TIMEOUT (seconds per Valgrind run, default 300),
# CC (default gcc), CXX (default g++, for the .cc programs).
# Runs with cwd = $abs_top_builddir/tests/tool; everything is written under
# ./out: the built programs and data (out/), the Valgrind library directory
# (out/vglib) and one directory per case (out/res/CASE).
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
VG_LIBEXECDIR=${VG_LIBEXECDIR:-/usr/libexec/valgrind}
VG_PLATFORM=${VG_PLATFORM:-amd64-linux}
CC=${CC:-gcc}
CXX=${CXX:-g++}
CG_REPEAT=${CG_REPEAT:-8}
ours=${CG_OURS:-$abs_top_builddir/tool/cachegrind-$VG_PLATFORM}

. "$abs_top_srcdir/tests/lib.sh"
. "$abs_top_srcdir/tests/tool/compare.sh"

suite=$abs_top_srcdir/tests/tool
progs=$abs_top_srcdir/tests/progs
mkdir -p out || exit 2
work=$(cd out && pwd -P)
vglib=$work/vglib
# The same length as vglib's name: the environment's size moves the
# client's stack, and so the counts of its start-up code.
vglib_cg=$work/vgcgl

# One run at a time per build directory (out/ is shared): wait for another
# live run to finish; a lock left by a dead one is taken over.
if [ -z "${CG_NESTED:-}" ]; then
  waited=0
  while ! mkdir "$work/.lock" 2>/dev/null; do
    holder=$(cat "$work/.lock/pid" 2>/dev/null)
    if [ -n "$holder" ] && ! kill -0 "$holder" 2>/dev/null || [ "$waited" -ge 1800 ]; then
      rm -rf "$work/.lock"
      continue
    fi
    [ "$waited" -eq 0 ] && echo "# waiting for another run of this suite in $work" >&2
    sleep 2
    waited=$((waited + 2))
  done
  echo $$ >"$work/.lock/pid"
  trap 'rm -rf "$work/.lock"' EXIT
  trap 'exit 130' INT TERM
fi

# ---------------------------------------------------------------------------
# Case selection


# ---------------------------------------------------------------------------
# Case files: `key: value` lines (see docs/testing.md)

load_case() {
  c_prog= c_args= c_opts= c_check=compare c_needs= c_env= c_threads=no
  c_outfile= c_build= c_prepare= c_expect= c_file= c_bad= c_invert=no
  c_ref_args=- c_our_args=- c_ref_opts= c_our_opts= sig_stderr_only=
  c_ref_tool=cachegrind c_our_as= c_our_files= c_ref_files= c_exact= c_zero= c_incl= c_differ= c_callgrind= c_pdiffer= c_cscope= c_twin=
  : >"$cres/asserts"
  while IFS= read -r _line || [ -n "$_line" ]; do
    case $_line in '' | '#'*) continue ;; esac
    _key=${_line%%:*}
    _val=${_line#*:}
    _val=${_val# }
    case $_key in
      prog) c_prog=$_val ;;
      args) c_args="$c_args $_val" ;;
      opts) c_opts="$c_opts $_val" ;;
      ref-args) c_ref_args=$_val ;;
      our-args) c_our_args=$_val ;;
      ref-opts) c_ref_opts="$c_ref_opts $_val" ;;
      our-opts) c_our_opts="$c_our_opts $_val" ;;
      check) c_check=$_val ;;
      needs) c_needs="$c_needs $_val" ;;
      env) c_env="$c_env $_val" ;;
      threads) c_threads=$_val ;;
      outfile) c_outfile=$_val ;;
      build) c_build="$c_build $_val" ;;
      prepare) c_prepare="$c_prepare $_val" ;;
      expect-file) c_expect=$_val ;;
      file) c_file=$_val ;;
      must-differ) c_invert=$_val ;;
      stderr-only) sig_stderr_only=$_val ;;
      ref-tool) c_ref_tool=$_val ;;
      our-as) c_our_as=$_val ;;
      our-files) c_our_files=$_val ;;
      ref-files) c_ref_files=$_val ;;
      exact-fn) c_exact="$c_exact$_val
" ;;
      zero-fn) c_zero="$c_zero$_val
" ;;
      incl-fn) c_incl="$c_incl $_val" ;;
      calls-differ) c_differ="$c_differ${c_differ:+,}$_val" ;;
      callgrind) c_callgrind=$_val ;;
      path-differ) c_pdiffer="$c_pdiffer${c_pdiffer:+,}$_val" ;;
      calls-scope) c_cscope=$_val ;;
      hot-twin) c_twin=$_val ;;
      status | stderr-line | stderr-lacks | stderr-empty | stdout-line | \
        file-line | file-lacks | file-exists | file-absent | fns | dir-files | file-type | \
        file-match | stderr-match | line-in)
        printf '%s\t%s\n' "$_key" "$_val" >>"$cres/asserts" ;;
      *) c_bad="unknown key '$_key' in $1" ;;
    esac
  done <"$1"
  [ "$c_ref_args" = - ] && c_ref_args=$c_args
  [ "$c_our_args" = - ] && c_our_args=$c_args
  # Features our tool must have, from the options it is given.
  case " $c_opts $c_our_opts " in *" --cache-sim=yes "*) c_needs="$c_needs cache-sim" ;; esac
  case " $c_opts $c_our_opts " in *" --branch-sim=yes "*) c_needs="$c_needs branch-sim" ;; esac
  case " $c_opts $c_our_opts " in *" --instr-at-start="*) c_needs="$c_needs instr-at-start" ;; esac
  case " $c_opts $c_our_opts " in *" --toggle-collect="*) c_needs="$c_needs toggle-collect" ;; esac
  case " $c_opts $c_our_opts " in *" --fork-counts="* | *" --exec-profile="*) c_needs="$c_needs dumps" ;; esac
  case " $c_our_opts " in *" --hot-threshold="*) c_needs="$c_needs hot-threshold" ;; esac
  [ "$c_twin" = yes ] && c_needs="$c_needs hot-threshold"
  [ "$c_threads" = yes ] && c_needs="$c_needs taskset"
  case $c_check in callgraph | samecounts | pruned) c_needs="$c_needs python3 call-graph" ;; esac
  c_cachesim=yes
  case " $c_opts " in *" --cache-sim=no "*) c_cachesim=no ;; esac
}

# subst TEXT [RUNDIR [PID]]: replaces @WORK@, @PROGS@, @VERSION@, @DIR@, @PID@.
# In the shell, not sed: it runs for every Valgrind run (process starts are
# much of the suite's time).
subst() {
  _s=$1
  replace @WORK@ "$work"
  replace @PROGS@ "$progs"
  replace @VERSION@ "$CG_VERSION"
  replace @DIR@ "${2:-}"
  replace @PID@ "${3:-}"
  printf '%s\n' "$_s"
}

# replace FROM TO: every FROM in $_s (taken literally) becomes TO.
replace() {
  _o=
  while :; do
    case $_s in
      *"$1"*) _o=$_o${_s%%"$1"*}$2 _s=${_s#*"$1"} ;;
      *) _s=$_o$_s; return ;;
    esac
  done
}

# varname TEXT: _v is TEXT with every character but a-z, 0-9 and _ made _,
# a name for eval (in the shell: tr for each need of each case was one
# process start each).
varname() {
  _v=$1
  while :; do
    case $_v in
      *[!a-z0-9_]*) _p=${_v%%[!a-z0-9_]*} _v=${_p}_${_v#"$_p"?} ;;
      *) return ;;
    esac
  done
}

# ---------------------------------------------------------------------------
# Test programs (tests/progs/NAME.c, NAME.S or NAME.cc -> out/NAME, or
# out/NAME.so when its flags say -shared).  Flags come from a `cflags:` line
# in the source.

build() {
  _src=
  for _s in "$progs/$1.c" "$progs/$1.S" "$progs/$1.cc"; do [ -f "$_s" ] && _src=$_s && break; done
  if [ -z "$_src" ]; then
    echo "no source for program '$1' in tests/progs" >"$cres/build.log"
    return 1
  fi
  # The flags read once per program (two seds at every case before).
  varname "$1"
  eval "_flags=\${cflags_$_v-unset}"
  if [ "$_flags" = unset ]; then
    _flags=$(sed -n '/.*cflags: */{s///;s/ *\*\/.*//;p;q;}' "$_src")
    eval "cflags_$_v=\$_flags"
  fi
  case " $_flags " in *" -shared "*) _bin=$work/$1.so ;; *) _bin=$work/$1 ;; esac
  [ -f "$_bin" ] && [ ! "$_src" -nt "$_bin" ] &&
    [ ! "$abs_top_srcdir/include/cachegrind.h" -nt "$_bin" ] && return 0
  _cc=$CC
  case $_src in *.cc) _cc=$CXX ;; esac
  # shellcheck disable=SC2086
  $_cc -g -I"$abs_top_srcdir/include" -I"$vginc" -o "$_bin" "$_src" $_flags \
    >"$cres/build.log" 2>&1 || { rm -f "$_bin"; return 1; }
}

# Every run starts with default signal dispositions: a background job of a
# non-interactive shell ignores SIGINT and SIGQUIT, and programs behave
# differently then (gzip and python3 check them).  Without GNU env's
# --default-signal, the two sides run one after the other.
envi="env -i"
env --default-signal true 2>/dev/null && envi="env --default-signal -i"

# A hung run must not hang the suite: each run gets CG_TIMEOUT seconds.
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout -k 5 ${CG_TIMEOUT:-300}"

# The client-request headers of the Valgrind under test (configure's
# VG_INCLUDEDIR: another release's with --with-valgrind-root).
vginc=${VG_INCLUDEDIR:-$( (pkg-config --variable=includedir valgrind) 2>/dev/null)/valgrind}
[ -f "$vginc/valgrind.h" ] || vginc=/usr/include/valgrind

# Input data, made once (deterministic).
prepare_gzdata() {
  [ -f "$work/gzdata.txt" ] && return 0
  awk 'BEGIN { for (i = 0; i < 3000; i++)
                 printf "%d %d a line of text for gzip %d\n", i, (i * 7919) % 1000, i % 13 }' \
    >"$work/gzdata.txt"
}
# links/cg.link -> target.out (missing): an output name that is a symlink.
prepare_outlink() {
  rm -rf "$work/links" && mkdir -p "$work/links" && ln -s target.out "$work/links/cg.link"
}
# The first python3 run on a fresh machine executes differently from every
# later one (measured: 50,125,625 Ir, then 50,125,949 for both tools alike,
# even with -B), so compare only warmed-up runs.
prepare_pywarm() {
  [ -f "$work/pywarm.done" ] && return 0
  /usr/bin/python3 -B -S -s -c 'import json' >/dev/null 2>&1 &&
    env -i PATH=/usr/bin:/bin "$VALGRIND" -q --tool=none /usr/bin/python3 -B -S -s \
      -c 'import json' >/dev/null 2>&1 &&
    touch "$work/pywarm.done"
}
# dumpdir/cg.out.1 (a file) and dumpdir/cg.out.2 (a dangling symlink): the
# names a dump must not take.
prepare_dumpdir() {
  rm -rf "$work/dumpdir" && mkdir -p "$work/dumpdir" &&
    echo marker >"$work/dumpdir/cg.out.1" && ln -s target "$work/dumpdir/cg.out.2"
}
prepare_lsdir() {
  rm -rf "$work/lsdir"
  mkdir -p "$work/lsdir/sub" &&
    for _f in alpha beta gamma .hidden sub; do echo "$_f" >"$work/lsdir/$_f.txt"; done &&
    touch -t 202001020304 "$work/lsdir"/* "$work/lsdir"/.hidden.txt "$work/lsdir/sub" "$work/lsdir"
}

# ---------------------------------------------------------------------------
# Features: "" when present, else the reason for skipping.

# feature NAME: sets _r; probes once per suite run (not in a subshell, so
# that the result is kept).
feature() {
  varname "$1"
  eval "_r=\${feat_$_v-unset}"
  if [ "$_r" = unset ]; then
    _r=$(probe_feature "$1")
    eval "feat_$_v=\$_r"
  fi
}

probe_feature() {
  case $1 in
    taskset)
      command -v taskset >/dev/null 2>&1 || echo "no taskset to pin threads"
      return ;;
    avx | cx16 | rdrand)
      grep -qw "$1" /proc/cpuinfo 2>/dev/null || echo "this CPU lacks $1"
      return ;;
    c++)
      command -v "$CXX" >/dev/null 2>&1 || echo "no C++ compiler ($CXX)"
      return ;;
    python3)
      command -v python3 >/dev/null 2>&1 || echo "no python3 (the oracle's reader)"
      return ;;
    call-graph) set -- "$1" --cache-sim=no --branch-sim=no --call-graph=yes ;;
    toggle-collect) set -- "$1" --cache-sim=no --branch-sim=no --toggle-collect=main ;;
    dumps) set -- "$1" --cache-sim=no --branch-sim=no --fork-counts=own --exec-profile=yes ;;
    cache-sim) set -- "$1" --cache-sim=yes --branch-sim=no ;;
    branch-sim) set -- "$1" --cache-sim=no --branch-sim=yes ;;
    instr-at-start) set -- "$1" --cache-sim=no --branch-sim=no --instr-at-start=no ;;
    hot-threshold) set -- "$1" --cache-sim=yes --branch-sim=yes --hot-threshold=1 ;;
    *) echo "unknown need '$1'"; return ;;
  esac
  _d=$work/probe/$1
  rm -rf "$_d" && mkdir -p "$_d"
  _f=$1
  shift
  (cd "$work" && $envi PATH=/usr/bin:/bin VALGRIND_LIB="$vglib" $limit "$VALGRIND" --tool=cgours -q \
    --cachegrind-out-file="probe/$_f/cg.out" "$@" /bin/true) </dev/null >"$_d/stdout" 2>"$_d/stderr"
  _rc=$?
  if [ "$_rc" -ne 0 ] || [ ! -f "$_d/cg.out" ]; then
    echo "our tool refuses $*: $(sed -n '/[a-z]/{s/^[=-]*[0-9]*[=-]* *//p;q;}' "$_d/stderr")"
  fi
}

# ---------------------------------------------------------------------------
# Running

# run_one SIDE RUNDIR: one run of the current case by the oracle (SIDE=ref,
# --tool=cachegrind) or by our tool (SIDE=our, --tool=cgours).  Same cwd
# ($work), same environment, same program path and arguments for both.
run_one() {
  if [ "$1" = ref ]; then _tool=$c_ref_tool _a=$c_ref_args _o=$c_ref_opts
  else _tool=cgours _a=$c_our_args _o=$c_our_opts; fi
  # `check: self` compares our tool with itself (ref-opts against our-opts).
  [ "$c_check" = self ] && _tool=cgours
  _lib=$vglib
  [ "$1" = our ] && [ "$c_our_as" = callgrind ] && _tool=callgrind _lib=$vglib_cg
  { [ -e "$work/$2" ] || [ -e "$work/$2.sig" ]; } && rm -rf "${work:?}/$2" "$work/$2.sig"
  mkdir -p "$work/$2"
  _pin=
  if [ "$c_threads" = yes ]; then _pin="taskset -c 0" _o="--fair-sched=yes $_o"; fi
  _cmd="$envi PATH=/usr/bin:/bin $c_env VALGRIND_LIB=\"\$_lib\" $limit $_pin \"\$VALGRIND\" --tool=$_tool"
  _out="--$_tool-out-file=${c_outfile:-@DIR@/cg.%p}"
  [ "$_tool" = cgours ] && _out="--cachegrind-out-file=${c_outfile:-@DIR@/cg.%p}"
  if [ "$c_outfile" = - ]; then
    # No option: the default name, cachegrind.out.%p in the working directory.
    _out=
    rm -f "$work"/cachegrind.out.*
  fi
  _cmd="$_cmd $_out $c_opts $_o $c_run $_a"
  _cmd=$(subst "$_cmd" "$2")
  (cd "$work" && eval "$_cmd" </dev/null >"$2/stdout" 2>"$2/stderr"; echo $? >"$2/status")
}

# run_pair N: runs both sides (concurrently unless threaded); signatures.
run_pair() {
  if [ "$c_threads" = yes ] || [ "$envi" = "env -i" ]; then
    run_one ref "$crel/ref$1"
    run_one our "$crel/our$1"
  else
    run_one ref "$crel/ref$1" &
    run_one our "$crel/our$1"
    wait
  fi
  make_sig "$cres/ref$1" "$c_cachesim"
  make_sig "$cres/our$1" "$c_cachesim"
}

# ---------------------------------------------------------------------------
# Checks.  Each appends detail lines to $cres/why and returns non-zero on
# failure.

why() { printf '%s\n' "$@" >>"$cres/why"; }

# Shows how two files differ (first lines of a unified diff).
show_diff() {
  why "diff $3 $4:"
  diff -u -a "$1" "$2" | sed -n '3,$p' | head -n 25 >>"$cres/why"
}

check_compare() {
  case " $c_opts " in
    *" --cache-sim="*" --branch-sim="* | *" --branch-sim="*" --cache-sim="*) ;;
    *) why "compare cases must give --cache-sim= and --branch-sim= in opts:"; return 1 ;;
  esac
  _n=1
  _max=1
  [ "$c_threads" = yes ] && _max=$CG_REPEAT
  while [ "$_n" -le "$_max" ]; do
    run_pair "$_n"
    _i=1
    while [ "$_i" -le "$_n" ]; do
      # A new run of each side against every earlier run of the other.
      if cmp -s "$cres/ref$_n.sig" "$cres/our$_i.sig" || cmp -s "$cres/ref$_i.sig" "$cres/our$_n.sig"; then
        [ "$_n" -gt 1 ] && why "matched after $_n runs per side"
        return 0
      fi
      _i=$((_i + 1))
    done
    _n=$((_n + 1))
  done
  [ "$_max" -gt 1 ] && why "no run of ours equals a run of the oracle ($_max each, pinned); last pair:"
  _n=$((_n - 1))
  show_diff "$cres/ref$_n.sig" "$cres/our$_n.sig" oracle ours
  return 1
}

# compare-fn FUNCTION: only the count lines of FUNCTION must be equal; no
# stderr comparison (the two sides may run different modes of a program).
check_compare_fn() {
  run_pair 1
  for _s in ref our; do
    set -- $(out_files "$cres/${_s}1")
    if [ $# -ne 1 ]; then why "$_s: expected one output file, found $#"; return 1; fi
    norm_file "$c_cachesim" <"$1" >"$cres/$_s.file"
    fn_lines "$c_fn" "$cres/$_s.file" >"$cres/$_s.fn"
  done
  if [ ! -s "$cres/ref.fn" ]; then why "oracle: no count lines for fn=$c_fn"; return 1; fi
  cmp -s "$cres/ref.fn" "$cres/our.fn" && return 0
  show_diff "$cres/ref.fn" "$cres/our.fn" "oracle's fn=$c_fn lines" ours
  return 1
}

check_expect() {
  run_one our "$crel/our1"
}

# callgraph: ours with --call-graph=yes, held against three oracles by
# tests/tool/callgraph.py: upstream Cachegrind (its default run)
# (every self cost), our own --toggle-collect=F runs (the inclusive cost of
# each incl-fn F), and the release's Callgrind (call counts; calls-differ
# pairs must differ); and its call paths against its own flat self costs
# (path-differ functions must differ).  Each side's selected files
# (our-files, ref-files; Callgrind's as the oracle's) add up.
check_callgraph() {
  # Threaded programs are repeatable only most of the time, even pinned:
  # the whole check is tried again, up to CG_REPEAT times.
  _try=1
  while ! callgraph_once; do
    [ "$c_threads" = yes ] && [ "$_try" -lt "$CG_REPEAT" ] || return 1
    _try=$((_try + 1))
    : >"$cres/why"
  done
  [ "$_try" -gt 1 ] && why "passed at try $_try"
  return 0
}

# samecounts: ours with the call graph (in Callgrind's format) against ours
# with --call-graph=no, every other option alike: every self cost and the
# totals are equal (callgraph.py self).
check_samecounts() {
  _ours=$c_our_opts _running=0
  c_our_opts="$_ours --call-graph=no"
  in_parallel run_one our "$crel/flat"
  c_our_opts="$_ours --call-graph=callgrind"
  in_parallel run_one our "$crel/our1"
  wait
  c_our_opts=$_ours
  _ff=$(sel_join "$cres/flat" "$c_our_files")
  _gf=$(sel_join "$cres/our1" "$c_our_files")
  if [ -z "$_ff" ] || [ -z "$_gf" ]; then why "no output file (flat: '$_ff', graph: '$_gf')"; return 1; fi
  python3 "$suite/callgraph.py" self "$_gf" "$_ff" >>"$cres/why"
}

# pruned: ours at --call-path-threshold=0.01 (the default, given so that
# both command lines have one length) and at 0, in Callgrind's format
# (whose names the test's reader reads; both formats write the paths
# alike): the first is the second without the paths below 0.01%
# (callgraph.py pruned), and its folded stacks still add up to the totals
# (callgraph.py folded).
check_pruned() {
  _ours="$c_our_opts --call-graph=callgrind" _running=0
  c_our_opts="$_ours --call-path-threshold=0.01"
  in_parallel run_one our "$crel/pruned"
  c_our_opts="$_ours --call-path-threshold=0000"
  in_parallel run_one our "$crel/our1"
  wait
  c_our_opts=${_ours% --call-graph=callgrind}
  _pf=$(sel_join "$cres/pruned" "$c_our_files")
  _af=$(sel_join "$cres/our1" "$c_our_files")
  if [ -z "$_pf" ] || [ -z "$_af" ]; then why "no output file (pruned: '$_pf', all: '$_af')"; return 1; fi
  : >"$cres/checks"
  check_later always '' pruned "$_af" "$_pf" 0.01
  check_later always '' folded "$_pf" "${CG_ANNOTATE:-$abs_top_builddir/post/cg_annotate}"
  checks_done
}

# readers_agree FILES: each of our call-graph files is read alike by the
# release's callgrind_annotate (no warning; every function's self cost and
# every annotated line as the oracle reader; each incl-fn's inclusive cost,
# with --inclusive=yes run in the sources' directory, the sum of the calls
# into it, on one row), by our cg_annotate
# (self costs, lines and the call graph, as tests/callgrind checks them),
# and by our cg_merge and cg_diff (the file with itself).  The readers run
# here; their checks go to the case's batch (check_later).
readers_agree() {
  _ann=$(dirname "$VALGRIND")/callgrind_annotate
  _cga=${CG_ANNOTATE:-$abs_top_builddir/post/cg_annotate}
  _pd=$(dirname "$_cga")
  _r=0
  for _f in $(echo "$1" | tr : ' '); do
    _b=$cres/${_f##*/}
    _n=${_f##*/}
    if [ -f "$_ann" ] && command -v perl >/dev/null 2>&1; then
      (cd / && perl "$_ann" --threshold=100 --show-percs=no --auto=yes --context=100000000 "$_f") \
        >"$_b.annotate" 2>"$_b.annotate.err"
      if [ -s "$_b.annotate.err" ]; then
        why "callgrind_annotate warns on $_n:"; head -n 5 "$_b.annotate.err" | sed 's/^/  /' >>"$cres/why"; _r=1
      fi
      check_later failed "callgrind_annotate on $_n:" oracle check-annotate "$_b.annotate" "$_f"
      if [ -n "$c_incl" ]; then
        # Run where the program's sources are, as users run it: it cuts
        # that directory off fl= names (not off cfi= names).
        (cd "$progs" && perl "$_ann" --inclusive=yes --threshold=100 --show-percs=no --auto=no "$_f") \
          >"$_b.incl" 2>&1
        # shellcheck disable=SC2086
        check_later always '' annotate-incl "$_b.incl" "$_f" $c_incl
      fi
    else
      why "(no callgrind_annotate or perl: that reader not checked)"
    fi
    # Each reader's failure is shown with its output; its check is then moot.
    if "$_cga" --format=json --threshold=0 --fold=no "$_f" >"$_b.json" 2>&1; then
      check_later failed "our cg_annotate (self costs) on $_n:" oracle check-ours "$_b.json" "$_f"
    else
      why "our cg_annotate (self costs) on $_n:"; head -n 5 "$_b.json" >>"$cres/why"; _r=1
    fi
    if "$_cga" --format=json --threshold=0 "$_f" >"$_b.graph.json" 2>&1; then
      check_later failed "our cg_annotate (call graph) on $_n:" oracle check-graph "$_b.graph.json" "$_f"
    else
      why "our cg_annotate (call graph) on $_n:"; head -n 5 "$_b.graph.json" >>"$cres/why"; _r=1
    fi
    # cg_merge and cg_diff of the file with itself: twice everything, and
    # nothing (their own round trips are tests/callgrind's).
    if "$_pd/cg_merge" -o "$_b.merged" "$_f" "$_f" 2>"$_b.check"; then
      check_later failed "our cg_merge on $_n:" oracle check-merge "$_b.merged" "$_f" "$_f"
    else
      why "our cg_merge on $_n:"; cat "$_b.check" >>"$cres/why"; _r=1
    fi
    if "$_pd/cg_diff" "$_f" "$_f" >"$_b.diff" 2>"$_b.check"; then
      check_later failed "our cg_diff on $_n:" oracle check-diff "$_b.diff" "$_f" "$_f"
    else
      why "our cg_diff on $_n:"; cat "$_b.check" >>"$cres/why"; _r=1
    fi
  done
  return $_r
}

# check_later WHEN HEADER COMMAND ARG...: one check of tests/tool/callgraph.py
# (COMMAND `oracle`: of tests/callgrind/cgoracle.py) for the case's batch,
# which checks_done runs: one python3 for them all (callgraph.py batch).
check_later() {
  _when=$1
  shift
  _ifs=$IFS
  IFS='	'
  printf '%s\t-\t%s\n' "$_when" "$*" >>"$cres/checks"
  IFS=$_ifs
}

# checks_done: runs the batch; its output goes to the case's why.
checks_done() {
  [ -s "$cres/checks" ] || return 0
  python3 "$suite/callgraph.py" batch <"$cres/checks" >>"$cres/why" 2>&1
}

# same_reports CALLGRIND DEFAULT: our cg_annotate's report (every function,
# the call graph) and folded stacks are the same for our files of one run in
# Callgrind's format and in the default one, the Cachegrind format with the
# call graph in `#` lines (docs/format.md).  Recursion levels are folded:
# the Callgrind format writes F'2's self costs apart, as Callgrind does,
# where the default file keeps upstream's flat lines (all of them F's).
same_reports() {
  _cga=${CG_ANNOTATE:-$abs_top_builddir/post/cg_annotate}
  if [ -z "$2" ]; then why "ours (default format): no output file"; return 1; fi
  _r=0
  for _how in "--fold=yes --threshold=0.01 --no-annotate" "--format=folded"; do
    # shellcheck disable=SC2086
    for _f in 1 2; do
      eval "_in=\$$_f"
      # Folded stacks are a set: their order follows the files' (the
      # first seen first), and a forked child's file comes first where its
      # pid has more digits than its parent's, or has wrapped.
      "$_cga" $_how $(echo "$_in" | tr : ' ') 2>&1 | sed '/^Invocation: /d' |
        if [ "$_how" = --format=folded ]; then LC_ALL=C sort; else cat; fi >"$cres/report$_f"
    done
    if ! cmp -s "$cres/report1" "$cres/report2"; then
      why "our cg_annotate $_how: Callgrind's format and the default one differ:"
      show_diff "$cres/report1" "$cres/report2" callgrind-format default; _r=1
    fi
  done
  return $_r
}

# in_parallel: runs its command in the background, at most two at a time
# (one per core); threaded cases, which are pinned to one core, one at a
# time.  `wait` collects the last.
in_parallel() {
  if [ "$c_threads" = yes ]; then "$@"; return; fi
  "$@" &
  _running=$((${_running:-0} + 1))
  if [ "$_running" -ge 2 ]; then wait; _running=0; fi
}

callgraph_once() {
  # Every call path is written (--call-path-threshold=0), so that the
  # paths' self costs can be held against the flat ones (callgraph.py
  # paths); check_pruned checks the default threshold.
  _opts=$c_opts _orig=$c_our_opts _refs=$c_ref_opts _ok=0
  # hot-twin: the runs of ours again with every superblock hot at once; the
  # threshold is given to both, in digits of one length (the command line's
  # length moves the client's stack).
  _hot=
  [ "$c_twin" = yes ] && _hot=" --hot-threshold=2000"
  _ours="$_orig --call-path-threshold=0$_hot"
  c_ref_opts="$_refs" c_our_opts="$_ours --call-graph=callgrind"
  run_pair 1
  # Several files (dumps, then the final profile) add up: joined by ':'.
  _reff=$(sel_join "$cres/ref1" "$c_ref_files")
  _ourf=$(sel_join "$cres/our1" "$c_our_files")
  [ -n "$_reff" ] || { why "oracle: no output file"; _ok=1; }
  [ -n "$_ourf" ] || { why "ours: no output file"; _ok=1; }
  if [ "$_ok" -eq 0 ]; then
    # The other runs first, two at a time: the --toggle-collect ones and
    # Callgrind's.
    _running=0 _k=0
    for _fn in $c_incl; do
      _k=$((_k + 1))
      c_our_opts="$_ours '--toggle-collect=$_fn'"
      in_parallel run_one our "$crel/toggled$_k"
    done
    # -q -q: the same length of command line as `callgrind` for `yes` (the
    # client's counts depend on it: Valgrind's arguments share its stack).
    c_our_opts="$_ours --call-graph=yes -q -q"
    in_parallel run_one our "$crel/ourdef"
    if [ "$c_twin" = yes ]; then
      c_our_opts="${_ours%"$_hot"} --hot-threshold=0001 --call-graph=callgrind"
      in_parallel run_one our "$crel/hot1"
      c_our_opts="${_ours%"$_hot"} --hot-threshold=0001 --call-graph=yes -q -q"
      in_parallel run_one our "$crel/hotdef"
    fi
    c_ref_tool=callgrind c_ref_opts=
    in_parallel run_one ref "$crel/callgrind"
    wait
    : >"$cres/checks"
    check_later always '' self "$_ourf" "$_reff"
    same_reports "$_ourf" "$(sel_join "$cres/ourdef" "$c_our_files")" || _ok=1
    check_later always '' paths "$_ourf" "$progs/" "$c_pdiffer"
    readers_agree "$_ourf" || _ok=1
    _k=0 _pairs=
    for _fn in $c_incl; do
      _k=$((_k + 1))
      _tf=$(sel_join "$cres/toggled$_k" "$c_our_files")
      check_later always '' incl "$_ourf" "$_fn" "${_tf:-none}"
      _pairs="$_pairs $_fn ${_tf:-none}"
    done
    # shellcheck disable=SC2086
    check_later always '' folded "$_ourf" "${CG_ANNOTATE:-$abs_top_builddir/post/cg_annotate}" $_pairs
    _cf=$(sel_join "$cres/callgrind" "$c_ref_files")
    if [ "$c_callgrind" = fails ]; then
      # Where Callgrind itself cannot run the program, the case says so, and
      # that it still fails is checked: a release that mends it is news.
      if [ "$(cat "$cres/callgrind/status")" -eq 0 ]; then
        why "Callgrind ran the program (the case says it fails): compare the calls"; _ok=1
      fi
    else
      _pre=
      [ "$c_cscope" = program ] && _pre=$progs/
      check_later always '' calls "$_ourf" "${_cf:-none}" "$c_differ" "$_pre"
    fi
    checks_done || _ok=1
    if [ "$c_twin" = yes ]; then
      same_files our1 hot1 || _ok=1
      same_files ourdef hotdef || _ok=1
    fi
  fi
  c_opts=$_opts c_our_opts=$_orig c_ref_opts=$_refs c_ref_tool=cachegrind
  return $_ok
}

# same_files RUN1 RUN2: two runs of ours in the case wrote the same files,
# byte for byte but for their `pid:` lines: the files in name order, which
# is the same in both (one process each: their files' names differ only by
# the pid).
same_files() {
  set -- "$1" "$2" $(out_files "$cres/$2")
  _r=0
  for _f in $(out_files "$cres/$1"); do
    if [ $# -lt 3 ]; then why "$2 wrote fewer files than $1"; _r=1; break; fi
    grep -v '^pid: ' "$_f" >"$cres/same.1"
    grep -v '^pid: ' "$3" >"$cres/same.2"
    if ! cmp -s "$cres/same.1" "$cres/same.2"; then
      why "$2's ${3##*/} differs from $1's ${_f##*/}:"; show_diff "$cres/same.1" "$cres/same.2" "$1" "$2"; _r=1
    fi
    _a=$1 _b=$2
    shift 3
    set -- "$_a" "$_b" "$@"
  done
  if [ $# -gt 2 ]; then why "$2 wrote more files than $1"; _r=1; fi
  [ -n "$(out_files "$cres/$1")" ] || { why "$1 wrote no file"; _r=1; }
  return $_r
}

# oracle: only the oracle runs (ref-tool, ref-args, ref-opts), and the
# assertions apply to its run (in our1).
check_oracle() {
  run_one ref "$crel/our1"
}

# The first pid in a run's stderr: the process Valgrind started.
run_pid() {
  sed -n 's/^[=-][=-]\([0-9][0-9]*\)[=-][=-].*/\1/p' "$1/stderr" | head -n 1
}

# sel_files DIR ERE: the output files of run DIR whose names match ERE
# (@PID@ in it: the run's pid; a leading `!`: those that do not match; empty:
# all of them).
sel_files() {
  case $2 in
    '') out_files "$1"; return ;;
    *@PID@*) _re=$(printf '%s' "$2" | sed "s|@PID@|$(run_pid "$1")|g") ;;
    *) _re=$2 ;;
  esac
  out_files "$1" | while IFS= read -r _f; do
    _b=${_f##*/}
    case $_re in
      '!'*) printf '%s\n' "$_b" | grep -Eq -e "${_re#!}" || printf '%s\n' "$_f" ;;
      *) printf '%s\n' "$_b" | grep -Eq -e "$_re" && printf '%s\n' "$_f" ;;
    esac
  done
}

# sel_join DIR ERE: sel_files's list on one line, joined by ':' (several
# files of one run add up: tests/tool/callgraph.py).
sel_join() {
  _j=
  for _f in $(sel_files "$1" "$2"); do _j=$_j${_j:+:}$_f; done
  printf '%s\n' "$_j"
}

# part_table SIDE N: the line table of the selected files of run SIDEN, in
# $cres/SIDEN.table; fails (with why lines) when there are none or a
# file's summary does not add up.
part_table() {
  _d=$cres/$1$2
  if [ "$1" = ref ]; then _re=$c_ref_files; else _re=$c_our_files; fi
  _files=$(sel_files "$_d" "$_re")
  if [ -z "$_files" ]; then
    why "$1 run $2: no output file${_re:+ matching '$_re'} (status $(cat "$_d/status"))"
    head -n 5 "$_d/stderr" | sed 's/^/  /' >>"$cres/why"
    return 1
  fi
  for _f in $_files; do
    _m=$(summary_ok "$_f") || { why "$1 run $2: ${_f##*/}: $_m"; return 1; }
  done
  # shellcheck disable=SC2086
  line_table $_files >"$_d.table"
}

# part (ALL=no) and sum (ALL=yes): the selected files of our run, added up,
# against the oracle's, as part_check says; threaded cases try CG_REPEAT
# runs per side, every new run against every earlier run of the other side.
check_part() {
  _max=1
  [ "$c_threads" = yes ] && _max=$CG_REPEAT
  _n=1
  while [ "$_n" -le "$_max" ]; do
    run_pair "$_n"
    part_table ref "$_n" && part_table our "$_n" || return 1
    _i=1
    while [ "$_i" -le "$_n" ]; do
      if part_check "$cres/our$_n.table" "$cres/ref$_i.table" "$c_exact" "$c_zero" "$1" >"$cres/part" ||
         part_check "$cres/our$_i.table" "$cres/ref$_n.table" "$c_exact" "$c_zero" "$1" >/dev/null; then
        [ "$_n" -gt 1 ] && why "matched after $_n runs per side"
        return 0
      fi
      _i=$((_i + 1))
    done
    _n=$((_n + 1))
  done
  [ "$_max" -gt 1 ] && why "no run of ours fits a run of the oracle ($_max each, pinned); last pair:"
  sed 's/^/  /' "$cres/part" >>"$cres/why"
  return 1
}

# dumps: ours run as Callgrind (our-as: callgrind) against Callgrind
# (ref-tool: callgrind): the same files (the final one and each dump,
# named by what follows the pid), the same parts in each (part: lines), and
# in each part the same Ir total, and system calls with --collect-systime
# (Callgrind's
# other events come from its own cache model, docs/cachegrind.md, "Running
# as Callgrind").
dump_totals() {
  for _f in "$1"/cg.*; do
    [ -f "$_f" ] || continue
    _n=$(printf '%s\n' "${_f##*/}" | sed 's/^cg\.[0-9]*//')
    awk -v n="$_n" '
      /^part:/ { part = $2; thread = "" }
      /^thread:/ { thread = " thread " $2 }
      /^events:/ { col = sc = 0
        for (i = 2; i <= NF; i++) { if ($i == "Ir") col = i; if ($i == "sysCount") sc = i } }
      /^totals:/ { print (n == "" ? "final" : n), "part", part thread, (col ? $col : "none"),
        (sc ? "sysCount " ($sc == "" ? 0 : $sc) : ""); any = 1 }
      END { if (!any) print (n == "" ? "final" : n), "no totals" }' "$_f"
  done | sort
}

check_dumps() {
  run_pair 1
  dump_totals "$cres/ref1" >"$cres/ref1.dumps"
  dump_totals "$cres/our1" >"$cres/our1.dumps"
  if [ ! -s "$cres/ref1.dumps" ]; then why "Callgrind wrote no file"; return 1; fi
  cmp -s "$cres/ref1.dumps" "$cres/our1.dumps" && return 0
  why "Ir per file (Callgrind, then ours):"
  sed 's/^/  /' "$cres/ref1.dumps" >>"$cres/why"
  sed 's/^/  /' "$cres/our1.dumps" >>"$cres/why"
  return 1
}

# Assertions on our run (results in $cres/our1), from the case file.
check_asserts() {
  _d=$cres/our1
  _pid=$(sed -n 's/^[=-][=-]\([0-9][0-9]*\)[=-][=-].*/\1/p' "$_d/stderr" | head -n 1)
  sed -e 's/^==[0-9][0-9]*==/==PID==/' -e 's/^--[0-9][0-9]*--/--PID--/' "$_d/stderr" >"$_d.err"
  # The output file the file-* assertions look at.
  if [ -n "$c_file" ]; then
    _of=$work/$(subst "$c_file" "$crel/our1" "$_pid")
  else
    _of=$(out_files "$_d")
    case $_of in *"
"*) _of= ;; esac
  fi
  _ok=0
  for _k in stderr-line stdout-line file-line; do
    awk -F '\t' -v k="$_k" '$1 == k { print substr($0, length(k) + 2) }' "$cres/asserts" >"$cres/want"
    [ -s "$cres/want" ] || continue
    subst "$(cat "$cres/want")" "$crel/our1" "$_pid" >"$cres/want.s"
    case $_k in
      stderr-line) _in=$_d.err ;;
      stdout-line) _in=$_d/stdout ;;
      file-line) _in=$_of ;;
    esac
    if [ -z "$_in" ] || [ ! -f "$_in" ]; then
      why "no output file to check (${c_file:-exactly one file expected in the run directory})"
      _ok=1
      continue
    fi
    if ! _miss=$(has_lines "$cres/want.s" "$_in"); then
      why "$_k not found (in this order): $_miss"
      case $_k in stderr-line) why "stderr:" ;; stdout-line) why "stdout:" ;; *) why "output file:" ;; esac
      head -n 30 "$_in" | sed 's/^/  /' >>"$cres/why"
      _ok=1
    fi
  done
  while IFS='	' read -r _k _v; do
    _v=$(subst "$_v" "$crel/our1" "$_pid")
    case $_k in
      status)
        _st=$(cat "$_d/status")
        [ "$_st" = "$_v" ] || { why "exit status $_st, expected $_v"; _ok=1; } ;;
      stderr-empty)
        [ -s "$_d/stderr" ] && { why "stderr not empty:"; head -n 10 "$_d/stderr" | sed 's/^/  /' >>"$cres/why"; _ok=1; } ;;
      stderr-lacks)
        grep -F -e "$_v" "$_d.err" >/dev/null && { why "stderr has '$_v'"; _ok=1; } ;;
      file-match)
        if [ -z "$_of" ] || [ ! -f "$_of" ]; then why "no output file to check"; _ok=1
        elif ! grep -E -e "$_v" "$_of" >/dev/null; then why "no line of the output file matches '$_v'"; _ok=1; fi ;;
      stderr-match)
        grep -E -e "$_v" "$_d.err" >/dev/null || { why "no line of stderr matches '$_v'"; _ok=1; } ;;
      file-lacks)
        if [ -z "$_of" ] || [ ! -f "$_of" ]; then why "no output file to check"; _ok=1
        elif grep -F -e "$_v" "$_of" >/dev/null; then why "output file has '$_v'"; _ok=1; fi ;;
      file-exists)
        [ -f "$work/$_v" ] || { why "no file $_v"; _ok=1; } ;;
      line-in)
        _p=${_v%% *}
        _l=${_v#* }
        if [ ! -f "$work/$_p" ]; then why "no file $_p"; _ok=1
        elif ! grep -Fx -e "$_l" "$work/$_p" >/dev/null; then
          why "no line '$_l' in $_p:"; head -n 8 "$work/$_p" | sed 's/^/  /' >>"$cres/why"; _ok=1
        fi ;;
      file-absent)
        [ -e "$work/$_v" ] && { why "$_v exists but should not"; _ok=1; } ;;
      file-type)
        set -- $_v
        case $2 in
          symlink) [ -L "$work/$1" ] ;;
          fifo) [ -p "$work/$1" ] ;;
          dir) [ -d "$work/$1" ] && [ ! -L "$work/$1" ] ;;
          file) [ -f "$work/$1" ] && [ ! -L "$work/$1" ] ;;
          *) false ;;
        esac || { why "$1 is not a $2: $(ls -ld "$work/$1" 2>&1)"; _ok=1; } ;;
      dir-files)
        set -- $_v
        _got=$(cd "$work/$1" 2>/dev/null && ls -A | tr '\n' ' ')
        shift
        _exp=$(printf '%s\n' "$@" | LC_ALL=C sort | tr '\n' ' ')
        _got=$(printf '%s\n' $_got | LC_ALL=C sort | tr '\n' ' ')
        [ "$_got" = "$_exp" ] || { why "directory holds '$_got', expected '$_exp'"; _ok=1; } ;;
      fns)
        _got=$(sed -n 's/^fn=//p' "$_of" 2>/dev/null | sort -u | tr '\n' ' ')
        _exp=$(printf '%s\n' $_v | sort -u | tr '\n' ' ')
        [ "$_got" = "$_exp" ] || { why "functions in the output file: '$_got', expected '$_exp'"; _ok=1; } ;;
    esac
  done <"$cres/asserts"
  return $_ok
}

# expect-file: our output file (and the oracle's, when it ran) must equal
# the expected file byte for byte (after @PROGS@/@WORK@ substitution).
check_expect_file() {
  _exp=$suite/$c_expect
  if [ ! -f "$_exp" ]; then why "missing expected file $c_expect"; return 1; fi
  subst "$(cat "$_exp")" >"$cres/expected"
  _ok=0
  for _s in ref our; do
    [ -d "$cres/${_s}1" ] || continue
    set -- $(out_files "$cres/${_s}1")
    if [ $# -ne 1 ]; then why "$_s: expected one output file, found $#"; _ok=1; continue; fi
    # The expected file is exact: of our file only the `#` lines of the
    # call graph are left out (the callgraph cases check those).
    if [ "$_s" = ref ]; then norm_file "$c_cachesim" <"$1"; else sed '/^#/d' "$1"; fi >"$cres/$_s.file"
    cmp -s "$cres/expected" "$cres/$_s.file" && continue
    if [ "$_s" = ref ]; then
      why "the oracle itself differs from $c_expect (toolchain or layout differs from the one the file was made with?)"
    fi
    show_diff "$cres/expected" "$cres/$_s.file" "$c_expect" "$_s"
    _ok=1
  done
  return $_ok
}

# ---------------------------------------------------------------------------
# Self-tests of the harness (need no Valgrind).

# selftest-compare: the comparison must accept the normalised differences
# and reject every real one.
check_selftest_compare() {
  _t=$cres/t
  mkdir -p "$_t"
  mk() { # mk DIR: a plausible run directory
    rm -rf "${_t:?}/$1"; mkdir -p "$_t/$1"
    echo 0 >"$_t/$1/status"; echo "hello" >"$_t/$1/stdout"
    printf '%s\n' '==11== Cachegrind, a cache and branch-prediction profiler' \
      "==11== Copyright (C) 2002-2017, and GNU GPL'd, by Nicholas Nethercote et al." \
      '==11== Command: ./x' '==11== ' \
      '--11-- warning: L3 cache found, using its data for the LL simulation.' \
      '==11== ' '==11== I   refs:      1,234' >"$_t/$1/stderr"
    printf '%s\n' 'desc: I1 cache:         32768 B, 64 B, 8-way associative' \
      'cmd: ./x' 'events: Ir' 'fl=/a.c' 'fn=main' '3 1000' '4 234' 'fl=???' 'fn=???' \
      '0 0' 'summary: 1234' >"$_t/$1/cg.11"
  }
  ours_like() { # rewrite DIR as our tool would write it
    sed -i -e '/^desc:/d' "$_t/$1/cg.11"
    sed -i -e 's/^==11==/==22==/' -e 's/I   refs:     /I refs:       /' \
      -e 's/a cache and branch-prediction profiler/a high-precision tracing profiler/' \
      -e "s/2002-2017, and GNU GPL'd, by Nicholas Nethercote et al./2026, and GNU GPL'd, by the Cachegrind, rebuilt authors/" \
      -e '/warning: L3/d' "$_t/$1/stderr"
    mv "$_t/$1/cg.11" "$_t/$1/cg.22"
  }
  same() { make_sig "$_t/ref" no; make_sig "$_t/$1" no; cmp -s "$_t/ref.sig" "$_t/$1.sig"; }
  mk ref
  _ok=0
  mk good; ours_like good
  same good || { why "an equivalent run was rejected"; show_diff "$_t/ref.sig" "$_t/good.sig" ref good; _ok=1; }
  # Parent and child files whose pids sort the other way on our side.
  mk ref2; sed 's/^4 234$/4 99/' "$_t/ref2/cg.11" >"$_t/ref2/cg.12"
  mk wrap; ours_like wrap; sed 's/^4 234$/4 99/' "$_t/wrap/cg.22" >"$_t/wrap/cg.21"
  make_sig "$_t/ref2" no; make_sig "$_t/wrap" no
  cmp -s "$_t/ref2.sig" "$_t/wrap.sig" || { why "files of a fork were paired by pid"; _ok=1; }
  for _bad in count order fork status stdout summary stderr events; do
    mk "$_bad"; ours_like "$_bad"
    case $_bad in
      count) sed -i 's/^4 234$/4 235/' "$_t/$_bad/cg.22" ;;
      order) sed -i -e 's/^3 1000$/X/' -e 's/^4 234$/3 1000/' -e 's/^X$/4 234/' "$_t/$_bad/cg.22" ;;
      events) sed -i 's/^events: Ir$/events: Ir /' "$_t/$_bad/cg.22" ;;
      fork) cp "$_t/$_bad/cg.22" "$_t/$_bad/cg.23" ;;
      status) echo 1 >"$_t/$_bad/status" ;;
      stdout) echo "hello!" >"$_t/$_bad/stdout" ;;
      summary) sed -i 's/^summary: 1234$/summary: 1234 /' "$_t/$_bad/cg.22" ;;
      stderr) sed -i 's/1,234$/1,235/' "$_t/$_bad/stderr" ;;
    esac
    same "$_bad" && { why "a run differing in '$_bad' was accepted"; _ok=1; }
  done
  # compare-fn looks at the function's lines only, and at all of them.
  printf '%s\n' 'fl=/a.c' 'fn=main' '3 5' 'fn=work' '7 10' '8 20' >"$_t/f1"
  printf '%s\n' 'fl=/a.c' 'fn=main' '3 6' 'fn=work' '7 10' '8 20' >"$_t/f2"
  printf '%s\n' 'fl=/a.c' 'fn=main' '3 5' 'fn=work' '7 10' '8 21' >"$_t/f3"
  [ "$(fn_lines work "$_t/f1")" = "$(fn_lines work "$_t/f2")" ] || { why "fn_lines looked beyond fn=work"; _ok=1; }
  [ "$(fn_lines work "$_t/f1")" = "$(fn_lines work "$_t/f3")" ] && { why "fn_lines missed a changed count"; _ok=1; }
  [ -n "$(fn_lines work "$_t/f1")" ] || { why "fn_lines found nothing"; _ok=1; }
  # has_lines: order matters, every line counts.
  printf '%s\n' a b >"$_t/w1"; printf '%s\n' b a >"$_t/w2"; printf '%s\n' x a y b z >"$_t/act"
  has_lines "$_t/w1" "$_t/act" >/dev/null || { why "has_lines rejected an ordered subsequence"; _ok=1; }
  has_lines "$_t/w2" "$_t/act" >/dev/null && { why "has_lines accepted a wrong order"; _ok=1; }
  return $_ok
}

# selftest-novalgrind: without Valgrind every case must SKIP, exit 0.
check_selftest_novalgrind() {
  mkdir -p "$cres/nested"
  (cd "$cres/nested" && VALGRIND=/nonexistent/valgrind CG_NESTED=1 sh "$suite/run.sh") \
    >"$cres/nested.out" 2>&1
  _rc=$?
  _ok=0
  [ "$_rc" -eq 0 ] || { why "exit status $_rc"; _ok=1; }
  grep -v '^SKIP: .* (valgrind not found at /nonexistent/valgrind)$' "$cres/nested.out" >"$cres/other"
  if [ -s "$cres/other" ]; then why "lines other than SKIP:"; head -n 10 "$cres/other" | sed 's/^/  /' >>"$cres/why"; _ok=1; fi
  grep -q '^SKIP: ' "$cres/nested.out" || { why "no SKIP line at all"; _ok=1; }
  return $_ok
}

# ---------------------------------------------------------------------------
# Main

missing=
if [ ! -x "$VALGRIND" ]; then missing="valgrind not found at $VALGRIND"
elif [ ! -f "$VG_LIBEXECDIR/cachegrind-$VG_PLATFORM" ]; then missing="no cachegrind-$VG_PLATFORM in $VG_LIBEXECDIR"
elif ! command -v "$CC" >/dev/null 2>&1; then missing="no C compiler ($CC)"
fi

if [ -z "$missing" ]; then
  rm -f "$work/times"
  rm -rf "$vglib" && vg_links "$vglib" || exit 2
  # A copy, not a symlink: the tool may be rebuilt while the suite runs, and
  # every case must test the same binary.
  [ -f "$ours" ] && { cp "$ours" "$vglib/cgours-$VG_PLATFORM" ||
    ln -s "$ours" "$vglib/cgours-$VG_PLATFORM"; }
  # Ours as --tool=callgrind (`our-as: callgrind`): the same directory, with
  # our tool in Callgrind's place.
  rm -rf "$vglib_cg" && vg_links "$vglib_cg" 'callgrind-*' || exit 2
  ln -s "$vglib/cgours-$VG_PLATFORM" "$vglib_cg/" &&
    ln -s "$vglib/cgours-$VG_PLATFORM" "$vglib_cg/callgrind-$VG_PLATFORM" || exit 2
fi

t0=$(date +%s)
for cf in "$suite"/cases/*.case; do
  name=${cf##*/}
  name=${name%.case}
  selected "$name" || continue
  crel=res/$name
  cres=$work/$crel
  rm -rf "$cres" && mkdir -p "$cres" || exit 2
  load_case "$cf"
  : >"$cres/why"
  if [ -n "$c_bad" ]; then fail "$name" "$c_bad"; continue; fi
  case $c_check in
    selftest-*)
      [ -n "${CG_NESTED:-}" ] && continue
      if "check_$(echo "$c_check" | tr - _)"; then pass "$name"
      else fail "$name"; indent 40 <"$cres/why"; fi
      continue ;;
  esac
  if [ -n "$missing" ]; then skip "$name" "$missing"; continue; fi
  # Our own tool missing or refusing a feature is our failure, never a skip:
  # only what lies outside the project (Valgrind, the oracle, the machine)
  # may be missing.
  if [ ! -e "$vglib/cgours-$VG_PLATFORM" ]; then fail "$name" "our tool is not built: no $ours"; continue; fi
  reason=
  for n in $c_needs; do
    feature "$n"
    reason=$_r
    [ -n "$reason" ] && break
  done
  case $reason in
    '') ;;
    "our tool "*) fail "$name" "$reason"; continue ;;
    *) skip "$name" "$reason"; continue ;;
  esac
  # Programs and data.
  c_run=
  case $c_prog in
    '') ;;
    /*)
      if [ ! -x "$c_prog" ]; then skip "$name" "no $c_prog on this machine"; continue; fi
      c_run=$c_prog ;;
    *) c_run=./$c_prog; c_build="$c_prog $c_build" ;;
  esac
  broken=
  for b in $c_build; do build "$b" || { broken=$b; break; }; done
  if [ -n "$broken" ]; then
    fail "$name" "could not build $broken:"
    indent 20 <"$cres/build.log"
    continue
  fi
  for p in $c_prepare; do "prepare_$p" || broken=$p; done
  if [ -n "$broken" ]; then fail "$name" "could not prepare $broken"; continue; fi
  ok=0
  case $c_check in
    compare | self) check_compare || ok=1 ;;
    compare-fn\ *) c_fn=${c_check#compare-fn }; check_compare_fn || ok=1 ;;
    part) check_part no || ok=1 ;;
    sum) check_part yes || ok=1 ;;
    expect) check_expect ;;
    oracle) check_oracle ;;
    callgraph) check_callgraph || ok=1 ;;
    samecounts) check_samecounts || ok=1 ;;
    pruned) check_pruned || ok=1 ;;
    dumps) check_dumps || ok=1 ;;
    *) fail "$name" "unknown check '$c_check'"; continue ;;
  esac
  [ -n "$c_expect" ] && { check_expect_file || ok=1; }
  [ -s "$cres/asserts" ] && { check_asserts || ok=1; }
  if [ "$c_invert" = yes ]; then
    # A case that proves the comparison can fail: it must find a difference.
    if [ "$ok" -eq 0 ]; then ok=1; why "no difference found, but the case says there is one"
    else ok=0; fi
  fi
  if [ "$ok" -eq 0 ]; then pass "$name"
  else fail "$name"; indent 40 <"$cres/why"; fi
  # One date a case: a case's time runs from the last timed case's end (a
  # case skipped or failed before its checks is counted with the next).
  t1=$(date +%s)
  echo "$name $((t1 - t0))" >>"$work/times"
  t0=$t1
done
exit 0
