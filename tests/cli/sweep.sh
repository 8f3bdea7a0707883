#!/bin/sh
# SPDX-License-Identifier: MIT
# ricochet sweep (docs/cli.md, "sweep"; ricochet/sweep.h), end to end. Oracles:
# - the table: one row per run; a combination the scene reader refuses is "failed" with the reader's message and the
#   sweep goes on to exit 3; replica 0 runs with the scene's seed, replica r with rc_seed_derive_replica's documented value;
#   sweep_means.csv is the mean and standard error of sweep.csv's rows, recomputed here; sweep.h5 holds sweep.csv's
#   columns, read by h5py;
# - run 0 is bit for bit `ricochet run` of its own scene.json (the sweep adds nothing to a run);
# - the same runs under `mpirun -n 3` (when the tool is built with MPI: ricochet itself links no MPI and hands the
#   sweep over to ricochet-mpi) and with --jobs 1 leave identical files
#   (cmp) and tables (all but the wall-clock columns), and so does rc_sweep_execute_mpi called from Python through
#   mpi4py (tests/cli/sweep_mpi4py.py, when python3-mpi4py is installed);
# - a sweep killed with SIGKILL in the middle of its runs and started again finishes with the same bits as one never
#   stopped; a third start runs nothing; one run's process killed with SIGKILL leaves that run pending (exit 3 naming
#   it), and the sweep started again resumes it from its checkpoint to the same bits; under mpirun one rank killed
#   leaves the tables of what ended (the runs out pending), and the sweep started again completes them to the same bits;
# - SIGTERM ends the runs cleanly (exit 143, runs pending) and the sweep started again finishes with the same bits;
# - another sweep into a folder of runs is refused (sweep_identity.json), the same one started again is not;
# - zip mode pairs the lists; a time-stepping scene whose impact does not terminate is "not_terminated".
# Usage: sh tests/cli/sweep.sh PATH/TO/ricochet [mpi]
set -eu
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mpi=${2:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
py=/usr/bin/python3
fail() { echo "FAILED: $*"; exit 1; }

# the same tables, bit for bit, but for the wall-clock columns
same_tables() {
  $py - "$1" "$2" <<'PY' || fail "tables of $1 and $2 differ"
import csv, sys
def rows(d, name):
    with open(d + "/" + name) as f:
        return list(csv.DictReader(f))
for name in ("sweep.csv", "sweep_means.csv"):
    a, b = rows(sys.argv[1], name), rows(sys.argv[2], name)
    assert len(a) == len(b) and a, name
    for x, y in zip(a, b):
        for k in x:
            if not k.startswith(("wall_seconds", "collisions_per_second", "outputs.directory")):
                assert x[k] == y[k], (name, k, x[k], y[k])
PY
}
# every run's files, bit for bit (scene.json but for its output.directory)
same_files() {
  for d in "$1"/0*; do
    n=$(basename "$d")
    for f in observables.csv trajectory.xyz outcome.json separation_histogram.csv; do
      if [ -f "$d/$f" ]; then cmp -s "$d/$f" "$2/$n/$f" || fail "$2/$n/$f differs from $d/$f"; fi
    done
    $py -c "import json,sys; a,b=[json.load(open(p)) for p in sys.argv[1:]]; [s.get('output',{}).pop('directory',None) for s in (a,b)]; assert a==b" "$d/scene.json" "$2/$n/scene.json" || fail "$n/scene.json differs"
  done
}

# ---- the table, failures, seeds, means
set +e
"$tool" sweep "$root/tests/data/sweep/quick.json" --out q --jobs 2 -q > q.json 2> q.err
code=$?
set -e
[ $code = 3 ] || fail "quick sweep: exit $code, expected 3 (failed runs): $(cat q.err)"
grep -q "4 of 8 runs failed" q.err || fail "quick sweep: stderr does not count the failed runs: $(cat q.err)"
$py - <<'PY' || fail "quick sweep: table"
import csv, json, math
report = json.load(open("q.json"))
assert report["runs"] == 8 and report["ok"] == 4 and report["failed"] == 4, report
rows = list(csv.DictReader(open("q/sweep.csv")))
assert [int(r["run"]) for r in rows] == list(range(8))
def mix(z):  # rc_seed_derive_replica, docs/formats.md: splitmix64(base + r), top 53 bits
    m = (1 << 64) - 1
    z = (z + 0x9e3779b97f4a7c15) & m
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & m
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & m
    return (z ^ (z >> 31)) >> 11
for r in rows:
    point, replica = int(r["point"]), int(r["replica"])
    assert int(r["run"]) == 2 * point + replica
    assert float(r["particles.packing_fraction"]) == [0.2, 0.3][point // 2]
    assert float(r["restitution"]) == [1.0, 2.0][point % 2]
    assert int(r["seed"]) == (5 if replica == 0 else mix(5 + replica)), r["seed"]
    if point % 2:
        assert r["status"] == "failed" and "restitution" in r["message"] and r["compressibility"] == "", r
    else:
        assert r["status"] == "ok" and r["stopped_by"] == "collisions" and float(r["collisions"]) == 20000, r
scene = json.load(open("q/0001/scene.json"))
assert scene["seed"] == mix(6) and scene["particles"]["packing_fraction"] == 0.2
assert json.load(open("q/0002/scene.json"))["restitution"] == 2  # a refused scene is kept for the user to see
means = list(csv.DictReader(open("q/sweep_means.csv")))
assert len(means) == 4
for m in means:
    p = int(m["point"])
    group = [r for r in rows if int(r["point"]) == p and r["status"] == "ok"]
    assert int(m["runs_ok"]) == len(group)
    for key in ("compressibility", "pressure", "collision_rate"):
        if not group:
            assert m[key + "_mean"] == "" and m[key + "_sem"] == ""
            continue
        x = [float(r[key]) for r in group]
        mean = sum(x) / len(x)
        sem = math.sqrt(sum((v - mean) ** 2 for v in x) / (len(x) - 1) / len(x))
        assert abs(float(m[key + "_mean"]) - mean) <= 1e-12 * abs(mean), (key, m[key + "_mean"], mean)
        assert abs(float(m[key + "_sem"]) - sem) <= 1e-9 * abs(mean) + 1e-15, (key, m[key + "_sem"], sem)
PY

# ---- sweep.h5, read by h5py: every column of sweep.csv, the same values (numbers to the bit, empty cells NaN)
/usr/bin/python3 - <<'PY' || fail "sweep.h5"
import csv, math
import h5py
rows = list(csv.DictReader(open("q/sweep.csv")))
with h5py.File("q/sweep.h5", "r") as f:
    assert sorted(f.keys()) == sorted(rows[0].keys()), (sorted(f.keys()), sorted(rows[0].keys()))
    for name in rows[0]:
        column = f[name][()]
        assert len(column) == len(rows), name
        for k, r in enumerate(rows):
            v = column[k].decode() if isinstance(column[k], bytes) else column[k]
            if isinstance(v, str):
                assert v == r[name], (name, k, v, r[name])
            else:
                assert (math.isnan(v) and r[name] == "") or float(r[name]) == v, (name, k, v, r[name])
PY

# ---- run 0 is `ricochet run` of its scene.json
"$tool" run q/0000/scene.json --out single -q > /dev/null || fail "ricochet run of run 0's scene"
cmp -s single/observables.csv q/0000/observables.csv || fail "run 0 differs from ricochet run of its scene"
cmp -s single/trajectory.xyz q/0000/trajectory.xyz || fail "run 0's trajectory differs from ricochet run's"

# ---- one process at a time, and under MPI: the same bits
"$tool" sweep "$root/tests/data/sweep/quick.json" --out one --jobs 1 -q > /dev/null 2>&1 && fail "--jobs 1: exit 0"
same_files q one
same_tables q one
if [ "$mpi" = mpi ]; then
  # the tool itself maps no MPI (a run's fixed memory); under mpirun it hands sweep over to ricochet-mpi beside it
  ! ldd "$tool" | grep -q libmpi || fail "ricochet links libmpi: $(ldd "$tool" | grep mpi)"
  ldd "$(dirname "$tool")/ricochet-mpi" | grep -q libmpi || fail "ricochet-mpi does not link libmpi"
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
  set +e
  mpirun --allow-run-as-root --oversubscribe -n 3 "$tool" sweep "$root/tests/data/sweep/quick.json" --out m -q \
    > m.json 2> m.err
  code=$?
  set -e
  [ $code != 0 ] || fail "mpirun: exit 0 with failed runs"
  grep -q '"failed":	4' m.json || fail "mpirun: report $(cat m.json) $(cat m.err)"
  same_files q m
  same_tables q m
  # the same from Python through mpi4py and libricochet_mpi.so, when Debian's python3-mpi4py is there
  if /usr/bin/python3 -c "import mpi4py" 2> /dev/null; then
    mpirun --allow-run-as-root --oversubscribe -n 3 /usr/bin/python3 "$root/tests/cli/sweep_mpi4py.py" \
      "$(dirname "$tool")" "$root/tests/data/sweep/quick.json" py > py.out 2>&1 || fail "mpi4py sweep: $(cat py.out)"
    same_files q py
    same_tables q py
  fi
fi

# ---- killed with SIGKILL in the middle, started again: the same bits as a sweep never stopped
"$tool" sweep "$root/tests/data/sweep/long.json" --out whole --jobs 2 -q > /dev/null || fail "long sweep"
setsid "$tool" sweep "$root/tests/data/sweep/long.json" --out killed --jobs 2 -q > /dev/null 2>&1 &
leader=$!
waited=0
until [ -f killed/0000/outcome.json ] && ls killed/000[2-5]/checkpoint.rcp > /dev/null 2>&1; do
  sleep 0.05
  waited=$((waited + 1))
  [ $waited -lt 600 ] || fail "the sweep to kill never got going"
done
kill -9 -"$leader" || fail "cannot kill the sweep's process group"
wait "$leader" 2> /dev/null || true
[ ! -f killed/0005/outcome.json ] || fail "the kill came too late: every run had ended"
[ ! -f killed/sweep.csv ] || fail "a killed sweep wrote its table"
"$tool" sweep "$root/tests/data/sweep/long.json" --out killed --jobs 2 -q > again.json 2> again.err \
  || fail "the sweep started again: $(cat again.err)"
same_files whole killed
same_tables whole killed
"$tool" sweep "$root/tests/data/sweep/long.json" --out killed -q > third.json 2>&1 || fail "third start"
$py -c "import json; r = json.load(open('third.json')); assert r['ok'] == 6 and r['wall_seconds'] < 1, r" \
  || fail "a finished sweep started again ran something"

# ---- one run's process killed with SIGKILL (the OOM killer, kill -9) after its checkpoint: the sweep goes on, writes
# its tables with that run pending (no outcome.json, exit 3 naming it); started again, it resumes the run from its
# checkpoint and finishes with the same bits as a sweep never stopped
set +e
"$tool" sweep "$root/tests/data/sweep/long.json" --out onekilled --jobs 2 -q > onekilled.json 2> onekilled.err &
sweeper=$!
set -e
victim=""
waited=0
while [ -z "$victim" ]; do
  for child in $(pgrep -P "$sweeper" || true); do # the run's process holds its folder's files open
    if ls -l "/proc/$child/fd" 2> /dev/null | grep -q "onekilled/0001/"; then victim=$child; fi
  done
  [ -n "$victim" ] && [ -f onekilled/0001/checkpoint.rcp ] || { victim=""; sleep 0.05; }
  waited=$((waited + 1))
  [ $waited -lt 600 ] || fail "run 1 of the sweep never wrote its checkpoint"
done
kill -9 "$victim"
set +e
wait "$sweeper"
code=$?
set -e
[ ! -f onekilled/0001/outcome.json ] || fail "the killed run has an outcome: $(cat onekilled/0001/outcome.json)"
[ $code = 3 ] || fail "a run killed: exit $code, expected 3: $(cat onekilled.err)"
grep -q "1 of 6 runs have not ended" onekilled.err || fail "a run killed: stderr says $(cat onekilled.err)"
grep -q "runs 1)\|run 1\b" onekilled.err || fail "a run killed: stderr does not name run 1: $(cat onekilled.err)"
$py - <<'PY' || fail "a run killed: table"
import csv, json
rows = list(csv.DictReader(open("onekilled/sweep.csv")))
assert [r["status"] for r in rows] == ["ok", "pending", "ok", "ok", "ok", "ok"], [r["status"] for r in rows]
report = json.load(open("onekilled.json"))
assert report["ok"] == 5 and report["pending"] == 1 and report["failed"] == 0, report
PY
"$tool" sweep "$root/tests/data/sweep/long.json" --out onekilled -q > /dev/null 2> again.err \
  || fail "the sweep started again after a run was killed: $(cat again.err)"
same_files whole onekilled
same_tables whole onekilled

# ---- under mpirun, one rank killed with SIGKILL: mpirun ends every rank (SIGCONT, SIGTERM a second later, SIGKILL
# milliseconds after); rank 0 has written the tables of what ended (after the first run ended, now and then, and at
# SIGCONT), the runs still out pending; the sweep started again (here on this machine) resumes them from their
# checkpoints to the same bits
if [ "$mpi" = mpi ]; then
  set +e
  mpirun --allow-run-as-root --oversubscribe -n 3 "$tool" sweep "$root/tests/data/sweep/long.json" --out mkilled -q \
    > mkilled.json 2> mkilled.err &
  launcher=$!
  set -e
  waited=0
  until [ -f mkilled/sweep.csv ]; do
    sleep 0.05
    waited=$((waited + 1))
    [ $waited -lt 600 ] || fail "mpirun: rank 0 never wrote the tables while runs were out"
  done
  killed=""
  for p in $(pgrep -f "sweep $root/tests/data/sweep/long.json --out mkilled" || true); do
    if tr '\0' '\n' < "/proc/$p/environ" 2> /dev/null | grep -qx OMPI_COMM_WORLD_RANK=2; then kill -9 "$p"; killed=$p; fi
  done
  [ -n "$killed" ] || fail "mpirun: no rank 2 to kill"
  set +e
  wait "$launcher"
  code=$?
  set -e
  [ $code != 0 ] || fail "mpirun with a rank killed: exit 0"
  $py - <<'PY' || fail "mpirun with a rank killed: the tables $(cat mkilled.err)"
import csv, os
rows = list(csv.DictReader(open("mkilled/sweep.csv")))
assert len(rows) == 6, rows
for r in rows:  # a row says ok only for a run whose outcome.json says so (a run out may end after the last write)
    ended = os.path.exists("mkilled/%04d/outcome.json" % int(r["run"]))
    assert r["status"] in (("pending", "ok") if ended else ("pending",)), (r["run"], r["status"], ended)
assert any(r["status"] == "pending" for r in rows), [r["status"] for r in rows]
PY
  if grep -q "did not end" mkilled.err; then # rank 0's message, when it made it before SIGKILL: the runs left
    grep -q "did not end (runs [0-9]" mkilled.err || fail "mpirun: the message names no run: $(cat mkilled.err)"
  fi
  "$tool" sweep "$root/tests/data/sweep/long.json" --out mkilled --jobs 2 -q > /dev/null 2> again.err \
    || fail "the sweep started again after mpirun lost a rank: $(cat again.err)"
  same_files whole mkilled
  same_tables whole mkilled
fi

# ---- zip mode: the lists side by side
cat > zip.json <<JSON
{"scene": "$root/tests/data/sweep/quick.json.scene", "vary": {}}
JSON
$py - "$root/tests/data/sweep/quick.json" <<'PY'
import json, sys
quick = json.load(open(sys.argv[1]))
quick.update({"mode": "zip", "replicas": 1, "directory": "zipped"})
quick["vary"] = {"particles.packing_fraction": [0.2, 0.3], "seed": [11, 12], "stop.collisions": [3000, 4000]}
json.dump(quick, open("zip.json", "w"))
PY
"$tool" sweep zip.json -q > /dev/null || fail "zip sweep"
$py - <<'PY' || fail "zip sweep: table"
import csv
rows = list(csv.DictReader(open("zipped/sweep.csv")))
assert [(r["particles.packing_fraction"], r["seed"], r["collisions"]) for r in rows] == \
    [("0.2", "11", "3000"), ("0.3", "12", "4000")], rows
PY
# ---- another sweep into the same folder (other points): refused before it runs or labels anything, the tables kept
cp zipped/sweep.csv zipped_before.csv
$py - zip.json <<'PY'
import json, sys
z = json.load(open(sys.argv[1]))
z["vary"]["particles.packing_fraction"] = [0.25, 0.35]
json.dump(z, open("zip_other.json", "w"))
PY
set +e
"$tool" sweep zip_other.json -q > /dev/null 2> other.err
code=$?
set -e
[ "$code" -eq 2 ] || fail "another sweep into zipped/: exit $code, not 2"
grep -q "holds the runs of another sweep" other.err || fail "another sweep into zipped/: $(cat other.err)"
cmp -s zipped/sweep.csv zipped_before.csv || fail "another sweep into zipped/ rewrote its table"
"$tool" sweep zip.json -q > /dev/null || fail "the same zip sweep again"
# ---- SIGTERM to the sweep: the runs end cleanly with checkpoints, exit 143 with runs pending; then finished as whole
"$tool" sweep "$root/tests/data/sweep/long.json" --out termed --jobs 2 -q > termed.json 2> termed.err &
sweeper=$!
waited=0
until ls termed/000[0-1]/checkpoint.rcp > /dev/null 2>&1; do
  sleep 0.05
  waited=$((waited + 1))
  [ $waited -lt 600 ] || fail "the sweep to stop never got going"
done
kill -TERM "$sweeper"
set +e
wait "$sweeper"
code=$?
set -e
[ $code = 143 ] || fail "SIGTERM: exit $code, expected 143: $(cat termed.err)"
grep -q '"pending":' termed.json || fail "SIGTERM: no report"
grep -q ',pending,' termed/sweep.csv || fail "SIGTERM: the table has no pending run"
"$tool" sweep "$root/tests/data/sweep/long.json" --out termed -q > /dev/null || fail "the sweep after SIGTERM"
same_files whole termed
same_tables whole termed

# ---- a time-stepping scene: an impact that does not terminate is "not_terminated" with its message; no seed
$py - "$root/examples/rigid/geyser.json" <<'PY'
import json, sys
json.dump({"scene": sys.argv[1], "vary": {"lineality": [False, True], "stop.time": [0.05]}, "directory": "geyser"},
          open("geyser.json", "w"))
PY
set +e
"$tool" sweep geyser.json -q > /dev/null 2> geyser.err
code=$?
set -e
[ $code = 3 ] || fail "geyser sweep: exit $code, expected 3"
$py - <<'PY' || fail "geyser sweep: table"
import csv
rows = list(csv.DictReader(open("geyser/sweep.csv")))
assert [(r["lineality"], r["status"], r["seed"]) for r in rows] == [("false", "not_terminated", ""), ("true", "ok", "")], rows
assert "max_iterations" in rows[0]["message"] and rows[0]["stopped_by"] == "not_terminated", rows[0]
assert float(rows[1]["time"]) == 0.05 and rows[1]["message"] == ""
PY
echo "sweep: all passed"
