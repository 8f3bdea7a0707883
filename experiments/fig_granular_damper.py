# SPDX-License-Identifier: MIT
"""A granular damper (examples/edmd/granular_damper.json; docs/edmd.md, "A granular damper"): 150 inelastic spheres
in a closed box whose floor and lid are shaken together as A sin(omega t - pi/2), omega = 10, g = 1, for amplitudes A = 0.025 to 0.4 (Gamma = A omega^2/g
from 2.5 to 40). For each it runs 100 cycles with `ricochet run` and takes, over the second half, the energy the
inelastic collisions dissipate per cycle and the work the plate does per cycle (equal in the steady state), and
prints the table of docs/edmd.md. The picture: left, dissipated energy against time for each amplitude; right, the
energy per cycle against the amplitude, with 2 pi M g A (the work of lifting the bed's mass M by A against gravity,
once up and once down per cycle) for scale.
Usage: /usr/bin/python3 experiments/fig_granular_damper.py [--ricochet build/ricochet] [--out DIR] (writes
DIR/granular_damper.png; scripts/readme-images.sh copies it to docs/img/)."""
import copy
import csv
import json
import math
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))
AMPLITUDES = (0.025, 0.05, 0.1, 0.2, 0.4)
CYCLES = 100


def main():
    args = arguments(__doc__)
    with open(os.path.join(HERE, "..", "examples", "edmd", "granular_damper.json")) as handle:
        base = json.load(handle)
    wall = base["walls"][0]["oscillation"]
    height = base["walls"][1]["point"][2] - base["walls"][0]["point"][2]  # the closed box's inner height
    omega, gravity = wall["angular_frequency"], -base["gravity"][2]
    period = 2 * math.pi / omega
    mass = base["particles"]["count"] * base["particles"].get("mass", 1)
    rows, series = [], []
    for amplitude in AMPLITUDES:
        scene = copy.deepcopy(base)
        scene["walls"][0]["point"][2] = amplitude  # the floor's lowest point on the box floor
        scene["walls"][1]["point"][2] = amplitude + height  # the lid, moving with the floor
        scene["walls"][0]["oscillation"]["amplitude"] = amplitude
        scene["stop"] = {"time": CYCLES * period}
        scene["output"] = {"every": period}
        scene.pop("comment", None)
        directory = os.path.join(args.out, f"granular_damper_{amplitude}")
        run_scene(args.ricochet, scene, directory)
        with open(os.path.join(directory, "observables.csv")) as handle:
            table = list(csv.DictReader(handle))
        first, last = table[len(table) // 2], table[-1]
        cycles = (float(last["time"]) - float(first["time"])) / period
        dissipated = (float(last["dissipated_energy"]) - float(first["dissipated_energy"])) / cycles
        work = (float(last["wall_work"]) - float(first["wall_work"])) / cycles
        scale = 2 * math.pi * mass * gravity * amplitude
        rows.append((amplitude, amplitude * omega ** 2 / gravity, dissipated, work, dissipated / scale))
        series.append(([float(r["time"]) / period for r in table], [float(r["dissipated_energy"]) for r in table]))
    print("| A | Γ = Aω²/g | dissipated per cycle | plate's work per cycle | dissipated / (2π M g A) |")
    print("|---|---|---|---|---|")
    for amplitude, gamma, dissipated, work, ratio in rows:
        print(f"| {amplitude} | {gamma:g} | {dissipated:.1f} | {work:.1f} | {ratio:.3f} |")

    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for amplitude, (cycles, dissipated) in zip(AMPLITUDES, series):
        axes[0].plot(cycles, dissipated, label=f"A = {amplitude}")
    axes[0].set_xlabel("cycles")
    axes[0].set_ylabel("dissipated energy")
    axes[0].legend()
    axes[1].loglog([r[0] for r in rows], [r[2] for r in rows], "o", label="ricochet: dissipated per cycle")
    axes[1].loglog([r[0] for r in rows], [2 * math.pi * mass * gravity * r[0] for r in rows], "--", color="black",
                   label="2π M g A")
    axes[1].set_xlabel("amplitude A")
    axes[1].set_ylabel("energy per cycle")
    axes[1].legend()
    figure.suptitle(f"granular damper: {base['particles']['count']} spheres in a closed box (floor and lid moving together), "
                    f"e = {base['restitution']}, "
                    f"ω = {omega:g}, g = {gravity:g}")
    figure.tight_layout()
    figure.savefig(os.path.join(args.out, "granular_damper.png"), dpi=90)


if __name__ == "__main__":
    main()
