#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the fuzz harnesses (make fuzz, CI; docs/fuzzing.md): for each, first every regression input (tests/data/regressions/
# HARNESS/ and the files fuzz/regressions.txt names), which must not crash, then libFuzzer for SECONDS on the corpus
# BUILD/fuzz-corpus/HARNESS, seeded by fuzz/make-seeds.sh and kept between runs. New crashes go to fuzz/findings/HARNESS/.
# Exits 1 when any harness crashed. FUZZ_SEED, when set, fixes libFuzzer's random seed, so that a run that found a
# crash finds it again (CI sets it; a run without it explores anew). Usage: sh fuzz/run.sh BUILD TOOL SECONDS [HARNESS...]
set -u
build=$1
tool=$2
seconds=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
harnesses=${*:-problem run_scene rigid_scene run checkpoint trajectory cli sweep plot convert}
# the seeds in a folder of this run's own, so that two runs at once (of other harnesses) do not remake each other's
seeds=$build/fuzz-seeds.$$
trap 'rm -rf "$seeds"' EXIT
trap 'exit 130' INT TERM
sh "$root/fuzz/make-seeds.sh" "$tool" "$seeds" || exit 1
export LSAN_OPTIONS="suppressions=$root/tests/support/lsan.supp:print_suppressions=0" OPENBLAS_NUM_THREADS=1
# the slow unwinder sees HDF5's frames, which the suppressions of its leaks (corrupted files read) name; the run
# harness writes and reads back only files it wrote, and the slow unwinder at each of HDF5's allocations made it five
# times slower: it keeps the fast one
export UBSAN_OPTIONS=print_stacktrace=1
failed=0
for h in $harnesses; do
  fuzzer=$build/fuzz/fuzz_$h
  mkdir -p "$build/fuzz-corpus/$h" "$root/fuzz/findings/$h" "$build/fuzz-logs"
  # the regression inputs, one run each
  patterns=$(sed -n "s/^$h //p" "$root/fuzz/regressions.txt")
  inputs=$(cd "$root/tests/data/regressions" && for p in $h/* $patterns; do [ -f "$p" ] && echo "$root/tests/data/regressions/$p"; done)
  if [ -n "$inputs" ] && ! ASAN_OPTIONS=fast_unwind_on_malloc=0 "$fuzzer" -close_fd_mask=3 $inputs > "$build/fuzz-logs/$h.replay" 2>&1; then
    echo "fuzz $h: a regression input crashes (see $build/fuzz-logs/$h.replay)"
    failed=1
  fi
  set -- -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$root/fuzz/findings/$h/"
  [ -n "${FUZZ_SEED:-}" ] && set -- "$@" -seed="$FUZZ_SEED"
  [ -f "$root/fuzz/$h.dict" ] && set -- "$@" -dict="$root/fuzz/$h.dict"
  case $h in
    problem | run_scene | rigid_scene | run | sweep) set -- "$@" -dict="$root/fuzz/json.dict" ;;
    cli) set -- "$@" -close_fd_mask=3 ;;
    convert) set -- "$@" -dict="$root/fuzz/trajectory.dict" ;;
  esac
  unwind=0
  [ "$h" = run ] && unwind=1
  if ! ASAN_OPTIONS=fast_unwind_on_malloc=$unwind "$fuzzer" "$@" "$build/fuzz-corpus/$h" "$seeds/$h" > "$build/fuzz-logs/$h.log" 2>&1; then
    echo "fuzz $h: FOUND A CRASH (fuzz/findings/$h/; log $build/fuzz-logs/$h.log)"
    grep -m 3 -E "ERROR|runtime error|SUMMARY" "$build/fuzz-logs/$h.log"
    failed=1
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$build/fuzz-logs/$h.log")
  echo "fuzz $h: ${execs:-?} executions in ${seconds}s, corpus $(ls "$build/fuzz-corpus/$h" | wc -l) inputs"
done
exit $failed
