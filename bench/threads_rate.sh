#!/bin/sh
# SPDX-License-Identifier: MIT
# Collisions per wall-clock second of `ricochet run` on 1 and 2 threads, side by side (docs/edmd.md, "Parallel";
# docs/scaling.md): elastic hard spheres from fcc at kT = 1 in a periodic cube, each size and packing fraction run
# ROUNDS times in interleaved rounds (T = 1, then T = 2, then again), 2 collisions per particle after 1 of
# equilibration; prints the threads each run used (the summary's `threads`), the median rates and their ratio.
# Speed figures come from here, never from timed tests; this machine scatters single runs by up to 1.6 times, so
# compare medians of several rounds on a quiet machine. Usage:
#   sh bench/threads_rate.sh [ricochet] [rounds, default 3] [sizes, default "32000 256000 1000000"] [fractions]
set -eu
tool=${1:-build-release/ricochet}
rounds=${2:-3}
sizes=${3:-32000 256000 1000000}
fractions=${4:-0.30 0.45}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
printf '%9s %5s %12s %12s %7s %8s %s\n' N phi "T=1 coll/s" "T=2 coll/s" ratio "T used" note
for n in $sizes; do
    for phi in $fractions; do
        cat >"$tmp/scene.json" <<SCENE
{"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [true, true, true]},
 "particles": {"lattice": "fcc", "count": $n, "packing_fraction": $phi, "diameter": 1, "mass": 1},
 "temperature": 1.0, "seed": 1, "equilibration": {"collisions": $n}, "stop": {"collisions": $((3 * n))},
 "output": {"directory": "$tmp/out"}}
SCENE
        for round in $(seq "$rounds"); do
            for t in 1 2; do
                "$tool" run "$tmp/scene.json" --out "$tmp/out" --no-xyz --quiet --compact --threads "$t" \
                    >"$tmp/summary_${t}_$round.json" || echo "{}" >"$tmp/summary_${t}_$round.json"
            done
        done
        /usr/bin/python3 - "$tmp" "$rounds" "$n" "$phi" <<'PY'
import json, statistics, sys
tmp, rounds, n, phi = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
rate, used, note = {}, {}, ""
for t in (1, 2):
    runs = [json.load(open("%s/summary_%d_%d.json" % (tmp, t, r))) for r in range(1, rounds + 1)]
    rate[t] = statistics.median(s.get("collisions_per_second", float("nan")) for s in runs)
    used[t] = max(s.get("threads", 0) for s in runs)
    note = note or runs[0].get("parallel_note", "")
print("%9s %5s %12.4g %12.4g %7.3f %8s %s" % (n, phi, rate[1], rate[2], rate[2] / rate[1], "%d/%d" % (used[1], used[2]), note))
PY
    done
done
