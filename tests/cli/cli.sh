#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the ricochet tool itself (docs/cli.md): exit codes 0, 1, 2 and 3, error messages on stderr that name the
# field, and a stdout that is one valid JSON object with the keys docs/formats.md promises (checked with python3).
# Usage: sh tests/cli/cli.sh PATH/TO/ricochet   (run from anywhere; the examples are found next to this script)
set -u
tool=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
examples=$root/examples/impact
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0

fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}

# run WANT_EXIT DESCRIPTION COMMAND...: runs the command, keeps stdout and stderr, checks the exit code
run() {
    want=$1 what=$2
    shift 2
    checks=$((checks + 1))
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "$what: exit $got, expected $want"
        sed 's/^/    stderr: /' "$tmp/err"
    fi
}

# stderr_names TEXT: the last command's stderr is "ricochet: ..." and holds TEXT
stderr_names() {
    checks=$((checks + 1))
    grep -q '^ricochet: ' "$tmp/err" && grep -qF -- "$1" "$tmp/err" || fail "stderr \"$(cat "$tmp/err")\" does not name \"$1\""
}

# json_ok STATUS: the last command's stdout is a report with every required key and the given status
json_ok() {
    checks=$((checks + 1))
    python3 - "$tmp/out" "$1" <<'EOF' || fail "report of the last command (status $1)"
import json, math, sys
path, status = sys.argv[1], sys.argv[2]
with open(path) as f:
    r = json.load(f)
def need(obj, *keys):
    for k in keys:
        assert k in obj, "missing key %s" % k
need(r, "status", "form", "operator", "iterations", "islands", "lcp_solves", "normal_impulses", "kinetic_energy",
     "lineality", "min_relative_velocity", "options")
assert r["status"] == status, r["status"]
need(r["kinetic_energy"], "before", "after")
need(r["lineality"], "dimension", "constraints")
if r["operator"] == "gs":
    need(r, "order")
if r["form"] == "physical":
    need(r, "velocities", "angular_velocities", "contacts", "momentum")
    need(r["momentum"], "before", "after")
    assert len(r["contacts"]) == len(r["normal_impulses"])
    d = len(r["momentum"]["before"])
    assert all(len(v) == d for v in r["velocities"])
    if d >= 2:
        need(r, "angular_momentum")
    for c in r["contacts"]:
        need(c, "a", "b", "point", "normal", "gap")
else:
    need(r, "velocity")
o = r["options"]
if status == "resolved" and o["restitution"] == 1 and o["friction"] == 0 and r["lineality"]["dimension"] == 0:
    ke = r["kinetic_energy"]
    assert math.isclose(ke["before"], ke["after"], rel_tol=1e-9), ke
EOF
}

