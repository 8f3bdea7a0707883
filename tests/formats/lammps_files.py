"""LAMMPS files both ways, checked with LAMMPS itself (Debian's lammps, the lmp binary): read_data of ricochet's data
file (ricochet convert ... .data) and read_dump of its trajectory.lammpstrj give the box, positions, velocities,
radii and images of the run's own extended XYZ frame (to the bit; masses to rounding, LAMMPS recomputing them from the
density); the same under shear (the tilt factor, positions equal modulo the leaning lattice); and a data file LAMMPS
wrote (write_data) runs in ricochet as particles.file, and ricochet reads back its own dump and one LAMMPS wrote; a run resumed from its checkpoint continues the dump: the same
frames as a run in one go (to rounding: a run stopped and resumed differs from one in one go in the last digits, its
XYZ file too).

usage: lammps_files.py RICOCHET"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

RICOCHET = sys.argv[1]
LMP = shutil.which("lmp") or shutil.which("lmp_serial")
if not LMP:
    sys.exit("lammps_files: no lmp binary (Debian package lammps; make deps installs it)")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from format_checks import check, failures, run, xyz_frames  # noqa: E402 (after RICOCHET)


def xyz_last(path):
    """The last frame of an extended XYZ file (cell rows, columns), and how many frames it has."""
    frames = xyz_frames(path)
    return (frames[-1]["cell"], frames[-1]["cols"]), len(frames)


def lammps(folder, dimension, commands):
    """Runs LAMMPS on the commands; returns its dumps (id-sorted columns) and the box line it printed."""
    script = os.path.join(folder, "in.check")
    with open(script, "w") as f:
        f.write(f"units lj\ndimension {dimension}\natom_style sphere\nboundary p p p\n" + commands)
    p = subprocess.run([LMP, "-in", script, "-log", "none"], capture_output=True, text=True, cwd=folder)
    if p.returncode != 0:
        raise SystemExit(f"lmp failed:\n{p.stdout[-2000:]}\n{p.stderr}")
    box = [float(x) for line in p.stdout.splitlines() if line.startswith("BOX ") for x in line.split()[1:]]
    return box


BOX = 'print "BOX $(xlo:%.17g) $(xhi:%.17g) $(ylo:%.17g) $(yhi:%.17g) $(zlo:%.17g) $(zhi:%.17g) ' \
      '$(xy:%.17g) $(xz:%.17g) $(yz:%.17g)"\n'
DUMP = "write_dump all custom {} id type x y z vx vy vz radius mass ix iy iz modify sort id format float %.17g\n"


def dump_columns(path):
    with open(path) as f:
        lines = f.readlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("ITEM: ATOMS")) + 1
    return np.array([[float(x) for x in l.split()] for l in lines[start:]])


def same_modulo_cell(a, b, cell):
    """Positions a and b differ by whole cell vectors (cell rows: the edges)."""
    frac = (a - b) @ np.linalg.inv(cell)
    return np.allclose(frac, np.round(frac), atol=1e-9)


def compare(name, cell, cols, got, box, dimension, sheared):
    L = np.diag(cell)
    want_box = [0, L[0], 0, L[1], 0 if dimension == 3 else -0.5, L[2] if dimension == 3 else 0.5]
    check(np.array_equal(box[:6], want_box), f"{name}: box {box[:6]}, not {want_box}")
    tilt = cell[1, 0]
    lean = tilt - L[0] if tilt > L[0] / 2 else tilt
    check(box[6] == (lean if sheared else 0), f"{name}: xy {box[6]}, tilt {tilt}")
    check(np.array_equal(got[:, 0], np.arange(1, len(cols) + 1)), f"{name}: ids")
    pos, want = got[:, 2:5], cols[:, 0:3]
    if sheared:
        lammps_cell = np.array([[L[0], 0, 0], [box[6], L[1], 0], [0, 0, box[5] - box[4]]])
        check(same_modulo_cell(pos, want, lammps_cell), f"{name}: positions modulo the leaning cell")
    else:
        check(np.array_equal(pos, want), f"{name}: positions")
    check(np.array_equal(got[:, 5:8], cols[:, 3:6]), f"{name}: velocities")
    check(np.array_equal(got[:, 8], cols[:, 6]), f"{name}: radii")
    check(np.allclose(got[:, 9], cols[:, 7], rtol=1e-14, atol=0), f"{name}: masses")
    if not sheared:
        check(np.array_equal(got[:, 10:13], cols[:, 11:14]), f"{name}: images")


def case(tmp, name, dimension, count, shear=None):
    folder = os.path.join(tmp, name)
    s = {"dimension": dimension, "box": {"periodic": True},
         "particles": {"lattice": "hexagonal" if dimension == 2 else "fcc", "count": count, "packing_fraction": 0.3,
                       "diameter": 1, "mass": 1.5},
         "temperature": 1.0, "seed": 4, "stop": {"time": 2.05},
         "output": {"every": 1.0, "lammps_dump": True, "directory": folder}}
    if shear:
        s["box"]["shear"] = shear
    scene = os.path.join(tmp, name + ".json")
    with open(scene, "w") as f:
        json.dump(s, f)
    run(["run", scene, "-q"])
    (cell, cols), frames = xyz_last(os.path.join(folder, "trajectory.xyz"))
    run(["convert", os.path.join(folder, "trajectory.xyz"), os.path.join(folder, "last.data")])
    box = lammps(folder, dimension, "read_data last.data\n" + BOX + DUMP.format("from_data.txt"))
    compare(name + " read_data", cell, cols, dump_columns(os.path.join(folder, "from_data.txt")), box, dimension,
            shear is not None)
    fields = "x y z vx vy vz ix iy iz" if dimension == 3 else "x y vx vy ix iy"  # read_dump takes no z in 2D
    box = lammps(folder, dimension, "read_data last.data\n"
                 f"read_dump trajectory.lammpstrj {frames - 1} {fields} box yes replace yes\n"
                 + BOX + DUMP.format("from_dump.txt"))
    compare(name + " read_dump", cell, cols, dump_columns(os.path.join(folder, "from_dump.txt")), box, dimension,
            shear is not None)
    # ricochet reads its dump back (convert), and a dump LAMMPS wrote: the run's numbers
    for dump, what in ((os.path.join(folder, "trajectory.lammpstrj"), "its own dump"),
                       (os.path.join(folder, "from_dump.txt"), "LAMMPS's write_dump")):
        back = os.path.join(tmp, name + "_dump.xyz")
        run(["convert", dump, back])
        (cell2, cols2), _ = xyz_last(back)
        check(np.array_equal(cell2, cell), f"{name}: {what} read back: cell")
        check(np.array_equal(cols2[:, 3:7], cols[:, 3:7]), f"{name}: {what} read back: velocities, radii")
        if not shear:
            check(np.array_equal(cols2[:, 0:3], cols[:, 0:3]), f"{name}: {what} read back: positions")
            check(np.array_equal(cols2[:, 11:14], cols[:, 11:14]), f"{name}: {what} read back: images")
    # ricochet reads its data file back: the same numbers
    back = os.path.join(tmp, name + "_back.xyz")
    run(["convert", os.path.join(folder, "last.data"), back])
    (cell2, cols2), _ = xyz_last(back)
    check(np.array_equal(cell2, cell), f"{name}: data file read back: cell")
    check(np.array_equal(cols2[:, 3:7], cols[:, 3:7]), f"{name}: data file read back: velocities, radii")
    if not shear:
        check(np.array_equal(cols2[:, 0:3], cols[:, 0:3]), f"{name}: data file read back: positions")
    return folder


with tempfile.TemporaryDirectory() as tmp:
    case(tmp, "spheres", 3, 108)
    folder = case(tmp, "disks", 2, 100)
    case(tmp, "sheared", 2, 100, shear={"rate": 0.5, "flow": 0, "gradient": 1})
    case(tmp, "sheared3", 3, 108, shear={"rate": 0.5, "flow": 0, "gradient": 2})
    # a data file LAMMPS wrote runs in ricochet
    lammps(folder, 2, "read_data last.data\nwrite_data written.data\n")
    s = {"dimension": 2, "box": {"periodic": True}, "particles": {"file": os.path.join(folder, "written.data")},
         "seed": 1, "stop": {"time": 0.01}, "output": {"directory": os.path.join(tmp, "from_lammps"), "every": 1e9}}
    scene = os.path.join(tmp, "from_lammps.json")
    with open(scene, "w") as f:
        json.dump(s, f)
    run(["run", scene, "-q"])
    (cell, cols), _ = xyz_last(os.path.join(folder, "trajectory.xyz"))
    got = np.loadtxt(os.path.join(tmp, "from_lammps", "trajectory.xyz"), skiprows=2, max_rows=len(cols),
                     usecols=range(1, 15))
    check(np.array_equal(got[:, 6], cols[:, 6]), "LAMMPS's write_data read by ricochet: radii")
    check(np.allclose(got[:, 7], cols[:, 7], rtol=1e-14, atol=0), "LAMMPS's write_data read by ricochet: masses")
    check(np.array_equal(got[:, 0:3], cols[:, 0:3]), "LAMMPS's write_data read by ricochet: positions")

    # a run resumed from its checkpoint continues the dump: the same frames as a run in one go
    whole, part = os.path.join(tmp, "whole"), os.path.join(tmp, "part")
    s = {"dimension": 3, "box": {"periodic": True},
         "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.3, "diameter": 1},
         "temperature": 1.0, "seed": 4, "stop": {"time": 0.3},
         "output": {"every": 0.05, "lammps_dump": True, "directory": whole}}
    for name, stop, extra in (("whole", 0.3, {}), ("part", 0.15, {"directory": part, "checkpoint_every": 0.15})):
        s["stop"] = {"time": stop}
        s["output"].update(extra)
        scene = os.path.join(tmp, name + ".json")
        with open(scene, "w") as f:
            json.dump(s, f)
        run(["run", scene, "-q"])
    run(["run", "--resume", os.path.join(part, "checkpoint.rcp"), "--time", "0.3", "-q"])
    with open(os.path.join(whole, "trajectory.lammpstrj")) as a, open(os.path.join(part, "trajectory.lammpstrj")) as b:
        one, two = a.read().splitlines(), b.read().splitlines()
    check(len(one) == len(two) and all(x == y for x, y in zip(one, two) if not x[0].isdigit() or " " not in x),
          "resume: the dump's frames and headers differ from the run in one go")
    numbers = [(np.array(x.split(), float), np.array(y.split(), float)) for x, y in zip(one, two)
               if x[0].isdigit() and " " in x and len(x.split()) == len(y.split())]
    check(all(np.allclose(x, y, rtol=1e-12, atol=1e-12) for x, y in numbers), "resume: the dump's numbers differ")

if failures:
    sys.exit(f"{len(failures)} checks failed")
print("lammps files: all checks passed")
