# SPDX-License-Identifier: MIT
"""One system on 1 and 2 threads (docs/edmd.md, "Parallel"): elastic hard spheres (phi = 0.45, from fcc) and hard
disks (phi = 0.60, from the hexagonal lattice) at kT = 1 in periodic boxes of 16,000 to 256,000 particles, each run
on 1 thread and on 2 in interleaved rounds (--rounds, default 3), 2 collisions per particle after 1 of equilibration.
Plots the median collisions per wall second of each and their ratio: threads.png in --out (docs/img/ holds the
committed copy, made with --out docs/img). Checks on the way that every pair of runs ends in the same bytes (the
final frame of trajectory.xyz, and the summary but its clocks): a run on 2 threads is the 1-thread run, faster or
slower. About 5 minutes on an idle 2-core machine; the rates scatter by up to 1.6 times under load, so run it on a
quiet one."""
import json
import os
import statistics
import subprocess
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from ricochet_cli import arguments  # noqa: E402

SIZES = (16000, 64000, 256000)
SYSTEMS = (("spheres, φ = 0.45", 3, "fcc", 0.45), ("disks, φ = 0.60", 2, "hexagonal", 0.60))
CLOCKS = {"wall_seconds", "collisions_per_second", "started_at", "ended_at", "command_line", "threads", "outputs"}


def scene(dimension, lattice, fraction, count, directory):
    return {"dynamics": "event-driven", "dimension": dimension, "box": {"periodic": True},
            "particles": {"lattice": lattice, "count": count, "packing_fraction": fraction, "diameter": 1, "mass": 1},
            "temperature": 1.0, "seed": 1, "equilibration": {"collisions": count},
            "stop": {"collisions": 3 * count}, "output": {"directory": directory, "every": 1e9}}


def run(ricochet, path, threads, directory):
    """One run; returns its summary and the bytes of its last frame."""
    done = subprocess.run([ricochet, "run", path, "--out", directory, "--quiet", "--compact", "--threads",
                           str(threads)], capture_output=True, text=True, check=True)
    summary = json.loads(done.stdout)
    with open(os.path.join(directory, "trajectory.xyz"), "rb") as handle:
        lines = handle.read().split(b"\n")
    count = int(lines[0])
    return summary, b"\n".join(lines[-(count + 3):])


def main():
    args = arguments(__doc__, [(("--rounds",), {"type": int, "default": 3, "help": "interleaved rounds"})])
    rates = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, dimension, lattice, fraction in SYSTEMS:
            for count in SIZES:
                path = os.path.join(tmp, "scene.json")
                with open(path, "w") as handle:
                    json.dump(scene(dimension, lattice, fraction, count, tmp), handle)
                runs = {1: [], 2: []}
                for _ in range(args.rounds):
                    for threads in (1, 2):
                        runs[threads].append(run(args.ricochet, path, threads, os.path.join(tmp, str(threads))))
                for (s1, f1), (s2, f2) in zip(runs[1], runs[2]):
                    same = f1 == f2 and {k: v for k, v in s1.items() if k not in CLOCKS} == \
                        {k: v for k, v in s2.items() if k not in CLOCKS}
                    if not same or s2["threads"] != 2:
                        raise RuntimeError(f"{name}, N = {count}: 2 threads did not give the 1-thread bytes")
                one = statistics.median(s["collisions_per_second"] for s, _ in runs[1])
                two = statistics.median(s["collisions_per_second"] for s, _ in runs[2])
                rates[(name, count)] = (one, two)
                print(f"{name:18s} N = {count:6d}: 1 thread {one:.3g}, 2 threads {two:.3g} collisions/s, "
                      f"ratio {two / one:.2f}, the same bytes")
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    for (name, *_), marker, colour in zip(SYSTEMS, "os", ("C0", "C1")):
        one = [rates[(name, n)][0] for n in SIZES]
        two = [rates[(name, n)][1] for n in SIZES]
        left.plot(SIZES, one, marker + "-", color=colour, label=f"{name}, 1 thread")
        left.plot(SIZES, two, marker + "--", color=colour, mfc="white", label=f"{name}, 2 threads")
        right.plot(SIZES, [b / a for a, b in zip(one, two)], marker + "-", color=colour, label=name)
    for axes in (left, right):
        axes.set_xscale("log")
        axes.set_xlabel("particles N")
        axes.legend(fontsize=8)
    left.set_ylabel("collisions per wall second")
    left.set_title("one system, the same bits on 1 and 2 threads")
    right.axhline(1, color="grey", lw=0.8)
    right.set_ylabel("2 threads / 1 thread")
    right.set_title(f"medians of {args.rounds} interleaved rounds")
    figure.tight_layout()
    out = os.path.join(args.out, "threads.png")
    figure.savefig(out, dpi=110)
    print("wrote", out)


if __name__ == "__main__":
    main()
