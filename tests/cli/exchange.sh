#!/bin/sh
# SPDX-License-Identifier: MIT
# ricochet exchange (docs/cli.md, "exchange"), end to end on examples/exchange/barometric.json: one sphere under
# gravity with an Andersen thermostat, whose height follows the barometric law exp(-mgh/kT) on [r, L - r] exactly.
# Oracles: each temperature's mean potential energy m g <h> is the barometric mean (5 standard errors), each pair's
# acceptance the expectation of the canonical rule over the two exact laws (quadrature here); the same seed prints the
# same bytes, another seed other numbers; under `mpirun -n 3` (a tool built with MPI), four replicas over three ranks
# print the same bytes as one process. Over pressures, an ideal gas at constant pressure (below) against its exact
# Gamma laws, and the same bytes under mpirun -n 2. The walk table (--walk) against the report's acceptances. SIGINT
# and SIGTERM print the report of the rounds ended and exit 130 and 143; a walk table rank 0 cannot write stops every
# rank. (tests/physics/test_exchange.c tests the library the same way, more
# closely.)
# Usage: sh tests/cli/exchange.sh PATH/TO/ricochet [mpi]
set -eu
tool=$1
mpi=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAILED: $*"; exit 1; }
scene=$root/examples/exchange/barometric.json
"$tool" exchange "$scene" --temperatures 0.5,0.8,1.2 --interval 1.5 --rounds 3000 --seed 5 --compact > "$tmp/a.json" \
  || fail "exchange"
"$tool" exchange "$scene" --temperatures 0.5,0.8,1.2 --interval 1.5 --rounds 3000 --seed 5 --compact \
  --walk "$tmp/walk.csv" > "$tmp/b.json"
cmp -s "$tmp/a.json" "$tmp/b.json" || fail "the same seed printed other bytes (or --walk changed them)"
# the walk table: a row per round, each a permutation of the ladder, neighbours trading rungs only in their round's
# pairs, and as many trades of each pair as the report's acceptances
/usr/bin/python3 - "$tmp/walk.csv" "$tmp/b.json" <<'PY' || fail "the walk table"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1])))
r = json.load(open(sys.argv[2]))
ladder, rounds = r["temperatures"], r["rounds"]
assert rows[0] == ["round"] + ["replica_%d" % k for k in range(len(ladder))], rows[0]
assert len(rows) == rounds + 1, len(rows)
held = list(ladder)  # before round 0 replica k holds rung k
trades = [0] * (len(ladder) - 1)
for k, row in enumerate(rows[1:]):
    assert int(row[0]) == k, row
    now = [float(x) for x in row[1:]]
    assert sorted(now) == ladder, row
    for a in range(len(ladder) - 1):
        low, high = held.index(ladder[a]), held.index(ladder[a + 1])
        if now[low] == ladder[a + 1]:
            assert a % 2 == k % 2 and now[high] == ladder[a], (k, a, row)
            trades[a] += 1
    held = now
assert trades == [p["accepted"] for p in r["pairs"]], (trades, r["pairs"])
PY
"$tool" exchange "$scene" --temperatures 0.5,0.8,1.2 --interval 1.5 --rounds 3000 --seed 6 --compact > "$tmp/c.json"
cmp -s "$tmp/a.json" "$tmp/c.json" && fail "another seed printed the same bytes"
/usr/bin/python3 - "$tmp/a.json" <<'PY' || fail "exchange: detailed balance"
import json, math, sys
r = json.load(open(sys.argv[1]))
ladder, rounds = r["temperatures"], r["rounds"]
n = 600
grid = [0.05 + 2.9 * (i + 0.5) / n for i in range(n)]
def law(t):
    w = [math.exp(-h / t) for h in grid]
    z = sum(w)
    return [x / z for x in w]
laws = [law(t) for t in ladder]
for k, t in enumerate(ladder):
    mean = sum(p * h for p, h in zip(laws[k], grid))
    sd = math.sqrt(sum(p * (h - mean) ** 2 for p, h in zip(laws[k], grid)))
    got = r["mean_potential_energy"][k]
    assert abs(got - mean) < 5 * sd * math.sqrt(2 / rounds), (t, got, mean)
for k, pair in enumerate(r["pairs"]):
    a, b = pair["temperatures"]
    assert pair["attempts"] == rounds // 2, pair
    want = sum(pa * pb * min(1.0, math.exp((1 / a - 1 / b) * (ha - hb)))
               for pa, ha in zip(laws[k], grid) for pb, hb in zip(laws[k + 1], grid))
    assert abs(pair["acceptance"] - want) < 5 * math.sqrt(2 * want * (1 - want) / pair["attempts"]), (a, b, pair, want)
PY
# ---- over pressures: two disks a thousandth of the box wide (an ideal gas) at kT = 1 with a barostat, whose area
# follows A^2 exp(-P A) exactly (the ln A move's law A^N exp(-P A / kT)): each pressure's mean area is 3 / P, and each
# pair's acceptance the expectation of min(1, exp[(P_a - P_b)(A_a - A_b)]) over the two exact laws (quadrature here)
gas=$root/examples/exchange/ideal_gas_pressures.json
"$tool" exchange "$gas" --pressures 0.5,0.8,1.3 --interval 0.5 --rounds 2000 --seed 5 --compact > "$tmp/p.json" \
  || fail "exchange over pressures"
