#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/inline/profiles.sh: inlined frames in reports against independent
# oracles, one case per program of progs/ (built here):
#
#   TAG/profile-c, -c-callgrind, -cxx, -rust, -lto
#       our tool's profile of the program (--inline-frames=yes, chasing off;
#       -c-callgrind: in Callgrind's format, --call-graph=callgrind)
#       and cg_annotate --inline-frames=yes of it against Callgrind's Ir per
#       instruction and calls per call site (--dump-instr=yes, chasing off,
#       --skip-plt=no) and binutils' addr2line chains: profile-oracle.py.
#
# Run by tests/inline/run.sh with this tree's tool (vg-in-place) and the
# system's Callgrind, TAG `inline`; by tests/release.sh against another
# release, with INLINE_VGLIB (a VALGRIND_LIB holding that release's tools
# and ours as cgours-PLATFORM), VG_PLATFORM and INLINE_TAG set.  Prints
# PASS/FAIL/SKIP lines for tests/run-tests.sh; writes to ./out-profiles.
set -u
: "${abs_top_srcdir:?}" "${abs_top_builddir:?}"
. "$abs_top_srcdir/tests/lib.sh"
VALGRIND=${VALGRIND:-/usr/bin/valgrind}
tag=${INLINE_TAG:-inline}
src=$abs_top_srcdir/tests/inline
p=$src/progs
annotate=${CG_ANNOTATE:-$abs_top_builddir/post/cg_annotate}
names="$tag/profile-c $tag/profile-c-callgrind $tag/profile-cxx $tag/profile-rust $tag/profile-lto"
work=$(pwd)/out-profiles
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2

# ours ARGS...: our tool; callgrind ARGS...: the release's Callgrind.
if [ -n "${INLINE_VGLIB:-}" ]; then
  ours() { VALGRIND_LIB=$INLINE_VGLIB "$VALGRIND" --tool=cgours "$@"; }
  callgrind() { VALGRIND_LIB=$INLINE_VGLIB "$VALGRIND" --tool=callgrind "$@"; }
  have_ours=true
else
  ours() { "$abs_top_builddir/vg-in-place" --tool=cachegrind "$@"; }
  callgrind() { "$VALGRIND" --tool=callgrind "$@"; }
  have_ours=false
  [ -x "$abs_top_builddir/vg-in-place" ] && [ -f "$abs_top_builddir/tool/.in_place/cachegrind-${VG_PLATFORM:-amd64-linux}" ] &&
    have_ours=true
fi
if [ "$have_ours" != true ] || [ ! -x "$annotate" ]; then
  for n in $names; do skip_ours "$n" "our tool or cg_annotate is not built"; done
  exit 0
fi
if ! callgrind --version >/dev/null 2>&1; then
  for n in $names; do missing "$n" "no Callgrind with $VALGRIND"; done
  exit 0
fi
for t in addr2line python3; do
  if ! command -v $t >/dev/null 2>&1; then
    for n in $names; do missing "$n" "no $t"; done
    exit 0
  fi
done

