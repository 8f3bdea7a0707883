# SPDX-License-Identifier: MIT
"""What `settle_sweeps` trades (docs/rigid.md, "The step" and "Limits and costs"): the hopper example
(examples/rigid/hopper.json, 5,000 balls draining through a funnel, restitution 0, no friction) run to its end at
settle sweeps S = 1 to 50 (50 is the default), each run's CPU seconds (the child process's user + system time)
against its deepest overlap at the start of any step (`max_penetration`) and the energy balance it misses
(`energy_drift`), beside the contact margin (1e-3 of a radius 0.5) and Box2D 2.4.1's deepest overlap on the 10,000-ball
pile (5.7e-3, bench/RESULTS.md, 2026-11-26). Writes settle_sweeps.png (docs/img/settle_sweeps.png is this plot)."""
import json
import os
import resource

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))
SWEEPS = (1, 2, 4, 8, 16, 32, 50)


def child_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main():
    args = arguments(__doc__)
    with open(os.path.join(HERE, "..", "examples", "rigid", "hopper.json")) as handle:
        base = json.load(handle)
    seconds, overlap, drift = [], [], []
    for sweeps in SWEEPS:
        scene = dict(base, settle_sweeps=sweeps, output={"every": base["stop"]["time"], "xyz": False})
        before = child_seconds()
        code, summary = run_scene(args.ricochet, scene, os.path.join(args.out, f"settle_sweeps_{sweeps}"))
        if code != 0:
            raise RuntimeError(f"settle_sweeps {sweeps}: the run stopped with exit {code}")
        seconds.append(child_seconds() - before)
        overlap.append(summary["max_penetration"])
        drift.append(abs(summary["energy_drift"]))
        print(f"settle_sweeps {sweeps:2d}: {seconds[-1]:6.2f} CPU s, deepest overlap {overlap[-1]:.2e}, "
              f"|energy drift| {drift[-1]:.2e}")
    figure, (cost, accuracy) = plt.subplots(1, 2, figsize=(11, 4.4))
    cost.plot(SWEEPS, seconds, "o-", color="tab:blue")
    cost.set_xscale("log")
    cost.set_xticks(SWEEPS, [str(s) for s in SWEEPS])
    cost.set_xlabel("settle_sweeps (50: the default)")
    cost.set_ylabel("CPU seconds for the hopper's 2.8 s")
    cost.set_ylim(bottom=0)
    cost.set_title("cost")
    # a zero overlap or drift is drawn at the axis' floor
    floor = 1e-16
    accuracy.plot(SWEEPS, [max(o, floor) for o in overlap], "o-", color="tab:red", label="deepest overlap")
    accuracy.plot(SWEEPS, [max(d, floor) for d in drift], "s--", color="tab:purple",
                  label="|energy drift| (relative)")
    accuracy.axhline(5e-4, color="gray", ls=":", label="contact margin (1e-3 of a radius 0.5)")
    accuracy.axhline(5.7e-3, color="black", ls="-.", label="Box2D's deepest overlap on the 10,000-ball pile")
    accuracy.set_xscale("log")
    accuracy.set_yscale("log")
    accuracy.set_ylim(bottom=floor / 2)
    accuracy.set_xticks(SWEEPS, [str(s) for s in SWEEPS])
    accuracy.set_xlabel("settle_sweeps (50: the default)")
    accuracy.set_title("accuracy (0 drawn at 1e-16)")
    accuracy.legend(fontsize=8, loc="center right")
    figure.suptitle("The hopper (5,000 balls, restitution 0, no friction) at fewer settle sweeps")
    figure.tight_layout()
    path = os.path.join(args.out, "settle_sweeps.png")
    figure.savefig(path, dpi=110)
    print(path)


if __name__ == "__main__":
    main()
