# SPDX-License-Identifier: MIT
"""Helper of bench/peer_edmd.sh (the side-by-side runs against Smallenburg's EDMD): reads the collision count
from one run's output (the peer's "Collisions: <count>" line, or ricochet's JSON summary), or, with --table, turns the
rows of all rounds into the medians table: per N and phi, each program's median collisions per wall second and per
CPU second, its median peak memory, and ricochet's rates over the peer's."""
import json
import statistics
import sys


def collisions(path):
    text = open(path).read()
    for line in text.splitlines():
        if line.startswith("Collisions:"):
            return int(line.split()[1])
    return int(json.loads(text)["collisions"])


def table(path):
    runs = {}
    for line in open(path):
        r, program, n, phi, count, wall, cpu, peak = line.split()
        runs.setdefault((int(n), phi), {}).setdefault(program, []).append(
            (int(count) / float(wall), int(count) / float(cpu), int(peak)))
    print("| N | phi | peer coll/s wall | cpu | peak MB | ricochet coll/s wall | cpu | peak MB | ratio wall | ratio cpu |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (n, phi), by in sorted(runs.items()):
        med = {p: [statistics.median(x[k] for x in rows) for k in range(3)] for p, rows in by.items()}
        p, o = med.get("peer"), med.get("ricochet")
        if not p or not o:
            continue
        print(f"| {n:,} | {phi} | {p[0]:.3g} | {p[1]:.3g} | {p[2] / 1024:.1f} | {o[0]:.3g} | {o[1]:.3g} | "
              f"{o[2] / 1024:.1f} | {o[0] / p[0]:.2f} | {o[1] / p[1]:.2f} |")


if __name__ == "__main__":
    if sys.argv[1] == "--table":
        table(sys.argv[2])
    else:
        print(collisions(sys.argv[1]))
