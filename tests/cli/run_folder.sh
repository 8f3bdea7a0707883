#!/bin/sh
# SPDX-License-Identifier: MIT
# The run folder's lock and link policy (docs/cli.md, "The run folder"): a second run, a resume or a sweep into a
# folder another run is writing is refused with exit 2 and a message that names the other process's id, and the
# first run goes on unharmed; the lock goes with the process however it ends (SIGKILL included); a symbolic link
# planted in a run folder (at NAME.partial, NAME, checkpoint.rcp.partial, .lock) is refused with exit 2 naming it, and
# its target is never written.
# usage: run_folder.sh RICOCHET; exits 1 when any check fails, after all of them.
tool=$1
tmp=$(mktemp -d)
# the long runs are ended however the script ends (a sweep ends its own runs when interrupted)
trap 'kill -INT $first $sweep 2>/dev/null; wait; rm -rf "$tmp"' EXIT
first=
sweep=
failures=0
checks=0
fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}
# expect WANT_EXIT TEXT DESCRIPTION COMMAND...: the command exits WANT_EXIT within 60 s and its stderr holds TEXT
expect() {
    want=$1 text=$2 what=$3
    shift 3
    checks=$((checks + 1))
    timeout 60 "$@" >/dev/null 2>"$tmp/err"
    got=$?
    [ $got -eq "$want" ] && { [ -z "$text" ] || grep -qF -- "$text" "$tmp/err"; } ||
        fail "$what: exit $got (expected $want), stderr \"$(cat "$tmp/err")\" does not name \"$text\""
}
printf '{"dimension": 2, "box": {"periodic": true}, "temperature": 1, "seed": 3, "stop": {"time": 1e9},
 "particles": {"lattice": "square", "count": 64, "packing_fraction": 0.3, "diameter": 1},
 "output": {"every": 50}}' >"$tmp/long.json"
printf '{"dimension": 2, "box": {"periodic": true}, "temperature": 1, "seed": 3, "stop": {"time": 1},
 "particles": {"lattice": "square", "count": 16, "packing_fraction": 0.3, "diameter": 1},
 "output": {"every": 0.25}}' >"$tmp/short.json"
# ---- the lock: a run holds its folder; a second run, a resume and a sweep into it are refused, naming the pid ----
"$tool" run "$tmp/long.json" --out "$tmp/busy" --checkpoint-every 10 --quiet >"$tmp/first.out" 2>&1 &
first=$!
waited=0
while [ ! -e "$tmp/busy/checkpoint.rcp" ] && [ $waited -lt 200 ]; do sleep 0.05; waited=$((waited + 1)); done
[ -e "$tmp/busy/checkpoint.rcp" ] || fail "the first run wrote no checkpoint within 10 s"
expect 2 "is in use by another run (process $first holds its lock" "a second run into a folder in use" \
    "$tool" run "$tmp/short.json" --out "$tmp/busy" --quiet
expect 2 "process $first" "a resume in a folder in use" "$tool" run --resume "$tmp/busy/checkpoint.rcp" --quiet
printf '{"scene": "%s", "vary": {"seed": [1, 2]}, "directory": "%s"}' "$tmp/long.json" "$tmp/sweep" >"$tmp/sweep.json"
"$tool" sweep "$tmp/sweep.json" --jobs 1 --quiet >/dev/null 2>&1 &
sweep=$!
waited=0
while [ ! -s "$tmp/sweep/.lock" ] && [ $waited -lt 200 ]; do sleep 0.05; waited=$((waited + 1)); done
expect 2 "process $sweep" "a second sweep into a sweep folder in use" "$tool" sweep "$tmp/sweep.json" --jobs 1 --quiet
kill -INT $sweep
wait $sweep
code=$?
checks=$((checks + 1))
[ $code -eq 130 ] || fail "the first sweep, interrupted beside the refused one: exit $code, not 130"
checks=$((checks + 1))
kill -0 $first 2>/dev/null || fail "the first run did not survive the refused ones: $(cat "$tmp/first.out")"
kill -INT $first
wait $first
code=$?
checks=$((checks + 1))
[ $code -eq 130 ] || fail "the first run, interrupted: exit $code, not 130: $(cat "$tmp/first.out")"
checks=$((checks + 1))
frames=$(grep -c '^64$' "$tmp/busy/trajectory.xyz")
[ "$frames" -ge 2 ] && [ -z "$(ls "$tmp/busy" | grep partial)" ] && [ ! -e "$tmp/busy/.lock" ] ||
    fail "the first run's folder (whole, its lock removed): $frames frames, $(ls -A "$tmp/busy")"
expect 0 "" "a resume once the first run ended" "$tool" run --resume "$tmp/busy/checkpoint.rcp" --time 1 --quiet
# the lock goes with the process, even killed
"$tool" run "$tmp/long.json" --out "$tmp/killed" --quiet >/dev/null 2>&1 &
pid=$!
waited=0
while [ ! -e "$tmp/killed/trajectory.xyz.partial" ] && [ $waited -lt 200 ]; do sleep 0.05; waited=$((waited + 1)); done
kill -9 $pid
wait $pid 2>/dev/null
expect 0 "" "a run into the folder of a killed run" "$tool" run "$tmp/short.json" --out "$tmp/killed" --quiet
# ---- links: refused and never followed ----
for name in trajectory.xyz.partial trajectory.xyz observables.csv.partial checkpoint.rcp.partial summary.json .lock; do
    dir=$tmp/link_$name
    mkdir -p "$dir"
    printf 'precious\n' >"$tmp/victim"
    ln -s "$tmp/victim" "$dir/$name"
    expect 2 "$dir/$name is a symbolic link" "a link planted at $name" \
        "$tool" run "$tmp/short.json" --out "$dir" --checkpoint-every 0.5 --quiet
    checks=$((checks + 1))
    [ "$(cat "$tmp/victim")" = precious ] && [ -L "$dir/$name" ] || fail "the link planted at $name was followed"
done
echo "$checks checks, $failures failed"
[ $failures -eq 0 ]
