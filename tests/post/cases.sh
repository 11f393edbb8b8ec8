# SPDX-License-Identifier: GPL-2.0-or-later
# tests/post/cases.sh: how one case of cases/ is run, shared by the post
# suite (our programs, tests/post/run.sh) and the post-upstream suite
# (upstream's Python programs, tests/post-upstream/run.sh).  Sourced.
#
# A case is
#   cases/NAME.cmd     the command line, e.g. `cg_annotate --context=2 demo.cgout`
#   cases/NAME.stdout  expected standard output (absent: must be empty)
#   cases/NAME.stderr  expected standard error (absent: must be empty)
#   cases/NAME.status  expected exit status (absent: 0)
#   cases/NAME.setup   optional shell run first in the scratch directory
# run in a fresh copy of data/ where sources are older than profiles.  The
# Invocation: line is the only output normalised (its argv[0] is a path).

# data_template DATA-DIR TEMPLATE: a copy of DATA-DIR, made once per suite,
# with the default mtimes: every source file older than every profile.
# Each case then copies it with those mtimes (one cp where there were a cp
# and two finds: process starts are most of this suite's time).
data_template() {
  rm -rf "$2" && mkdir -p "$2" && cp -R "$1/." "$2/" &&
    find "$2" -type f -exec touch -d '2020-01-01 00:00:00' {} + &&
    find "$2" -type f -name '*.cgout' -exec touch -d '2021-01-01 00:00:00' {} +
}

# run_case CASES-DIR TEMPLATE NAME DIR BIN TIMEOUT: runs case NAME in the
# scratch directory DIR (made afresh from TEMPLATE, data_template's) with
# the programs of BIN (which the command also sees as $bin), killed after
# TIMEOUT seconds; leaves DIR/.stdout.norm, DIR/.stderr and DIR/.status.
# Returns 1 if the setup failed.
run_case() {
  _base=$1/$3 _dir=$4
  rm -rf "$_dir"
  cp -a "$2" "$_dir" || return 1
  if [ -f "$_base.setup" ]; then
    (cd "$_dir" && . "$_base.setup") || return 1
  fi
  IFS= read -r _cmd <"$_base.cmd" || [ -n "$_cmd" ]
  _prog=${_cmd%% *}
  _args=${_cmd#"$_prog"}
  (cd "$_dir" && bin=$5 timeout "$6" sh -c 'eval "\"\$bin/\$0\" $1"' "$_prog" "$_args") \
    >"$_dir/.stdout" 2>"$_dir/.stderr"
  echo $? >"$_dir/.status"
  sed "s|^Invocation:       $5/|Invocation:       |" "$_dir/.stdout" >"$_dir/.stdout.norm"
  return 0
}

# expected CASES-DIR NAME DIR: the case's expected outputs as files,
# DIR/.exp.stdout (@VERSION@ replaced by the project's version),
# DIR/.exp.stderr and DIR/.exp.status.
expected() {
  _base=$1/$2
  if [ -f "$_base.stdout" ]; then
    sed "s|@VERSION@|$CG_VERSION|g" "$_base.stdout" >"$3/.exp.stdout"
  else
    : >"$3/.exp.stdout"
  fi
  if [ -f "$_base.stderr" ]; then cp "$_base.stderr" "$3/.exp.stderr"; else : >"$3/.exp.stderr"; fi
  if [ -f "$_base.status" ]; then cat "$_base.status" >"$3/.exp.status"; else echo 0 >"$3/.exp.status"; fi
}