# ---- every example resolves, with both operators ----
for file in "$examples"/*.json; do
    name=$(basename "$file")
    run 0 "resolve $name" "$tool" resolve "$file"
    json_ok resolved
    run 0 "resolve $name --operator gs --compact" "$tool" resolve "$file" --operator gs --compact
    json_ok resolved
    checks=$((checks + 1))
    [ "$(wc -l <"$tmp/out")" -eq 1 ] || fail "--compact printed more than one line for $name"
done
run 0 "elastic energy" "$tool" resolve "$examples/pool_break.json" --no-lineality
json_ok resolved

# ---- known answers through the tool ----
run 0 "cradle3" "$tool" resolve "$examples/cradle3.json" --compact
checks=$((checks + 1))
python3 -c 'import json,sys; v=json.load(open(sys.argv[1]))["velocities"]; assert [round(x[0],12) for x in v]==[0,0,1], v' \
    "$tmp/out" || fail "cradle3 does not end at (0, 0, 1)"
run 0 "cradle3 --frame" "$tool" resolve "$examples/cradle3.json" --frame "$tmp/cradle.xyz" --compact
json_ok resolved
checks=$((checks + 1))
python3 - "$tmp/cradle.xyz" <<'EOF5' || fail "--frame did not write the balls after the impact"
import sys
lines = open(sys.argv[1]).read().splitlines()
assert lines[0] == "3" and 'Lattice="6 0 0 0 2 0 0 0 1"' in lines[1] and 'pbc="F F F"' in lines[1], lines[:2]
rows = [[float(x) for x in l.split()[1:]] for l in lines[2:]]
assert [r[:3] for r in rows] == [[1, 1, 0], [3, 1, 0], [5, 1, 0]], rows  # shifted into the box [0, 6] x [0, 2]
assert [round(r[3], 12) for r in rows] == [0, 0, 1] and all(r[6] == 1 for r in rows), rows
EOF5
printf '{"masses": [1, 1], "velocity": [1, 0], "constraints": [[[0, -1.0], [1, 1.0]]]}' >"$tmp/generic_ok.json"
run 0 "a generic problem resolves" "$tool" resolve "$tmp/generic_ok.json"
run 2 "--frame of a generic problem" "$tool" resolve "$tmp/generic_ok.json" --frame "$tmp/g.xyz"
stderr_names "--frame: the generic form has no balls"
run 0 "file options and overrides" "$tool" resolve "$examples/cradle3.json" --restitution 0.5 --operator gs --order sweep
json_ok resolved
checks=$((checks + 1))
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["order"]=="sweep" and r["options"]["restitution"]==0.5' \
    "$tmp/out" || fail "options were not applied"
run 0 "standard input" sh -c "\"$tool\" resolve - < \"$examples/bernoulli.json\""
json_ok resolved

# ---- no termination without lineality detection (exit 3, the report is still printed) ----
for name in wedged_ball geyser; do
    for op in gr gs; do
        run 3 "$name --operator $op --no-lineality" "$tool" resolve "$examples/$name.json" --operator $op \
            --no-lineality --max-iterations 10000
        json_ok not_terminated
        stderr_names "10000"
    done
done

# ---- bad input: exit 2 and the field named ----
bad_file() { # COMMAND FILE EXPECTED-IN-MESSAGE: exit 2, the field named, nothing on stdout
    run 2 "$1 bad file $(basename "$2")" "$tool" "$1" "$2"
    stderr_names "$3"
    checks=$((checks + 1))
    [ ! -s "$tmp/out" ] || fail "$1 bad file $2 printed to stdout"
}
bad() { # NAME TEXT EXPECTED-IN-MESSAGE
    printf '%s' "$2" >"$tmp/$1.json"
    bad_file resolve "$tmp/$1.json" "$3"
}
bad malformed '{"dimension": 2, "balls": [' "malformed JSON at line 1"
bad nan '{"dimension": 2, "balls": [{"position": [NaN, 0], "radius": 1}]}' "line 1, column 42"
bad negative_mass '{"dimension": 1, "balls": [{"position": [0], "radius": 1, "mass": -1}]}' "balls[0].mass: -1 is not positive"
bad zero_normal '{"dimension": 2, "balls": [{"position": [0, 0], "radius": 1}], "walls": [{"point": [0, -1], "normal": [0, 0]}]}' \
    "walls[0].normal: zero vector"
bad unknown_key '{"dimension": 1, "balls": [{"position": [0], "radius": 1, "masss": 1}]}' 'unknown key "masss" in balls[0]'
bad too_large '{"dimension": 1, "balls": [{"position": [1e400], "radius": 1}]}' "balls[0].position[0]"
bad generic '{"masses": [1, 1], "velocity": [1]}' "velocity has 1 entry, masses has 2"

run 2 "missing file" "$tool" resolve "$tmp/no_such_file.json"
stderr_names "no_such_file.json"
run 2 "unknown option" "$tool" resolve "$examples/cradle3.json" --bogus
stderr_names "--bogus"
run 2 "bad option value" "$tool" resolve "$examples/cradle3.json" --restitution 1.5
stderr_names "restitution"
run 2 "missing option value" "$tool" resolve "$examples/cradle3.json" --seed
stderr_names "--seed"
run 2 "bad order" "$tool" resolve "$examples/cradle3.json" --order zigzag
stderr_names "zigzag"

# ---- run: a small scene runs and writes what docs/formats.md promises ----
scene() { # NAME EXTRA-KEYS: a scene of 108 hard spheres from FCC in a periodic cube, with the extra keys
    printf '{"dimension": 3, "box": {"periodic": true}, "temperature": 1, "seed": 5,
 "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.3, "diameter": 1}%s}' "$2" >"$tmp/$1.json"
}
# summary_ok COUNT FRAMES-DIR: the last stdout is a run summary with every key; the XYZ (when FRAMES-DIR has one)
# has COUNT + 2 lines per frame and the CSV its header, one row per frame
"$tool" help observables >"$tmp/observables.md"
summary_ok() {
    checks=$((checks + 1))
    python3 - "$tmp/out" "$1" "$tmp/observables.md" <<'EOF2' || fail "run summary of the last command"
import json, os, sys
r = json.load(open(sys.argv[1]))
count = int(sys.argv[2])
table = [[cell.strip() for cell in line.split("|")[1:-1]] for line in open(sys.argv[3]) if line.startswith("| `")]
header = ",".join(row[0].strip("`") for row in table if row[2] == "yes" and row[4] == "yes")
for k in ("time", "collisions", "events", "collisions_per_second", "temperature", "pressure", "compressibility",
          "mean_free_time", "energy_drift", "max_overlap", "stabilising_collisions", "negative_time_events",
          "particles", "dimension", "packing_fraction", "wall_collisions", "three_body_events", "neighbour_rebuilds",
          "wall_seconds", "stopped_by", "averages_from", "outputs"):
    assert k in r, "missing key " + k
assert r["particles"] == count and r["negative_time_events"] == 0, r
o = r["outputs"]
if o["trajectory"]:
    lines = open(o["trajectory"]).read().splitlines()
    assert len(lines) == o["frames"] * (count + 2), (len(lines), o["frames"])
    assert lines[0] == str(count) and "Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1" in lines[1], lines[1]
    assert "Lattice=" in lines[1] and "pbc=" in lines[1], lines[1]
if o["observables"]:
    rows = open(o["observables"]).read().splitlines()
    assert rows[0] == header, (rows[0], header)  # the columns of the table of observables, in its order
    assert "nan" not in open(o["observables"]).read(), "a value not defined is written as nan, not as an empty cell"
    assert len(rows) == o["rows"] + 1, (len(rows), o["rows"])
    assert abs(float(rows[-1].split(",")[0]) - r["time"]) <= 1e-14 * r["time"], rows[-1]  # cJSON may drop an ulp
EOF2
}
# summary_is KEY VALUE: the last summary's KEY is VALUE (compared as JSON)
summary_is() {
    checks=$((checks + 1))
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r[sys.argv[2]] == json.loads(sys.argv[3]), r[sys.argv[2]]' \
        "$tmp/out" "$1" "$2" || fail "summary $1 is not $2"
}

scene small ', "stop": {"collisions": 2000}, "output": {"every": 0.5}'
run 0 "run a small scene" "$tool" run "$tmp/small.json" --out "$tmp/run1" --quiet
summary_ok 108
summary_is stopped_by '"collisions"'
summary_is collisions 2000
checks=$((checks + 1))
[ -s "$tmp/run1/trajectory.xyz" ] && [ -s "$tmp/run1/observables.csv" ] || fail "run wrote no trajectory or CSV"
# ASE (Debian python3-ase) reads every frame: positions equal the numbers in the file, the box and pbc are right
if /usr/bin/python3 -c 'import ase.io' 2>/dev/null; then
    checks=$((checks + 1))
    /usr/bin/python3 - "$tmp/run1/trajectory.xyz" <<'EOF3' || fail "ASE cannot read the trajectory"
import sys, numpy, ase.io
frames = ase.io.read(sys.argv[1], index=":")
lines = open(sys.argv[1]).read().splitlines()
count = int(lines[0])
assert len(frames) == len(lines) // (count + 2) and len(frames) >= 2, len(frames)
last = lines[-count:]
expected = numpy.array([[float(x) for x in line.split()[1:4]] for line in last])
assert numpy.array_equal(frames[-1].positions, expected), "positions differ"
assert all(frames[-1].pbc) and frames[-1].get_chemical_symbols()[0] == "H"
assert numpy.array_equal(frames[-1].arrays["radius"], [float(line.split()[7]) for line in last])
EOF3
fi
# A large run writes its XYZ frames in parts (src/run/files.c), one with H5MD takes them whole: the same XYZ bytes
cat >"$tmp/large.json" <<'EOF_LARGE'
{"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [true, true, true]},
 "particles": {"lattice": "fcc", "count": 10976, "packing_fraction": 0.3, "diameter": 1, "mass": 1},
 "temperature": 1.0, "seed": 3, "stop": {"collisions": 30000}, "output": {"every": 0.2}}
EOF_LARGE
run 0 "large run, XYZ in parts" "$tool" run "$tmp/large.json" --out "$tmp/large_parts" --quiet
run 0 "large run with --h5md" "$tool" run "$tmp/large.json" --out "$tmp/large_whole" --quiet --h5md "$tmp/large.h5md"
checks=$((checks + 1))
cmp -s "$tmp/large_parts/trajectory.xyz" "$tmp/large_whole/trajectory.xyz" ||
    fail "the XYZ frames written in parts differ from the whole frames"
[ "$(grep -c '^10976$' "$tmp/large_parts/trajectory.xyz")" -ge 3 ] || fail "the large run wrote fewer than 3 frames"
# H5MD (Debian python3-h5py): the same run with --h5md; every frame's positions, velocities and radii equal the XYZ's,
# the layout is H5MD 1.1 (version, author, creator, box, step/time/value, compressed), the observables equal the CSV's
run 0 "run with --h5md" "$tool" run "$tmp/small.json" --out "$tmp/run1h" --quiet --h5md "$tmp/run1h.h5md"
summary_ok 108
checks=$((checks + 1))
/usr/bin/python3 - "$tmp/out" <<'EOF4' || fail "the H5MD file does not hold the XYZ frames"
import json, sys, numpy, h5py
r = json.load(open(sys.argv[1]))["outputs"]
lines = open(r["trajectory"]).read().splitlines()
count = int(lines[0])
frames = [numpy.array([[float(x) for x in l.split()[1:8]] for l in lines[k + 2:k + 2 + count]])
          for k in range(0, len(lines), count + 2)]
with h5py.File(r["h5md"], "r") as f:
    assert list(f["h5md"].attrs["version"]) == [1, 1]
    assert f["h5md/creator"].attrs["name"] == b"ricochet" and "name" in f["h5md/author"].attrs
    p = f["particles/all"]
    assert p["box"].attrs["dimension"] == 3 and list(p["box"].attrs["boundary"]) == [b"periodic"] * 3
    cell = [float(x) for x in lines[1].split('Lattice="')[1].split('"')[0].split()]
    assert numpy.array_equal(p["box/edges/value"][-1], numpy.diag(cell[0::4])), p["box/edges/value"][-1]
    assert p["box/edges/step"].id == p["position/step"].id  # one dataset, hard-linked
    position = p["position/value"]
    assert position.compression == "gzip" and position.chunks == (1, count, 3), (position.compression, position.chunks)
    assert position.shape == (len(frames), count, 3), position.shape
    assert list(p["position/step"]) == list(range(len(frames)))
    for k, frame in enumerate(frames):
        assert numpy.array_equal(position[k], frame[:, 0:3]), "positions of frame %d differ" % k
        assert numpy.array_equal(p["velocity/value"][k], frame[:, 3:6]), "velocities of frame %d differ" % k
        assert numpy.array_equal(p["radius/value"][k], frame[:, 6])
    assert list(p["id/value"][-1]) == list(range(count)) and not p["species/value"][-1].any()
    # images: following each particle by minimum images from frame to frame gives position + image * edges
    image, edges = p["image/value"], numpy.diag(p["box/edges/value"][-1])
    assert image.dtype == numpy.int32 and image.shape == position.shape
    unwrapped = position[0] + image[0] * edges
    for k in range(1, len(frames)):
        step = position[k] - position[k - 1]
        unwrapped = unwrapped + step - edges * numpy.round(step / edges)
    assert numpy.allclose(unwrapped, position[-1] + image[-1] * edges, rtol=0, atol=1e-9)
    assert numpy.abs(image[-1]).sum() > 0, "no particle crossed the box: the image check checks nothing"
    assert p["velocity/time"][-1] == p["position/time"][-1] == float(lines[-count - 1].split("Time=")[1].split()[0])
    rows = open(r["observables"]).read().splitlines()
    names = rows[0].split(",")
    table = numpy.array([[float(x) if x else numpy.nan for x in row.split(",")] for row in rows[1:]])
    o = f["observables"]
    assert "time" not in o and len(o) == len(names) - 1
    for c, name in enumerate(names[1:], 1):
        assert numpy.array_equal(o[name + "/value"][:], table[:, c], equal_nan=True), name
        assert numpy.array_equal(o[name + "/time"][:], table[:, 0]), name
EOF4
scene h5md_scene ', "stop": {"collisions": 500}, "output": {"h5md": true, "xyz": false, "csv": false}'
run 0 "the scene asks for H5MD" "$tool" run "$tmp/h5md_scene.json" --out "$tmp/run1s" --quiet
checks=$((checks + 1))
[ -s "$tmp/run1s/trajectory.h5md" ] && [ ! -e "$tmp/run1s/trajectory.h5md.partial" ] && [ ! -e "$tmp/run1s/trajectory.xyz" ] ||
    fail "output.h5md did not write DIR/trajectory.h5md alone"
run 0 "run --collisions overrides the file" "$tool" run "$tmp/small.json" --out "$tmp/run2" --collisions 500 --compact
summary_ok 108
summary_is collisions 500
checks=$((checks + 1))
[ "$(wc -l <"$tmp/out")" -eq 1 ] || fail "run --compact printed more than one line"
run 0 "run --time replaces the stop" "$tool" run "$tmp/small.json" --out "$tmp/run3" --time=0.75
summary_ok 108
summary_is time 0.75
summary_is stopped_by '"time"'
run 0 "run --no-xyz into new nested directories" "$tool" run "$tmp/small.json" --out "$tmp/a/b/c" --no-xyz --events 3000
summary_ok 108
summary_is events 3000
checks=$((checks + 1))
[ ! -e "$tmp/a/b/c/trajectory.xyz" ] && [ -s "$tmp/a/b/c/observables.csv" ] || fail "--no-xyz still wrote the trajectory"
scene equilibrate ', "stop": {"collisions": 3000}, "equilibration": {"collisions": 1000}, "output": {"directory": "'"$tmp/run4"'", "csv": false}, "diagnostics": {"separation_histogram": true}'
run 0 "run with equilibration and the separation histogram" "$tool" run "$tmp/equilibrate.json"
summary_ok 108
checks=$((checks + 1))
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["averages_from"]["collisions"] == 1000 and r["averages_from"]["equilibrated"], r["averages_from"]
assert r["outputs"]["observables"] is None
rows = open(r["outputs"]["separation_histogram"]).read().splitlines()
assert rows[0] == "offset,count" and len(rows) == 202, (rows[0], len(rows))
assert sum(int(x.split(",")[1]) for x in rows[1:]) == r["collisions"]
' "$tmp/out" || fail "equilibration or separation histogram"
run 0 "run from standard input" sh -c "\"$tool\" run - --out \"$tmp/run5\" --collisions 100 < \"$tmp/small.json\""
summary_ok 108
# Simultaneous impacts in the event-driven engine: the cradle breaks away, the geyser's first impact needs
# lineality detection (exit 3 with the budget and without it), collapse control is checked like every other field.
run 0 "run cradle" "$tool" run "$root/examples/edmd/cradle.json" --out "$tmp/cradle" --quiet
checks=$((checks + 1))
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["impacts"] >= 1 and r["largest_impact"] == 5 and abs(r["energy_drift"]) < 1e-14, r
last = open(sys.argv[2]).read().splitlines()[-5:]
vx = [float(line.split()[4]) for line in last]
assert max(abs(v) for v in vx[:4]) < 1e-12 and abs(vx[4] - 1) < 1e-12, vx
' "$tmp/out" "$tmp/cradle/trajectory.xyz" || fail "the cradle does not break away"
python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
s["impact"]["lineality"] = False
json.dump(s, open(sys.argv[2], "w"))
' "$root/examples/edmd/geyser.json" "$tmp/geyser_off.json"
run 3 "geyser without lineality detection" "$tool" run "$tmp/geyser_off.json" --out "$tmp/geyser_off" --quiet
stderr_names "did not end within 100000 iterations"
checks=$((checks + 1))
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["stopped_by"]=="not_terminated", r' "$tmp/out" ||
    fail "the geyser without lineality detection does not say it stopped"
run 0 "geyser" "$tool" run "$root/examples/edmd/geyser.json" --out "$tmp/geyser" --quiet
checks=$((checks + 1))
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["lineality_detections"]>=1 and r["time"]==3, r' \
    "$tmp/out" || fail "the geyser with lineality detection"
run 0 "three on a line past the collapse" "$tool" run "$root/examples/edmd/three_on_a_line.json" --out "$tmp/line" --quiet
run 0 "the granular pile's first seconds" "$tool" run "$root/examples/edmd/granular_pile.json" --time 3 --out "$tmp/pile" --quiet
# a cooling gas written by collisions: a frame and a row at 0, at each 20,000 collisions and at the end (100,000)
python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); s["output"]={"every_collisions": 20000}; s["stop"]={"collisions": 100000}; json.dump(s,open(sys.argv[2],"w"))' \
    "$root/examples/edmd/granular_gas.json" "$tmp/gas_by_collisions.json"
run 0 "output every 20,000 collisions" "$tool" run "$tmp/gas_by_collisions.json" --out "$tmp/gas" --quiet
checks=$((checks + 1))
python3 -c 'import csv,sys
rows=list(csv.DictReader(open(sys.argv[1])))
c=[int(r["collisions"]) for r in rows]
assert len(c)==6 and c[0]==0 and all(k*20000<=c[k]<k*20000+50 for k in range(1,6)), c' "$tmp/gas/observables.csv" ||
    fail "output.every_collisions: the rows are not at each 20,000 collisions"
python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); s["output"]={"every": 1, "every_collisions": 10}; json.dump(s,open(sys.argv[2],"w"))' \
    "$root/examples/edmd/granular_gas.json" "$tmp/both_outputs.json"
run 2 "output by time and by collisions at once" "$tool" run "$tmp/both_outputs.json" --out "$tmp/bad"
stderr_names "every_collisions"
printf '{"dimension": 3, "box": {"size": [10, 10, 10]}, "particles": {"lattice": "fcc", "count": 32, "diameter": 1},
 "stop": {"collisions": 10}, "collapse": {"sleep_friction": -0.5}}' >"$tmp/bad_friction.json"
run 2 "negative sleep friction" "$tool" run "$tmp/bad_friction.json" --out "$tmp/bad"
stderr_names "collapse.sleep_friction"
printf '{"dimension": 3, "box": {"size": [10, 10, 10]}, "particles": {"lattice": "fcc", "count": 32, "diameter": 1},
 "stop": {"collisions": 10}, "collapse": {"sleep_speed": -1}}' >"$tmp/bad_collapse.json"
run 2 "negative sleep speed" "$tool" run "$tmp/bad_collapse.json" --out "$tmp/bad"
stderr_names "collapse.sleep_speed"
printf '{"dimension": 3, "box": {"size": [10, 10, 10]}, "particles": {"lattice": "fcc", "count": 32, "diameter": 1},
 "stop": {"collisions": 10}, "impact": {"operator": "xx"}}' >"$tmp/bad_impact.json"
run 2 "unknown impact operator" "$tool" run "$tmp/bad_impact.json" --out "$tmp/bad"
stderr_names "impact.operator"
printf '{"dimension": 3, "box": {"size": [10, 10, 10]}, "particles": {"lattice": "fcc", "count": 32, "diameter": 1},
 "stop": {"collisions": 10}, "impact": {"restitution": 0.5}}' >"$tmp/bad_impact2.json"
run 2 "restitution inside impact" "$tool" run "$tmp/bad_impact2.json" --out "$tmp/bad"
stderr_names "impact.restitution"
# Checkpoints: a run resumed from the checkpoint at t = 2 ends bit-identical to the run that went on to t = 4; a
# damaged checkpoint is refused; a leftover NAME.partial (a write killed midway) does not hide the last good one.
printf '{"dimension": 3, "box": {"periodic": true}, "particles": {"lattice": "fcc", "count": 256,
 "packing_fraction": 0.45, "diameter": 1}, "temperature": 1, "seed": 2, "thermostat": {"temperature": 1, "rate": 0.2},
 "stop": {"time": 4}, "output": {"every": 0.5}}' >"$tmp/ck.json"
run 0 "run with checkpoints" "$tool" run "$tmp/ck.json" --quiet --checkpoint-every 1 --out "$tmp/ckA"
cp "$tmp/out" "$tmp/ckA.json"
run 0 "run to the checkpoint at t = 2" "$tool" run "$tmp/ck.json" --quiet --checkpoint-every 1 --time 2 --out "$tmp/ckB"
head -c 100 "$tmp/ckB/checkpoint.rcp" >"$tmp/ckB/checkpoint.rcp.partial"
run 0 "resume" "$tool" run --resume "$tmp/ckB/checkpoint.rcp" --quiet --time 4 --out "$tmp/ckC"
checks=$((checks + 1))
python3 -c '
import json, sys
a, c = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for key in ("time", "collisions", "events", "thermostat_events", "energy_drift", "temperature"):
    assert a[key] == c[key], (key, a[key], c[key])
frame = lambda path: open(path).read().splitlines()[-256:]
assert frame(sys.argv[3]) == frame(sys.argv[4]), "the last frames differ"
' "$tmp/ckA.json" "$tmp/out" "$tmp/ckA/trajectory.xyz" "$tmp/ckC/trajectory.xyz" ||
    fail "the resumed run is not bit-identical to the uninterrupted one"
# Compression with checkpoints: resumed from the checkpoint at t = 2, a compression to jamming ends bit-identical to
# the run that went on; "then": "continue" freezes the diameters at the target and runs on to the stop.
printf '{"dimension": 3, "box": {"periodic": true}, "particles": {"lattice": "random", "count": 200,
 "packing_fraction": 0.3, "diameter": 1}, "temperature": 1, "seed": 3, "stop": {"time": 100},
 "compression": {"rate": 0.05, "until": {"jammed": true}, "jamming_pressure": 1e8}}' >"$tmp/squeeze.json"
run 0 "compression with checkpoints" "$tool" run "$tmp/squeeze.json" --quiet --checkpoint-every 1 --out "$tmp/sqA"
cp "$tmp/out" "$tmp/sqA.json"
run 0 "compression to the checkpoint at t = 2" "$tool" run "$tmp/squeeze.json" --quiet --checkpoint-every 1 --time 2 \
    --out "$tmp/sqB"
run 0 "resume a compression" "$tool" run --resume "$tmp/sqB/checkpoint.rcp" --quiet --time 100 --out "$tmp/sqC"
checks=$((checks + 1))
python3 -c '
import json, sys
a, c = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert a["stopped_by"] == c["stopped_by"] == "jammed", (a["stopped_by"], c["stopped_by"])
for key in ("time", "collisions", "events", "packing_fraction", "reduced_pressure", "energy_drift"):
    assert a[key] == c[key], (key, a[key], c[key])
assert 0.6 < a["packing_fraction"] < 0.66 and a["reduced_pressure"] >= 1e8, (a["packing_fraction"], a["reduced_pressure"])
frame = lambda path: open(path).read().splitlines()[-200:]
assert frame(sys.argv[3]) == frame(sys.argv[4]), "the last frames differ"
' "$tmp/sqA.json" "$tmp/out" "$tmp/sqA/trajectory.xyz" "$tmp/sqC/trajectory.xyz" ||
    fail "the resumed compression is not bit-identical to the uninterrupted one"
sed 's/"until": {"jammed": true}, "jamming_pressure": 1e8/"until": {"packing_fraction": 0.5}, "then": "continue"/;
     s/"time": 100/"time": 20/' "$tmp/squeeze.json" >"$tmp/squeeze_on.json"
run 0 "compression, then on at the target" "$tool" run "$tmp/squeeze_on.json" --quiet --out "$tmp/sqD"
checks=$((checks + 1))
python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert a["stopped_by"] == "time" and a["time"] == 20, (a["stopped_by"], a["time"])
assert abs(a["packing_fraction"] - 0.5) < 1e-12, a["packing_fraction"]
' "$tmp/out" || fail "a compression that goes on at its target"
head -c 5000 "$tmp/ckB/checkpoint.rcp" >"$tmp/broken.rcp"
run 2 "resume from a truncated checkpoint" "$tool" run --resume "$tmp/broken.rcp" --out "$tmp/ckD"
stderr_names "is a truncated or damaged ricochet checkpoint"
run 1 "a scene and --resume" "$tool" run "$tmp/ck.json" --resume "$tmp/ckB/checkpoint.rcp"
run 2 "a bad --checkpoint-every" "$tool" run "$tmp/ck.json" --checkpoint-every -1
stderr_names "--checkpoint-every"
# A sheared run (box.shear) resumed from its checkpoint at t = 14 writes the same files as the run that went on.
run 0 "sheared run with checkpoints" "$tool" run "$root/examples/edmd/sheared_granular.json" --quiet \
    --checkpoint-every 7 --time 30 --out "$tmp/shearA"
run 0 "sheared run to the checkpoint at t = 14" "$tool" run "$root/examples/edmd/sheared_granular.json" --quiet \
    --checkpoint-every 7 --time 14 --out "$tmp/shearB"
# Resumed into a new folder (--out), it starts with a frame and row at t = 14 and every row after it has the bits of
# the run that went on: the row at t = 15 averages since the row at t = 10, not since the restore (whose measure, after
# the renewal that closed the peculiar books, differs in rounding from the one at the row)
run 0 "sheared resume into a new folder" "$tool" run --resume "$tmp/shearB/checkpoint.rcp" --quiet --time 30 \
    --out "$tmp/shearC"
checks=$((checks + 1))
python3 -c '
import sys
a, c = open(sys.argv[1]).read().splitlines(), open(sys.argv[2]).read().splitlines()
assert a[0] == c[0] and c[1].startswith("14,"), c[:2]
after = [row for row in a[1:] if float(row.split(",")[0]) > 14]
assert len(after) == 4 and c[2:] == after, "\n".join(line for pair in zip(after, c[2:]) for line in pair)
' "$tmp/shearA/observables.csv" "$tmp/shearC/observables.csv" ||
    fail "the sheared run resumed into a new folder: its rows after the checkpoint are not those of the run that went on"
run 0 "sheared resume" "$tool" run --resume "$tmp/shearB/checkpoint.rcp" --quiet --time 30
checks=$((checks + 1))
cmp -s "$tmp/shearA/trajectory.xyz" "$tmp/shearB/trajectory.xyz" &&
    cmp -s "$tmp/shearA/observables.csv" "$tmp/shearB/observables.csv" ||
    fail "the resumed sheared run is not bit-identical to the uninterrupted one"
# Checkpoints and H5MD of the time-stepped engine: the box tower resumed at t = 0.2 ends as the run that went on to
# 0.4; the H5MD file holds the orientations.
run 0 "time-stepping run with checkpoints" "$tool" run "$root/examples/rigid/box_tower.json" --quiet --time 0.4 \
    --checkpoint-every 0.1 --out "$tmp/towerA"
cp "$tmp/out" "$tmp/towerA.json"
run 0 "time-stepping run to t = 0.2" "$tool" run "$root/examples/rigid/box_tower.json" --quiet --time 0.2 \
    --checkpoint-every 0.1 --out "$tmp/towerB"
run 0 "time-stepping resume" "$tool" run --resume "$tmp/towerB/checkpoint.rcp" --quiet --time 0.4 \
    --checkpoint-every 0.1 --out "$tmp/towerC" --h5md "$tmp/towerC.h5md"
checks=$((checks + 1))
/usr/bin/python3 -c '
import json, sys, h5py
a, c = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
for key in ("time", "steps", "impacts", "impact_iterations", "energy_drift", "kinetic_energy", "max_penetration"):
    assert a[key] == c[key], (key, a[key], c[key])
frame = lambda path: open(path).read().splitlines()[-10:]
assert frame(sys.argv[3]) == frame(sys.argv[4]), "the last frames differ"
with h5py.File(sys.argv[5]) as f:
    assert f["particles/all/orientation/value"].shape[1:] == (10, 4)
' "$tmp/towerA.json" "$tmp/out" "$tmp/towerA/trajectory.xyz" "$tmp/towerC/trajectory.xyz" "$tmp/towerC.h5md" ||
    fail "the resumed time-stepping run is not bit-identical, or its H5MD lacks orientations"
run 0 "run ball_on_plate" "$tool" run "$root/examples/edmd/ball_on_plate.json" --out "$tmp/plate"
summary_ok 1
checks=$((checks + 1))
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
assert r["stopped_by"] == "no_events" and 5.2 <= r["time"] < 5.3 and r["sleeping"] == 1, r
last = open(sys.argv[2]).read().splitlines()[-1].split()
assert abs(float(last[3]) - 1.5) < 1e-12, last
' "$tmp/out" "$tmp/plate/trajectory.xyz" || fail "the ball on the plate does not come to rest on it and end the run"

# ---- the run driver: every run ends, interrupts and kills lose nothing, a run folder explains itself ----
# wait_for FILE: waits (up to 120 s) until FILE exists
wait_for() {
    waited=0
    while [ ! -e "$1" ] && [ $waited -lt 1200 ]; do sleep 0.1; waited=$((waited + 1)); done
}
# stopped_by_is FILE WHY: the summary in FILE says the run stopped by WHY
stopped_by_is() {
    checks=$((checks + 1))
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["stopped_by"]==sys.argv[2], r["stopped_by"]' \
        "$1" "$2" || fail "$1 does not say stopped_by $2"
}
# A ball on a plate with a stop on pair collisions: refused at once; on a far time: it ends when the ball sleeps
printf '{"dimension": 3, "box": {"size": [4, 4, 10], "periodic": [true, true, false]}, "gravity": [0, 0, -1],
 "particles": [{"position": [2, 2, 3], "velocity": [0, 0, 0], "radius": 0.5, "mass": 1}],
 "walls": [{"point": [0, 0, 1], "normal": [0, 0, 1], "restitution": 0.5}], "output": {"every": 0.5}, %s}' \
    '"stop": {"collisions": 120}' >"$tmp/plate_collisions.json"
run 2 "a lone ball with a stop on pair collisions" timeout 60 "$tool" run "$tmp/plate_collisions.json" --out "$tmp/pc"
stderr_names "stop.collisions: a scene of 1 particle has no pair collisions"
sed 's/"stop": {"collisions": 120}/"stop": {"time": 1e9}/' "$tmp/plate_collisions.json" >"$tmp/plate_far.json"
run 0 "a lone ball with a far stop ends when it sleeps" timeout 60 "$tool" run "$tmp/plate_far.json" --out "$tmp/pf" --quiet
stopped_by_is "$tmp/out" no_events
# the inputs of the first fuzzing campaign (tests/data/regressions, from ../shared/fuzz-findings): each ends, as it should
regressions=$root/tests/data/regressions
for name in edmd_temperature0_hang edmd_gravity_floor_hang; do
    run 0 "$name ends" timeout 120 "$tool" run "$regressions/$name.json" --out "$tmp/$name" --quiet
    stopped_by_is "$tmp/out" no_events
done
run 0 "output.every = 1e308" timeout 120 "$tool" run "$regressions/box_tower_every1e308.json" --out "$tmp/e308" --quiet
stopped_by_is "$tmp/out" time
summary_is outputs '{"directory": "'"$tmp/e308"'", "trajectory": "'"$tmp/e308/trajectory.xyz"'", "observables": "'"$tmp/e308/observables.csv"'", "h5md": null, "gsd": null, "lammps_dump": null, "separation_histogram": null, "shapes": "'"$tmp/e308/shapes.json"'", "frames": 2, "rows": 2}'
run 0 "a stop on steps alone" timeout 120 "$tool" run "$regressions/box_tower_steps.json" --out "$tmp/steps" --quiet
stopped_by_is "$tmp/out" steps
bad_file run "$regressions/rigid_dim1e40.json" "dimension: 1e+40 is not 2 or 3"
run 0 "checkpoints every 0.01 go past 0.03" timeout 60 "$tool" run "$regressions/edmd_checkpoint_every_001.json" \
    --out "$tmp/ck001" --quiet
stopped_by_is "$tmp/out" time

# Kill and resume: a run killed by SIGKILL after a checkpoint and resumed in its own folder (no --out) leaves
# byte-identical files to the run that was never stopped (the same checkpoint cadence); the H5MD file holds the same
# values. Frames and checkpoints come every time unit, so that the kill may fall in the middle of a write (which
# tests/cli/kill_resume.sh does at many random moments; docs/formats.md, "A kill and the files").
printf '{"dimension": 3, "box": {"periodic": true}, "temperature": 1, "seed": 4, "stop": {"time": %s},
 "particles": {"lattice": "fcc", "count": 4000, "packing_fraction": 0.45, "diameter": 1},
 "output": {"every": 1, "h5md": true}}' 8 >"$tmp/long8.json"
sed 's/"time": 8/"time": 1000/' "$tmp/long8.json" >"$tmp/long.json"
run 0 "the run never stopped" "$tool" run "$tmp/long8.json" --out "$tmp/never" --checkpoint-every 1 --quiet
"$tool" run "$tmp/long.json" --out "$tmp/killed9" --checkpoint-every 1 --quiet >/dev/null 2>&1 &
pid=$!
wait_for "$tmp/killed9/checkpoint.rcp"
kill -9 $pid
wait $pid 2>/dev/null
checks=$((checks + 1))
[ -e "$tmp/killed9/trajectory.xyz.partial" ] && [ ! -e "$tmp/killed9/summary.json" ] || fail "the killed run did not die mid-run"
run 0 "resume the killed run in its folder" "$tool" run --resume "$tmp/killed9/checkpoint.rcp" --time 8 --quiet
for name in trajectory.xyz observables.csv; do
    checks=$((checks + 1))
    cmp -s "$tmp/never/$name" "$tmp/killed9/$name" || fail "killed and resumed: $name differs from the run never stopped"
done
checks=$((checks + 1))
[ ! -e "$tmp/killed9/trajectory.xyz.partial" ] || fail "the resumed run left trajectory.xyz.partial"
checks=$((checks + 1))
/usr/bin/python3 "$root/tests/support/h5md_equal.py" --frames 9 "$tmp/never/trajectory.h5md" "$tmp/killed9/trajectory.h5md" || fail "killed and resumed: the H5MD file differs from the run never stopped"
# Ctrl-C and SIGTERM: exit 130 and 143, every file closed under its name and readable, the summary printed and
# saved as interrupted; resumed, the run has the frames and rows of the run never stopped (none lost, none doubled)
for signal in INT TERM; do
    "$tool" run "$tmp/long.json" --out "$tmp/sig$signal" --checkpoint-every 1 --compact >"$tmp/sig$signal.out" 2>"$tmp/sig$signal.err" &
    pid=$!
    wait_for "$tmp/sig$signal/checkpoint.rcp"
    kill -$signal $pid
    wait $pid
    code=$?
    checks=$((checks + 1))
    want=130
    [ $signal = TERM ] && want=143
    [ $code -eq $want ] || fail "SIG$signal: exit $code, expected $want"
    stopped_by_is "$tmp/sig$signal.out" interrupted
    stopped_by_is "$tmp/sig$signal/summary.json" interrupted
    checks=$((checks + 1))
    [ -s "$tmp/sig$signal/trajectory.xyz" ] && [ -s "$tmp/sig$signal/observables.csv" ] &&
        [ -z "$(ls "$tmp/sig$signal" | grep partial)" ] || fail "SIG$signal left partial files: $(ls "$tmp/sig$signal")"
    if /usr/bin/python3 -c 'import ase.io' 2>/dev/null; then
        checks=$((checks + 1))
        /usr/bin/python3 -c '
import csv, json, sys, ase.io
frames = ase.io.read(sys.argv[1] + "/trajectory.xyz", index=":")
rows = list(csv.DictReader(open(sys.argv[1] + "/observables.csv")))
r = json.load(open(sys.argv[1] + "/summary.json"))
assert len(frames) == r["outputs"]["frames"] == len(rows) >= 2, (len(frames), len(rows), r["outputs"])
assert float(rows[-1]["time"]) == r["time"]
' "$tmp/sig$signal" || fail "SIG$signal: the files are not readable or disagree with the summary"
    fi
    run 0 "resume after SIG$signal" "$tool" run --resume "$tmp/sig$signal/checkpoint.rcp" --time 8 --quiet
    checks=$((checks + 1))
    python3 -c '
import re, sys
times = lambda path: re.findall(r"Time=(\S+)", open(path).read())
a, b = times(sys.argv[1]), times(sys.argv[2])
assert a == b, (a, b)
rows = lambda path: [line.split(",")[0] for line in open(path)]
assert rows(sys.argv[3]) == rows(sys.argv[4])
' "$tmp/never/trajectory.xyz" "$tmp/sig$signal/trajectory.xyz" "$tmp/never/observables.csv" "$tmp/sig$signal/observables.csv" ||
        fail "interrupted by SIG$signal and resumed: the frames or rows are not those of the run never stopped"
done
# A run folder explains itself: scene.json runs again to the same end, summary.json has the version, the command
# line, the start and the end
run 0 "run the scene a run folder saved" "$tool" run "$tmp/never/scene.json" --out "$tmp/again" --quiet
checks=$((checks + 1))
[ "$(tail -4000 "$tmp/never/trajectory.xyz")" = "$(tail -4000 "$tmp/again/trajectory.xyz")" ] ||
    fail "scene.json does not reproduce its run"
checks=$((checks + 1))
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for key in ("ricochet_version", "command_line", "started_at", "ended_at", "stopped_by", "time", "energy_drift"):
    assert key in r, key
assert "--checkpoint-every 1" in r["command_line"] and r["started_at"] <= r["ended_at"], r["command_line"]
s = json.load(open(sys.argv[2]))
assert s["stop"] == {"time": 8} and s["output"]["checkpoint_every"] == 1, s
' "$tmp/never/summary.json" "$tmp/never/scene.json" || fail "summary.json or scene.json of a run folder"
# Both engines print the summary on exit 3 (an impact that did not end)
run 3 "the rigid geyser without lineality prints its summary" "$tool" run "$root/examples/rigid/geyser.json" --out "$tmp/g3" --quiet
stopped_by_is "$tmp/out" not_terminated
stopped_by_is "$tmp/g3/summary.json" not_terminated
summary_is dynamics '"time-stepping"'
# A time-stepping state that leaves +-2^40 stops the run at that step (exit 3), never writing infinities as a success
printf '%s' '{"dynamics": "time-stepping", "dimension": 2, "time_step": 1, "gravity": [0, -1e12], "stop": {"steps": 1000},
 "bodies": [{"shape": "box", "half_extents": [1, 1], "position": [0, 2]}]}' >"$tmp/far.json"
run 3 "a time-stepping state beyond 2^40 stops the run" "$tool" run "$tmp/far.json" --out "$tmp/far" --quiet
stderr_names "body 0's position reached 2e+12 at time 2 (step 2), beyond 2^40"
stopped_by_is "$tmp/far/summary.json" not_terminated
checks=$((checks + 1))
if grep -qi -e nan -e inf "$tmp/far/trajectory.xyz" "$tmp/far/observables.csv"; then
    fail "the stopped run wrote numbers that are not finite"
fi
# The table of observables in docs/formats.md is the library's (ricochet help observables)
checks=$((checks + 1))
python3 -c '
import sys
doc = open(sys.argv[1]).read()
block = doc.split("<!-- observables -->\n")[1].split("<!-- /observables -->")[0]
assert block == open(sys.argv[2]).read(), "differs"
' "$root/docs/formats.md" "$tmp/observables.md" ||
    fail "docs/formats.md: the table of observables is not the output of ricochet help observables (regenerate it)"

# ---- run: bad scenes, options and outputs (exit 2 naming the field or path), usage (exit 1) ----
bad_scene() { # NAME EXTRA-KEYS EXPECTED-IN-MESSAGE
    scene "$1" "$2"
    bad_file run "$tmp/$1.json" "$3"
}
bad_scene unknown_key ', "stop": {"collisions": 10}, "gravty": [0, 0, -1]' 'unknown key "gravty" at the top level'
bad_scene no_stop '' "stop is missing"
bad_scene time_stepping ', "stop": {"collisions": 10}, "dynamics": "time-stepping"' 'unknown key "box" at the top level'
bad_scene huge ', "stop": {"time": 1e400}' "stop.time"
bad_scene nan ', "stop": {"time": NaN}' "malformed JSON"
bad_scene wall ', "stop": {"time": 1}, "walls": [{"point": [0, 0, 1], "normal": [0, 0, 0]}]' "walls[0].normal: zero vector"
printf '{"dimension": 2, "box": {"size": [10, 10]}, "stop": {"time": 1}, "particles": [
 {"position": [1, 1], "radius": 0.5}, {"position": [3, 1], "radius": 0.5}, {"position": [3.5, 1.5], "radius": 0.5}]}' \
    >"$tmp/overlap.json"
bad_file run "$tmp/overlap.json" "particles[1] overlaps particles[2]"
printf '{"dimension": 2, "box": {"size": [10, 10], "periodic": false}, "stop": {"time": 1},
 "particles": [{"position": [1, 1], "radius": 0.5}, {"position": [3, 9.8], "radius": 0.5}]}' >"$tmp/outside.json"
bad_file run "$tmp/outside.json" "particles[1].position: outside the box"
printf '{"dimension": 3, "box": {"periodic": true}, "temperature": 1, "stop": {"time": 1},
 "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.8, "diameter": 1}}' >"$tmp/dense.json"
bad_file run "$tmp/dense.json" "particles.packing_fraction: 0.8 cannot be placed"
touch "$tmp/plain_file"
run 2 "run into an output path that cannot be a directory" "$tool" run "$tmp/small.json" --out "$tmp/plain_file/sub"
stderr_names "$tmp/plain_file/sub"
# ---- writers: a full disk or an unwritable path is exit 2 naming the path; no truncated file under its own name ----
run 2 "the summary to a full disk" sh -c "\"$tool\" run \"$tmp/small.json\" --out \"$tmp/full1\" --quiet >/dev/full"
stderr_names "standard output"
run 2 "the resolve report to a full disk" sh -c "\"$tool\" resolve \"$examples/cradle3.json\" >/dev/full"
stderr_names "standard output"
run 2 "H5MD to a full disk" "$tool" run "$tmp/small.json" --out "$tmp/full2" --h5md /dev/full
stderr_names "h5md output /dev/full"
checks=$((checks + 1))
[ -e "$tmp/full2/trajectory.xyz.partial" ] && [ ! -e "$tmp/full2/trajectory.xyz" ] && [ ! -e "$tmp/full2/observables.csv" ] ||
    fail "a failed run left files that look complete: $(ls "$tmp/full2")"
checks=$((checks + 1))
[ -c /dev/full ] || fail "/dev/full is no longer a device"
# (a full disk under each file in turn: tests/cli/write_faults.sh; a link in the run folder is refused, never followed)
for name in trajectory.xyz observables.csv; do
    mkdir -p "$tmp/full_$name"
    ln -s /dev/full "$tmp/full_$name/$name"
    run 2 "$name a link to a full disk" "$tool" run "$tmp/small.json" --out "$tmp/full_$name" --quiet
    stderr_names "$tmp/full_$name/$name: $tmp/full_$name/$name is a symbolic link"
done
mkdir -p "$tmp/dir.h5md"
run 2 "H5MD onto a directory" "$tool" run "$tmp/small.json" --out "$tmp/full3" --h5md "$tmp/dir.h5md"
stderr_names "$tmp/dir.h5md"
if [ "$(id -u)" -ne 0 ]; then # root writes into read-only directories: there a directory of /proc stands in
    mkdir -p "$tmp/readonly" && chmod 555 "$tmp/readonly" && unwritable=$tmp/readonly
else
    unwritable=/proc/self
fi
run 2 "run into an unwritable directory" "$tool" run "$tmp/small.json" --out "$unwritable" --quiet
stderr_names "$unwritable/.lock"
run 2 "H5MD into an unwritable directory" "$tool" run "$tmp/small.json" --out "$tmp/full4" --h5md "$unwritable/t.h5md"
stderr_names "$unwritable/t.h5md"
# A writer that fails leaves NAME.partial, never NAME: the H5MD file of a run whose summary cannot be written is
# complete (the files close before the summary), while a run killed while writing leaves only partial files
run 0 "a run that is killed" sh -c "\"$tool\" run \"$tmp/small.json\" --out \"$tmp/killed\" --collisions 1e9 --quiet --h5md \"$tmp/killed/t.h5md\" & pid=\$!; sleep 1; kill -9 \$pid; wait \$pid; exit 0"
checks=$((checks + 1))
[ -s "$tmp/killed/trajectory.xyz.partial" ] && [ -s "$tmp/killed/t.h5md.partial" ] && [ ! -e "$tmp/killed/trajectory.xyz" ] &&
    [ ! -e "$tmp/killed/observables.csv" ] && [ ! -e "$tmp/killed/t.h5md" ] || fail "a killed run left files that look complete: $(ls "$tmp/killed")"
# ---- render: PNG pictures of XYZ and H5MD trajectories, side by side; MP4 through ffmpeg ----
# png_size FILE W H: FILE is a PNG of W x H pixels (its IHDR chunk)
png_size() {
    checks=$((checks + 1))
    python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); assert d[:8]==b"\x89PNG\r\n\x1a\n" and struct.unpack(">II",d[16:24])==(int(sys.argv[2]),int(sys.argv[3])), d' \
        "$1" "$2" "$3" || fail "$1 is not a $2x$3 PNG"
}
frames=$(python3 -c 'import sys; l=open(sys.argv[1]).read().splitlines(); print(len(l) // (int(l[0]) + 2))' "$tmp/run1h/trajectory.xyz")
run 0 "render a trajectory" "$tool" render "$tmp/run1h/trajectory.xyz" --out "$tmp/pictures" --size 320x240 --color-by speed --arrows
summary_is frames "$frames"
png_size "$tmp/pictures/frame_00000.png" 320 240
png_size "$tmp/pictures/frame_0000$((frames - 1)).png" 320 240
checks=$((checks + 1))
[ ! -e "$tmp/pictures/frame_0000$frames.png" ] || fail "render drew more frames than the trajectory has"
run 0 "render XYZ beside H5MD" "$tool" render "$tmp/run1h/trajectory.xyz" "$tmp/run1h.h5md" --label xyz --label h5md --out "$tmp/pictures2"
summary_is frames "$frames"
png_size "$tmp/pictures2/frame_00001.png" 800 600
checks=$((checks + 1))
cmp -s "$tmp/pictures/frame_00001.png" "$tmp/pictures2/frame_00001.png" && fail "the two renders are the same picture"
run 2 "render --mp4 without ffmpeg" env PATH=/nonexistent "$tool" render "$tmp/run1h/trajectory.xyz" --out "$tmp/pictures3" --mp4 "$tmp/a.mp4"
stderr_names "ffmpeg is not installed"
checks=$((checks + 1))
[ ! -e "$tmp/pictures3" ] || fail "render drew pictures although --mp4 could not be made"
if command -v ffmpeg >/dev/null; then
    run 0 "render --mp4" "$tool" render "$tmp/run1h/trajectory.xyz" --out "$tmp/pictures4" --mp4 "$tmp/a.mp4" --size 200x150
    checks=$((checks + 1))
    [ -s "$tmp/a.mp4" ] && grep -q '"mp4":.*a.mp4' "$tmp/out" || fail "no MP4"
fi
run 2 "render a missing trajectory" "$tool" render "$tmp/none.xyz"
stderr_names "$tmp/none.xyz"
run 2 "render --size without a height" "$tool" render "$tmp/run1h/trajectory.xyz" --size 300
stderr_names "--size"
run 2 "render --color-by a column that is not one" "$tool" render "$tmp/run1h/trajectory.xyz" --color-by masses
stderr_names "masses"
run 2 "render --color psi6 of a 3D trajectory" "$tool" render "$tmp/run1h/trajectory.xyz" --color psi6 --out "$tmp/psi6"
stderr_names "psi6 is for 2D frames"
run 2 "render a label short" "$tool" render "$tmp/run1h/trajectory.xyz" "$tmp/run1h.h5md" --label one
stderr_names "--label"
run 1 "render without a trajectory" "$tool" render
run 2 "render into an unwritable directory" "$tool" render "$tmp/run1h/trajectory.xyz" --out "$unwritable"
stderr_names "$unwritable/frame_00000.png"
# the side file of a time-stepping run: read from beside the trajectory (the dice drawn differently than as spheres),
# refused for a trajectory of another count, refused when malformed
run 0 "run the dice briefly" "$tool" run "$root/examples/rigid/dice.json" --time 0.05 --out "$tmp/dice" --quiet
run 0 "render with shapes.json beside" "$tool" render "$tmp/dice/trajectory.xyz" --out "$tmp/dice/png" --size 200x150
cp "$tmp/dice/trajectory.xyz" "$tmp/dice.xyz"
run 0 "render the same frames without" "$tool" render "$tmp/dice.xyz" --out "$tmp/dice/bare" --size 200x150
checks=$((checks + 1))
cmp -s "$tmp/dice/png/frame_00000.png" "$tmp/dice/bare/frame_00000.png" && fail "shapes.json beside changed nothing"
run 0 "render --shapes" "$tool" render "$tmp/dice.xyz" --shapes "$tmp/dice/shapes.json" --out "$tmp/dice/given" --size 200x150
checks=$((checks + 1))
cmp -s "$tmp/dice/png/frame_00000.png" "$tmp/dice/given/frame_00000.png" || fail "--shapes drew another picture"
run 2 "render --shapes of another run" "$tool" render "$tmp/run1h/trajectory.xyz" --shapes "$tmp/dice/shapes.json" --out "$tmp/dice/wrong"
stderr_names "shapes"
echo '{"dimension": 3, "bodies": [{"shape": "cone"}], "static": []}' >"$tmp/cone.json"
run 2 "render --shapes with a cone" "$tool" render "$tmp/dice.xyz" --shapes "$tmp/cone.json"
stderr_names "bodies[0].shape"

# ---- plot: the observables as PNG line plots ----
run 0 "plot the observables" "$tool" plot "$tmp/run1h/observables.csv"
panels=$(($(head -1 "$tmp/run1h/observables.csv" | tr ',' '\n' | wc -l) - 1))
across=$(python3 -c "import math; print(math.ceil(math.sqrt($panels)))")
png_size "$tmp/run1h/observables.png" $((420 * across)) $((320 * ((panels + across - 1) / across)))
summary_is panels $panels
run 0 "plot chosen columns" "$tool" plot "$tmp/run1h/observables.csv" --columns temperature,pressure --out "$tmp/p.png" --size 600x300
png_size "$tmp/p.png" 600 300
summary_is panels 2
run 2 "plot an unknown column" "$tool" plot "$tmp/run1h/observables.csv" --columns temprature
stderr_names "temprature"
printf 'time,a\n0,1\n1,x\n' >"$tmp/bad.csv"
run 2 "plot a malformed table" "$tool" plot "$tmp/bad.csv"
stderr_names "$tmp/bad.csv line 3"
run 1 "plot without a table" "$tool" plot
run 2 "plot into an unwritable directory" "$tool" plot "$tmp/run1h/observables.csv" --out "$unwritable/p.png"
stderr_names "$unwritable/p.png"

# ---- analyze: structure and transport from a run folder (its trajectory and summary) ----
run 0 "analyze a run folder" "$tool" analyze "$tmp/run1h" --out "$tmp/analysis" --compact
checks=$((checks + 1))
python3 - "$tmp/out" "$tmp/analysis" <<'EOF7' || fail "analyze: the summary and the files"
import json, os, sys
r = json.load(open(sys.argv[1]))
for key in ("rdf_contact", "compressibility_from_contact", "diffusion_coefficient", "frames", "temperature"):
    assert key in r, key
assert r["frames"] >= 1 and r["particles"] > 0, r
assert json.load(open(os.path.join(sys.argv[2], "analysis.json"))) == r
for name in ("rdf", "msd"):
    assert open(os.path.join(sys.argv[2], name + ".csv")).readline().startswith("r," if name == "rdf" else "time,msd,")
EOF7
run 0 "plot the MSD on log axes with error bars" "$tool" plot "$tmp/analysis/msd.csv" --log xy --errors --out "$tmp/msd.png"
png_size "$tmp/msd.png" 840 320
summary_is curves 2 # msd and origins; msd_error gives msd's bars
run 0 "plot the MSD's columns overlaid" "$tool" plot "$tmp/analysis/msd.csv" --overlay --log y --out "$tmp/msd.png"
png_size "$tmp/msd.png" 420 320
summary_is curves 3
run 0 "analyze --help" "$tool" analyze --help
run 1 "analyze without a path" "$tool" analyze
run 1 "analyze two paths" "$tool" analyze "$tmp/run1h" "$tmp/run1h"
run 2 "analyze frames out of range" "$tool" analyze "$tmp/run1h" --frames 100000:
stderr_names "frames"
# frames 5 time units apart: many particles travel more than half the box (3) between two, which the image column
# records; every measure is reported
cat >"$tmp/far.json" <<'EOF'
{"dimension": 3, "box": {"periodic": true}, "seed": 2, "temperature": 1,
 "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.26, "diameter": 1},
 "stop": {"time": 100}, "output": {"every": 5}, "measure": {"diffusion": true, "viscosity": true, "rdf": {"bins": 40}}}
EOF
run 0 "run with frames far apart" "$tool" run "$tmp/far.json" --out "$tmp/far" --quiet
run 0 "analyze frames far apart" "$tool" analyze "$tmp/far" --compact
checks=$((checks + 1))
python3 - "$tmp/out" <<'EOF7' || fail "analyze frames far apart: every measure"
import json, sys
r = json.load(open(sys.argv[1]))
assert "failed" not in r and r["frames"] == 21, r
assert 0.1 < r["diffusion_coefficient"] < 0.3 and r["rdf_contact"] > 1 and "Q6" in r and "structure_factor_peak" in r, r
EOF7
# without the image column, a jump stops the MSD alone: the others are reported, the reason under "failed"
printf '2\nLattice="4 0 0 0 4 0 0 0 4" Properties=species:S:1:pos:R:3 Time=0 pbc="T T T"\nH 0.1 1 1\nH 2 2 2\n2\nLattice="4 0 0 0 4 0 0 0 4" Properties=species:S:1:pos:R:3 Time=1 pbc="T T T"\nH 3.9 1 1\nH 2 2 2\n' >"$tmp/jump.xyz"
run 0 "analyze a jump without image counts" "$tool" analyze "$tmp/jump.xyz" --compact
stderr_names "warning: $tmp/jump.xyz: msd: particle 0 moves 3.8 along axis 0"
checks=$((checks + 1))
python3 - "$tmp/out" <<'EOF7' || fail "analyze a jump without image counts: the others reported"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["failed"]["msd"].startswith("msd: particle 0 moves 3.8"), r
assert "rdf_contact" in r and "Q6" in r and "structure_factor_peak" in r and "diffusion_coefficient" not in r, r
EOF7

run 2 "run a missing scene" "$tool" run "$tmp/no_such_scene.json"
stderr_names "no_such_scene.json"
run 2 "run --collisions with a bad value" "$tool" run "$tmp/small.json" --collisions 2.5
stderr_names "--collisions"
run 2 "run --time with a bad value" "$tool" run "$tmp/small.json" --time -1
stderr_names "--time"
run 2 "run an unknown option" "$tool" run "$tmp/small.json" --bogus
stderr_names "--bogus"
run 2 "run an option without its value" "$tool" run "$tmp/small.json" --out
stderr_names "--out"
run 1 "run without a scene" "$tool" run
run 1 "run with two scenes" "$tool" run "$tmp/small.json" "$tmp/small.json"
run 0 "help run" "$tool" help run
checks=$((checks + 1))
grep -q -- '--collisions' "$tmp/out" || fail "help run does not list --collisions"

# ---- run: time-stepping scenes (examples/rigid) ----
rigid=$root/examples/rigid
run 3 "run the geyser without lineality" "$tool" run "$rigid/geyser.json" --out "$tmp/geyser" --quiet
stderr_names "did not terminate within the budget"
run 0 "run the geyser with lineality" "$tool" run "$rigid/geyser_lineality.json" --out "$tmp/geyser2" --time 1 --compact
checks=$((checks + 1))
python3 - "$tmp/out" "$tmp/geyser2/trajectory.xyz" <<'EOF4' || fail "the geyser's plug is not dislodged, or its summary lacks keys"
import json, sys
r = json.load(open(sys.argv[1]))
for k in ("stopped_by", "time", "steps", "impacts", "impact_iterations", "max_impact_iterations", "contacts",
          "kinetic_energy", "energy", "dissipated_energy", "energy_drift", "max_penetration", "steps_per_second",
          "detection_seconds", "resolution_seconds", "outputs", "dynamics", "wall_seconds"):
    assert k in r, k
assert r["stopped_by"] == "time" and r["steps"] == 1000 and r["max_impact_iterations"] >= 1, r
lines = open(sys.argv[2]).read().splitlines()
n = int(lines[0])
assert "orientation:R:4" in lines[1], lines[1]
last = lines[-n:]
assert float(last[2].split()[2]) > 4.3 and float(last[2].split()[5]) > 0.3, last[2]  # the top ball rises (from y = 4)
EOF4
run 0 "run the box tower" "$tool" run "$rigid/box_tower.json" --out "$tmp/tower" --time 0.05 --compact
checks=$((checks + 1))
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["bodies"]==10 and r["max_penetration"]<1e-9 and abs(r["energy_drift"])<1e-9, r' \
    "$tmp/out" || fail "the box tower does not stand"
run 2 "run a time-stepping scene with --collisions" "$tool" run "$rigid/box_tower.json" --collisions 10
stderr_names "stop.collisions: a time-stepping scene stops by time or steps"
run 2 "run an event-driven scene with --steps" "$tool" run "$tmp/small.json" --steps 10
stderr_names "stop.steps: an event-driven scene stops by time, collisions or events"
printf '{"dynamics": "time-stepping", "dimension": 2, "stop": {"steps": 1}, "bodies": []}' >"$tmp/no_step.json"
bad_file run "$tmp/no_step.json" "time_step"
printf '{"dynamics": "time-stepping", "dimension": 2, "time_step": 0.01, "stop": {"steps": 1},
 "bodies": [{"shape": "ball", "radius": -1, "position": [0, 0]}]}' >"$tmp/bad_radius.json"
bad_file run "$tmp/bad_radius.json" "bodies[0].radius"
printf '{"dynamics": "time-stepping", "dimension": 3, "time_step": 0.01, "stop": {"steps": 1},
 "bodies": [{"shape": "hull", "points": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]], "position": [0, 0, 0]}]}' \
    >"$tmp/flat_hull.json"
bad_file run "$tmp/flat_hull.json" "bodies[0].points: the points lie in one plane"

# ---- the rigid-body keys: "half" and "angle" are deprecated, warned about on stderr, and read as the new keys ----
sed 's/"half_extents"/"half"/; s/"orientation"/"angle"/' "$examples/tilted_box.json" >"$tmp/tilted_old.json"
run 0 "resolve tilted_box" "$tool" resolve "$examples/tilted_box.json" --compact
cp "$tmp/out" "$tmp/tilted_new.out"
checks=$((checks + 1))
[ ! -s "$tmp/err" ] || fail "resolve with the new keys wrote to stderr: $(cat "$tmp/err")"
run 0 "resolve tilted_box in the deprecated keys" "$tool" resolve "$tmp/tilted_old.json" --compact
checks=$((checks + 1))
cmp -s "$tmp/out" "$tmp/tilted_new.out" || fail "the deprecated keys give another report"
checks=$((checks + 1))
grep -qx "ricochet: warning: $tmp/tilted_old.json: rigid_bodies\[0\].half: \"half\" is deprecated; write \"half_extents\"" \
    "$tmp/err" && grep -q 'warning: .*rigid_bodies\[0\]\.angle: "angle" is deprecated; write "orientation"' "$tmp/err" ||
    fail "resolve does not warn of half and angle: $(cat "$tmp/err")"
sed 's/"half_extents": \[/"half_extents": [1, 0.5], "half": [/' "$examples/tilted_box.json" >"$tmp/tilted_both.json"
bad_file resolve "$tmp/tilted_both.json" 'rigid_bodies[0]: give "half_extents" or the deprecated "half", not both'
sed 's/"half_extents"/"half"/; s/"orientation"/"angle"/' "$rigid/hopper.json" >"$tmp/hopper_old.json"
run 0 "run the hopper" "$tool" run "$rigid/hopper.json" --out "$tmp/hopper_new" --time 0.02 --quiet
checks=$((checks + 1))
[ ! -s "$tmp/err" ] || fail "run with the new keys wrote to stderr: $(cat "$tmp/err")"
run 0 "run the hopper in the deprecated keys" "$tool" run "$tmp/hopper_old.json" --out "$tmp/hopper_old" --time 0.02 --quiet
checks=$((checks + 1))
cmp -s "$tmp/hopper_new/trajectory.xyz" "$tmp/hopper_old/trajectory.xyz" || fail "the deprecated keys run another hopper"
checks=$((checks + 1))
[ "$(grep -c '^ricochet: warning: ' "$tmp/err")" -eq 2 ] && grep -q 'static\[0\]\.half: "half" is deprecated' "$tmp/err" &&
    grep -q 'static\[0\]\.angle: "angle" is deprecated' "$tmp/err" || fail "run does not warn once per key: $(cat "$tmp/err")"
sed 's/"orientation": -0.6/"orientation": -0.6, "angle": -0.6/' "$rigid/hopper.json" >"$tmp/hopper_both.json"
bad_file run "$tmp/hopper_both.json" 'static[0]: give "orientation" or the deprecated "angle", not both'
printf '{"dimension": 3, "rigid_bodies": [{"shape": "box", "half_extents": [1, 1, 0.5], "position": [0, 0, 0]},
 {"shape": "box", "half_extents": [1, 1, 0.5], "position": [0, 0, 1], "velocity": [0, 0, -1], "mass": 4,
  "density": 1}]}' >"$tmp/mass_density.json"
bad_file resolve "$tmp/mass_density.json" "rigid_bodies[1]: give mass or density, not both"

# ---- box on box in a problem file: the shared narrow phase (e = 1: the falling box stops, the other moves on; the
# default density 1 makes each box of mass 4) ----
printf '{"dimension": 3, "rigid_bodies": [{"shape": "box", "half_extents": [1, 1, 0.5], "position": [0, 0, 0]},
 {"shape": "box", "half_extents": [1, 1, 0.5], "position": [0, 0, 1], "velocity": [0, 0, -1]}]}' >"$tmp/box_on_box.json"
run 0 "resolve a box on a box" "$tool" resolve "$tmp/box_on_box.json" --compact
json_ok resolved
checks=$((checks + 1))
python3 - "$tmp/out" <<'EOF5' || fail "box on box: not four face contacts and an exchange of velocities"
import json, sys
r = json.load(open(sys.argv[1]))
assert len(r["contacts"]) == 4 and all(c["normal"] == [0, 0, -1] and "vertex" not in c for c in r["contacts"]), r
(a, b) = r["velocities"]
assert abs(a[2] + 1) < 1e-9 and abs(b[2]) < 1e-9 and abs(r["momentum"]["after"][2] + 4) < 1e-12, r["velocities"]
EOF5

# ---- mixtures and saved states: species in the outputs and the summary, a run started from a frame ----
printf '{"dimension": 2, "temperature": 1, "seed": 3, "stop": {"collisions": 4000}, "output": {"every": 1, "h5md": true},
 "particles": {"lattice": "random", "count": 400, "packing_fraction": 0.5,
  "species": [{"diameter": 1, "mass": 1, "fraction": 0.5}, {"diameter": 1.4, "mass": 1.96, "fraction": 0.5}]}}' \
    >"$tmp/binary.json"
run 0 "a binary disk mixture" "$tool" run "$tmp/binary.json" --out "$tmp/binary" --quiet
summary_ok 400
checks=$((checks + 1))
python3 - "$tmp/out" "$tmp/binary/trajectory.xyz" <<'EOF6' || fail "binary mixture: species in the summary and the XYZ"
import json, sys
r = json.load(open(sys.argv[1]))
assert [(s["species"], s["count"], s["diameter"], s["mass"], s["polydispersity"]) for s in r["species"]] == \
    [(0, 200, 1, 1, 0), (1, 200, 1.4, 1.96, 0)], r["species"]
assert abs(r["packing_fraction"] - 0.5) < 1e-12, r["packing_fraction"]
lines = open(sys.argv[2]).read().splitlines()
for row in lines[2:402]:  # species:S:1:pos:R:3:velo:R:3:radius:R:1:masses:R:1
    cells = row.split()
    assert (cells[0], cells[7], cells[8]) in (("H", "0.5", "1"), ("He", "0.7", "1.96")), row
EOF6
# a run from the last frame of that run (XYZ, then H5MD) starts in exactly that state, species kept (the first 12
# columns, species to momenta: the image counts of a new run start at 0)
tail -n 402 "$tmp/binary/trajectory.xyz" | tail -n 400 | cut -d" " -f1-12 >"$tmp/binary_last"
for saved in trajectory.xyz trajectory.h5md; do
    printf '{"dimension": 2, "stop": {"collisions": 100}, "particles": {"file": "%s"}}' "$tmp/binary/$saved" \
        >"$tmp/continue.json"
    run 0 "a run from the last frame of $saved" "$tool" run "$tmp/continue.json" --out "$tmp/continued" --quiet
    summary_ok 400
    checks=$((checks + 1))
    head -n 402 "$tmp/continued/trajectory.xyz" | tail -n 400 | cut -d" " -f1-12 | cmp -s - "$tmp/binary_last" ||
        fail "the run from $saved does not start with that file's last frame"
done
printf '{"dimension": 3, "stop": {"time": 1}, "particles": {"file": "%s"}}' "$tmp/binary/trajectory.xyz" \
    >"$tmp/other_dimension.json"
run 2 "a saved state of another dimension" "$tool" run "$tmp/other_dimension.json" --out "$tmp/other_dimension"
stderr_names "particles.file: $tmp/binary/trajectory.xyz is a saved-state file of another dimension"
printf '{"dimension": 2, "stop": {"time": 1}, "particles": {"file": "%s", "frame": -100}}' \
    "$tmp/binary/trajectory.h5md" >"$tmp/past_end.json"
run 2 "a frame index past the end" "$tool" run "$tmp/past_end.json" --out "$tmp/past_end"
stderr_names "particles.frame: -100 is a frame index past the end of $tmp/binary/trajectory.h5md"
# a sheared run's last frame carries its cell's tilt (the Lees-Edwards offset) into a run with the same shear: that
# run's first frame leans by the same tilt (and passes the state check, which an offset lost would fail with an
# overlap across the sheared boundary); a scene without that shear
# is refused (XYZ and H5MD)
sheared='"box": {"periodic": [true, true], "shear": {"rate": 0.5, "flow": 0, "gradient": 1}}'
printf '{"dimension": 2, %s, "particles": {"lattice": "random", "count": 200, "packing_fraction": 0.4,
 "diameter": 1}, "temperature": 1, "seed": 3, "stop": {"time": 3.3}, "output": {"every": 1}}' "$sheared" \
    >"$tmp/sheared.json"
run 0 "a sheared run" "$tool" run "$tmp/sheared.json" --out "$tmp/sheared" --h5md "$tmp/sheared/trajectory.h5md" --quiet
for saved in trajectory.xyz trajectory.h5md; do
    printf '{"dimension": 2, %s, "particles": {"file": "%s"}, "temperature": 1, "stop": {"time": 0.5},
 "output": {"every": 0.25}}' "$sheared" "$tmp/sheared/$saved" >"$tmp/sheared_on.json"
    run 0 "a sheared run from the sheared $saved" "$tool" run "$tmp/sheared_on.json" --out "$tmp/sheared_on" --quiet
    checks=$((checks + 1))
    [ "$(grep -o 'Lattice="[^"]*"' "$tmp/sheared/trajectory.xyz" | tail -n 1)" = \
      "$(grep -o 'Lattice="[^"]*"' "$tmp/sheared_on/trajectory.xyz" | head -n 1)" ] ||
        fail "the run from the sheared $saved does not start with its cell's tilt"
    printf '{"dimension": 2, "particles": {"file": "%s"}, "temperature": 1, "stop": {"time": 0.5}}' \
        "$tmp/sheared/$saved" >"$tmp/sheared_off.json"
    run 2 "an unsheared run from the sheared $saved" "$tool" run "$tmp/sheared_off.json" --out "$tmp/sheared_off"
    stderr_names "particles.file: $tmp/sheared/$saved is a sheared frame"
done

# ---- usage: exit 1; help and version: exit 0 ----
run 1 "no command" "$tool"
run 1 "no file" "$tool" resolve
run 1 "unknown command" "$tool" explode
run 0 "--version" "$tool" --version
checks=$((checks + 1))
grep -qE '^ricochet [0-9]+\.[0-9]+\.[0-9]+( [0-9a-f]{12}(-dirty)?)?$' "$tmp/out" || fail "--version printed \"$(cat "$tmp/out")\""
# from a git checkout, the commit it was built from
if git -C "$(dirname "$0")" rev-parse --git-dir >/dev/null 2>&1; then
    checks=$((checks + 1))
    commit=$(git -C "$(dirname "$0")" rev-parse --short=12 HEAD)
    grep -q " $commit" "$tmp/out" || fail "--version names no commit $commit: \"$(cat "$tmp/out")\""
fi
run 0 "--help" "$tool" --help
run 0 "help resolve" "$tool" help resolve
checks=$((checks + 1))
grep -q -- '--max-iterations' "$tmp/out" || fail "help resolve does not list --max-iterations"
# every value the help lists for --lcp is one the parser takes
for method in $(sed -n 's/^ *--lcp \([a-z|]*\) .*/\1/p' "$tmp/out" | tr '|' ' '); do
    run 0 "resolve --lcp $method, as the help lists" "$tool" resolve "$examples/cradle3.json" --lcp "$method" --compact
done

echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
