#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/man/run.sh: the manual pages (man/*.1).
#   man/option-list-PROG  (cg_annotate, cg_merge, cg_diff) the option
#                      spellings of the Options: section of PROG's --help and
#                      those of the OPTIONS list (the .TP/.TQ tags) of the
#                      page `make install` installs are the same: each one
#                      missing on either side is named
#   man/options-cachegrind  every option spelling of the "user options for
#                      Cachegrind" section of `vg-in-place --tool=cachegrind
#                      --help` appears in the tool's page
#   man/readme-options-cachegrind  the README's table of tool options (after
#                      "Tool options") and that --help section give the same
#                      option spellings: each one missing on either side is
#                      named
#   man/groff-PAGE     `groff -ww -man` renders PAGE without a warning
#   man/man-l-PAGE     so does `man -l PAGE`
#   man/installed      `make install` of man/ into a scratch DESTDIR gives every
#                      page, `man -l` renders each, and `man valgrind-cachegrind`
#                      shows the tool's page
#   man/doc-citations  every citation of a section of the project's docs in the
#                      tree (docs/<name>.md, "<heading>"; in comments or in docs)
#                      names a heading that exists
#   man/tool-files     docs/tool.md's table of files names every source of
#                      tool/ (each .c with its header), and no source of
#                      tool/ is longer than 600 lines, as docs/tool.md says
set -u
. "$abs_top_srcdir/tests/lib.sh"
pages="$abs_top_srcdir/man"
bin="$abs_top_builddir/post"
work="$(pwd)/out"
rm -rf "$work"
mkdir -p "$work"

# help_options < HELP: the option spellings in a --help text, one per line.
# Words are split at blanks, brackets, parentheses, commas and backquotes; a
# value of the form =<x> or =a|b is dropped (`--I1=<size>` -> `--I1`,
# `--cache-sim=yes|no` -> `--cache-sim`), a literal =word is kept
# (`--auto=yes`), and `|` separates alternatives (`--annotate|--no-annotate`).
help_options() {
  tr ' \t[](),`' '\n\n\n\n\n\n\n\n' | awk '
    {
      t = $0
      if (t ~ /^--?[A-Za-z0-9][-A-Za-z0-9]*=.*[|<]/) sub(/=.*/, "", t)
      n = split(t, alt, "|")
      for (i = 1; i <= n; i++)
        if (alt[i] ~ /^--?[A-Za-z0-9][-A-Za-z0-9]*(=[A-Za-z]+)?$/) print alt[i]
    }' | sort -u
}

# render PAGE: the page as plain text, with lines long enough and hyphenation
# off so that no option is broken across lines.
render() {
  groff -man -Tascii -P-cbou -rLL=2000n -rHY=0 "$1" 2>/dev/null
}

# fail_with NAME FILE: a FAIL whose details are the lines of FILE.
fail_with() {
  echo "FAIL: $1"
  indent 20 <"$2"
}

# check_options NAME PAGE HELPFILE: every option of HELPFILE is in PAGE.
check_options() {
  opts=$(help_options <"$3")
  if [ -z "$opts" ]; then
    fail_with "$1" "$3"
    return
  fi
  txt="$work/$(basename "$2").txt"
  render "$2" >"$txt"
  missing=""
  for o in $opts; do
    grep -q -E -e "(^|[^-A-Za-z0-9])$o([^-A-Za-z0-9]|\$)" "$txt" || missing="$missing $o"
  done
  if [ -n "$missing" ]; then
    fail "$1" "$(basename "$2") lacks:$missing"
  else
    pass "$1"
  fi
}

have_groff=yes
command -v groff >/dev/null 2>&1 || have_groff=no
have_man=yes
command -v man >/dev/null 2>&1 || have_man=no

# --- the pages installed ---------------------------------------------------
# `make install` of man/ into a scratch DESTDIR, once: man/option-list-PROG
# reads the pages it installs, and man/installed checks them.
dest="$work/destdir"
man1=""
if [ ! -f "$abs_top_builddir/man/Makefile" ]; then
  install_state=unconfigured
