# SPDX-License-Identifier: MIT
"""Rough particles through `ricochet run` (docs/edmd.md, "Rough spheres and disks"; docs/formats.md).

Oracles:
- The spins are state in every file: the last frame's angular_velocity column of trajectory.xyz equals the last
  sample of particles/all/angular_velocity in trajectory.h5md (2D: 0 0 w_z, 3D: vectors), and the rough observables
  (translational_temperature, rotational_temperature, temperature_ratio, rotational_energy) are columns of
  observables.csv, series of the H5MD file and keys of the summary, with rotational_energy equal to sum I w^2 / 2 of
  the frame's spins.
- A smooth run has none of them (no column, no series, no key).
- Fixed particles (pins under falling rough disks) end where they started, bit for bit, at rest.
- A run resumed from its checkpoint at t = 2 ends bit-identical, spins included, to the run that went on to t = 4,
  with a rough wall, a thermostat and Walton's model (the Coulomb bound) in play.
Usage: /usr/bin/python3 tests/cli/rough_run.py PATH/TO/ricochet"""
import csv
import json
import os
import subprocess
import sys
import tempfile

import h5py

TOOL = sys.argv[1]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def run(directory, scene, *options):
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "scene.json")
    with open(path, "w") as handle:
        json.dump(scene, handle)
    done = subprocess.run([TOOL, "run", path, "--quiet", "--out", directory, *options], capture_output=True, text=True)
    check(done.returncode == 0, "%s: exit %d: %s" % (directory, done.returncode, done.stderr))
    return json.loads(done.stdout) if done.returncode == 0 else {}


def last_xyz(path):
    """(header, rows) of the last frame."""
    with open(path) as handle:
        lines = handle.read().splitlines()
    at, frame = 0, None
    while at < len(lines):
        n = int(lines[at])
        frame = (lines[at + 1], [line.split() for line in lines[at + 2:at + 2 + n]])
        at += n + 2
    return frame


def spins_of(header, rows):
    properties = header.split("Properties=")[1].split()[0].split(":")
    column = 0
    for name, _, width in zip(properties[0::3], properties[1::3], properties[2::3]):
        if name == "angular_velocity":
            return [[float(x) for x in row[column:column + 3]] for row in rows]
        column += int(width)
    return None


def files(dimension, tangential):
    scene = {"dimension": dimension, "box": {"periodic": True}, "temperature": 1, "seed": 3,
             "particles": {"lattice": "hexagonal" if dimension == 2 else "fcc", "count": 108 if dimension == 3 else 64,
                           "packing_fraction": 0.3, "diameter": 1, "inertia": 0.3},
             "restitution": 0.95, "stop": {"collisions": 2000}, "output": {"every": 0.5, "h5md": True}}
    if tangential is not None:
        scene["tangential_restitution"] = tangential
    with tempfile.TemporaryDirectory() as directory:
        summary = run(directory, scene)
        header, rows = last_xyz(os.path.join(directory, "trajectory.xyz"))
        spins = spins_of(header, rows)
        with open(os.path.join(directory, "observables.csv")) as handle:
            columns = next(csv.reader(handle))
        with h5py.File(os.path.join(directory, "trajectory.h5md"), "r") as h5:
            series = h5["particles/all"].get("angular_velocity")
            stored = series["value"][-1].tolist() if series is not None else None
            observables = list(h5["observables"].keys())
    names = ("translational_temperature", "rotational_temperature", "temperature_ratio", "rotational_energy")
    what = "%dD tangential_restitution %s" % (dimension, tangential)
    if tangential is None:
        check(spins is None and stored is None, what + ": a smooth run wrote spins")
        check(not any(n in columns or n in observables or n in summary for n in names), what + ": rough observables")
        return
    check(spins is not None and stored == spins, what + ": the XYZ and H5MD spins differ")
    check(all(n in columns and n in observables and n in summary for n in names), what + ": rough observables missing")
    check(dimension == 3 or all(w[0] == 0 and w[1] == 0 for w in spins), what + ": 2D spins off the z axis")
    moment = 0.3 * 0.25  # q m a^2
    rotational = sum(0.5 * moment * (w[0] ** 2 + w[1] ** 2 + w[2] ** 2) for w in spins)
    check(abs(rotational / summary.get("rotational_energy", 0) - 1) < 1e-12, what + ": rotational energy %r vs %r"
          % (rotational, summary.get("rotational_energy")))


