# SPDX-License-Identifier: MIT
"""The sheared granular gas of examples/edmd/sheared_granular.json (Lees-Edwards boundaries; docs/edmd.md,
"Shear"), drawn from `ricochet run`: left, the last frame, every disk coloured by its flow velocity, with the tilted
periodic cell the frame records (Lattice= in trajectory.xyz); middle, the mean flow velocity in slabs across the
gradient over the steady frames against the imposed profile rate (y - L/2); right, the granular temperature (of the
peculiar velocities) and the rates of viscous heating and collisional dissipation, which meet in the steady state.
Usage: /usr/bin/python3 experiments/fig_sheared_granular.py [--ricochet build/ricochet] [--out DIR] (writes
DIR/sheared_granular.png; scripts/readme-images.sh copies it to docs/img/)."""
import csv
import json
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, Polygon

from ricochet_cli import arguments, read_xyz_cells, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    args = arguments(__doc__)
    with open(os.path.join(HERE, "..", "examples", "edmd", "sheared_granular.json")) as handle:
        scene = json.load(handle)
    directory = os.path.join(args.out, "sheared_granular")
    code, summary = run_scene(args.ricochet, scene, directory)
    frames = read_xyz_cells(os.path.join(directory, "trajectory.xyz"))
    rate = scene["box"]["shear"]["rate"]
    time, lattice, rows = frames[-1]
    width, height, tilt = lattice[0], lattice[4], lattice[3]

    figure, axes = plt.subplots(1, 3, figsize=(15, 4.8), gridspec_kw={"width_ratios": [1.1, 1, 1]})
    disks = PatchCollection([Circle((r[0], r[1]), r[6]) for r in rows], cmap="coolwarm")
    disks.set_array([r[3] for r in rows])
    disks.set_clim(-rate * height / 2, rate * height / 2)
    axes[0].add_collection(disks)
    axes[0].add_patch(Polygon([(0, 0), (width, 0), (width + tilt, height), (tilt, height)], fill=False,
                              linestyle="--", edgecolor="k"))
    axes[0].set_xlim(-1, width + tilt + 1)
    axes[0].set_ylim(-1, height + 1)
    axes[0].set_aspect("equal")
    axes[0].set_title(f"t = {time:g}: flow velocity (dashed: the tilted cell)")
    figure.colorbar(disks, ax=axes[0], shrink=0.8, label="v_x")

    slabs = 12
    sums, counts = [0.0] * slabs, [0] * slabs
    for t, _, frame in frames:
        if t < 0.5 * time:
            continue
        for r in frame:
            slab = min(int(r[1] / height * slabs), slabs - 1)
            sums[slab] += r[3]
            counts[slab] += 1
    centres = [(k + 0.5) * height / slabs for k in range(slabs)]
    axes[1].plot([0, height], [-rate * height / 2, rate * height / 2], "k-", label=f"rate (y - L/2), rate {rate:g}")
    axes[1].plot(centres, [s / c for s, c in zip(sums, counts)], "o", label=f"mean v_x, t >= {0.5 * time:g}")
    axes[1].set_xlabel("y (gradient)")
    axes[1].set_ylabel("mean v_x (flow)")
    axes[1].legend()
    axes[1].set_title("the streaming profile")

    with open(os.path.join(directory, "observables.csv")) as handle:
        table = list(csv.DictReader(handle))
    times = [float(r["time"]) for r in table]
    axes[2].plot(times, [float(r["temperature"]) for r in table], "k-", label="granular temperature")
    heat = [(float(b["shear_work"]) - float(a["shear_work"])) / (float(b["time"]) - float(a["time"])) / len(rows)
            for a, b in zip(table, table[1:])]
    lost = [(float(b["dissipated_energy"]) - float(a["dissipated_energy"])) / (float(b["time"]) - float(a["time"]))
            / len(rows) for a, b in zip(table, table[1:])]
    axes[2].plot(times[1:], heat, label="viscous heating rate / N")
    axes[2].plot(times[1:], lost, label="dissipation rate / N")
    axes[2].set_xlabel("time")
    axes[2].legend()
    axes[2].set_title(f"shear viscosity {summary['shear_viscosity']:.3f}, energy drift {summary['energy_drift']:.0e}")
    figure.suptitle("A sheared granular gas: 2000 disks, packing fraction 0.3, e = 0.9, Lees-Edwards boundaries")
    figure.tight_layout()
    path = os.path.join(args.out, "sheared_granular.png")
    figure.savefig(path, dpi=90)
    print(f"wrote {path} (exit {code})")


if __name__ == "__main__":
    main()
