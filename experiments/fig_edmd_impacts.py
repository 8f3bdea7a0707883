# SPDX-License-Identifier: MIT
"""Simultaneous impacts inside the event-driven engine (Vouga et al. 2017 through src/impact, Bannerman et
al. 2014 for the events). Three plots, each from `ricochet run` on the scenes in examples/edmd/:
- edmd_cradle.png: Newton's cradle as a free line of touching balls under GR and GS: x(t) of every ball; the striker
  stops, the last ball leaves (break-away), the same for both operators.
- edmd_geyser.png: the ball geyser (paper Fig. 1): height of the plug's balls against time with lineality detection
  (the plug is dislodged) and with shrunken balls; without lineality detection the run stops at the first impact
  (exit 3), marked on the plot.
- edmd_collapse.png: three particles on a line (x = 0, 1, 2.3; v = 1, 0, -1) at e = 0.05, below the collapse
  threshold 7 - 4 sqrt(3): the two gaps shrink geometrically until the cluster of three is resolved at once, and the
  run goes on past the collapse; right, a dense thermostatted gas at e = 0.3: collisions against time for classic
  processing (stopped by the watchdog) and with clusters."""
import copy
import json
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments, read_xyz, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))


def example(name):
    with open(os.path.join(HERE, "..", "examples", "edmd", name + ".json")) as handle:
        return json.load(handle)


def cradle(args):
    figure, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for axis, operator in zip(axes, ("gr", "gs")):
        scene = example("cradle")
        scene["impact"]["operator"] = operator
        scene["output"]["every"] = 0.1
        directory = os.path.join(args.out, "edmd_cradle_" + operator)
        code, summary = run_scene(args.ricochet, scene, directory)
        frames = read_xyz(os.path.join(directory, "trajectory.xyz"))
        times = [t for t, _ in frames]
        for ball in range(len(frames[0][1])):
            axis.plot(times, [rows[ball][0] for _, rows in frames], label=f"ball {ball}")
        axis.set_title(f"{operator.upper()}: {summary['impacts']} impact(s), drift {summary['energy_drift']:.0e}")
        axis.set_xlabel("time")
    axes[0].set_ylabel("x")
    axes[0].legend(fontsize=8)
    figure.suptitle("Newton's cradle, event-driven: break-away under both operators")
    figure.tight_layout()
    figure.savefig(os.path.join(args.out, "edmd_cradle.png"), dpi=110)


def geyser(args):
    figure, axis = plt.subplots(figsize=(7, 4.5))
    cases = [("lineality on", 1.0, True), ("lineality off", 1.0, False), ("radius 0.999, lineality off", 0.999, False)]
    for label, radius, lineality in cases:
        scene = example("geyser")
        for i, particle in enumerate(scene["particles"][:3]):
            particle["radius"] = radius
            particle["position"][1] = 10 + 2 * i * radius
        scene["impact"]["lineality"] = lineality
        directory = os.path.join(args.out, "edmd_geyser_" + label.replace(" ", "_").replace(",", ""))
        code, summary = run_scene(args.ricochet, scene, directory)
        frames = read_xyz(os.path.join(directory, "trajectory.xyz"))
        times = [t for t, _ in frames]
        line, = axis.plot(times, [rows[2][1] for _, rows in frames], label=f"{label}: top ball"
                          + (" (exit 3: impact did not end)" if code == 3 else ""))
        if code == 3:
            axis.plot(times[-1], frames[-1][1][2][1], "x", color=line.get_color(), markersize=10)
    axis.set_xlabel("time")
    axis.set_ylabel("height of the plug's top ball")
    axis.set_title("Ball geyser (paper Fig. 1), event-driven under gravity")
    axis.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(os.path.join(args.out, "edmd_geyser.png"), dpi=110)


def collapse(args):
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    scene = example("three_on_a_line")
    scene["output"]["every"] = 0.002
    scene["stop"]["time"] = 1.0
    directory = os.path.join(args.out, "edmd_three")
    code, summary = run_scene(args.ricochet, scene, directory)
    frames = read_xyz(os.path.join(directory, "trajectory.xyz"))
    times = [t for t, _ in frames]
    for a, b in ((0, 1), (1, 2)):
        gaps = [max(rows[b][0] - rows[a][0] - 1, 1e-17) for _, rows in frames]
        left.semilogy(times, gaps, label=f"gap {a}-{b}")
    left.set_xlabel("time")
    left.set_ylabel("gap")
    left.set_title(f"three on a line, e = 0.05: {summary['collisions']} collisions, {summary['impacts']} impact")
    left.legend()
    for label, tolerance in (("classic processing", 0), ("clusters", 1e-9)):
        scene = example("dense_collapse")
        scene["contact_tolerance"] = tolerance
        scene["output"]["every"] = 0.5
        directory = os.path.join(args.out, "edmd_dense_" + label.split()[0])
        code, summary = run_scene(args.ricochet, scene, directory)
        rows = []
        with open(os.path.join(directory, "observables.csv")) as handle:
            header = handle.readline().strip().split(",")
            for line in handle:
                rows.append(dict(zip(header, line.strip().split(","))))
        right.plot([float(r["time"]) for r in rows], [float(r["collisions"]) for r in rows],
                   label=label + (" (stopped: clock stalled)" if code == 3 else ""))
    right.set_xlabel("time")
    right.set_ylabel("collisions")
    right.set_title("dense gas, e = 0.3, thermostatted")
    right.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(os.path.join(args.out, "edmd_collapse.png"), dpi=110)


def main():
    args = arguments(__doc__.splitlines()[0])
    cradle(args)
    geyser(args)
    collapse(args)
    print("wrote edmd_cradle.png, edmd_geyser.png, edmd_collapse.png to", args.out)


if __name__ == "__main__":
    main()