def resume():
    scene = {"dimension": 3, "box": {"periodic": [True, True, False], "tangential_restitution": 0.2},
             "temperature": 1, "seed": 4, "gravity": [0, 0, -0.5],
             "particles": {"lattice": "fcc", "count": 256, "packing_fraction": 0.3, "diameter": 1},
             "restitution": 0.8, "coulomb": {"friction": 0.3, "tangential_restitution": 0.6},
             "thermostat": {"temperature": 1, "rate": 0.2}, "stop": {"time": 4}, "output": {"every": 0.5}}
    with tempfile.TemporaryDirectory() as directory:
        whole = run(os.path.join(directory, "a"), scene, "--checkpoint-every", "1")
        run(os.path.join(directory, "b"), scene, "--checkpoint-every", "1", "--time", "2")
        done = subprocess.run([TOOL, "run", "--resume", os.path.join(directory, "b", "checkpoint.rcp"), "--quiet",
                               "--time", "4", "--out", os.path.join(directory, "c")], capture_output=True, text=True)
        check(done.returncode == 0, "resume: exit %d: %s" % (done.returncode, done.stderr))
        resumed = json.loads(done.stdout) if done.returncode == 0 else {}
        for key in ("time", "collisions", "events", "energy", "rotational_energy", "dissipated_energy"):
            check(whole.get(key) == resumed.get(key), "resume: %s %r vs %r" % (key, whole.get(key), resumed.get(key)))
        a = last_xyz(os.path.join(directory, "a", "trajectory.xyz"))
        c = last_xyz(os.path.join(directory, "c", "trajectory.xyz"))
        check(a == c, "resume: the last frames differ")
        check(whole.get("rotational_energy", 0) > 0, "resume: nothing spins")


def obstacles():
    """Fixed particles through the scene reader (which releases its particle arrays once the engine has them): pins
    under falling rough disks keep their places, bit for bit, and their velocities stay zero."""
    pins = [{"position": [2.0 + 1.5 * i, 3.0], "radius": 0.4, "fixed": True, "species": 1} for i in range(5)]
    disks = [{"position": [2.5 + 1.1 * i, 6.0 + 0.3 * (i % 2)], "radius": 0.3} for i in range(6)]
    scene = {"dimension": 2, "box": {"size": [10, 12], "periodic": [True, False]}, "gravity": [0, -1],
             "restitution": 0.8, "tangential_restitution": 0.4, "stop": {"time": 8}, "output": {"every": 1},
             "particles": pins + disks}
    with tempfile.TemporaryDirectory() as directory:
        summary = run(directory, scene)
        header, rows = last_xyz(os.path.join(directory, "trajectory.xyz"))
    for i, pin in enumerate(pins):
        x, y, vx, vy = (float(v) for v in rows[i][1:3] + rows[i][4:6])
        check([x, y] == pin["position"] and vx == 0 and vy == 0, "obstacles: pin %d at %r moving %r" % (i, [x, y],
                                                                                                     [vx, vy]))
    check(summary.get("wall_collisions", 0) > 0, "obstacles: nothing hit a pin or the floor")


obstacles()
for dimension in (2, 3):
    files(dimension, 0.5)
    files(dimension, None)
resume()
for failure in failures:
    print("FAILED:", failure)
print("rough runs: %d failed" % len(failures))
sys.exit(1 if failures else 0)
