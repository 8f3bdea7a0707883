# SPDX-License-Identifier: MIT
"""The same run on 1, 2, 3 and 4 threads (docs/edmd.md, "Parallel"): dense hard-sphere fluids of 13,500 and 32,000
spheres, one with a thermostat, hard disks, an inelastic gas with clusters and inelastic spheres between static walls
(stopped by time), between two thermal walls and falling onto a floor under gravity; square-well disks, chains of
bonded spheres, a gas whose restitution is a law of the impact speed under the TC model with the separation
histogram, an elastic fluid whose Helfand moments give its viscosity and conductivity, grains on a vibrating plate,
a gas among fixed obstacles and grains that fall asleep on a floor (sliding and sleeping, with sticking friction). The parallel loop takes each and cuts it into at least 4 slabs (the summary must
say threads = T with no parallel_note). Every byte of trajectory.xyz (every frame: positions, velocities, radii),
observables.csv and separation_histogram.csv, and every key of summary.json but the clocks and the thread report,
must equal the 1-thread run's.
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
WELLS = {"dynamics": "event-driven", "dimension": 2, "box": {"periodic": [True, True]},
         "particles": {"lattice": "hexagonal", "count": 12000, "packing_fraction": 0.3, "diameter": 1, "mass": 1},
         "interactions": [{"species": [0, 0], "square_well": {"lambda": 1.5, "depth": 1.0}}],
         "temperature": 1.0, "seed": 21, "stop": {"collisions": 150000}, "output": {"every": 0.5}}
CHAINS = {"dynamics": "event-driven", "dimension": 3, "box": {"size": [40, 24, 24], "periodic": True}, "seed": 22,
          "particles": {"lattice": "random", "count": 12000, "diameter": 1.0, "mass": 1,
                        "chains": {"length": 10, "bond": {"inner": 1.0, "outer": 1.05}}},
          "temperature": 1.0, "stop": {"collisions": 150000}, "output": {"every": 0.2}}
LAW = {"dynamics": "event-driven", "dimension": 3, "box": {"size": [48, 24, 24], "periodic": [True, True, True]},
       "particles": {"lattice": "random", "count": 12000, "diameter": 1, "mass": 1},
       "temperature": 1.0, "seed": 23, "restitution": {"table": [[0, 1], [0.5, 0.9], [2, 0.7]]},
       "contact_tolerance": 1e-4, "collapse": {"contact_time": 1e-4},
       "diagnostics": {"separation_histogram": True}, "stop": {"collisions": 150000}, "output": {"every": 1.0}}
TRANSPORT = {"dynamics": "event-driven", "dimension": 3,
             "box": {"size": [40, 24, 24], "periodic": [True, True, True]},
             "particles": {"lattice": "random", "count": 11000, "diameter": 1, "mass": 1},
             "temperature": 1.0, "seed": 24, "measure": {"viscosity": True, "thermal_conductivity": True},
             "stop": {"collisions": 150000}, "output": {"every": 0.1}}
VIBRATED = {"dynamics": "event-driven", "dimension": 3,
            "box": {"size": [40, 20, 30], "periodic": [True, True, False]},
            "particles": {"lattice": "random", "count": 4000, "diameter": 1, "mass": 1,
                          "region": {"lower": [0, 0, 0.5], "upper": [40, 20, 10]}},
            "temperature": 0.5, "seed": 25, "gravity": [0, 0, -1], "restitution": 0.9, "contact_tolerance": 0,
            "collapse": {"contact_time": 1e-4},
            "walls": [{"point": [0, 0, 0.2], "normal": [0, 0, 1], "restitution": 0.9,
                       "oscillation": {"amplitude": 0.2, "angular_frequency": 10, "phase": -1.5707963267948966}}],
            "stop": {"time": 3}, "output": {"every": 0.5}}
# 1,000 fixed pins 4 apart among 8,000 spheres on the lattice 2 apart between them
PINS = [{"position": [4 * i + 2, 4 * j + 2, 4 * k + 2], "radius": 0.5, "fixed": True}
        for i in range(10) for j in range(10) for k in range(10)]
SPHERES = [{"position": [2 * i + 1, 2 * j + 1, 2 * k + 1], "radius": 0.5}
           for i in range(20) for j in range(20) for k in range(20)]
POROUS = {"dynamics": "event-driven", "dimension": 3, "box": {"size": [40, 40, 40], "periodic": [True, True, True]},
          "particles": PINS + SPHERES, "temperature": 1.0, "seed": 26, "restitution": 0.95, "contact_tolerance": 0,
          "stop": {"collisions": 150000}, "output": {"every": 0.5}}
PILE = {"dynamics": "event-driven", "dimension": 3,
        "box": {"size": [48, 12, 24], "periodic": [True, True, False], "restitution": 0.7},
        "particles": {"lattice": "random", "count": 3000, "diameter": 1, "mass": 1}, "neighbour_shell": 0.3,
        "gravity": [0, 0, -1], "restitution": 0.7, "temperature": 1.0, "seed": 27,
        "collapse": {"sleep_speed": 0.1, "sleep_friction": 0.5}, "stop": {"time": 8}, "output": {"every": 1.0}}
SCENES = (("fluid 13500", FLUID), ("thermostat", LARGE), ("disks 16000", DISKS), ("inelastic gas", GAS),
          ("walls", WALLS), ("thermal walls", THERMAL), ("falling grains", FALLING), ("square wells", WELLS),
          ("chains", CHAINS), ("restitution law", LAW), ("transport", TRANSPORT), ("vibrated plate", VIBRATED),
          ("porous", POROUS), ("sleeping pile", PILE))
FILES = ("trajectory.xyz", "observables.csv", "separation_histogram.csv")


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, scene in SCENES:
            _, one = run(os.path.join(tmp, name.replace(" ", "_") + "_1"), scene, 1)
            s1 = json.loads(read(os.path.join(one, "summary.json")))
            for threads in (2, 3, 4):
                _, many = run(os.path.join(tmp, "%s_%d" % (name.replace(" ", "_"), threads)), scene, threads)
                differs = [f for f in FILES if os.path.exists(os.path.join(one, f)) and
                           read(os.path.join(one, f)) != read(os.path.join(many, f))]
                sn = json.loads(read(os.path.join(many, "summary.json")))
                differs += [k for k in set(s1) | set(sn) if k not in CLOCK and s1.get(k) != sn.get(k)]
                if sn.get("threads") != threads or "parallel_note" in sn:
                    differs.append("threads %r of %d, note %r" % (sn.get("threads"), threads, sn.get("parallel_note")))
                print("%-15s %d threads, %d collisions: %s" % (name, threads, s1.get("collisions", 0),
                                                               "differs in " + ", ".join(differs) if differs
                                                               else "the same bits"))
                failures += bool(differs)
    print("threads determinism: %d of %d runs differ" % (failures, 3 * len(SCENES)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
