#!/bin/sh
# SPDX-License-Identifier: MIT
# The run outputs read by the field's own readers (docs/formats.md, "Outputs of ricochet run"), with Debian's
# /usr/bin/python3 and its packages python3-ase, python3-mdanalysis and python3-h5py (`make deps` installs them):
# - ASE (ase.io.read(path, ":")) gets, in every frame, the positions, velocities (its momenta / masses: within an ulp
#   of ours), masses, radii, cell and pbc of the XYZ file's own numbers and of ricochet's reader (Python's
#   read_trajectory) and H5MD file; its kinetic energy at the last frame is the summary's kinetic_energy (event-driven
#   runs, 3D and 2D, with masses other than the species letters' and than 1) or the translational part of it
#   (time-stepped run, whose summary counts rotation too);
# - orientations (time-stepped run): the XYZ column orientation:R:4 is x y z w (OVITO's Orientation: X Y Z W), the
#   H5MD dataset w x y z as its attribute components says; both are the scene's [w, x, y, z] at time 0;
# - h5py: every path of the table of trajectory.h5md in docs/formats.md exists with the shape and type it gives (the
#   3D run has measure, so its curves/NAME/COLUMN too, each with its unit; MDAnalysis reads that file);
#   files of earlier versions (box edges as vectors) still read with read_trajectory;
# - MDAnalysis (2.4) opens the 3D H5MD as docs/formats.md says, with the box (dimensions) and velocities of every
#   frame; it refuses the 2D file (not 3D), and the docs' 2D recipe gives the 2D frames with a padded box; and
#   ricochet's reader gets every number of a trajectory MDAnalysis wrote (its own group name and string types);
# - a sheared run (box.shear, flow x, gradient y): every frame's tilted cell (the images' offset
#   rate L_y t mod L_x as the y edge's x component) is what ASE reads from Lattice, h5py from box/edges and
#   MDAnalysis as its triclinic dimensions (gamma, the angle between the x and y edges, below 90 degrees).
# A reader whose package cannot be imported is skipped with a message saying so.
# Usage: sh tests/formats/readers.sh PATH/TO/ricochet   (PYTHONPATH must reach python/, as ctest sets it)
set -u
tool=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python=/usr/bin/python3
failures=0

fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}

# has MODULE: the module imports in Debian's python; else a message says what is skipped
has() {
    $python -W ignore -c "import $1" 2>/dev/null && return 0
    echo "SKIPPED: $2 ($python cannot import $1: apt-get install $3)"
    return 1
}

cat >"$tmp/scene3.json" <<'EOF'
{"dimension": 3, "box": {"periodic": true}, "seed": 5, "temperature": 1.5,
 "particles": {"lattice": "fcc", "count": 32, "packing_fraction": 0.3, "diameter": 1, "mass": 2.5},
 "stop": {"collisions": 3000}, "output": {"every": 0.25, "h5md": true},
 "measure": {"diffusion": true, "viscosity": true, "rdf": {"bins": 40, "range": 1.5}}}
EOF
cat >"$tmp/scene2.json" <<'EOF'
{"dimension": 2, "box": {"size": [6, 4], "periodic": [true, false]},
 "particles": [{"position": [1, 1], "velocity": [1.5, 0.3], "radius": 0.5, "mass": 1, "species": 0},
               {"position": [3, 2], "velocity": [-0.7, 1.1], "radius": 0.3, "mass": 2.5, "species": 1},
               {"position": [4.5, 1.2], "velocity": [0.2, -0.9], "radius": 0.6, "mass": 0.75, "species": 2},
               {"position": [2, 3.1], "velocity": [-1.3, -0.4], "radius": 0.4, "mass": 3, "species": 3}],
 "stop": {"time": 6}, "output": {"every": 0.5, "h5md": true}}
EOF
for run in 3 2; do
    "$tool" run "$tmp/scene$run.json" --out "$tmp/run$run" --quiet >/dev/null 2>"$tmp/err" ||
        fail "run scene$run: $(cat "$tmp/err")"
