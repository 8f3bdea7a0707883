"""GSD both ways, checked with gsd itself (Debian's python3-gsd): every field ricochet writes to trajectory.gsd reads
back through gsd.hoomd equal, to float32, to the run's own extended XYZ frame (positions shifted to HOOMD's centred
box), the log chunks to the double; a sheared box's tilt lands in the tilt factor; a shear the triclinic box cannot
hold is refused; files gsd wrote (2D, 3D, a tilted box) run in ricochet as particles.file, which reads their float32
numbers exactly; a run resumed from a checkpoint continues the file; ricochet analyze and render read it.

usage: gsd_files.py RICOCHET"""
import json
import os
import subprocess
import sys
import tempfile

import gsd.hoomd
import numpy as np

RICOCHET = sys.argv[1]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from format_checks import check, failures, run, xyz_frames  # noqa: E402 (after RICOCHET)


def scene(dimension, count, extra=None, shear=None):
    s = {"dimension": dimension, "box": {"periodic": True},
         "particles": {"lattice": "hexagonal" if dimension == 2 else "fcc", "count": count,
                       "packing_fraction": 0.3, "diameter": 1, "mass": 1.5},
         "temperature": 1.0, "seed": 3, "stop": {"time": 0.31},
         "output": {"every": 0.1, "gsd": True}}
    if shear:
        s["box"]["shear"] = shear
    if extra:
        s.update(extra)
    return s


def write_scene(folder, name, s):
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump(s, f)
    return path


def compare_run(folder, dimension):
    """trajectory.gsd against trajectory.xyz, frame by frame."""
    xyz = xyz_frames(os.path.join(folder, "trajectory.xyz"))
    with gsd.hoomd.open(os.path.join(folder, "trajectory.gsd"), "rb") as t:
        check(len(t) == len(xyz), f"{folder}: {len(t)} GSD frames, {len(xyz)} XYZ frames")
        for k, (g, x) in enumerate(zip(t, xyz)):
            box = np.diag(x["cell"])
            d = dimension
            check(g.configuration.dimensions == d, f"{folder} frame {k}: dimensions {g.configuration.dimensions}")
            check(g.configuration.step == k, f"{folder} frame {k}: step {g.configuration.step}")
            want_box = np.float32([box[0], box[1], box[2] if d == 3 else 0, 0, 0, 0])
            check(np.array_equal(np.float32(g.configuration.box), want_box), f"{folder} frame {k}: box")
            cols = x["cols"]
            pos = cols[:, 0:3].copy()
            pos[:, :d] -= box[:d] / 2
            pos[:, d:] = 0
            check(np.array_equal(g.particles.position, np.float32(pos)), f"{folder} frame {k}: positions")
            check(np.array_equal(g.particles.velocity, np.float32(cols[:, 3:6])), f"{folder} frame {k}: velocities")
            check(np.array_equal(g.particles.diameter, np.float32(2 * cols[:, 6])), f"{folder} frame {k}: diameters")
            check(np.array_equal(g.particles.mass, np.float32(cols[:, 7])), f"{folder} frame {k}: masses")
            check(np.array_equal(g.particles.image, np.int32(cols[:, 11:14])), f"{folder} frame {k}: images")
            check(list(g.particles.types) == ["H"] and not g.particles.typeid.any(), f"{folder} frame {k}: types")
            check(g.log["ricochet/time"][0] == x["time"], f"{folder} frame {k}: log time")
            check("ricochet/pressure" in g.log, f"{folder} frame {k}: observables in the log")
    return xyz


def gsd_frame(dimension, box, n=64, seed=1):
    """A HOOMD snapshot on a lattice (no overlaps), as a user of HOOMD would write it."""
    rng = np.random.default_rng(seed)
    f = (getattr(gsd.hoomd, "Frame", None) or gsd.hoomd.Snapshot)()  # Snapshot before gsd 2.8
    f.configuration.step = 7
    f.configuration.dimensions = dimension
    f.configuration.box = box
    side = int(round(n ** (1 / dimension)))
    grid = np.stack(np.meshgrid(*[np.arange(side)] * dimension, indexing="ij"), -1).reshape(-1, dimension)
    L = np.array(box[:dimension])
    pos = np.zeros((len(grid), 3))
    pos[:, :dimension] = (grid + 0.5) / side * L - L / 2
    f.particles.N = len(grid)
    f.particles.position = np.float32(pos)
    v = rng.normal(size=(len(grid), 3))
    if dimension == 2:
        v[:, 2] = 0
    f.particles.velocity = np.float32(v)
    f.particles.types = ["A", "B"]
    f.particles.typeid = np.uint32(np.arange(len(grid)) % 2)
    f.particles.diameter = np.float32(np.where(np.arange(len(grid)) % 2, 1.0, 0.8))
    f.particles.mass = np.float32(np.where(np.arange(len(grid)) % 2, 2.0, 1.0))
    return f


