#!/bin/sh
# SPDX-License-Identifier: MIT
# Two builds of `ricochet` side by side on one scene (bench/RESULTS.md): each round runs build A, then build B, with
# the same thread count, and the medians of their collisions per wall-clock second and B's over A's are printed.
# Interleaving the builds within each round lets a machine whose speed drifts over minutes (this project's 2-core
# guest drifts by up to 1.6 times) slow both alike. Speed figures come from here or threads_rate.sh, never from
# timed tests. Usage:
#   sh bench/threads_ab.sh SCENE ROUNDS THREADS RICOCHET_A RICOCHET_B
set -eu
[ $# -eq 5 ] || { echo "usage: sh bench/threads_ab.sh SCENE ROUNDS THREADS RICOCHET_A RICOCHET_B" >&2; exit 2; }
scene=$1 rounds=$2 threads=$3 a=$4 b=$5
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for round in $(seq "$rounds"); do
    for way in a b; do
        if [ "$way" = a ]; then tool=$a; else tool=$b; fi
        "$tool" run "$scene" --threads "$threads" --out "$tmp/out_$way" --no-xyz --quiet --compact \
            >"$tmp/${way}_$round.json"
    done
done
/usr/bin/python3 - "$tmp" "$rounds" <<'PY'
import json, statistics, sys
tmp, rounds = sys.argv[1], int(sys.argv[2])
rate = {}
for way in "ab":
    runs = [json.load(open("%s/%s_%d.json" % (tmp, way, r)))["collisions_per_second"] for r in range(1, rounds + 1)]
    rate[way] = statistics.median(runs)
    print("%s %.4g  (rounds: %s)" % (way.upper(), rate[way], " ".join("%.3g" % x for x in runs)))
print("B/A %.3f" % (rate["b"] / rate["a"]))
PY