done
"$tool" run "$root/examples/rigid/dice.json" --time 0.3 --out "$tmp/rigid" --h5md "$tmp/rigid/trajectory.h5md" \
    --quiet >/dev/null 2>"$tmp/err" || fail "run dice.json: $(cat "$tmp/err")"

# The XYZ file's own numbers, frame by frame, parsed here without any reader's help.
cat >"$tmp/ours.py" <<'EOF'
import re, numpy

def xyz_frames(path):
    frames, lines = [], open(path).read().splitlines()
    at = 0
    while at < len(lines):
        n, comment = int(lines[at]), lines[at + 1]
        keys = dict((k, v.strip('"')) for k, v in re.findall(r'(\w+)=("[^"]*"|\S+)', comment))
        props = keys["Properties"].split(":")
        columns, c = {}, 0
        for name, width in zip(props[0::3], props[2::3]):
            columns[name] = slice(c, c + int(width))
            c += int(width)
        rows = [line.split() for line in lines[at + 2:at + 2 + n]]
        table = lambda name: numpy.array([[float(x) for x in row[columns[name]]] for row in rows])
        frame = dict(time=float(keys["Time"]), cell=numpy.array([float(x) for x in keys["Lattice"].split()]),
                     pbc=[x == "T" for x in keys["pbc"].split()], symbols=[row[0] for row in rows],
                     positions=table("pos"), velocities=table("velo"), radii=table("radius")[:, 0],
                     masses=table("masses")[:, 0], momenta=table("momenta"), properties=keys["Properties"])
        if "orientation" in columns:
            frame["orientation_xyzw"] = table("orientation")
        frames.append(frame)
        at += n + 2
    return frames
EOF

# ---- ASE ------------------------------------------------------------------------------------------------------
if has ase.io "the ASE checks" python3-ase; then
    for run in run3 run2 rigid; do
        $python -W ignore - "$tmp/$run" "$tmp" <<'EOF' || fail "ASE on $run"
import json, sys, numpy, ase.io
sys.path.insert(0, sys.argv[2])
import ours, ricochet
folder = sys.argv[1]
mine = ours.xyz_frames(folder + "/trajectory.xyz")
ase_frames = ase.io.read(folder + "/trajectory.xyz", ":")
ricochet_frames = list(ricochet.read_trajectory(folder + "/trajectory.xyz"))
summary = json.load(open(folder + "/summary.json"))
assert len(ase_frames) == len(mine) == len(ricochet_frames) == summary["outputs"]["frames"] >= 2, len(ase_frames)
assert "masses:R:1" in mine[0]["properties"] and "momenta:R:3" in mine[0]["properties"], mine[0]["properties"]
for k, (atoms, f, r) in enumerate(zip(ase_frames, mine, ricochet_frames)):
    d = r.dimension
    where = "%s frame %d" % (folder, k)
    assert numpy.array_equal(atoms.positions, f["positions"]), where + ": positions"
    assert numpy.array_equal(atoms.get_masses(), f["masses"]), where + ": masses %s" % atoms.get_masses()
    assert f["masses"].min() > 0, where + ": a mass is not positive"
    v = atoms.get_velocities()  # momenta / masses
    assert numpy.allclose(v, f["velocities"], rtol=4e-16, atol=0), where + ": velocities %s" % (v - f["velocities"])
    assert numpy.array_equal(atoms.arrays["radius"], f["radii"]), where + ": radii"
    assert numpy.array_equal(atoms.cell.array, f["cell"].reshape(3, 3)), where + ": cell %s" % atoms.cell.array
    assert list(atoms.pbc) == f["pbc"], where + ": pbc %s" % atoms.pbc
    assert atoms.get_chemical_symbols() == f["symbols"], where + ": species"
    # ricochet's own reader: the same numbers, the dimension's components
    assert numpy.array_equal(r.positions, f["positions"][:, :d]) and numpy.array_equal(r.velocities,
                                                                                        f["velocities"][:, :d])
    assert numpy.array_equal(r.masses, f["masses"]) and numpy.array_equal(r.radii, f["radii"]), where + ": ours"
    assert numpy.array_equal(r.box, numpy.diag(f["cell"].reshape(3, 3))[:d]), where + ": our box"
    assert r.time == f["time"] and atoms.info["Time"] == f["time"], where + ": time"
