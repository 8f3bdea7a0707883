# SPDX-License-Identifier: MIT
"""A dense supercritical Lennard-Jones fluid made into 40 steps (interactions[].discretise) against the continuous
potential: 256 particles at kT = 2 epsilon and rho sigma^3 = 0.3, the potential cut (not shifted) at 2.5 sigma, a
hard core at 0.8 sigma (u = 43 epsilon = 21 kT there), thermostatted, 20 time units after 5 of equilibration. The
potential energy per particle must equal the Metropolis Monte Carlo value of the continuous cut potential in the same
box, U/N = -1.7554 +- 0.0046 (experiments/fig_lennard_jones_steps.py, 3,000 sweeps), within 3 combined standard
errors (10 blocks of the observables' rows) plus the discretisation error left at 40 steps, 0.007: the steps
converge as 1 / steps^2, so that error is a third of the change from 20 to 40 steps (0.022 at this state point,
docs/edmd.md, "Continuous potentials as steps"). The pressure is not checked here: docs/edmd.md records it 1 to 6 %
below the Monte Carlo value with 20 and 40 steps, with the runs' mean kinetic temperature 2 % low.

Usage: /usr/bin/python3 tests/physics/lennard_jones_steps.py RICOCHET"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

tool = sys.argv[1]
N, RHO, CORE, T = 256, 0.3, 0.8, 2.0
REFERENCE, REFERENCE_ERROR, DISCRETISATION = -1.7554, 0.0046, 0.007
scene = {"dimension": 3, "seed": 5,
         "particles": {"lattice": "random", "count": N, "packing_fraction": math.pi / 6 * RHO * CORE ** 3,
                       "diameter": CORE, "mass": 1},
         "temperature": T, "thermostat": {"temperature": T, "rate": 1.0},
         "interactions": [{"species": [0, 0], "discretise": {"potential": "lennard_jones", "epsilon": 1.0,
                                                             "sigma": 1.0, "cutoff": 2.5, "steps": 40}}],
         "equilibration": {"time": 5}, "stop": {"time": 25}, "output": {"every": 0.25}}
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "lj.json")
    json.dump(scene, open(path, "w"))
    subprocess.run([tool, "run", path, "--out", os.path.join(tmp, "run"), "--quiet", "--no-xyz"], check=True,
                   stdout=subprocess.DEVNULL)
    summary = json.load(open(os.path.join(tmp, "run", "summary.json")))
    rows = [r for r in csv.DictReader(open(os.path.join(tmp, "run", "observables.csv"))) if float(r["time"]) >= 5]

u = [float(r["potential_energy"]) / N for r in rows]
size = len(u) // 10
blocks = [sum(u[k * size:(k + 1) * size]) / size for k in range(10)]
mean = sum(u) / len(u)
error = (sum((b - sum(blocks) / 10) ** 2 for b in blocks) / 9 / 10) ** 0.5
steps = summary["interactions"][0]["steps"]
allowed = 3 * math.hypot(error, REFERENCE_ERROR) + DISCRETISATION
ok = len(steps) == 40 and abs(mean - REFERENCE) < allowed
print("%s  40 steps at rho = %g, kT = %g: U/N = %.4f +- %.4f, continuous (Monte Carlo) %.4f +- %.4f, allowed %.4f; "
      "the summary reports %d steps" % ("ok    " if ok else "FAILED", RHO, T, mean, error, REFERENCE, REFERENCE_ERROR,
                                        allowed, len(steps)))
sys.exit(0 if ok else 1)
