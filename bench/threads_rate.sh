#!/bin/sh
# SPDX-License-Identifier: MIT
# Collisions per wall-clock second of `ricochet run` on 1 and 2 threads, side by side (docs/edmd.md, "Parallel";
# docs/scaling.md), and with `ranks` last also split over 2 MPI ranks (mpirun -n 2; docs/edmd.md, "Ranks"): elastic
# hard spheres from fcc at kT = 1 in a periodic cube, each size and packing fraction run ROUNDS times in interleaved
# rounds (T = 1, then T = 2, then R = 2, then again), 2 collisions per particle after 1 of equilibration; prints the
# threads and ranks each run used (the summary's `threads` and `ranks`), the median rates and their ratios to T = 1.
# Speed figures come from here, never from timed tests; this machine scatters single runs by up to 1.6 times, so
# compare medians of several rounds on a quiet machine. Usage:
#   sh bench/threads_rate.sh [ricochet] [rounds, default 3] [sizes, default "32000 256000 1000000"] [fractions]
#                            [ranks]
set -eu
tool=${1:-build-release/ricochet}
rounds=${2:-3}
sizes=${3:-32000 256000 1000000}
fractions=${4:-0.30 0.45}
ways="t1 t2"
[ "${5:-}" = ranks ] && ways="t1 t2 r2"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
printf '%9s %5s %12s %12s %7s %12s %7s %8s %s\n' N phi "T=1 coll/s" "T=2 coll/s" ratio "R=2 coll/s" ratio \
    "T/R used" note
for n in $sizes; do
    for phi in $fractions; do
        cat >"$tmp/scene.json" <<SCENE
{"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [true, true, true]},
 "particles": {"lattice": "fcc", "count": $n, "packing_fraction": $phi, "diameter": 1, "mass": 1},
 "temperature": 1.0, "seed": 1, "equilibration": {"collisions": $n}, "stop": {"collisions": $((3 * n))},
 "output": {"directory": "$tmp/out"}}
SCENE
        for round in $(seq "$rounds"); do
            for way in $ways; do
                case $way in
                    t*) set -- "$tool" run "$tmp/scene.json" --threads "${way#t}" ;;
                    r*) set -- mpirun -n "${way#r}" "$tool" run "$tmp/scene.json" ;;
                esac
                "$@" --out "$tmp/out" --no-xyz --quiet --compact >"$tmp/summary_${way}_$round.json" ||
                    echo "{}" >"$tmp/summary_${way}_$round.json"
            done
        done
        /usr/bin/python3 - "$tmp" "$rounds" "$n" "$phi" $ways <<'PY'
import json, statistics, sys
tmp, rounds, n, phi, ways = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:]
rate, used, note = {}, {}, ""
for way in ways:
    runs = [json.load(open("%s/summary_%s_%d.json" % (tmp, way, r))) for r in range(1, rounds + 1)]
    rate[way] = statistics.median(s.get("collisions_per_second", float("nan")) for s in runs)
    used[way] = max(s.get("ranks" if way[0] == "r" else "threads", 0) for s in runs)
    note = note or runs[0].get("parallel_note", "")
ranks = "r2" in rate
print("%9s %5s %12.4g %12.4g %7.3f %12s %7s %8s %s" % (
    n, phi, rate["t1"], rate["t2"], rate["t2"] / rate["t1"], "%.4g" % rate["r2"] if ranks else "-",
    "%.3f" % (rate["r2"] / rate["t1"]) if ranks else "-", "/".join(str(used[w]) for w in ways), note))
PY
    done
done
