# SPDX-License-Identifier: MIT
"""A freely cooling granular gas with a constant restitution against one with the viscoelastic law (docs/edmd.md,
"Restitution that depends on impact speed"): 1,372 spheres at packing fraction 0.05, kT = 1 at t = 0, e = 0.9
against {"viscoelastic": {"delta": 0.3}}. Haff's law gives T ~ t^-2 at late times; for viscoelastic grains
1 - e ~ v^(1/5) ~ T^(1/10), so dT/dt ~ -T^(8/5) and T ~ t^(-5/3) (Brilliantov and Poeschel). The script fits the
slope of ln T against ln t over t in [1e4, 1e6] for both, prints them and plots T(t) on log axes.
Usage: /usr/bin/python3 experiments/fig_viscoelastic_cooling.py [--ricochet build/ricochet] [--out DIR] (writes
DIR/viscoelastic_cooling.png and prints the two slopes)."""
import csv
import math
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, run_scene

LAWS = {"constant e = 0.9": 0.9, "viscoelastic, delta = 0.3": {"viscoelastic": {"delta": 0.3}}}


def cool(ricochet, out, name, restitution):
    scene = {"dimension": 3, "box": {"periodic": True},
             "particles": {"lattice": "fcc", "count": 1372, "packing_fraction": 0.05, "diameter": 1, "mass": 1},
             "temperature": 1.0, "seed": 3, "restitution": restitution,
             "stop": {"time": 1e6}, "output": {"directory": "out", "every": 200.0, "xyz": False}}
    directory = os.path.join(out, "viscoelastic_cooling", name.split(",")[0].replace(" ", "_"))
    run_scene(ricochet, scene, directory)
    with open(os.path.join(directory, "observables.csv")) as handle:
        rows = [(float(r["time"]), float(r["temperature"])) for r in csv.DictReader(handle)]
    return [(t, T) for t, T in rows if t > 0 and T > 0]


def slope(rows, low, high):
    points = [(math.log(t), math.log(T)) for t, T in rows if low <= t <= high]
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)


def main():
    args = arguments(__doc__)
    plt.figure(figsize=(6, 4.5))
    for name, restitution in LAWS.items():
        rows = cool(args.ricochet, args.out, name, restitution)
        fitted = slope(rows, 1e4, 1e6)
        print(f"{name}: d ln T / d ln t = {fitted:.3f} over t in [1e4, 1e6]")
        plt.loglog([t for t, _ in rows], [T for _, T in rows], label=f"{name} (slope {fitted:.2f})")
    plt.xlabel("t")
    plt.ylabel("kT")
    plt.title("free cooling: Haff (-2) against viscoelastic (-5/3)")
    plt.legend()
    plt.tight_layout()
    plt.savefig(os.path.join(args.out, "viscoelastic_cooling.png"), dpi=100)


if __name__ == "__main__":
    main()
