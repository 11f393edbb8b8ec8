#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# layers.sh: the layout of post/ (post/README.md), read from the sources.
#   post-layers         every `#include "NAME"` of post/'s folders names a
#                       header of the file's own folder or of one before it
#                       in the order util, dwarf, model, format, report, cmd; the
#                       header exists in exactly one folder (html-assets.h:
#                       made by the build, in report/); every folder is in
#                       the order, and no source lies in post/ itself
#   post-layers-catches the same check on a scratch tree with a model file
#                       that includes a report header names that include,
#                       and only it (the check above can fail)
#   post-readmes        each folder's README.md table names every file of
#                       the folder and no other; post/README.md names every
#                       folder
#   post-makefile       post/Makefile.am names every file of the folders
#                       (a source, or a file `make dist` ships): a file
#                       left out builds here but not from a release
# Runs in a scratch directory; env: bin, src.
set -u
: "${src:?}"
top=$(cd "$src/../.." && pwd)
order="util dwarf model format report cmd"

# rank FOLDER: its place in $order (1 for util), 0 if it has none.
rank() {
  _i=0
  for _l in $order; do
    _i=$((_i + 1))
    [ "$_l" = "$1" ] && { echo $_i; return; }
  done
  echo 0
}

# check_tree DIR: one line per breach of the rule in the tree DIR (a post/).
check_tree() {
  root=$1
  for f in "$root"/*.c "$root"/*.h; do
    [ -f "$f" ] && echo "${f#"$root"/}: a source outside the folders"
  done
  for d in "$root"/*/; do
    d=${d%/}
    dir=${d##*/}
    r=$(rank "$dir")
    if [ "$r" = 0 ]; then
      echo "$dir/: a folder the order ($order) does not name"
      continue
    fi
    for f in "$d"/*.c "$d"/*.h; do
      [ -f "$f" ] || continue
      sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" | while read -r h; do
        if [ "$h" = html-assets.h ]; then
          to=report
        else
          set -- "$root"/*/"$h"
          if [ $# -ne 1 ] || [ ! -f "$1" ]; then
            echo "$dir/${f##*/}: includes \"$h\", which is not in exactly one folder"
            continue
          fi
          to=${1%/*}
          to=${to##*/}
        fi
        [ "$to" = "$dir" ] && continue
        [ "$(rank "$to")" -lt "$r" ] ||
          echo "$dir/${f##*/}: includes $to/$h, a folder after $dir in the order"
      done
    done
  done
}

check_tree "$top/post" >layers.out 2>&1
if [ -s layers.out ]; then
  echo "FAIL: post-layers"
  sed 's/^/    /' layers.out
else
  echo "PASS: post-layers"
fi

# A scratch tree with one breach, and a lower folder's include that is fine.
rm -rf scratch
mkdir -p scratch/util scratch/model scratch/report
echo '#include "u.h"' >scratch/model/m.c
echo '#include "r.h"' >>scratch/model/m.c
: >scratch/util/u.h
: >scratch/report/r.h
check_tree scratch >scratch.out 2>&1
if [ "$(cat scratch.out)" = 'model/m.c: includes report/r.h, a folder after model in the order' ]; then
  echo "PASS: post-layers-catches"
else
  echo "FAIL: post-layers-catches"
  echo "    expected only: model/m.c: includes report/r.h, a folder after model in the order"
  sed 's/^/    got: /' scratch.out
fi

# table_files README: the files a README's table names in its first column
# (`x.c/h` is x.c and x.h), one per line.
table_files() {
  # shellcheck disable=SC2016 # the backquotes are markdown's, not the shell's
  awk -F'|' '/^\|/ { print $2 }' "$1" | grep -o '`[^`]*`' | tr -d '`' |
    sed 's|^\(.*\)\.c/h$|\1.c\n\1.h|'
}

: >readmes.out
for d in "$top"/post/*/; do
  d=${d%/}
  dir=${d##*/}
  if [ ! -f "$d/README.md" ]; then
    echo "post/$dir/README.md is missing" >>readmes.out
    continue
  fi
  # html-assets.h is made by the build (in the source folder when the
  # build is made there): not a file of the tree.
  table_files "$d/README.md" | grep -v -x html-assets.h | sort -u >named
  (cd "$d" && ls -- *.c *.h *.js *.css 2>/dev/null) | grep -v -x html-assets.h | sort -u >present
  comm -13 named present | sed "s|^|post/$dir/README.md does not name |" >>readmes.out
  comm -23 named present | sed "s|^|post/$dir/README.md names a file the folder lacks: |" >>readmes.out
  grep -q "^| \`$dir/\`" "$top/post/README.md" || echo "post/README.md does not name $dir/" >>readmes.out
done
if [ -s readmes.out ]; then
  echo "FAIL: post-readmes"
  sed 's/^/    /' readmes.out
else
  echo "PASS: post-readmes"
fi

: >makefile.out
for f in "$top"/post/*/*.c "$top"/post/*/*.h "$top"/post/*/*.js "$top"/post/*/*.css \
    "$top"/post/*/README.md; do
  [ -f "$f" ] || continue
  rel=${f#"$top"/post/}
  [ "$rel" = report/html-assets.h ] && continue
  grep -q -F -w -e "$rel" "$top/post/Makefile.am" ||
    echo "post/Makefile.am does not name $rel" >>makefile.out
done
if [ -s makefile.out ]; then
  echo "FAIL: post-makefile"
  sed 's/^/    /' makefile.out
else
  echo "PASS: post-makefile"
fi
exit 0
