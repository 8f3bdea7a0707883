# SPDX-License-Identifier: MIT
"""The freely cooling rough granular gas of examples/edmd/rough_cooling.json (docs/edmd.md, "Rough spheres and disks"),
drawn from `ricochet run`: left, the translational and rotational temperatures against the collisions per particle
(both cool by Haff's law once their ratio has settled); right, their ratio against the homogeneous cooling state's
value from kinetic theory (Huthmann and Zippelius 1997; Luding et al. 1998) for the scene's e, beta and q.
Usage: /usr/bin/python3 experiments/fig_rough_cooling.py [--ricochet build/ricochet] [--out DIR] (writes
DIR/rough_cooling.png; scripts/readme-images.sh copies it to docs/img/)."""
import csv
import json
import math
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))


def cooling_ratio(e, beta, q):
    """T_rot / T_tr of the homogeneous cooling state (docs/edmd.md): the root of B r^2 + (C - A) r - B = 0."""
    eta = q * (1 + beta) / (2 * (1 + q))
    a = (1 - e * e) / 4 + eta * (1 - eta)
    b = eta * eta / q
    c = eta / q * (1 - eta / q)
    return (a - c + math.sqrt((a - c) ** 2 + 4 * b * b)) / (2 * b)


def main():
    args = arguments(__doc__)
    with open(os.path.join(HERE, "..", "examples", "edmd", "rough_cooling.json")) as handle:
        scene = json.load(handle)
    directory = os.path.join(args.out, "rough_cooling")
    run_scene(args.ricochet, scene, directory)
    with open(os.path.join(directory, "observables.csv")) as handle:
        rows = list(csv.DictReader(handle))
    count = scene["particles"]["count"]
    per = [2 * float(r["collisions"]) / count for r in rows]
    translational = [float(r["translational_temperature"]) for r in rows]
    rotational = [float(r["rotational_temperature"]) for r in rows]
    ratio = [float(r["temperature_ratio"]) for r in rows]
    theory = cooling_ratio(scene["restitution"], scene["tangential_restitution"],
                           scene["particles"]["species"][0]["inertia"])

    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    axes[0].semilogy(per, translational, label="translational")
    axes[0].semilogy(per[1:], rotational[1:], label="rotational")
    axes[0].set_xlabel("collisions per particle")
    axes[0].set_ylabel("temperature")
    axes[0].legend()
    axes[1].plot(per, ratio, ".", label="ricochet")
    axes[1].axhline(theory, color="black", linestyle="--", label=f"kinetic theory {theory:.3f}")
    axes[1].set_xlabel("collisions per particle")
    axes[1].set_ylabel("T_rot / T_tr")
    axes[1].set_ylim(0, 1)
    axes[1].legend(loc="lower right")
    figure.suptitle(f"rough spheres: e = {scene['restitution']}, beta = {scene['tangential_restitution']}, "
                    f"q = {scene['particles']['species'][0]['inertia']}, packing fraction "
                    f"{scene['particles']['packing_fraction']}, N = {count}")
    figure.tight_layout()
    figure.savefig(os.path.join(args.out, "rough_cooling.png"), dpi=90)


if __name__ == "__main__":
    main()
