# SPDX-License-Identifier: MIT
"""The same run on 1, 2, 3 and 4 threads (docs/edmd.md, "Parallel"): dense hard-sphere fluids of 13,500 and 32,000
spheres, one with a thermostat, hard disks, an inelastic gas with clusters and inelastic spheres between static walls
(stopped by time), between two thermal walls and falling onto a floor under gravity, each of which the parallel loop takes and cuts into at least 4 slabs (the summary must say
threads = T with no parallel_note). Every byte of trajectory.xyz (every frame: positions, velocities, radii) and
observables.csv, and every key of summary.json but the clocks and the thread report, must equal the 1-thread run's.
Usage: threads_determinism.py PATH/TO/ricochet"""
import json
import os
import sys
import tempfile

from threads_stress import CLOCK, read, run

FLUID = {"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [True, True, True]},
         "particles": {"lattice": "fcc", "count": 13500, "packing_fraction": 0.45, "diameter": 1, "mass": 1},
         "temperature": 1.0, "seed": 11, "stop": {"collisions": 120000}, "output": {"every": 0.1}}
LARGE = dict(FLUID, particles=dict(FLUID["particles"], count=32000), seed=12, stop={"collisions": 200000},
             output={"every": 0.1}, thermostat={"temperature": 1.0, "rate": 0.05})
DISKS = {"dynamics": "event-driven", "dimension": 2, "box": {"periodic": [True, True]},
         "particles": {"lattice": "hexagonal", "count": 16000, "packing_fraction": 0.60, "diameter": 1, "mass": 1},
         "temperature": 1.0, "seed": 13, "stop": {"collisions": 200000}, "output": {"every": 0.2}}
WALLS = {"dynamics": "event-driven", "dimension": 3,
         "box": {"size": [40, 20, 40], "periodic": [True, True, False], "restitution": 0.95},
         "particles": {"lattice": "random", "count": 12000, "diameter": 1, "mass": 1},
         "temperature": 1.0, "seed": 15, "restitution": 0.95, "stop": {"time": 5.0}, "output": {"every": 0.5}}
THERMAL = {"dynamics": "event-driven", "dimension": 3, "box": {"size": [40, 20, 12], "periodic": [True, True, False]},
           "walls": [{"point": [0, 0, 0], "normal": [0, 0, 1], "thermal": {"temperature": 2}},
                     {"point": [0, 0, 12], "normal": [0, 0, -1], "thermal": {"temperature": 1, "accommodation": 0.5}}],
           "particles": {"lattice": "random", "count": 4000, "diameter": 1, "mass": 1}, "contact_tolerance": 0,
           "temperature": 1.0, "seed": 16, "stop": {"collisions": 150000}, "output": {"every": 0.5}}
FALLING = {"dynamics": "event-driven", "dimension": 3,
           "box": {"size": [40, 20, 30], "periodic": [True, True, False], "restitution": 0.8},
           "particles": {"lattice": "random", "count": 6000, "diameter": 1, "mass": 1}, "gravity": [0, 0, -1],
           "restitution": 0.8, "collapse": {"sleep": False}, "temperature": 1.0, "seed": 17, "stop": {"time": 4},
           "output": {"every": 0.5}}
GAS = {"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [True, True, True]},
       "particles": {"lattice": "fcc", "count": 16384, "packing_fraction": 0.25, "diameter": 1, "mass": 1},
       "temperature": 1.0, "seed": 14, "restitution": 0.9, "stop": {"collisions": 160000}, "output": {"every": 1.0}}


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, scene in (("fluid 13500", FLUID), ("thermostat", LARGE), ("disks 16000", DISKS),
                            ("inelastic gas", GAS), ("walls", WALLS), ("thermal walls", THERMAL),
                            ("falling grains", FALLING)):
            _, one = run(os.path.join(tmp, name.replace(" ", "_") + "_1"), scene, 1)
            s1 = json.loads(read(os.path.join(one, "summary.json")))
            for threads in (2, 3, 4):
                _, many = run(os.path.join(tmp, "%s_%d" % (name.replace(" ", "_"), threads)), scene, threads)
                differs = [f for f in ("trajectory.xyz", "observables.csv")
                           if read(os.path.join(one, f)) != read(os.path.join(many, f))]
                sn = json.loads(read(os.path.join(many, "summary.json")))
                differs += [k for k in set(s1) | set(sn) if k not in CLOCK and s1.get(k) != sn.get(k)]
                if sn.get("threads") != threads or "parallel_note" in sn:
                    differs.append("threads %r of %d, note %r" % (sn.get("threads"), threads, sn.get("parallel_note")))
                print("%-14s %d threads, %d collisions: %s" % (name, threads, s1.get("collisions", 0),
                                                               "differs in " + ", ".join(differs) if differs
                                                               else "the same bits"))
                failures += bool(differs)
    print("threads determinism: %d of 21 runs differ" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
