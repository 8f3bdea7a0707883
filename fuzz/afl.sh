#!/bin/sh
# SPDX-License-Identifier: MIT
# Fuzzes the command line end to end with AFL++ (make fuzz-afl; docs/fuzzing.md): builds the tool with afl-cc,
# AddressSanitizer and UndefinedBehaviorSanitizer into BUILD, seeds each target from examples/, and runs afl-fuzz on one
# core for SECONDS per target. The targets are the tool's two readers of whole files:
#   run      ricochet run FILE --out DIR --no-xyz --quiet --time 0.01   (scenes of both engines; the short stop keeps an
#                                                                         execution near 30 ms)
#   resolve  ricochet resolve FILE                                      (impact problem files)
# The libFuzzer harnesses (fuzz/run.sh) call the library; this drives the real tool, its option parsing and its exit
# paths, from a file on disk as a user gives it. Crashes and hangs go to fuzz/findings/afl-TARGET/; exits 1 when any
# target found one. Usage: sh fuzz/afl.sh BUILD SECONDS [TARGET...]
set -u
build=$1
seconds=$2
shift 2
targets=${*:-run resolve}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v afl-fuzz > /dev/null && command -v afl-cc > /dev/null ||
  { echo "fuzz-afl: needs AFL++ (apt-get install afl++)"; exit 2; }
# the sanitizers are compiled in by afl-cc itself, so that its own instrumentation and theirs agree
export AFL_USE_ASAN=1 AFL_USE_UBSAN=1 AFL_QUIET=1
mkdir -p "$build"
CC=afl-cc cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRICOCHET_WERROR=ON > "$build/afl-cmake.log" 2>&1 &&
  cmake --build "$build" -j"${JOBS:-2}" --target ricochet > "$build/afl-build.log" 2>&1 ||
  { echo "fuzz-afl: the build failed (see $build/afl-cmake.log, $build/afl-build.log)"; exit 2; }
# one core, no status screen, no CPU binding (the machine may be shared), and the crash handler of the system left as
# it is; leaks are the libFuzzer harnesses' job, a crash or a sanitizer report aborts
export AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:symbolize=0 UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1
export OPENBLAS_NUM_THREADS=1
failed=0
for t in $targets; do
  seeds=$build/afl-seeds/$t
  out=$build/afl-out/$t
  work=$build/afl-work/$t
  rm -rf "$seeds" "$out" "$work"
  mkdir -p "$seeds" "$work" "$build/afl-out" "$root/fuzz/findings/afl-$t"
  case $t in
    run)
      for f in "$root"/examples/edmd/*.json "$root"/examples/rigid/*.json; do
        cp "$f" "$seeds/$(basename "$(dirname "$f")")_$(basename "$f")"
      done
      set -- run @@ --out "$work/out" --no-xyz --quiet --time 0.01 ;;
    resolve)
      cp "$root"/examples/impact/*.json "$seeds/"
      set -- resolve @@ ;;
    *) echo "fuzz-afl: no target $t (run, resolve)"; exit 2 ;;
  esac
  # -t 2000: an execution over 2 s is a hang (every seed takes under 0.2 s)
  afl-fuzz -i "$seeds" -o "$out" -x "$root/fuzz/json.dict" -t 2000 -m none -V "$seconds" -- \
    "$build/ricochet" "$@" > "$build/afl-$t.log" 2>&1
  stats=$out/default/fuzzer_stats
  if [ ! -f "$stats" ]; then
    echo "fuzz-afl $t: afl-fuzz did not start (see $build/afl-$t.log)"
    tail -n 5 "$build/afl-$t.log"
    failed=1
    continue
  fi
  value() { sed -n "s/^$1 *: *//p" "$stats"; }
  crashes=$(ls "$out/default/crashes" | grep -vc README)
  hangs=$(ls "$out/default/hangs" | grep -vc README)
  echo "fuzz-afl $t: $(value execs_done) executions in $(value run_time)s ($(value execs_per_sec)/s)," \
    "$(value corpus_count) paths, edges $(value bitmap_cvg), $crashes crashes, $hangs hangs"
  if [ "$crashes" -gt 0 ] || [ "$hangs" -gt 0 ]; then
    for f in "$out"/default/crashes/id* "$out"/default/hangs/id*; do
      [ -f "$f" ] && cp "$f" "$root/fuzz/findings/afl-$t/$(basename "$(dirname "$f")")-$(basename "$f" | cut -c1-9)"
    done
    echo "fuzz-afl $t: FOUND $crashes CRASHES AND $hangs HANGS (fuzz/findings/afl-$t/)"
    failed=1
  fi
done
exit $failed