kinetic = ase_frames[-1].get_kinetic_energy()
translational = sum(0.5 * m * v @ v for m, v in zip(mine[-1]["masses"], mine[-1]["velocities"]))
assert abs(kinetic - translational) <= 1e-13 * translational, (kinetic, translational)
if summary["dynamics"] == "event-driven":
    assert abs(kinetic - summary["kinetic_energy"]) <= 1e-13 * summary["kinetic_energy"], (kinetic, summary)
    assert len(set(mine[0]["masses"])) > 1 or mine[0]["masses"][0] != 1, "masses all 1: the check checks little"
else:  # the summary counts rotation, ASE's Atoms only translation
    assert kinetic < summary["kinetic_energy"], (kinetic, summary["kinetic_energy"])
print("ASE %s: %d frames, last kinetic energy %.17g (summary %.17g)" % (folder.split("/")[-1], len(ase_frames),
                                                                        kinetic, summary["kinetic_energy"]))
EOF
    done
fi

# ---- orientations: one convention per file, each labelled -----------------------------------------------------
$python - "$tmp/rigid" "$root/examples/rigid/dice.json" "$tmp" <<'EOF' || fail "orientation conventions"
import json, sys, numpy, h5py
sys.path.insert(0, sys.argv[3])
import ours
frames = ours.xyz_frames(sys.argv[1] + "/trajectory.xyz")
scene = json.load(open(sys.argv[2]))
assert ":orientation:R:4:" in frames[0]["properties"], frames[0]["properties"]
with h5py.File(sys.argv[1] + "/trajectory.h5md") as f:
    q = f["particles/all/orientation/value"]
    assert q.attrs["components"] == b"w x y z", q.attrs["components"]
    assert q.shape == (len(frames), len(scene["bodies"]), 4), q.shape
    for k, frame in enumerate(frames):
        assert numpy.array_equal(q[k], frame["orientation_xyzw"][:, [3, 0, 1, 2]]), "frame %d: H5MD is not w x y z" % k
    for b, body in enumerate(scene["bodies"]):  # the scene's quaternions are [w, x, y, z], normalised when read
        wxyz = numpy.array(body["orientation"]) / numpy.linalg.norm(body["orientation"])
        assert numpy.allclose(q[0][b], wxyz, rtol=0, atol=1e-15), (q[0][b], wxyz)
        assert numpy.allclose(frames[0]["orientation_xyzw"][b], wxyz[[1, 2, 3, 0]], rtol=0, atol=1e-15)
    assert not numpy.array_equal(q[-1], q[0]), "the dice did not turn: the check checks little"
EOF

# ---- h5py: everything docs/formats.md lists for trajectory.h5md ----------------------------------------------
if has h5py "the h5py checks" python3-h5py; then
    for run in run3 run2 rigid; do
        $python - "$tmp/$run" "$root/docs/formats.md" <<'EOF' || fail "h5py on $run: the layout docs/formats.md lists"
