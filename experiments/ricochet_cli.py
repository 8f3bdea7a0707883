# SPDX-License-Identifier: MIT
"""Shared helpers for the experiments: run `ricochet resolve` on a problem given as a Python dict and read its
JSON answer, plus the command-line arguments every experiment takes (--ricochet, --out)."""
import argparse
import json
import os
import subprocess
import tempfile


def arguments(description, options=()):
    """Parses --ricochet and --out, plus an experiment's own options: (flags, argparse keywords) pairs."""
    parser = argparse.ArgumentParser(description=description)
    for flags, keywords in options:
        parser.add_argument(*flags, **keywords)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--ricochet", default=os.path.join(here, "..", "build", "ricochet"),
                        help="path to the ricochet tool (default: build/ricochet)")
    parser.add_argument("--out", default=os.path.join(here, "..", "out", "experiments"),
                        help="directory for the PNG plots (default: out/experiments)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    return args


def resolve(ricochet, problem, *options):
    """Resolves one problem; returns the parsed JSON answer. Exit 3 (budget ran out) is an answer too."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(problem, handle)
        path = handle.name
    try:
        done = subprocess.run([ricochet, "resolve", path, *map(str, options)], capture_output=True, text=True)
    finally:
        os.unlink(path)
    if done.returncode not in (0, 3):
        raise RuntimeError(f"ricochet resolve failed ({done.returncode}): {done.stderr.strip()}")
    return json.loads(done.stdout)


def run_scene(ricochet, scene, directory):
    """Runs `ricochet run` on a scene given as a dict, writing into directory; returns (exit code, summary dict).
    Exit 3 (an impact or the clock did not get on) comes with a summary too."""
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "scene.json")
    with open(path, "w") as handle:
        json.dump(scene, handle)
    done = subprocess.run([ricochet, "run", path, "--out", directory, "--quiet"], capture_output=True, text=True)
    if done.returncode not in (0, 3):
        raise RuntimeError(f"ricochet run failed ({done.returncode}): {done.stderr.strip()}")
    return done.returncode, json.loads(done.stdout)


def read_xyz_cells(path):
    """The frames of an extended XYZ trajectory as (time, Lattice (9 numbers: the cell vectors one after another),
    [[x, y, z, vx, vy, vz, radius], ...]) triples."""
    frames = []
    with open(path) as handle:
        while True:
            line = handle.readline()
            if not line:
                return frames
            count = int(line)
            header = handle.readline()
            time = float(header.split("Time=")[1].split()[0])
            lattice = [float(x) for x in header.split('Lattice="')[1].split('"')[0].split()]
            rows = [[float(x) for x in handle.readline().split()[1:8]] for _ in range(count)]
            frames.append((time, lattice, rows))


def read_xyz(path):
    """The frames of an extended XYZ trajectory as (time, [[x, y, z, vx, vy, vz, radius], ...]) pairs."""
    return [(time, rows) for time, _, rows in read_xyz_cells(path)]


def plot_against_theory(curve, points, labels, paths):
    """A measured quantity against a theory's curve, with the residuals below, saved to each of paths.
    curve: (x, y, label) of the theory; points: (x, y, error, residual, label) of the measurements;
    labels: (x label, y label, residual label)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5.5), sharex=True, gridspec_kw={"height_ratios": [3, 1]})
    top.plot(curve[0], curve[1], color="0.5", label=curve[2])
    x, y, error, residual, label = points
    top.errorbar(x, y, yerr=error, fmt="o", color="C3", capsize=3, label=label)
    top.set_ylabel(labels[1])
    top.legend()
    bottom.axhline(0, color="0.5")
    bottom.errorbar(x, residual[0], yerr=residual[1], fmt="o", color="C3", capsize=3)
    bottom.set_xlabel(labels[0])
    bottom.set_ylabel(labels[2])
    figure.tight_layout()
    for path in paths:
        figure.savefig(path, dpi=110)


def run_sweep(ricochet, name, out, table):
    """Runs examples/sweep/NAME.json with the tool into OUT/NAME; returns that folder and the rows of its TABLE
    (sweep.csv or sweep_means.csv)."""
    import csv
    here = os.path.dirname(os.path.abspath(__file__))
    directory = os.path.join(out, name)
    sweep = os.path.join(here, "..", "examples", "sweep", name + ".json")
    subprocess.run([ricochet, "sweep", sweep, "--out", directory, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(directory, table)) as handle:
        return directory, list(csv.DictReader(handle))