def from_gsd(tmp, name, frame, scene_extra):
    path = os.path.join(tmp, name + ".gsd")
    with gsd.hoomd.open(path, "wb") as t:
        t.append(frame)
    d = frame.configuration.dimensions
    s = {"dimension": d, "box": {"periodic": True}, "particles": {"file": path}, "seed": 1,
         "stop": {"collisions": 1}, "output": {"directory": os.path.join(tmp, name), "every": 1e9}}
    s.update(scene_extra)
    run(["run", write_scene(tmp, name + ".json", s), "-q"])
    first = xyz_frames(os.path.join(tmp, name, "trajectory.xyz"))[0]
    cols = first["cols"]
    L = np.array(frame.configuration.box[:3], dtype=np.float64)
    want = np.float64(frame.particles.position)[:, :d] + L[:d] / 2
    got = cols[:, :d]
    if frame.configuration.box[3] == 0:
        check(np.array_equal(got, want), f"{name}: positions read from gsd's file")
    check(np.array_equal(cols[:, 3:3 + d], np.float64(frame.particles.velocity)[:, :d]), f"{name}: velocities")
    check(np.array_equal(cols[:, 6], np.float64(frame.particles.diameter) / 2), f"{name}: radii")
    check(np.array_equal(cols[:, 7], np.float64(frame.particles.mass)), f"{name}: masses")
    check([s_ for s_ in first["species"][:2]] == ["H", "He"], f"{name}: species from typeid")
    check(np.array_equal(np.diag(first["cell"])[:d], L[:d]), f"{name}: box")
    return first