import json, re, sys, numpy, h5py
folder, docs = sys.argv[1], open(sys.argv[2]).read()
section = docs.split("### `trajectory.h5md`")[1].split("\n### ")[0]
table = next(block for block in section.split("\n\n") if block.startswith("| path |"))
rows = [[c.strip() for c in line.strip("|").split("|")] for line in table.splitlines()[2:]]
summary = json.load(open(folder + "/summary.json"))
with h5py.File(folder + "/trajectory.h5md") as f:
    position = f["particles/all/position/value"]
    sizes = {"n": position.shape[0], "N": position.shape[1], "D": position.shape[2], "4": 4, "3": 3}
    assert sizes["n"] == summary["outputs"]["frames"] and sizes["D"] == summary["dimension"], sizes
    checked = 0
    for path, shape, meaning in rows:
        path = path.strip("`")
        if "orientation" in path and "orientation" not in f["particles/all"]:  # only for engines with rotation
            assert summary["dynamics"] == "event-driven", path
            continue
        if "angular_velocity" in path and "angular_velocity" not in f["particles/all"]:  # only rough particles
            assert "rotational_temperature" not in summary, path
            continue
        if path.startswith("connectivity/"):  # only runs with bonds, where B is their count
            if "connectivity" not in f:
                continue
            sizes["B"] = f["connectivity/bonds"].shape[0]
        if path.startswith("curves/"):  # runs with measure: every column of every curve
            if "measure" not in summary:
                assert "curves" not in f, path
                continue
            columns = [(g, c) for g in f["curves"].values() for c in g.values()]
            assert len(columns) >= 8, "curves: %d columns" % len(columns)
            for group, column in columns:
                if shape.startswith("attribute"):
                    assert column.attrs["unit"].decode(), column.name
                else:
                    rows = len(next(iter(group.values())))
                    assert column.shape == (rows,) and column.dtype == numpy.float64, (column.name, column.shape)
                checked += 1
            continue
        if shape.startswith("attribute"):  # the names in backquotes, without values (= `...`) and notes ((...))
            for name in re.findall(r"`(\w+)`", re.sub(r"\([^)]*\)|= `[^`]*`", "", shape)):
                assert name in f[path].attrs, "%s lacks the attribute %s" % (path, name)
                checked += 1
            continue
        names = re.match(r"(.*)/\{(.*)\}$", path)
        paths = [names.group(1) + "/" + n for n in names.group(2).split(",")] if names else [path]
        shapes = re.findall(r"\(([^)]*)\) (\w+)", shape)
        assert len(shapes) == len(paths), (path, shape)
        if path.startswith("observables/NAME"):
            paths = [p.replace("NAME", name) for name in f["observables"] for p in paths]
            shapes = shapes * len(f["observables"])
        for p, (dims, kind) in zip(paths, shapes):
            want = tuple(sizes[x.strip()] for x in dims.split(","))
            assert p in f, "%s is missing" % p
            assert f[p].shape == want and f[p].dtype == numpy.dtype(kind), (p, f[p].shape, f[p].dtype, want, kind)
            f[p][()]  # reads
            checked += 1
    assert checked >= 20, checked
    edges = f["particles/all/box/edges/value"]
    assert all(numpy.array_equal(e, numpy.diag(numpy.diag(e))) for e in edges), "edges are not diagonal matrices"
EOF
    done
    # A file of an earlier version (edges as (n, D) vectors, no mass) reads with ricochet's reader
    $python - "$tmp/run3" "$tmp" <<'EOF' || fail "an H5MD file with box edges as vectors"
import shutil, sys, numpy, h5py, ricochet
old = sys.argv[2] + "/old.h5md"
shutil.copy(sys.argv[1] + "/trajectory.h5md", old)
with h5py.File(old, "r+") as f:
    box = f["particles/all/box"]
    vectors = numpy.array([numpy.diag(e) for e in box["edges/value"]])
    del box["edges/value"], f["particles/all/mass"]
    box["edges/value"] = vectors
new, earlier = list(ricochet.read_trajectory(sys.argv[1] + "/trajectory.h5md")), list(ricochet.read_trajectory(old))
assert len(new) == len(earlier) > 2
for a, b in zip(new, earlier):
    assert numpy.array_equal(a.box, b.box) and numpy.array_equal(a.positions, b.positions)
    assert (a.masses == 2.5).all() and (b.masses == 1).all(), (a.masses, b.masses)
EOF
fi

# ---- MDAnalysis ------------------------------------------------------------------------------------------------
if has MDAnalysis "the MDAnalysis checks" python3-mdanalysis; then
    $python -W ignore - "$tmp/run3/trajectory.h5md" <<'EOF' || fail "MDAnalysis on the 3D H5MD file"
import sys, numpy, h5py, MDAnalysis
path = sys.argv[1]
with h5py.File(path) as f:
    p = f["particles/all"]
    x, v, edges, t = (p["position/value"][()], p["velocity/value"][()], p["box/edges/value"][()],
                      p["position/time"][()])
