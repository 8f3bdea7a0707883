#!/bin/sh
# SPDX-License-Identifier: MIT
# Kills at any moment (docs/formats.md, "A kill and the files"): a run that writes a frame and a row to
# trajectory.h5md and observables.csv every 0.1 time units is killed with SIGKILL at random moments (after its first
# checkpoint), resumed in its own folder, and its files compared with those of a run never stopped (the same
# checkpoint cadence): the H5MD datasets value for value, observables.csv byte for byte. Every second kill also kills
# the first resume, at a random moment of its first half second (the reopening, the cut, the first writes), and
# resumes again.
# usage: kill_resume.sh RICOCHET [KILLS [SEED]]; exits 1 when any resume fails or differs, after all kills.
tool=$1
kills=${2:-8}
seed=${3:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '{"dimension": 3, "box": {"periodic": true}, "temperature": 1, "seed": 4, "stop": {"time": %s},
 "particles": {"lattice": "fcc", "count": 500, "packing_fraction": 0.45, "diameter": 1},
 "output": {"every": 0.1, "h5md": true}}' 6 >"$tmp/scene.json"
start=$(date +%s.%N)
"$tool" run "$tmp/scene.json" --out "$tmp/never" --checkpoint-every 0.5 --no-xyz --quiet >/dev/null ||
    { echo "FAIL: the run never stopped"; exit 1; }
# the kills fall within the first 60 % of the time the run never stopped took (after its first checkpoint)
span=$(echo "$start $(date +%s.%N)" | awk '{printf "%.3f", 0.6 * ($2 - $1)}')
# compare A B: the datasets of two H5MD files are equal, name for name and value for value
compare() {
    /usr/bin/python3 "$(dirname "$0")/../support/h5md_equal.py" "$1" "$2"
}
failed=0
ended=0
k=0
while [ $k -lt $kills ]; do
    k=$((k + 1))
    dir=$tmp/killed$k
    # a delay within the span after the first checkpoint, from the seed and the kill's number
    delay=$(/usr/bin/python3 -c 'import random, sys; random.seed(int(sys.argv[1]) * 1000 + int(sys.argv[2])); print("%.3f" % random.uniform(0, float(sys.argv[3])))' "$seed" $k "$span")
    "$tool" run "$tmp/scene.json" --out "$dir" --checkpoint-every 0.5 --no-xyz --quiet >/dev/null 2>&1 &
    pid=$!
    waited=0
    while [ ! -e "$dir/checkpoint.rcp" ] && [ $waited -lt 600 ]; do sleep 0.05; waited=$((waited + 1)); done
    sleep "$delay"
    kill -9 $pid 2>/dev/null
    wait $pid 2>/dev/null
    why=""
    if [ -e "$dir/summary.json" ]; then # the run had ended before the kill: nothing to resume
        ended=$((ended + 1))
    else
        if [ $((k % 2)) -eq 0 ]; then # kill the first resume too
            "$tool" run --resume "$dir/checkpoint.rcp" --quiet >/dev/null 2>&1 &
            pid=$!
            sleep "$(/usr/bin/python3 -c 'import random, sys; random.seed(-int(sys.argv[1]) * 1000 - int(sys.argv[2])); print("%.3f" % random.uniform(0, 0.5))' "$seed" $k)"
            kill -9 $pid 2>/dev/null
            wait $pid 2>/dev/null
        fi
        if ! "$tool" run --resume "$dir/checkpoint.rcp" --quiet >"$tmp/resume.out" 2>"$tmp/resume.err"; then
            why="the resume failed: $(cat "$tmp/resume.err")"
        elif ! cmp -s "$tmp/never/observables.csv" "$dir/observables.csv"; then
            why="observables.csv differs"
        elif ! compare "$tmp/never/trajectory.h5md" "$dir/trajectory.h5md" 2>"$tmp/compare.err"; then
            why="trajectory.h5md differs: $(tail -1 "$tmp/compare.err")"
        fi
    fi
    if [ -n "$why" ]; then
        failed=$((failed + 1))
        echo "kill $k (${delay} s after the first checkpoint): $why"
    fi
    rm -rf "$dir"
done
echo "kill_resume: $failed of $((kills - ended)) killed and resumed runs failed ($ended runs ended before the kill)"
[ $failed -eq 0 ]
