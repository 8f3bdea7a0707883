#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes the seed corpora of the fuzz harnesses in OUT/HARNESS/ (make fuzz, fuzz/run.sh): the examples (problem files,
# scenes of both engines), files the built tool writes (an XYZ and an H5MD trajectory of each engine, a checkpoint of
# each engine, their observables.csv and the analysis tables), hand-made CSV tables and argument lines for the command
# line. Usage: sh fuzz/make-seeds.sh TOOL OUT
set -eu
tool=$1
out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"
for h in problem run_scene rigid_scene run checkpoint trajectory cli sweep plot convert; do mkdir -p "$out/$h"; done
cp "$root"/examples/sweep/*.json "$root"/tests/data/sweep/*.json "$out/sweep/"
cp "$root"/examples/impact/*.json "$out/problem/"
cp "$root"/examples/edmd/*.json "$out/run_scene/"
cp "$root"/examples/rigid/*.json "$out/rigid_scene/"
for f in "$root"/examples/edmd/*.json "$root"/examples/rigid/*.json; do cp "$f" "$out/run/$(basename "$(dirname "$f")")_$(basename "$f")"; done

# Texts with JSON escapes of every kind in their comments and keys (a surrogate pair, \u00e9, \/, UTF-8 of 2 to 4
# bytes), for the strict scanner of the JSON layer (src/json/json_document.c); the dictionary (fuzz/json.dict) has the
# lone surrogates, \u0000, overlong UTF-8 and numbers such as 01 and 1. that mutations put in
escapes='"comment": "\\ud83d\\ude00 \\u00e9\\u20AC \\" \\\\ \\/ \\b\\f\\n\\r\\t \303\251 \342\202\254 \360\237\230\200",'
printf '{%b "dimension": 1, "seed": 18446744073709551615, "balls": [{"position": [0], "velocity": [1e0], "radius": 1},
 {"position": [2.0], "radius": 1, "mass": 0.5E+1}]}' "$escapes" > "$out/problem/escapes.json"
printf '{%b "dimension": 2, "box": {"size": [4, 4], "periodic": true}, "seed": 18446744073709551615, "temperature": 1,
 "particles": {"lattice": "random", "count": 3, "diameter": 1e-0}, "stop": {"time": 0.1}}' "$escapes" \
  > "$out/run_scene/escapes.json"
printf '{%b "dynamics": "time-stepping", "dimension": 3, "time_step": 0.01,
 "bodies": [{"shape": "sphere", "radius": 0.5, "position": [0, 0, 1]}], "stop": {"steps": 2}}' "$escapes" \
  > "$out/rigid_scene/escapes.json"
cp "$out/run_scene/escapes.json" "$out/run/edmd_escapes.json"
cp "$out/rigid_scene/escapes.json" "$out/run/rigid_escapes.json"

# A small run of each engine (and a sheared one, whose frames have a tilted cell, and one at constant pressure), with
# every output and a checkpoint.
work=$out/work
mkdir -p "$work"
cat > "$work/edmd.json" <<'SCENE'
{"dimension": 2, "box": {"size": [4, 4], "periodic": true},
 "particles": [{"position": [1, 1], "velocity": [1, 0.5], "radius": 0.4}, {"position": [3, 2], "velocity": [-1, 0], "radius": 0.4}],
 "stop": {"time": 0.1}, "output": {"every": 0.05},
 "measure": {"diffusion": true, "viscosity": true, "thermal_conductivity": true, "rdf": {"bins": 20}, "structure_factor": true,
             "interval": 0.005, "points": 4, "blocks": 2}}
SCENE
cat > "$work/npt.json" <<'SCENE'
{"dimension": 2, "box": {"size": [6, 6], "periodic": true}, "temperature": 1,
 "particles": {"lattice": "hexagonal", "count": 12, "packing_fraction": 0.3, "diameter": 1},
 "barostat": {"pressure": 1, "interval": 0.005, "max_log_volume_step": 0.05},
 "stop": {"time": 0.1}, "output": {"every": 0.05}}
SCENE
cat > "$work/rigid.json" <<'SCENE'
{"dynamics": "time-stepping", "dimension": 3, "time_step": 0.01, "gravity": [0, 0, -1],
 "bodies": [{"shape": "box", "half_extents": [0.5, 0.5, 0.5], "position": [0, 0, 0.6], "angular_velocity": [0, 1, 0]},
            {"shape": "sphere", "radius": 0.3, "position": [2, 0, 0.4]}],
 "static": [{"shape": "plane", "position": [0, 0, 0], "normal": [0, 0, 1]}],
 "stop": {"steps": 4}, "output": {"every": 0.02}}
SCENE
cat > "$work/sheared.json" <<'SCENE'
{"dimension": 2, "box": {"size": [5, 5], "periodic": true, "shear": {"rate": 0.5, "flow": 0, "gradient": 1}},
 "particles": [{"position": [1, 1], "velocity": [1, 0.5], "radius": 0.4}, {"position": [3, 2], "velocity": [-1, 0], "radius": 0.4}],
 "stop": {"time": 0.1}, "output": {"every": 0.05}}
SCENE
for engine in edmd npt rigid sheared; do
  "$tool" run "$work/$engine.json" --out "$work/$engine" --h5md "$work/$engine/trajectory.h5md" --checkpoint-every 0.02 \
    --gsd --quiet > /dev/null
  cp "$work/$engine/trajectory.xyz" "$out/trajectory/$engine.xyz"
  cp "$work/$engine/trajectory.h5md" "$out/trajectory/$engine.h5md"
  # GSD and a LAMMPS data file of the same run, for the readers and for convert
  if [ -e "$work/$engine/trajectory.gsd" ]; then
    cp "$work/$engine/trajectory.gsd" "$out/trajectory/$engine.gsd"
    "$tool" convert "$work/$engine/trajectory.gsd" "$out/trajectory/$engine.data" > /dev/null
    cp "$work/$engine/trajectory.xyz" "$work/$engine/trajectory.gsd" "$out/convert/"
  fi
  if [ -e "$work/$engine/shapes.json" ]; then cp "$work/$engine/shapes.json" "$out/trajectory/${engine}_shapes.json"; fi
  cp "$work/$engine/checkpoint.rcp" "$out/checkpoint/$engine.rcp"
  cp "$work/$engine.json" "$out/run/small_$engine.json"
  cp "$work/$engine/observables.csv" "$out/plot/observables_$engine.csv"
  # the same with every output and a checkpoint cadence, for the run harness's files, checkpoint and resume
  sed 's/"output": {"every": 0.02}/"output": {"every": 0.02, "h5md": true, "checkpoint_every": 0.25}/; s/"output": {"every": 0.05}/"output": {"every": 0.05, "h5md": true, "checkpoint_every": 0.25}/' \
    "$work/$engine.json" > "$out/run/files_$engine.json"
done
# each checkpoint again as if written before a setting and an observable existed (both dropped) and after a field and
# a record were added (planted, unknown here), so that the fuzzer starts from the tagged records' defaults and skips
/usr/bin/python3 - "$root/tests/support" "$out/checkpoint" <<'PY'
import os, sys
sys.path.insert(0, sys.argv[1])
import checkpoint_file as c
for name in ("edmd", "rigid"):
    path = os.path.join(sys.argv[2], name + ".rcp")
    with open(path, "rb") as f:
        header, records = c.read(f.read())
    settings, position = c.find(records, "settings")[2], c.find(records, "position")[2]
    settings[:] = [r for r in settings if r[0] != "checkpoint_every"]
    position[:] = [r for r in position if r[0] != "start.volume_moves"]
    position.append(["spin_sum", c.F64, bytearray(8)])
    records.append(["spins", c.BYTES, bytearray(b"\1\2\3")])
    with open(os.path.join(sys.argv[2], name + "_tags.rcp"), "wb") as f:
        f.write(c.write(header, records))
PY
# the tables of ricochet analyze (MSD and VACF with their errors, g(r), S(k)) for the CSV reader of plot
"$tool" analyze "$work/edmd" --out "$work/analysis" --compact > /dev/null
for f in "$work"/analysis/*.csv; do cp "$f" "$out/plot/analysis_$(basename "$f")"; done
rm -rf "$work"
# hand-made side files (shapes.json) of both dimensions: every shape, a 3D hull of two pyramids, a static hull
cp "$root"/tests/data/regressions/trajectory/shapes_*.json "$out/trajectory/"
# an H5MD file of another tool (MDAnalysis: its own group name, variable-length UTF-8 strings, compressed float32)
cp "$root"/tests/data/regressions/trajectory/h5md_mdanalysis.h5md "$out/trajectory/"
# files of other tools: GSD written by gsd.hoomd (a triclinic box, orientations, images), a data file LAMMPS wrote
cp "$root"/tests/data/regressions/trajectory/gsd_*.gsd "$root"/tests/data/regressions/trajectory/lammps_*.data "$out/trajectory/"
cp "$root"/tests/data/regressions/convert/* "$out/convert/"
# hand-made tables: quoted names, empty cells, NaN and infinities, a blank line, CRLF line ends, error columns
printf '"time","a_mean","a_sem",b\n0,1,0.1,nan\n1,,0.2,inf\n\n2,3,0.1,-inf\n' > "$out/plot/quoted.csv"
printf 'time,msd,msd_error\r\n1e-3,2e-6,1e-7\r\n0.01,2e-4,1e-5\r\n0.1, 0.02 ,1e-3\r\n' > "$out/plot/crlf.csv"

# Argument lines of fuzz/cli.c, one argument a line, over the files of its folder.
n=0
while IFS= read -r line; do
  n=$((n + 1))
  printf '%b' "$line" > "$out/cli/args$n"
done <<'LINES'
resolve\nproblem.json
resolve\nproblem.json\n--operator\ngs\n--order\nrandom\n--seed\n3\n--compact
resolve\nproblem.json\n--restitution=0.5\n--friction\n0.3\n--lcp\npgs\n--max-iterations\n10\n--frame\nf.xyz
resolve\nproblem.json\n--no-lineality\n--tolerance\n0
run\nscene.json\n--out\nx\n--compact\n--no-xyz
run\nrigid.json\n--quiet\n--h5md\nr.h5md
run\nscene.json\n--checkpoint-every\n0.5\n--out\ny
render\ntrajectory.xyz\n--size\n64x48\n--out\npictures\n--arrows\n--color-by\nspeed
render\ntrajectory.xyz\ntrajectory.xyz\n--label\na\n--label\nb\n--size\n32x32
plot\nobservables.csv\n--columns\ntemperature,pressure\n--x\ntime\n--size\n64x64
exchange\nscene.json\n--temperatures\n0.5,1,,2
exchange\nscene.json\n--pressures\n1,2\n--walk\nw.csv\n--seed\n3
help\nrun
--version
--help
LINES