u = MDAnalysis.Universe(path, n_atoms=x.shape[1], convert_units=False)  # as docs/formats.md says
assert len(u.atoms) == x.shape[1] and u.trajectory.n_frames == len(x) > 2, (len(u.atoms), u.trajectory.n_frames)
for k, ts in enumerate(u.trajectory):
    box = numpy.concatenate([numpy.diag(edges[k]), [90, 90, 90]]).astype(numpy.float32)
    assert ts.dimensions is not None and numpy.array_equal(ts.dimensions, box), (k, ts.dimensions, box)
    assert numpy.array_equal(ts.positions, x[k].astype(numpy.float32)), "frame %d: positions" % k
    assert ts.has_velocities and numpy.array_equal(ts.velocities, v[k].astype(numpy.float32)), "frame %d" % k
    assert ts.time == numpy.float32(t[k]) or abs(ts.time - t[k]) <= 1e-6 * abs(t[k]), (ts.time, t[k])
assert abs(v[-1]).max() > 0
print("MDAnalysis 3D: %d frames, %d atoms, last dimensions %s" % (u.trajectory.n_frames, len(u.atoms), ts.dimensions))
EOF
    $python -W ignore - "$tmp/run2/trajectory.h5md" "$root/docs/formats.md" <<'EOF' || fail "MDAnalysis on the 2D H5MD file"
import sys, numpy, MDAnalysis
path = sys.argv[1]
try:
    MDAnalysis.Universe(path, n_atoms=4, convert_units=False)
    raise AssertionError("MDAnalysis read a 2D file: docs/formats.md says it cannot")
except ValueError as e:
    assert "3-dimensional" in str(e), e
# the recipe of docs/formats.md, run as it is printed there
recipe = open(sys.argv[2]).read().split("<!-- mdanalysis 2d -->")[1].split("```python")[1].split("```")[0]
scope = {"path": path}
exec(recipe, scope)
u, x, v, edges = scope["u"], scope["x"], scope["v"], scope["edges"]
assert u.trajectory.n_frames == len(x) > 2 and len(u.atoms) == x.shape[1]
for k, ts in enumerate(u.trajectory):
    assert numpy.array_equal(ts.positions[:, :2], x[k].astype(numpy.float32)) and not ts.positions[:, 2].any()
    assert numpy.array_equal(ts.velocities[:, :2], v[k].astype(numpy.float32)) and not ts.velocities[:, 2].any()
    assert numpy.array_equal(ts.dimensions[:2], numpy.diag(edges[k]).astype(numpy.float32)), ts.dimensions
EOF
    # the other way: a trajectory MDAnalysis wrote (its group `trajectory`, variable-length UTF-8 boundary strings, the
    # box as matrices, gzip) read by ricochet's reader, every frame's numbers MDAnalysis wrote
    $python -W ignore - "$tmp/mdanalysis.h5md" <<'EOF' || fail "ricochet reading an H5MD file MDAnalysis wrote"
import sys, numpy, MDAnalysis, ricochet
path = sys.argv[1]
u = MDAnalysis.Universe.empty(50, trajectory=True, velocities=True)
rng = numpy.random.default_rng(7)
written = []
with MDAnalysis.Writer(path, n_atoms=50, velocities=True, compression="gzip", convert_units=False) as w:
    for k in range(4):
        u.atoms.positions = rng.random((50, 3)) * [8, 9, 10]
        u.atoms.velocities = rng.normal(size=(50, 3))
        u.dimensions = [8, 9, 10, 90, 90, 90]
        u.trajectory.ts.time = 0.5 * k
        w.write(u)
        written.append((u.atoms.positions.copy(), u.atoms.velocities.copy()))
frames = list(ricochet.read_trajectory(path))
assert len(frames) == 4, len(frames)
for k, (f, (x, v)) in enumerate(zip(frames, written)):
    assert f.dimension == 3 and f.periodic.all() and numpy.array_equal(f.box, [8, 9, 10]), (f.box, f.periodic)
    assert f.time == 0.5 * k and numpy.array_equal(f.positions, x) and numpy.array_equal(f.velocities, v), k