elif ${MAKE:-make} -s -C "$abs_top_builddir/man" install DESTDIR="$dest" \
    >"$work/install.log" 2>&1; then
  install_state=done
  man1=$(find "$dest" -type d -name man1 | head -n 1)
else
  install_state=failed
fi

# help_items < HELP: the option spellings of the Options: section of one of
# our programs' --help (program.c lays it out): an item starts a line with
# two blanks and a dash; its spellings, each followed by its value's
# placeholder if it has one, are separated by ", ", and its help text
# follows after a blank or on the next line.
help_items() {
  awk '
    /^Options:$/ { on = 1; next }
    on && /^  -/ {
      n = split($0, w, " ")
      i = 1
      while (i <= n && w[i] ~ /^-/) {
        t = w[i]
        more = sub(/,$/, "", t)
        print t
        i++
        if (more) continue
        if (i <= n && w[i] ~ /,$/) { i++; continue }  # a placeholder, then ", "
        break
      }
    }' | help_options
}

# page_items PAGE: the option spellings of PAGE's option list: the tags of
# the .TP and .TQ paragraphs of its OPTIONS section, rendered by groff (so
# that fonts, quoting and escapes are groff's) one per line.
page_items() {
  awk '
    BEGIN { print ".TH TAGS 1"; print ".SH TAGS" }
    /^\.SH/ { on = ($0 ~ /^\.SH "?OPTIONS"?[ \t]*$/); next }
    on && tag { print ".PP"; print "TAG:"; print; tag = 0; next }
    on && /^\.T[PQ]([ \t]|$)/ { tag = 1 }' "$1" >"$work/tags.man"
  render "$work/tags.man" | sed -n 's/^ *TAG: //p' | help_options
}

# check_option_list NAME HELPFILE PAGE: the two lists are the same.
check_option_list() {
  items="$work/$(basename "$1")"
  help_items <"$2" >"$items.help"
  page_items "$3" >"$items.page"
  why=""
  [ -s "$items.help" ] || why="no option found in the --help output"
  [ -s "$items.page" ] || why="$why${why:+; }no option found in the OPTIONS list of $3"
  if [ -n "$why" ]; then
    fail "$1" "$why"
    return
  fi
  only_help=$(comm -23 "$items.help" "$items.page" | paste -s -d ' ' -)
  only_page=$(comm -13 "$items.help" "$items.page" | paste -s -d ' ' -)
  if [ -n "$only_help$only_page" ]; then
    fail "$1" ${only_help:+"in --help, not in the installed page's OPTIONS: $only_help"} \
      ${only_page:+"in the installed page's OPTIONS, not in --help: $only_page"}
  else
    pass "$1"
  fi
}

# --- each program's --help against its installed page --------------------
for p in cg_annotate cg_merge cg_diff; do
  name="man/option-list-$p"
  if [ "$have_groff" = no ]; then skip "$name" "groff not installed"; continue; fi
  case $install_state in
    unconfigured) skip_ours "$name" "man/Makefile not configured"; continue ;;
    failed) fail_with "$name" "$work/install.log"; continue ;;
  esac
  if [ ! -f "$man1/$p.1" ]; then
    fail "$name" "make install installed no $p.1"
    continue
  fi
  if ! "$bin/$p" --help >"$work/$p.help" 2>"$work/$p.help.err"; then
    fail_with "$name" "$work/$p.help.err"
    continue
  fi
  check_option_list "$name" "$work/$p.help" "$man1/$p.1"
done

# The tool's --help, once for the two cases below, and its own section of
# it (from its heading to the next blank line) in cachegrind.help; when it
# cannot run, how those cases skip (skip or skip_ours) and why.
tool_help=ok
if [ ! -x "${VALGRIND:-/usr/bin/valgrind}" ]; then
  tool_help=skip why_no_help="no Valgrind launcher at ${VALGRIND:-/usr/bin/valgrind}"
