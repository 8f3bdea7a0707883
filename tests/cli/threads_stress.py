# SPDX-License-Identifier: MIT
"""Runs on several threads against one thread (docs/edmd.md, "Parallel"), on the scenes with the most events at
domain borders: a dense fluid (4,000 spheres at packing fraction 0.50), a crystal (fcc at 0.56), grains falling
onto a plate (inelastic, gravity, clusters, collapse control and sleeping: one thread), grains falling onto a floor
without sleeping (gravity, clusters, kicks: on the threads, with many events at the slabs' borders) and a long
inelastic granular gas (e = 0.8, 50 collisions per particle, to a thousandth of its kinetic energy: clusters, the TC
model's elastic contacts, on the threads). Each runs on 1 thread and on 2 (or the most its slabs allow, read from the refusal); every byte of trajectory.xyz and observables.csv must be equal, and every key of summary.json but
the clocks and the thread report. Also what `make test-tsan` runs under ThreadSanitizer.
Usage: threads_stress.py PATH/TO/ricochet [threads, default 2]."""
import json
import os
import re
import subprocess
import sys
import tempfile

TOOL = sys.argv[1]
THREADS = int(sys.argv[2]) if len(sys.argv) > 2 else 2
# summary keys that follow the wall clock, the command line or the thread count, not the trajectory
CLOCK = {"wall_seconds", "collisions_per_second", "steps_per_second", "started_at", "ended_at", "command_line",
         "threads", "parallel_note", "outputs"}

FLUID = {"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [True, True, True]},
         "particles": {"lattice": "fcc", "count": 4000, "packing_fraction": 0.50, "diameter": 1, "mass": 1},
         "temperature": 1.0, "seed": 5, "stop": {"collisions": 200000}, "output": {"every": 0.5}}
CRYSTAL = dict(FLUID, particles=dict(FLUID["particles"], packing_fraction=0.56), seed=6)
PLATE = {"dynamics": "event-driven", "dimension": 3,
         "box": {"size": [20, 20, 30], "periodic": [True, True, False], "restitution": 0.7},
         "particles": {"lattice": "random", "count": 1500, "diameter": 1, "mass": 1},
         "gravity": [0, 0, -1], "restitution": 0.7, "temperature": 1.0, "seed": 7,
         "collapse": {"sleep_speed": 0.1, "sleep_friction": 0.5}, "stop": {"time": 12}, "output": {"every": 1.0}}
FALLING = {"dynamics": "event-driven", "dimension": 3,
           "box": {"size": [40, 20, 30], "periodic": [True, True, False], "restitution": 0.8},
           "particles": {"lattice": "random", "count": 6000, "diameter": 1, "mass": 1}, "gravity": [0, 0, -1],
           "restitution": 0.8, "collapse": {"sleep": False}, "temperature": 1.0, "seed": 17, "stop": {"time": 4},
           "output": {"every": 0.5}}
GAS = {"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [True, True, True]},
       "particles": {"lattice": "fcc", "count": 4000, "packing_fraction": 0.1, "diameter": 1, "mass": 1},
       "temperature": 1.0, "seed": 3, "restitution": 0.8, "contact_tolerance": 1e-4,
       "collapse": {"contact_time": 1e-4}, "stop": {"collisions": 200000}, "output": {"every": 200.0}}


def run(folder, scene, threads):
    """Runs scene on `threads` threads (fewer when its domains are fewer); returns the threads asked and the folder."""
    os.makedirs(folder)
    path = os.path.join(folder, "scene.json")
    with open(path, "w") as f:
        json.dump(dict(scene, output=dict(scene["output"], directory=os.path.join(folder, "out"))), f)
    done = subprocess.run([TOOL, "run", path, "--quiet", "--threads", str(threads)], capture_output=True, text=True)
    most = re.search(r"threads: \d+ asked, but this system cuts into .*: use at most (\d+)", done.stderr)
    if done.returncode == 2 and most and threads > 1:
        os.rename(folder, folder + ".refused")
        return run(folder, scene, int(most.group(1)))
    if done.returncode != 0:
        sys.exit("%s: exit %d: %s" % (folder, done.returncode, done.stderr))
    return threads, os.path.join(folder, "out")


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, scene in (("fluid", FLUID), ("crystal", CRYSTAL), ("plate", PLATE), ("falling", FALLING),
                            ("granular gas", GAS)):
            _, one = run(os.path.join(tmp, name + "_1"), scene, 1)
            asked, many = run(os.path.join(tmp, name + "_n"), scene, THREADS)
            differs = [f for f in ("trajectory.xyz", "observables.csv")
                       if read(os.path.join(one, f)) != read(os.path.join(many, f))]
            s1 = json.loads(read(os.path.join(one, "summary.json")))
            sn = json.loads(read(os.path.join(many, "summary.json")))
            differs += [k for k in set(s1) | set(sn) if k not in CLOCK and s1.get(k) != sn.get(k)]
            if sn.get("threads", 0) < 1 or sn["threads"] > asked or (sn["threads"] < asked) != ("parallel_note" in sn):
                differs.append("threads %r of %d asked, note %r" % (sn.get("threads"), asked, sn.get("parallel_note")))
            print("%-13s %d threads asked, %s used, %d collisions: %s" % (
                name, asked, sn.get("threads"), s1.get("collisions", 0), "differs in " + ", ".join(differs)
                if differs else "the same bits"))
            failures += bool(differs)
    print("threads stress: %d of 5 scenes differ" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