print("ricochet read MDAnalysis' H5MD: %d frames of %d particles" % (len(frames), len(frames[0].positions)))
# the same file copied by h5py into one whose lengths (the global heap's sizes among them) take 4 bytes, not 8: the
# reader's check of the variable-length strings' heap reads the width from the file
import h5py
creation = h5py.h5p.create(h5py.h5p.FILE_CREATE)
creation.set_sizes(8, 4)
narrow = path + ".narrow.h5md"
with h5py.File(h5py.h5f.create(narrow.encode(), fcpl=creation)) as out, h5py.File(path, "r") as f:
    for name in f:
        f.copy(name, out)
    for key, value in f.attrs.items():
        out.attrs[key] = value
assert h5py.h5f.open(narrow.encode()).get_create_plist().get_sizes() == (8, 4)
again = list(ricochet.read_trajectory(narrow))
assert len(again) == 4 and all(numpy.array_equal(a.positions, f.positions) and a.periodic.all()
                               for a, f in zip(again, frames)), "4-byte lengths"
print("ricochet read it with 4-byte lengths too")
EOF
fi

# The sheared run: the tilted cell as each reader sees it, against the offset computed from the frame's time.
cat >"$tmp/scene_shear.json" <<'EOF'
{"dimension": 3, "box": {"periodic": true, "shear": {"rate": 0.3, "flow": 0, "gradient": 1}}, "seed": 2,
 "temperature": 1, "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.3, "diameter": 1},
 "stop": {"time": 4}, "output": {"every": 0.5, "h5md": true}}
EOF
"$tool" run "$tmp/scene_shear.json" --out "$tmp/shear" --quiet >/dev/null 2>"$tmp/err" ||
    fail "run scene_shear: $(cat "$tmp/err")"
if has ase.io "the ASE check of the sheared cell" python3-ase &&
    has h5py "the h5py check of the sheared cell" python3-h5py; then
    $python -W ignore - "$tmp/shear" <<'EOF' || fail "ASE and h5py on the sheared run"
import math, sys, numpy, h5py, ase.io
frames = ase.io.read(sys.argv[1] + "/trajectory.xyz", ":")
with h5py.File(sys.argv[1] + "/trajectory.h5md", "r") as f:
    edges = f["particles/all/box/edges/value"][:]
    times = f["particles/all/box/edges/time"][:]
box = numpy.diag(edges[0])
assert len(frames) == len(edges) > 4
for k, atoms in enumerate(frames):
    cell = numpy.diag(box).astype(float)
    cell[1][0] = math.fmod(0.3 * box[1] * times[k], box[0])  # the offset rate L_y t mod L_x
    assert numpy.allclose(atoms.cell[:], cell, rtol=0, atol=1e-9 * box.max()), (k, atoms.cell[:], cell)
    assert numpy.array_equal(atoms.cell[:], edges[k]), (k, atoms.cell[:], edges[k])
assert max(abs(e[1][0]) for e in edges) > 0.1, "no tilt"
print("sheared cell: %d frames, last tilt %.6g" % (len(frames), edges[-1][1][0]))
EOF
fi
if has MDAnalysis "the MDAnalysis check of the sheared cell" python3-mdanalysis; then
    $python -W ignore - "$tmp/shear/trajectory.h5md" <<'EOF' || fail "MDAnalysis on the sheared H5MD file"
import sys, numpy, h5py, MDAnalysis
from MDAnalysis.lib.mdamath import triclinic_box
with h5py.File(sys.argv[1], "r") as f:
    edges = f["particles/all/box/edges/value"][:]
    n = f["particles/all/position/value"].shape[1]
u = MDAnalysis.Universe(sys.argv[1], n_atoms=n, convert_units=False)
tilted = 0
for k, ts in enumerate(u.trajectory):
    want = triclinic_box(*edges[k])
    assert numpy.allclose(ts.dimensions, want, rtol=1e-6), (k, ts.dimensions, want)
    tilted += ts.dimensions[5] < 89.9
assert tilted > 0, "MDAnalysis saw no tilted frame"
print("MDAnalysis sheared: %d frames, %d tilted" % (u.trajectory.n_frames, tilted))
EOF
fi

[ $failures -eq 0 ] || { echo "$failures reader checks failed"; exit 1; }
echo "readers: all checks passed"
