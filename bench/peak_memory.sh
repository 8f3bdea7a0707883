#!/bin/sh
# SPDX-License-Identifier: MIT
# The peak resident memory of whole `ricochet run` processes: hard spheres from fcc at kT = 1, NVE,
# for each packing fraction and N given, ROUNDS runs each (/usr/bin/time's maximum resident set), and the line
# through the medians fitted by least squares (slope in bytes per particle, intercept in kB).
# Usage: sh bench/peak_memory.sh RICOCHET [ROUNDS] [PHIS] [COUNTS]
#   e.g. sh bench/peak_memory.sh build/ricochet 3 "0.30 0.45" "4000 32000 256000 1000000"
# Each run stops after 10 collisions per particle (5 from 256,000 on, 2 from 1,000,000), writes the XYZ trajectory
# at times 0 and the end, observables.csv and the summary into a temporary folder.
set -eu
tool=$1
rounds=${2:-3}
phis=${3:-"0.30 0.45"}
counts=${4:-"4 4000 32000 256000"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg), tool $tool"
echo "# phi N collisions peak_kB(runs...) median_kB"
for phi in $phis; do
  : >"$work/fit"
  for n in $counts; do
    per=10
    [ "$n" -ge 256000 ] && per=5
    [ "$n" -ge 1000000 ] && per=2
    coll=$((n * per))
    fraction=$phi
    [ "$n" -lt 100 ] && fraction=0.01
    cat >"$work/scene.json" <<SCENE
{"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [true, true, true]},
 "particles": {"lattice": "fcc", "count": $n, "packing_fraction": $fraction, "diameter": 1, "mass": 1},
 "temperature": 1.0, "seed": 1, "stop": {"collisions": $coll}, "output": {"every": 1e9}}
SCENE
    peaks=""
    r=0
    while [ $r -lt "$rounds" ]; do
      rm -rf "$work/out"
      /usr/bin/time -f "%M" -o "$work/time" "$tool" run "$work/scene.json" --out "$work/out" --quiet >/dev/null
      peaks="$peaks $(tail -n 1 "$work/time")"
      r=$((r + 1))
    done
    median=$(echo $peaks | tr ' ' '\n' | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    echo "$phi $n $coll$peaks $median"
    [ "$n" -ge 32000 ] && echo "$n $median" >>"$work/fit"
  done
  # least squares through the medians from N = 32,000 up (kB -> bytes per particle; kB at N = 0)
  awk -v phi="$phi" '{n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2}
    END {if (n < 2) exit; b = (n * sxy - sx * sy) / (n * sxx - sx * sx); a = (sy - b * sx) / n;
         printf "# phi %s: slope %.1f B/particle, intercept %.0f kB (fit over N >= 32000)\n", phi, b * 1024, a}' \
    "$work/fit"
done
