#!/bin/sh
# SPDX-License-Identifier: MIT
# The performance guard: runs the event-driven benchmark's smallest case (4,000 hard spheres from fcc,
# phi = 0.45, NVE, one core) three times and compares the best rate of pair collisions per CPU second with the rate
# recorded for this machine class (the CPU model name) in the table "Performance guard" of bench/RESULTS.md. Fails
# when the best rate falls more than 30 % below the record. The best of three, not the median, because a shared
# machine only ever slows a run down. With --refresh it writes the rate measured now into the table instead (on
# purpose, after a change that moves the speed, on a quiet machine). No record for this class: says so and passes.
#
#   sh bench/guard.sh BUILD_DIR [--refresh]
set -eu
build=${1:?usage: sh bench/guard.sh BUILD_DIR [--refresh]}
refresh=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
results="$here/RESULTS.md"
class=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -1)
[ -n "$class" ] || class=unknown
best=0
for run in 1 2 3; do
    rate=$(BENCH_BUDGET=120 "$build/bench_edmd" --count 4000 | awk '$1 == "0.45" && $2 == "4000" { print $4 }')
    case $rate in
    '' | *[!0-9.e+]*) echo "guard: bench_edmd gave no rate (run $run)" >&2; exit 1 ;;
    esac
    echo "guard: run $run: $rate collisions/s"
    best=$(awk -v a="$best" -v b="$rate" 'BEGIN { print (b > a) ? b : a }')
done
row="| $class | 4000 | 0.45 | $best | $(date -u +%Y-%m-%d) |"
if [ "$refresh" = --refresh ]; then
    tmp=$(mktemp)
    awk -v class="$class" -v row="$row" '
        /^<!-- guard -->$/ { inside = 1 }
        /^<!-- \/guard -->$/ { if (!done) print row; inside = 0; done = 1 }
        { split($0, cell, "|"); gsub(/^ +| +$/, "", cell[2]) }
        inside && cell[2] == class { if (!done) print row; done = 1; next }
        { print }' "$results" >"$tmp"
    mv "$tmp" "$results"
    echo "guard: recorded $best collisions/s for \"$class\" in bench/RESULTS.md"
    exit 0
fi
record=$(awk -v class="$class" '
    /^<!-- guard -->$/ { inside = 1; next }
    /^<!-- \/guard -->$/ { inside = 0 }
    inside { split($0, cell, "|"); gsub(/^ +| +$/, "", cell[2]); gsub(/ /, "", cell[5]); if (cell[2] == class) print cell[5] }' "$results")
if [ -z "$record" ]; then
    echo "guard: no record for \"$class\" in bench/RESULTS.md (best now $best collisions/s); passes"
    exit 0
fi
awk -v best="$best" -v record="$record" -v class="$class" 'BEGIN {
    ratio = best / record
    printf "guard: best %.4g collisions/s, record %.4g for \"%s\": %.2f of it\n", best, record, class, ratio
    if (ratio < 0.7) { print "guard: more than 30 % below the record: FAIL"; exit 1 }
}'
