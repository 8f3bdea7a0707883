# SPDX-License-Identifier: MIT
"""The discretised Lennard-Jones fluid against a published reference: Johnson, Zollweg and Gubbins's equation of
state (Mol. Phys. 78, 591, 1993; tests/jzg_eos.py), made into the potential cut, not shifted, at 2.5 sigma by taking
away the tail beyond the cut (g = 1 there) and adding the impulse of the jump at the cut, at the supercritical state
kT = 2 epsilon, rho sigma^3 = 0.5: P = 1.2108, U/N = -2.8772. (The Metropolis Monte Carlo run of the cut potential
recorded in docs/edmd.md gives 1.2203 +- 0.0088 and -2.8769 +- 0.0039 there: the reference is taken as good to
0.01 in P and 0.005 in U/N, the larger of that gap and its error.)

256 particles with a hard core at 0.8 sigma (21 kT), thermostatted (Andersen, rate 2), 10 time units of
equilibration and 100 of production, with 20 and with 40 equal-width steps (interactions[].discretise). Errors from
10 blocks of the observables' rows. Checks:
- 40 steps agree with the reference, in U/N and in P, within 3 combined errors plus the discretisation error left at
  40 steps (from 20 steps on the gap falls as 1 / steps^2, so what is left is a third of the change from 20 to 40);
- the energy's gap shrinks from 20 to 40 steps (at 20 steps it is 4 errors wide: the steps are seen converging);
- the runs' mean kinetic temperature is the thermostat's within 3 errors.
The convergence from 10 steps on is recorded in docs/edmd.md. Takes about three minutes of one core, 12 on a loaded
machine (ctest label long).

usage: lennard_jones_reference.py RICOCHET"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

import jzg_eos

RICOCHET = sys.argv[1]
N, RHO, T, CORE, CUT = 256, 0.5, 2.0, 0.8, 2.5
EQUILIBRATION, STOP, BLOCKS = 10.0, 110.0, 10
REFERENCE_ERROR = {"pressure": 0.01, "energy": 0.005}


def run(folder, steps):
    scene = {"dimension": 3, "seed": 5,
             "particles": {"lattice": "random", "count": N, "packing_fraction": math.pi / 6 * RHO * CORE ** 3,
                           "diameter": CORE, "mass": 1},
             "temperature": T, "thermostat": {"temperature": T, "rate": 2.0},
             "interactions": [{"species": [0, 0], "discretise": {"potential": "lennard_jones", "epsilon": 1.0,
                                                                 "sigma": 1.0, "cutoff": CUT, "steps": steps}}],
             "equilibration": {"time": EQUILIBRATION}, "stop": {"time": STOP}, "output": {"every": 0.25}}
    path = os.path.join(folder, f"lj{steps}.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    out = os.path.join(folder, f"lj{steps}")
    subprocess.run([RICOCHET, "run", path, "--out", out, "--quiet", "--no-xyz"], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(out, "observables.csv")) as f:
        rows = [r for r in csv.DictReader(f) if float(r["time"]) >= EQUILIBRATION]
    result = {}
    for key, column, scale in (("energy", "potential_energy", 1 / N), ("pressure", "pressure", 1),
                               ("temperature", "temperature", 1)):
        x = [float(r[column]) * scale for r in rows]
        size = len(x) // BLOCKS
        blocks = [sum(x[k * size:(k + 1) * size]) / size for k in range(BLOCKS)]
        mean = sum(blocks) / BLOCKS
        result[key] = (sum(x) / len(x), math.sqrt(sum((b - mean) ** 2 for b in blocks) / (BLOCKS - 1) / BLOCKS))
    return result


def main():
    pressure, energy = jzg_eos.cut(RHO, T, CUT)
    reference = {"pressure": pressure, "energy": energy}
    with tempfile.TemporaryDirectory() as folder:
        coarse, fine = run(folder, 20), run(folder, 40)
    failed = 0
    for key in ("energy", "pressure"):
        left = abs(coarse[key][0] - fine[key][0]) / 3
        allowed = 3 * math.sqrt(fine[key][1] ** 2 + REFERENCE_ERROR[key] ** 2) + left
        gap = fine[key][0] - reference[key]
        ok = abs(gap) < allowed
        failed += not ok
        print(f"{'ok    ' if ok else 'FAILED'} {key} at rho {RHO}, kT {T}: reference {reference[key]:.4f}; 20 steps "
              f"{coarse[key][0]:.4f} +- {coarse[key][1]:.4f} (gap {coarse[key][0] - reference[key]:+.4f}), 40 steps "
              f"{fine[key][0]:.4f} +- {fine[key][1]:.4f} (gap {gap:+.4f}, allowed {allowed:.4f})")
    shrinks = abs(fine["energy"][0] - energy) < abs(coarse["energy"][0] - energy)
    failed += not shrinks
    print(f"{'ok    ' if shrinks else 'FAILED'} the energy's gap shrinks from 20 to 40 steps")
    for name, r in (("20", coarse), ("40", fine)):
        t, e = r["temperature"]
        ok = abs(t - T) < 3 * e
        failed += not ok
        print(f"{'ok    ' if ok else 'FAILED'} {name} steps: mean kinetic temperature {t:.4f} +- {e:.4f} "
              f"(thermostat {T})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