/usr/bin/python3 - "$tmp/p.json" <<'PY' || fail "exchange over pressures: detailed balance"
import json, math, sys
r = json.load(open(sys.argv[1]))
ladder, rounds = r["pressures"], r["rounds"]
n = 400
def law(p):
    top = 30 / p
    grid = [top * (i + 0.5) / n for i in range(n)]
    w = [a * a * math.exp(-p * a) for a in grid]
    z = sum(w)
    return grid, [x / z for x in w]
laws = [law(p) for p in ladder]
for k, p in enumerate(ladder):
    got, mean, sd = r["mean_volume"][k], 3 / p, math.sqrt(3) / p
    assert abs(got - mean) < 5 * sd * math.sqrt(2 / rounds), (p, got, mean)
for k, pair in enumerate(r["pairs"]):
    a, b = pair["pressures"]
    (ga, pa), (gb, pb) = laws[k], laws[k + 1]
    want = sum(x * y * min(1.0, math.exp((a - b) * (u - v))) for x, u in zip(pa, ga) for y, v in zip(pb, gb))
    assert abs(pair["acceptance"] - want) < 5 * math.sqrt(2 * want * (1 - want) / pair["attempts"]), (a, b, pair, want)
PY
# ---- Ctrl-C (SIGINT) and SIGTERM: the library stops the exchange between replicas (rc_exchange_execute_guarded), the
# report of the rounds ended is printed, exit 130 or 143
for signal in INT TERM; do
  "$tool" exchange "$scene" --temperatures 0.5,0.8,1.2 --interval 1.5 --rounds 100000000 --compact \
    --walk "$tmp/walk_$signal.csv" > "$tmp/sig.json" 2> "$tmp/sig.err" &
  pid=$!
  sleep 1
  kill -$signal $pid
  code=0
  wait $pid || code=$?
  want=130
  [ $signal = TERM ] && want=143
  [ $code = $want ] || fail "SIG$signal: exit $code, expected $want: $(cat "$tmp/sig.err")"
  grep -q "interrupted after round" "$tmp/sig.err" || fail "SIG$signal: no note: $(cat "$tmp/sig.err")"
  /usr/bin/python3 - "$tmp/sig.json" "$tmp/walk_$signal.csv" <<'PY' || fail "SIG$signal: the report of the rounds ended"
import json, sys
r = json.load(open(sys.argv[1]))
rows = len(open(sys.argv[2]).readlines()) - 1  # the walk has a row per round ended
attempts = [p["attempts"] for p in r["pairs"]]
assert rows > 0 and attempts == [(rows + 1) // 2, rows // 2], (rows, attempts)
PY
done
if [ "$mpi" = mpi ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  set -- examples/exchange/barometric.json --temperatures 0.5,0.8,1.2,1.6 --interval 1.5 --rounds 300 --compact
  (cd "$root" && "$tool" exchange "$@" --walk "$tmp/walk1.csv") > "$tmp/one.json" || fail "exchange of four"
  (cd "$root" && mpirun --allow-run-as-root --oversubscribe -n 3 "$tool" exchange "$@" --walk "$tmp/walk3.csv") \
    > "$tmp/three.json" || fail "mpirun -n 3 ricochet exchange"
  cmp -s "$tmp/one.json" "$tmp/three.json" || fail "three ranks printed other bytes than one process"
  cmp -s "$tmp/walk1.csv" "$tmp/walk3.csv" || fail "three ranks wrote another walk table than one process"
  set -- examples/exchange/ideal_gas_pressures.json --pressures 0.5,0.8,1.3 --interval 0.5 --rounds 100 --compact
  (cd "$root" && "$tool" exchange "$@") > "$tmp/one.json" || fail "exchange of three over pressures"
  (cd "$root" && mpirun --allow-run-as-root --oversubscribe -n 2 "$tool" exchange "$@") > "$tmp/two.json" \
    || fail "mpirun -n 2 ricochet exchange --pressures"
  cmp -s "$tmp/one.json" "$tmp/two.json" || fail "over pressures, two ranks printed other bytes than one process"
  # a walk table rank 0 cannot write stops every rank before the rounds (rc_exchange_write_walk_mpi): exit 2, rank 0
  # names the path, no report
  code=0
  (cd "$root" && mpirun --allow-run-as-root --oversubscribe -n 2 "$tool" exchange "$@" --walk "$tmp/no/walk.csv") \
    > "$tmp/nowalk.json" 2> "$tmp/nowalk.err" || code=$?
  [ $code != 0 ] || fail "mpirun: an unwritable walk table did not fail"
  grep -q "walk table $tmp/no/walk.csv: cannot write" "$tmp/nowalk.err" || fail "mpirun: no message naming the walk: \
$(cat "$tmp/nowalk.err")"
  [ ! -s "$tmp/nowalk.json" ] || fail "mpirun: a report printed after the walk failed"
fi
echo "exchange: all passed"