# profile NAME BIN BUILD...: builds BIN with BUILD, then the oracle; with
# FORMAT=callgrind, on our Callgrind-format file.
profile() {
  _name=$1 _bin=$2
  shift 2
  _fmt=
  [ "${FORMAT:-}" = callgrind ] && _fmt=--call-graph=callgrind
  if ! "$@" -o "$_bin" >"$_bin.build.log" 2>&1; then
    fail "$_name" "cannot build $_bin: $*" "$(head -5 "$_bin.build.log")"
    return
  fi
  if ! callgrind --dump-instr=yes --vex-guest-chase=no --skip-plt=no \
    --callgrind-out-file="$_bin.cgi" "./$_bin" >/dev/null 2>"$_bin.cgi.err"; then
    fail "$_name" "Callgrind failed: $(tail -3 "$_bin.cgi.err")"
    return
  fi
  if ! ours --inline-frames=yes --vex-guest-chase=no $_fmt --cachegrind-out-file="$_bin.prof" \
    "./$_bin" >/dev/null 2>"$_bin.prof.err"; then
    fail "$_name" "our tool failed: $(tail -3 "$_bin.prof.err")"
    return
  fi
  if ! "$annotate" --inline-frames=yes --format=json "$_bin.prof" >"$_bin.json" 2>"$_bin.json.err"; then
    fail "$_name" "cg_annotate failed: $(tail -3 "$_bin.json.err")"
    return
  fi
  # Callgrind's own reader takes the file without a warning (the `#i`
  # lines are comments to it).
  if [ -n "$_fmt" ] && command -v callgrind_annotate >/dev/null 2>&1 &&
    callgrind_annotate "$_bin.prof" 2>&1 | grep -i -e warning -e malformed >"$_bin.cga"; then
    fail "$_name" "callgrind_annotate warns about our file:"
    indent 30 <"$_bin.cga"
    return
  fi
  # The tool writes the `#i` section before the call graph; earlier builds
  # (and our cg_merge) wrote it after: such files must read the same.
  if [ -z "$_fmt" ]; then
    # (Lines held in an array: appending to one string is quadratic in
    # mawk, 5 s a file.)
    awk '/^# inline frames:/ { inl = 1 } /^# call graph/ { inl = 0 }
      inl { held[++n] = $0; next }
      !/^#/ && n { for (i = 1; i <= n; i++) print held[i]; n = 0 } { print }' "$_bin.prof" >"$_bin.old"
    _at_inl=$(grep -n '^# inline frames:' "$_bin.prof" | head -1 | cut -d: -f1)
    _at_graph=$(grep -n '^# call graph' "$_bin.prof" | head -1 | cut -d: -f1)
    if [ -z "$_at_inl" ] || [ -z "$_at_graph" ] || [ "$_at_inl" -gt "$_at_graph" ]; then
      fail "$_name" "the tool's \`#i\` section is not before its call graph (lines ${_at_inl:-none}, ${_at_graph:-none})"
      return
    fi
    if ! "$annotate" --inline-frames=yes --format=json "$_bin.old" >"$_bin.old.json" 2>&1; then
      fail "$_name" "cg_annotate failed on the \`#i\` section after the call graph:"
      indent 30 <"$_bin.old.json"
      return
    fi
    # The reports must be the same, the files' paths aside.
    sed 's/"path": "[^"]*"//' "$_bin.json" >"$_bin.json.np"
    sed 's/"path": "[^"]*"//' "$_bin.old.json" >"$_bin.old.np"
    if ! cmp -s "$_bin.json.np" "$_bin.old.np"; then
      fail "$_name" "the \`#i\` section after the call graph reads differently:"
      diff "$_bin.json.np" "$_bin.old.np" | head -10 | indent 30
      return
    fi
  fi
  if python3 "$src/profile-oracle.py" "$_bin.cgi" "$_bin.prof" "$_bin.json" "$work/$_bin" \
    >"$_bin.oracle" 2>&1; then
    pass "$_name"
    echo "# $_name: $(tail -1 "$_bin.oracle")"
  else
    fail "$_name" "differs from the oracles:"
    indent 30 <"$_bin.oracle"
  fi
}

profile "$tag/profile-c" c gcc -O2 -g "$p/inl-c.c"
# The Callgrind format: a recursive function's level-2 costs apart.
FORMAT=callgrind profile "$tag/profile-c-callgrind" c-cl gcc -O2 -g "$p/inl-c.c"
if command -v g++ >/dev/null 2>&1; then
  profile "$tag/profile-cxx" cxx g++ -O2 -g "$p/inl-cxx.cc"
else
  missing "$tag/profile-cxx" "no g++ (Debian package g++)"
fi
if [ -x /usr/bin/rustc ]; then
  profile "$tag/profile-rust" rust /usr/bin/rustc -O -g "$p/inl-rust.rs"
else
  missing "$tag/profile-rust" "no /usr/bin/rustc (Debian package rustc)"
fi
profile "$tag/profile-lto" lto gcc -flto -O2 -g "$p/inl-lto-main.c" "$p/inl-lto-lib.c"
exit 0