with tempfile.TemporaryDirectory() as tmp:
    # ricochet's files read by gsd, 3D and 2D, against the run's own XYZ
    for d, n in ((3, 108), (2, 100)):
        folder = os.path.join(tmp, f"run{d}")
        s = scene(d, n, {"output": {"every": 0.1, "gsd": True, "directory": folder}})
        run(["run", write_scene(tmp, f"s{d}.json", s), "-q"])
        compare_run(folder, d)
        # ricochet reads its own GSD back: the last frame equals the XYZ's to float32
        last = os.path.join(tmp, f"again{d}")
        s2 = {"dimension": d, "box": {"periodic": True}, "particles": {"file": os.path.join(folder, "trajectory.gsd")},
              "seed": 1, "stop": {"collisions": 1}, "output": {"directory": last, "every": 1e9}}
        run(["run", write_scene(tmp, f"again{d}.json", s2), "-q"])
        a = xyz_frames(os.path.join(last, "trajectory.xyz"))[0]["cols"]
        b = xyz_frames(os.path.join(folder, "trajectory.xyz"))[-1]["cols"]
        check(np.array_equal(a[:, 3:6], np.float64(np.float32(b[:, 3:6]))), f"{d}D: velocities read back")
        check(np.allclose(a[:, 0:3], b[:, 0:3], atol=1e-5), f"{d}D: positions read back")

    # --gsd on the command line, analyze and render reading the file
    folder = os.path.join(tmp, "cli")
    s = scene(2, 100, {"output": {"every": 0.1, "directory": folder}})
    run(["run", write_scene(tmp, "cli.json", s), "--gsd", "-q"])
    check(os.path.exists(os.path.join(folder, "trajectory.gsd")), "--gsd writes trajectory.gsd")
    analysed = json.loads(run(["analyze", os.path.join(folder, "trajectory.gsd")]).stdout)
    check(analysed.get("frames") == 5, f"analyze reads the GSD frames: {analysed.get('frames')}")
    gsd_only = os.path.join(tmp, "gsd_only")  # a run folder whose only trajectory is trajectory.gsd
    s = scene(2, 100, {"output": {"every": 0.1, "directory": gsd_only, "xyz": False}})
    run(["run", write_scene(tmp, "gsd_only.json", s), "--gsd", "-q"])
    analysed = json.loads(run(["analyze", gsd_only]).stdout)
    check(analysed.get("trajectory", "").endswith("trajectory.gsd") and analysed.get("frames") == 5,
          f"analyze finds a run folder's trajectory.gsd: {analysed.get('trajectory')}, {analysed.get('frames')} frames")
    pictures = os.path.join(tmp, "pictures")
    run(["render", os.path.join(folder, "trajectory.gsd"), "--out", pictures, "--size", "200x150"])
    check(os.path.getsize(os.path.join(pictures, "frame_00003.png")) > 1000, "render draws the GSD file")

    # a sheared box: the tilt factor xy = tilt / Ly; a shear along a higher axis is refused
    folder = os.path.join(tmp, "shear")
    s = scene(2, 100, {"output": {"every": 0.1, "gsd": True, "directory": folder}},
              shear={"rate": 0.5, "flow": 0, "gradient": 1})
    s["stop"] = {"time": 3}
    run(["run", write_scene(tmp, "shear.json", s), "-q"])
    xyz = xyz_frames(os.path.join(folder, "trajectory.xyz"))
    with gsd.hoomd.open(os.path.join(folder, "trajectory.gsd"), "rb") as t:
        g = t[-1]
        cell = xyz[-1]["cell"]
        tilt = cell[1, 0]
        Lx, Ly = cell[0, 0], cell[1, 1]
        lean = tilt - Lx if tilt > Lx / 2 else tilt
        check(tilt != 0 and g.configuration.box[3] == np.float32(lean / Ly), f"shear: xy {g.configuration.box[3]}, "
              f"tilt {tilt}")
        # every particle inside HOOMD's leaning box: fractional coordinates in [-1/2, 1/2)
        p = np.float64(g.particles.position)
        s_y = p[:, 1] / Ly
        s_x = (p[:, 0] - g.configuration.box[3] * Ly * s_y) / Lx
        check(np.all(np.abs(s_x) <= 0.5 + 1e-6) and np.all(np.abs(s_y) <= 0.5 + 1e-6), "shear: inside the box")
    bad = scene(2, 100, {"output": {"gsd": True, "directory": os.path.join(tmp, "bad")}},
                shear={"rate": 0.5, "flow": 1, "gradient": 0})
    bad["stop"] = {"time": 1}
    p = run(["run", write_scene(tmp, "bad.json", bad), "-q"], expect=2)
    check("triclinic box cannot hold" in p.stderr, f"shear along a higher axis: {p.stderr.strip()}")

    # files gsd wrote run in ricochet: 3D, 2D (HOOMD's 2D box has Lz = 0), and a tilted box
    from_gsd(tmp, "hoomd3", gsd_frame(3, [8, 8, 8, 0, 0, 0]), {})
    from_gsd(tmp, "hoomd2", gsd_frame(2, [10, 10, 0, 0, 0, 0], n=100), {})
    tilted = gsd_frame(2, [10, 10, 0, 0.25, 0, 0], n=100)
    first = from_gsd(tmp, "hoomd_tilted", tilted, {"box": {"periodic": True,
                                                           "shear": {"rate": 0.1, "flow": 0, "gradient": 1}}})
    check(first["cell"][1, 0] == np.float32(0.25) * np.float32(10), f"tilted: tilt {first['cell'][1, 0]}")

    # a run resumed from its checkpoint continues the GSD file: the same frames as a run in one go
    whole, part = os.path.join(tmp, "whole"), os.path.join(tmp, "part")
    s = scene(3, 108, {"output": {"every": 0.05, "gsd": True, "directory": whole}})
    s["stop"] = {"time": 0.3}
    run(["run", write_scene(tmp, "whole.json", s), "-q"])
    s["stop"] = {"time": 0.15}
    s["output"].update({"directory": part, "checkpoint_every": 0.15})
    run(["run", write_scene(tmp, "part.json", s), "-q"])
    run(["run", "--resume", os.path.join(part, "checkpoint.rcp"), "--time", "0.3", "-q"])
    with gsd.hoomd.open(os.path.join(whole, "trajectory.gsd"), "rb") as a, \
            gsd.hoomd.open(os.path.join(part, "trajectory.gsd"), "rb") as b:
        check(len(a) == len(b), f"resume: {len(b)} frames, {len(a)} in one go")
        check(all(np.array_equal(x.particles.position, y.particles.position) for x, y in zip(a, b)),
              "resume: the same positions")

if failures:
    sys.exit(f"{len(failures)} checks failed")
print("gsd files: all checks passed")