elif [ ! -x "$abs_top_builddir/vg-in-place" ]; then
  tool_help=skip_ours why_no_help="vg-in-place not built"
else
  "$abs_top_builddir/vg-in-place" --tool=cachegrind --help >"$work/cachegrind.fullhelp" 2>&1
  sed -n '/user options for Cachegrind:/,/^ *$/p' "$work/cachegrind.fullhelp" \
    | sed 1d >"$work/cachegrind.help"
fi

name=man/options-cachegrind
if [ "$have_groff" = no ]; then
  skip "$name" "groff not installed"
elif [ "$tool_help" != ok ]; then
  "$tool_help" "$name" "$why_no_help"
else
  if [ ! -s "$work/cachegrind.help" ]; then
    fail_with "$name" "$work/cachegrind.fullhelp"
  else
    check_options "$name" "$pages/cachegrind.1" "$work/cachegrind.help"
  fi
fi

# readme_tool_options: the option spellings of the first column of the
# README's table of tool options (its rows follow the line that starts
# "Tool options"; `\|` is an escaped `|`, and `--I1=` a spelling).
readme_tool_options() {
  awk '
    /Tool options/ { on = 1; next }
    on && /^\|/ { split($0, c, " \\| |^\\| "); print c[2]; seen = 1; next }
    on && seen { exit }' "$abs_top_srcdir/README.md" |
    sed -e 's/\\|/|/g' -e 's/=`/`/g' | help_options
}

name=man/readme-options-cachegrind
if [ "$tool_help" != ok ]; then
  "$tool_help" "$name" "$why_no_help"
else
  help_options <"$work/cachegrind.help" >"$work/readme.help"
  readme_tool_options >"$work/readme.table"
  why=""
  [ -s "$work/readme.table" ] || why="no table of tool options found in README.md"
  only_help=$(comm -23 "$work/readme.help" "$work/readme.table" | tr '\n' ' ')
  only_readme=$(comm -13 "$work/readme.help" "$work/readme.table" | tr '\n' ' ')
  [ -z "$only_help" ] || why="$why README.md's table lacks: $only_help"
  [ -z "$only_readme" ] || why="$why --help lacks: $only_readme"
  if [ -n "$why" ]; then fail "$name" "$why"; else pass "$name"; fi
fi

# --- rendering without warnings ------------------------------------------
# check_render NAME ERRFILE: passes when the command's stderr was empty.
check_render() {
  if [ -s "$2" ]; then
    fail_with "$1" "$2"
  else
    pass "$1"
  fi
}

