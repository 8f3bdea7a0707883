# SPDX-License-Identifier: MIT
"""Compression to jamming (Lubachevsky-Stillinger; docs/edmd.md, "Compression"), from `ricochet run` on
examples/edmd/compression.json (400 spheres, rate 0.03) and the same scene at rate 0.003: the reduced pressure of each
window of collisions against the packing fraction, with the Carnahan-Starling equation of state (the equilibrium
fluid), and against the distance phi_J - phi to each run's jamming density, with the free-volume law
Z = 3 phi_J / (phi_J - phi). Writes compression.png (docs/img/compression.png is this plot)."""
import csv
import json
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))


def rows(path):
    with open(path) as handle:
        return [row for row in csv.DictReader(handle) if row["reduced_pressure"]]


def main():
    args = arguments(__doc__)
    with open(os.path.join(HERE, "..", "examples", "edmd", "compression.json")) as handle:
        base = json.load(handle)
    figure, (axis, near_axis) = plt.subplots(1, 2, figsize=(11, 4.6))
    for rate, color in ((0.03, "tab:blue"), (0.003, "tab:orange")):
        scene = json.loads(json.dumps(base))
        scene["compression"]["rate"] = rate
        scene["output"] = {"every_collisions": 400, "xyz": False}
        directory = os.path.join(args.out, f"compression_{rate}")
        code, summary = run_scene(args.ricochet, scene, directory)
        table = rows(os.path.join(directory, "observables.csv"))
        phi = [float(r["packing_fraction"]) for r in table]
        z = [float(r["reduced_pressure"]) for r in table]
        jam = summary["packing_fraction"]
        axis.plot(phi, z, ".", ms=2, color=color, label=f"rate {rate}: jammed at phi_J = {jam:.4f}")
        gap = [(jam - p, y) for p, y in zip(phi, z) if jam - p > 1e-13]
        near_axis.loglog([g for g, _ in gap], [y for _, y in gap], ".", ms=2, color=color, label=f"rate {rate}")
    grid = [0.3 + 0.0025 * k for k in range(100)]
    axis.plot(grid, [(1 + x + x * x - x ** 3) / (1 - x) ** 3 for x in grid], "k--", lw=0.8,
              label="Carnahan-Starling (fluid)")
    axis.set_yscale("log")
    axis.set_xlim(0.3, 0.66)
    axis.set_ylim(1, 1e13)
    axis.set_xlabel("packing fraction phi")
    axis.set_ylabel("reduced pressure Z = PV / NkT")
    axis.set_title("400 hard spheres compressed to jamming")
    axis.legend(fontsize=8, loc="upper left")
    span = [10 ** (-12 + 0.1 * k) for k in range(121)]
    near_axis.loglog(span, [3 * 0.64 / x for x in span], "k--", lw=0.8, label="3 phi_J / (phi_J - phi)")
    near_axis.set_xlabel("phi_J - phi")
    near_axis.set_ylabel("Z")
    near_axis.set_title("near jamming: the free-volume law")
    near_axis.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(os.path.join(args.out, "compression.png"), dpi=100)


if __name__ == "__main__":
    main()
