#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The event-driven engine side by side with the fastest published code, Smallenburg's EDMD (its build
# script and notes are in ../shared/peers/): monodisperse hard spheres from FCC at kT = 1, NVE, periodic, one core,
# the same N, packing fraction and simulated time for both, whole processes run in turn (peer, ricochet, peer, ...),
# and the median of the rounds. Each row gives collisions per wall second and per CPU second (user + system: on a
# shared machine the CPU rate is the steadier one) and the peak resident memory. Nothing of the peer goes into
# ricochet: it is built from its own source, with its own flags, in a scratch folder.
#
# usage: bench/peer_edmd.sh PEER_GIT_DIR RICOCHET [ROUNDS] [SIZES] [FRACTIONS]
#   PEER_GIT_DIR  a fetched FSmallenburg/EDMD repository (bare git directory or clone)
#   RICOCHET      the ricochet command-line tool (build-release/ricochet)
#   ROUNDS        interleaved rounds (default 3); SIZES default "4000 32000"; FRACTIONS default "0.45 0.30"
#                 (the peer starts from FCC only with N = 4 n^3: 4000, 32000, 256000, and 1000188 for a million)
# Simulated time: 20 at N = 4,000, 5 at 32,000, 1 from 256,000 up (about 14 collisions per particle per unit time
# at phi = 0.45). Scratch folder: $PEER_WORK, default /tmp/ricochet_peer.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,15p' "$0"; exit 1; }
git_dir=$1 ricochet=$(realpath "$2") rounds=${3:-3} sizes=${4:-"4000 32000"} fractions=${5:-"0.45 0.30"}
here=$(cd "$(dirname "$0")" && pwd)
build=$here/../../shared/peers/build_smallenburg.sh
[ -x "$build" ] || build=/work/shared/peers/build_smallenburg.sh
work=${PEER_WORK:-/tmp/ricochet_peer}
mkdir -p "$work"
span() { if [ "$1" -le 4000 ]; then echo 20; elif [ "$1" -le 32000 ]; then echo 5; else echo 1; fi; }

for n in $sizes; do
  c=$(python3 -c "n = $n // 4; print(round(n ** (1 / 3)))")
  [ $((4 * c * c * c)) -eq "$n" ] || { echo "N = $n is not 4 n^3, which the peer's FCC start needs (4000, 32000, 256000, 1000188)" >&2; exit 1; }
done
for n in $sizes; do
  for phi in $fractions; do
    t=$(span "$n")
    [ -x "$work/peer_${n}_$phi/md" ] || bash "$build" "$git_dir" "$work/peer_${n}_$phi" "$n" "$phi" "$t" >/dev/null
    cat >"$work/scene_${n}_$phi.json" <<EOF
{"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [true, true, true]},
 "particles": {"lattice": "fcc", "count": $n, "packing_fraction": $phi, "diameter": 1, "mass": 1},
 "temperature": 1.0, "seed": 1, "restitution": 1.0, "event_detection": "stable",
 "stop": {"time": $t}, "output": {"directory": "$work/out", "every": $t}}
EOF
  done
done

# one run: prints "collisions wall_seconds cpu_seconds peak_kB"
measure() {
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -o "$work/time.txt" -f "%U %S %M" "$@" >"$work/stdout.txt" 2>/dev/null
  end=$(date +%s.%N)
  read -r user sys peak <"$work/time.txt"
  echo "$(python3 "$here/peer_edmd_count.py" "$work/stdout.txt") $(echo "$end - $start" | bc -l) $(echo "$user + $sys" | bc -l) $peak"
}

rows=$work/rows.txt
: >"$rows"
echo "# load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# round program N phi collisions wall_s cpu_s peak_kB"
for r in $(seq "$rounds"); do
  for n in $sizes; do
    for phi in $fractions; do
      line="$r peer $n $phi $(cd "$work/peer_${n}_$phi" && measure ./md)"
      echo "$line" | tee -a "$rows"
      rm -rf "$work/out"
      line="$r ricochet $n $phi $(measure "$ricochet" run "$work/scene_${n}_$phi.json" --no-xyz)"
      echo "$line" | tee -a "$rows"
    done
  done
done
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/peer_edmd_count.py" --table "$rows"