for page in "$pages"/*.1; do
  b=$(basename "$page" .1)
  if [ "$have_groff" = no ]; then
    skip "man/groff-$b" "groff not installed"
  else
    groff -ww -man -Tutf8 "$page" >/dev/null 2>"$work/groff-$b.err" \
      || echo "groff exited with status $?" >>"$work/groff-$b.err"
    check_render "man/groff-$b" "$work/groff-$b.err"
  fi
  if [ "$have_man" = no ]; then
    skip "man/man-l-$b" "man not installed"
  else
    MANWIDTH=80 man --warnings=w -l "$page" >"$work/man-$b.txt" 2>"$work/man-$b.err" \
      || echo "man exited with status $?" >>"$work/man-$b.err"
    [ -s "$work/man-$b.txt" ] || echo "man -l printed nothing" >>"$work/man-$b.err"
    check_render "man/man-l-$b" "$work/man-$b.err"
  fi
done

# --- the installed pages ---------------------------------------------------
name=man/installed
if [ "$have_man" = no ]; then
  skip "$name" "man not installed"
elif [ "$install_state" = unconfigured ]; then
  skip_ours "$name" "man/Makefile not configured"
elif [ "$install_state" = failed ]; then
  fail_with "$name" "$work/install.log"
else
  why="$work/installed.why"
  : >"$why"
  for b in cachegrind cg_annotate cg_merge cg_diff valgrind-cachegrind; do
    f="$man1/$b.1"
    if [ ! -f "$f" ]; then echo "$b.1 not installed" >>"$why"; continue; fi
    MANWIDTH=80 man -l "$f" >"$work/inst-$b.txt" 2>"$work/inst-$b.err"
    [ -s "$work/inst-$b.err" ] && echo "man -l $b.1: $(head -n 1 "$work/inst-$b.err")" >>"$why"
    [ -s "$work/inst-$b.txt" ] || echo "man -l $b.1 printed nothing" >>"$why"
  done
  # By name, as a user would look it up: the tool's page under its other name.
  MANPATH="${man1%/man1}" MANWIDTH=80 man valgrind-cachegrind \
    >"$work/by-name.txt" 2>"$work/by-name.err"
  grep -q '^CACHEGRIND(1)' "$work/by-name.txt" \
    || echo "man valgrind-cachegrind: $(head -n 1 "$work/by-name.err")" >>"$why"
  if [ -s "$why" ]; then
    fail_with "$name" "$why"
  else
    pass "$name"
  fi
fi

# --- citations of docs/ sections -----------------------------------------------
# Comment leaders are removed and lines joined, so a citation may wrap; runs of
# blanks count as one.  Build products and test output are not searched, nor
# the copies of the tree that the sanitizers and release suites make
# (.sanitizers, .valgrind-releases): they are the tree of their last run.
name=man/doc-citations
cites="$work/citations"
: >"$cites"
find "$abs_top_srcdir" \( -name .git -o -name out -o -name autom4te.cache \
    -o -name '*-rebuilt-*' -o -name .sanitizers -o -name .valgrind-releases \) -prune -o -type f \( -name '*.[chS]' -o -name '*.sh' \
    -o -name '*.py' -o -name '*.case' -o -name '*.md' -o -name '*.1' -o -name '*.am' \) \
    -print | sort | while read -r f; do
  sed -e 's/^[[:space:]]*\(\/\*\|\*\|#\|\/\/\|\.\\"\)[[:space:]]*//' "$f" \
    | tr -s '[:space:]' '  ' \
    | grep -o -E 'docs/[A-Za-z0-9_-]+\.md`?,[[:space:]]+"[^"]+"' \
    | sed -e 's/`//' -e 's/,[[:space:]]*"/|/' -e 's/"$//' | while IFS='|' read -r doc head; do
      echo "$doc|$head" >>"$cites"
      tr -s ' ' <"$abs_top_srcdir/$doc" 2>/dev/null | grep -q -x -E -e "#{1,3} $(printf '%s' "$head" | sed 's/[][\.*^$()+?{}|]/\\&/g')" \
        || echo "${f#"$abs_top_srcdir"/}: $doc, \"$head\"" >>"$work/citations.bad"
    done
done
if [ ! -s "$cites" ]; then
  fail "$name" "no citation found: the search is broken"
elif [ -s "$work/citations.bad" ]; then
  fail_with "$name" "$work/citations.bad"
else
  pass "$name"
fi

# --- tool/'s files against docs/tool.md ----------------------------------------
name=man/tool-files
: >"$work/tool-files.bad"
for f in "$abs_top_srcdir"/tool/*.c "$abs_top_srcdir"/tool/*.h; do
  b=${f##*/}
  case $b in *.h) [ -f "${f%.h}.c" ] && b=${b%.h}.c ;; esac
  grep -q "^| \`$b\`" "$abs_top_srcdir/docs/tool.md" ||
    echo "$b: not in docs/tool.md's table of files" >>"$work/tool-files.bad"
  n=$(wc -l <"$f")
  [ "$n" -le 600 ] || echo "${f##*/}: $n lines, above 600" >>"$work/tool-files.bad"
done
if [ -s "$work/tool-files.bad" ]; then
  sort -u "$work/tool-files.bad" >"$work/tool-files.why"
  fail_with "$name" "$work/tool-files.why"
else
  pass "$name"
fi
exit 0
