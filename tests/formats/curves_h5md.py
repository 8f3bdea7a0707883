# SPDX-License-Identifier: MIT
"""The curves of a run's measurements in its H5MD file (docs/formats.md, "trajectory.h5md", curves/NAME), run with
Debian's /usr/bin/python3 (h5py, numpy, MDAnalysis, ASE):
- every curve's CSV (msd, vacf, rdf, structure_factor, viscosity, thermal_conductivity) is curves/NAME with the
  same columns in the same order, each equal to the CSV's column bit for bit, with a unit attribute; nothing else is
  under curves, and a run without H5MD writes the same CSVs (and no H5MD file);
- MDAnalysis (its H5MD reader reads observables/NAME/value[frame] for every NAME) reads every frame of the file with
  the curves in it, the positions and box of h5py's; ASE reads the run's trajectory.xyz (it has no H5MD reader);
  ricochet's own reader (read_trajectory) reads the H5MD frames; ricochet.read_curves gives the same arrays from the
  run folder and from the file;
- a run killed (SIGKILL) after a checkpoint and resumed ends with the curves of the run never stopped, bit for bit,
  once; a run interrupted (SIGINT) wrote its part's curves into a finished trajectory.h5md, and its resume replaces
  them by the whole run's (equal to its CSVs) without an error or a second copy.
usage: /usr/bin/python3 tests/formats/curves_h5md.py PATH/TO/ricochet   (PYTHONPATH must reach python/, as ctest sets it)"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import warnings

import h5py
import numpy

warnings.simplefilter("ignore")
tool = sys.argv[1]
failures = []
CURVES = ["msd", "vacf", "rdf", "structure_factor", "viscosity", "thermal_conductivity"]
SCENE = {"dimension": 3, "box": {"periodic": True}, "seed": 7, "temperature": 1.0,
         "particles": {"lattice": "fcc", "count": 256, "packing_fraction": 0.25, "diameter": 1},
         "stop": {"time": 60}, "output": {"every": 0.5, "h5md": True},
         "measure": {"diffusion": True, "viscosity": True, "thermal_conductivity": True,
                     "rdf": {"bins": 100, "range": 2.5}, "structure_factor": True}}


def check(ok, what):
    print(("ok: " if ok else "FAILED: ") + what)
    if not ok:
        failures.append(what)


def csv(path):
    with open(path) as f:
        names = f.readline().strip().split(",")
    values = numpy.genfromtxt(path, delimiter=",", skip_header=1, ndmin=2)
    return {name: numpy.ascontiguousarray(values[:, c]) for c, name in enumerate(names)}


def h5md_path(folder):
    return os.path.join(folder, "trajectory.h5md")


def curves_match(folder, label):
    """The H5MD curves of a finished run folder equal its CSVs bit for bit, columns in order, each with a unit."""
    with h5py.File(h5md_path(folder), "r") as f:
        check(sorted(f["curves"]) == sorted(CURVES), "%s: curves holds %s" % (label, sorted(f["curves"])))
        for name in CURVES:
            table, group = csv(os.path.join(folder, name + ".csv")), f["curves"][name]
            same = list(group) == list(table) and all(
                group[c].dtype == numpy.float64 and group[c][()].tobytes() == table[c].tobytes() for c in table)
            units = all(group[c].attrs["unit"].decode() for c in group)
            check(same and units, "%s: curves/%s equals %s.csv bit for bit (%d rows, columns %s), units %s"
                  % (label, name, name, len(table[list(table)[0]]), list(group), [group[c].attrs["unit"].decode()
                                                                                  for c in group]))


def curves_of(folder):
    with h5py.File(h5md_path(folder), "r") as f:
        return {name: {c: f["curves"][name][c][()] for c in f["curves"][name]} for name in f["curves"]}


def run(args, folder):
    return subprocess.run([tool, "run"] + args + ["--out", folder, "--quiet"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)


def started_run(scene, folder, span):
    """The run of scene into folder, in the background, 30 % of span (the whole run's seconds) after its first
    checkpoint."""
    p = subprocess.Popen([tool, "run", scene, "--out", folder, "--checkpoint-every", "5", "--quiet"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while not os.path.exists(os.path.join(folder, "checkpoint.rcp")) and p.poll() is None:
        time.sleep(0.02)
    time.sleep(0.3 * span)
    return p


with tempfile.TemporaryDirectory() as tmp:
    scene = os.path.join(tmp, "scene.json")
    with open(scene, "w") as f:
        json.dump(SCENE, f)
    never = os.path.join(tmp, "never")
    started = time.time()
    r = run([scene, "--checkpoint-every", "5"], never)
    span = time.time() - started
    check(r.returncode == 0, "the run never stopped: exit %d %s" % (r.returncode, r.stderr.strip()))
    curves_match(never, "never stopped")

    # the readers of the file with its curves
    import MDAnalysis
    with h5py.File(h5md_path(never), "r") as f:
        positions, edges = f["particles/all/position/value"][()], f["particles/all/box/edges/value"][()]
    u = MDAnalysis.Universe(h5md_path(never), n_atoms=256, convert_units=False)
    frames = [(ts.positions.copy(), ts.dimensions.copy()) for ts in u.trajectory]
    check(len(frames) == len(positions) and all(
        numpy.allclose(p, q, rtol=1e-6, atol=1e-5) and numpy.allclose(d[:3], numpy.diag(e), rtol=1e-6)
        for (p, d), q, e in zip(frames, positions, edges)),
        "MDAnalysis reads the %d frames (of %d) of the file with curves, positions and box as h5py's"
        % (len(frames), len(positions)))
    import ase.io
    atoms = ase.io.read(os.path.join(never, "trajectory.xyz"), ":")
    check(len(atoms) == len(positions) and numpy.allclose(atoms[-1].positions, positions[-1], rtol=0, atol=1e-9),
          "ASE reads the run's %d XYZ frames (the last one's positions as the H5MD's)" % len(atoms))
    import ricochet
    ours = list(ricochet.read_trajectory(h5md_path(never)))
    check(len(ours) == len(positions) and numpy.array_equal(ours[-1].positions, positions[-1]),
          "read_trajectory reads the %d H5MD frames" % len(ours))
    from_folder, from_file = ricochet.read_curves(never), ricochet.read_curves(h5md_path(never))
    check(sorted(from_folder) == sorted(CURVES) and all(
        list(from_folder[n]) == list(from_file[n]) and
        all(numpy.array_equal(from_folder[n][c], from_file[n][c], equal_nan=True) for c in from_file[n])
        for n in CURVES), "read_curves: the run folder's CSVs and the H5MD file give the same arrays")

    # without H5MD: the CSVs alone
    plain = os.path.join(tmp, "plain")
    without = dict(SCENE, output={"every": 0.5}, stop={"time": 10})
    with open(os.path.join(tmp, "plain.json"), "w") as f:
        json.dump(without, f)
    r = run([os.path.join(tmp, "plain.json")], plain)
    check(r.returncode == 0 and not os.path.exists(h5md_path(plain)) and
          all(os.path.exists(os.path.join(plain, n + ".csv")) for n in CURVES),
          "a run without H5MD writes the CSVs and no H5MD file")

    # killed after a checkpoint and resumed: the curves of the run never stopped
    killed = os.path.join(tmp, "killed")
    p = started_run(scene, killed, span)
    p.kill()
    p.wait()
    if os.path.exists(os.path.join(killed, "summary.json")):
        check(False, "the run to kill ended before the kill (the machine ran it too fast)")
    else:
        r = subprocess.run([tool, "run", "--resume", os.path.join(killed, "checkpoint.rcp"), "--quiet"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        check(r.returncode == 0, "the killed run resumed: exit %d %s" % (r.returncode, r.stderr.strip()))
        curves_match(killed, "killed and resumed")
        a, b = curves_of(never), curves_of(killed)
        check(all(a[n].keys() == b[n].keys() and all(a[n][c].tobytes() == b[n][c].tobytes() for c in a[n])
                  for n in CURVES), "killed and resumed: the curves of the run never stopped, bit for bit")

    # interrupted (its finish writes the curves of its part), then resumed: the whole run's curves, once
    stopped = os.path.join(tmp, "interrupted")
    p = started_run(scene, stopped, span)
    p.send_signal(signal.SIGINT)
    code = p.wait()
    check(code == 130, "the interrupted run exits 130 (got %d)" % code)
    curves_match(stopped, "interrupted")
    part = len(csv(os.path.join(stopped, "msd.csv"))["time"])
    r = subprocess.run([tool, "run", "--resume", os.path.join(stopped, "checkpoint.rcp"), "--quiet"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    check(r.returncode == 0, "the interrupted run resumed: exit %d %s" % (r.returncode, r.stderr.strip()))
    curves_match(stopped, "interrupted and resumed")
    whole = len(csv(os.path.join(stopped, "msd.csv"))["time"])
    check(whole == len(csv(os.path.join(never, "msd.csv"))["time"]) and whole > part,
          "interrupted and resumed: the MSD has the whole run's %d lags (the part had %d)" % (whole, part))

print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
