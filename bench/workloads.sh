# SPDX-License-Identifier: GPL-2.0-or-later
# bench/workloads.sh: the benchmark's workloads, sourced by run.sh and
# callgraph.sh so that both time the same commands on the same inputs.
# Defines ALL_WORKLOADS, CODE_HEAVY, prepare_workloads (compiles the kernels
# and makes the inputs; needs top, the source tree, OUT, the scratch
# directory with bin/ and work/, QUICK, 1 for small inputs, and die) and
# cmd WORKLOAD (the client command line, absolute paths).

ALL_WORKLOADS="gzip python sort stride random interp cc1 pystd"
# Code-heavy: their time goes into translating and running much code once or
# a few times (gcc's cc1 compiling a generated file, python3 touching much of
# its standard library), not into hot loops.
CODE_HEAVY="cc1 pystd"

prepare_workloads() {
  for k in gendata stride random interp; do
    gcc -O2 -g -o "$OUT/bin/$k" "$top/bench/kernels/$k.c" || die "cannot compile bench/kernels/$k.c"
  done
  cp "$top/bench/kernels/pywork.py" "$OUT/bin/pywork.py" || die "cannot copy pywork.py"
  cp "$top/bench/kernels/pystd.py" "$OUT/bin/pystd.py" || die "cannot copy pystd.py"
  CC1=$(gcc -print-prog-name=cc1)
  [ -x "$CC1" ] || die "gcc's cc1 not found (gcc -print-prog-name=cc1 says '$CC1')"

  if [ "$QUICK" = 1 ]; then
    B64_BYTES=600000 SORT_LINES=60000 PY_N=5000 CC1_BLOCKS=1
    STRIDE_ARGS="160 3" RANDOM_ARGS="16 500000" INTERP_ARGS="15000 200000"
  else
    B64_BYTES=6000000 SORT_LINES=600000 PY_N=35000 CC1_BLOCKS=3
    STRIDE_ARGS="384 10" RANDOM_ARGS="20 6000000" INTERP_ARGS="90000 1000000"
  fi
  W=$OUT/work
  "$OUT/bin/gendata" b64 "$B64_BYTES" >"$W/b64.dat" || die "gendata b64 failed"
  "$OUT/bin/gendata" lines "$SORT_LINES" >"$W/lines.dat" || die "gendata lines failed"
  awk -v n=1 -v blocks="$CC1_BLOCKS" -f "$top/bench/kernels/gencsrc.awk" >"$W/gen.c" || die "gencsrc failed"
}

# cmd WORKLOAD: the client command line, absolute paths, identical for every variant
cmd() {
  case $1 in
  gzip) echo "/bin/gzip -c -6 $W/b64.dat" ;;
  python) echo "/usr/bin/python3 -B -s $OUT/bin/pywork.py $PY_N" ;;
  sort) echo "/usr/bin/sort -S 64M --parallel=1 -T $W $W/lines.dat" ;;
  stride) echo "$OUT/bin/stride $STRIDE_ARGS" ;;
  random) echo "$OUT/bin/random $RANDOM_ARGS" ;;
  interp) echo "$OUT/bin/interp $INTERP_ARGS" ;;
  cc1) echo "$CC1 -quiet -O2 $W/gen.c -o /dev/null" ;;
  pystd) echo "/usr/bin/python3 -B -S $OUT/bin/pystd.py" ;;
  esac
}

