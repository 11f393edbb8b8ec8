cg_merge -o m.clout cl-paths.clout nopaths.clout && { grep -c -e '^# cp' -e '^# call paths' m.clout || echo 'no call paths'; }
