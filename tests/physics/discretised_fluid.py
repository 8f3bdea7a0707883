# SPDX-License-Identifier: MIT
"""A Lennard-Jones fluid made into 20 steps (interactions[].discretise), run by the event-driven engine at low
density, against the exact low-density limit of the same steps: the potential energy per particle is
(rho / 2) * sum_k e_k exp(-e_k / kT) V_k (the second virial level, V_k the volume of shell k), with corrections of
order rho^2 (about 1 % at rho = 0.026, T = 2). The steps are read back from summary.json ("interactions"), which
reports what the engine took. Also: the steps' mean-field integral equals the continuous potential's closed form.

Usage: /usr/bin/python3 tests/physics/discretised_fluid.py RICOCHET"""
import csv, json, math, os, subprocess, sys, tempfile

tool = sys.argv[1]
N, PHI, D, T = 2000, 0.01, 0.9, 2.0
scene = {"dimension": 3, "seed": 5,
         "particles": {"lattice": "random", "count": N, "packing_fraction": PHI, "diameter": D, "mass": 1},
         "temperature": T, "thermostat": {"temperature": T, "rate": 1.0},
         "interactions": [{"species": [0, 0], "discretise": {"potential": "lennard_jones", "epsilon": 1.0,
                                                             "sigma": 1.0, "cutoff": 2.5, "steps": 20}}],
         "equilibration": {"time": 5}, "stop": {"time": 60}, "output": {"every": 0.5}}
with tempfile.TemporaryDirectory() as tmp:
    scene["output"]["directory"] = os.path.join(tmp, "run")
    path = os.path.join(tmp, "lj.json")
    json.dump(scene, open(path, "w"))
    subprocess.run([tool, "run", path, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    summary = json.load(open(os.path.join(tmp, "run", "summary.json")))
    rows = list(csv.DictReader(open(os.path.join(tmp, "run", "observables.csv"))))

u = [float(r["potential_energy"]) / N for r in rows if float(r["time"]) >= 5]
mean = sum(u) / len(u)
# rows 0.5 apart are correlated over a few rows: the error from blocks of 10
blocks = [sum(u[k:k + 10]) / 10 for k in range(0, len(u) - 9, 10)]
error = (sum((b - mean) ** 2 for b in blocks) / (len(blocks) - 1) / len(blocks)) ** 0.5
rho = N / summary["box"][0] ** 3
steps = summary["interactions"][0]["steps"]
assert len(steps) == 20, steps
inner, virial, mean_field = D, 0.0, 0.0
for radius, energy in steps:
    outer = radius * D
    volume = 4 * math.pi / 3 * (outer ** 3 - inner ** 3)
    virial += energy * math.exp(-energy / T) * volume
    mean_field += energy * volume / (4 * math.pi)
    inner = outer
want = rho / 2 * virial
closed = 4 * ((D ** -9 - 2.5 ** -9) / 9 - (D ** -3 - 2.5 ** -3) / 3)
print(f"rho {rho:.5f}: U/N {mean:.5f} +- {error:.5f} (run), {want:.5f} (second virial level of the steps); "
      f"mean-field integral {mean_field:.12f}, closed form {closed:.12f}")
failures = 0
if abs(mean - want) > max(4 * error, 0.02 * abs(want)) + 0.01 * abs(want):
    print("FAILED: the run's potential energy is not the low-density limit of its steps"); failures += 1
if abs(mean_field - closed) > 1e-9 * abs(closed):
    print("FAILED: the steps do not keep the mean-field integral"); failures += 1
sys.exit(1 if failures else 0)
