# SPDX-License-Identifier: MIT
"""One system split over MPI ranks (docs/edmd.md, "Ranks"): `mpirun -n R ricochet run` against the same run in one
process, byte for byte.

- The scenes of threads_determinism.py (dense fluids, disks, clusters, walls, thermal walls, grains falling, on a
  vibrating plate and falling asleep, square wells, chains, restitution laws with the histogram, transport, fixed
  obstacles) on 2 ranks, and every other one on 4 (oversubscribed on a smaller machine; fewer when the system cuts into fewer slabs, read
  from the refusal): every byte of trajectory.xyz, observables.csv and separation_histogram.csv, and every key of
  summary.json but the clocks and the rank report, equal to the 1-process run's; the summary says ranks = R.
- Checkpoints resume on another rank count: a run on 2 ranks stopped half way, resumed from its checkpoint on 4 ranks,
  on 1 rank and without mpirun, each ends at the uninterrupted run's last frame and summary.
- An interrupt (SIGINT to mpirun) stops every rank at the same point: rank 0 writes the checkpoint and the summary
  ("interrupted"), and the run resumed from it on 2 ranks ends with the bits of the run resumed from it in one
  process.
- Bad input as a table: more ranks than slabs, threads and ranks together, a time-stepped scene, a missing scene, a
  thread count of 0; each refused with its message printed once (an option by every rank, which reads it before the
  ranks meet), exit 2, and no run folder written. On 1 rank the run is the run without mpirun.
Usage: ranks_determinism.py PATH/TO/ricochet"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from threads_determinism import FILES, FLUID, SCENES
from threads_stress import CLOCK, read

TOOL = sys.argv[1]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                  OMPI_MCA_rmaps_base_oversubscribe="1")
IGNORED = CLOCK | {"ranks", "stopped_by", "outputs"}


def command(ranks, *arguments):
    """ricochet run ARGUMENTS on `ranks` ranks of mpirun (None: without mpirun)."""
    tool = [TOOL, "run", *arguments, "--quiet", "--compact"]
    return tool if ranks is None else ["mpirun", "--allow-run-as-root", "-n", str(ranks), *tool]


def write_scene(folder, scene):
    os.makedirs(folder)
    path = os.path.join(folder, "scene.json")
    with open(path, "w") as f:
        json.dump(dict(scene, output=dict(scene["output"], directory=os.path.join(folder, "out"))), f)
    return path


def run(folder, scene, ranks):
    """Runs scene on `ranks` ranks (fewer when its slabs are fewer); returns the ranks used and the run folder."""
    path = write_scene(folder, scene)
    done = subprocess.run(command(ranks, path), capture_output=True, text=True)
    most = re.search(r"ranks: \d+ asked, but this system cuts into .*: use at most (\d+)", done.stderr)
    if done.returncode == 2 and most and ranks and ranks > 1:
        os.rename(folder, folder + ".refused")
        return run(folder, scene, int(most.group(1)))
    if done.returncode != 0:
        sys.exit("%s: exit %d: %s" % (folder, done.returncode, done.stderr))
    return ranks, os.path.join(folder, "out")


def differences(one, many, ranks):
    """What differs between the runs in folders one and many (ranks: what many's summary must say)."""
    differs = [f for f in FILES if os.path.exists(os.path.join(one, f)) and
               read(os.path.join(one, f)) != read(os.path.join(many, f))]
    s1, sn = (json.loads(read(os.path.join(d, "summary.json"))) for d in (one, many))
    differs += [k for k in set(s1) | set(sn) if k not in IGNORED and s1.get(k) != sn.get(k)]
    if ranks is not None and sn.get("ranks") != ranks:
        differs.append("ranks %r of %d" % (sn.get("ranks"), ranks))
    return differs


def last_frame(folder):
    with open(os.path.join(folder, "trajectory.xyz")) as f:
        lines = f.read().splitlines()
    at = 0
    while at < len(lines):
        n = int(lines[at])
        frame, at = lines[at:at + n + 2], at + n + 2
    return frame


def summary(folder):
    s = json.loads(read(os.path.join(folder, "summary.json")))
    return {k: v for k, v in s.items() if k not in IGNORED}


def determinism(tmp):
    failures = runs = 0
    for number, (name, scene) in enumerate(SCENES):
        _, one = run(os.path.join(tmp, name.replace(" ", "_") + "_1"), scene, None)
        for asked in (2, 4) if number % 2 == 0 else (2,):  # 4 ranks on every other scene, for the time
            ranks, many = run(os.path.join(tmp, "%s_%d" % (name.replace(" ", "_"), asked)), scene, asked)
            differs = differences(one, many, ranks)
            print("%-15s %d ranks: %s" % (name, ranks, "differs in " + ", ".join(differs) if differs
                                          else "the same bits"))
            failures += bool(differs)
            runs += 1
    return failures, runs


def resume(tmp):
    """A run on 2 ranks stopped half way, resumed from its checkpoint on other counts."""
    scene = dict(FLUID, stop={"collisions": 120000}, output={"every": 0.1, "checkpoint_every": 0.3})
    _, whole = run(os.path.join(tmp, "whole"), scene, None)
    path = write_scene(os.path.join(tmp, "half"), scene)
    half = os.path.join(tmp, "half", "out")
    subprocess.run(command(2, path, "--collisions", "60000"), check=True, capture_output=True)
    failures = 0
    for ranks in (4, 1, None):
        out = os.path.join(tmp, "resumed_%s" % ranks)
        done = subprocess.run(command(ranks, "--resume", os.path.join(half, "checkpoint.rcp"), "--out", out,
                                      "--collisions", "120000"), capture_output=True, text=True)
        same = done.returncode == 0 and last_frame(out) == last_frame(whole) and summary(out) == summary(whole)
        print("resumed from 2 ranks on %s: %s" % ("%d ranks" % ranks if ranks else "one process without mpirun",
                                                  "the uninterrupted run's bits" if same else
                                                  "DIFFERS (exit %d: %s)" % (done.returncode, done.stderr[-300:])))
        failures += not same
    return failures


def interrupt(tmp):
    """SIGINT to mpirun a second into a long run on 2 ranks; the run resumed from the checkpoint it wrote, in place
    on 2 ranks and in a new folder in one process (a checkpoint at an arbitrary instant saves a state that the
    uninterrupted run, which did not save it, need not pass through: the two resumed runs are the oracle)."""
    scene = dict(FLUID, stop={"collisions": 3000000}, output={"every": 1.0, "checkpoint_every": 1000.0})
    path = write_scene(os.path.join(tmp, "stopped"), scene)
    stopped = os.path.join(tmp, "stopped", "out")
    job = subprocess.Popen(command(2, path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while not os.path.exists(os.path.join(stopped, "trajectory.xyz.partial")) and job.poll() is None:
        time.sleep(0.05)  # the file is NAME.partial until the run closes it
    time.sleep(1.0)
    job.send_signal(signal.SIGINT)
    out, err = job.communicate(timeout=120)
    try:
        told = json.loads(out)
    except ValueError:
        told = {}
    checkpoint = os.path.join(stopped, "checkpoint.rcp")
    alone = os.path.join(tmp, "resumed_alone")
    first = subprocess.run(command(None, "--resume", checkpoint, "--out", alone), capture_output=True, text=True)
    again = subprocess.run(command(2, "--resume", checkpoint), capture_output=True, text=True)
    same = (told.get("stopped_by") == "interrupted" and first.returncode == 0 and again.returncode == 0 and
            last_frame(stopped) == last_frame(alone) and summary(stopped) == summary(alone))
    print("interrupted on 2 ranks (stopped_by %r at %s of 3000000 collisions), resumed on 2 ranks: %s" % (
        told.get("stopped_by"), told.get("collisions"), "the bits of the run resumed in one process" if same else
        "DIFFERS: %s %s %s" % (err[-300:], first.stderr[-300:], again.stderr[-300:])))
    return 0 if same else 1


BAD = (("more ranks than slabs", os.path.join(ROOT, "examples/edmd/hard_spheres.json"), 4, [],
        r"ranks: 4 asked, but this system cuts into 2 slabs .*: use at most 2"),
       ("threads and ranks", os.path.join(ROOT, "examples/edmd/hard_spheres.json"), 2, ["--threads", "2"],
        r"threads: 2 asked on 2 ranks: one system runs on threads or on ranks, not both yet"),
       ("time-stepped scene", os.path.join(ROOT, "examples/rigid/dice.json"), 2, [],
        r"ranks: only event-driven scenes split over MPI ranks"),
       ("missing scene", "/nonexistent/scene.json", 2, [], r"cannot open /nonexistent/scene.json"),
       ("no threads", os.path.join(ROOT, "examples/edmd/hard_spheres.json"), 2, ["--threads", "0"],
        r"--threads: \"0\" is not a whole number from 1"))


def bad_input(tmp):
    failures = 0
    for name, scene, ranks, extra, message in BAD:
        out = os.path.join(tmp, "bad_" + name.replace(" ", "_"))
        done = subprocess.run(command(ranks, scene, "--out", out, "--collisions", "1000", *extra), capture_output=True,
                              text=True)
        said = re.search(message, done.stderr)
        # an option is refused by every rank as it reads the command line, before the ranks meet: once per rank
        once = len(re.findall(message, done.stderr)) == (ranks if extra == ["--threads", "0"] else 1)
        fine = done.returncode == 2 and said and once and not os.path.exists(out)
        print("%-20s -n %d: %s" % (name, ranks, "refused: " + said.group(0) if fine else
                                   "NOT REFUSED as asked (exit %d): %s" % (done.returncode, done.stderr[-400:])))
        failures += not fine
    scene = os.path.join(ROOT, "examples/edmd/hard_spheres.json")
    alone, one = (os.path.join(tmp, d) for d in ("alone", "one"))
    subprocess.run(command(None, scene, "--out", alone, "--collisions", "2000"), check=True, capture_output=True)
    subprocess.run(command(1, scene, "--out", one, "--collisions", "2000"), check=True, capture_output=True)
    same = read(os.path.join(alone, "trajectory.xyz")) == read(os.path.join(one, "trajectory.xyz"))
    print("-n 1: %s" % ("the bytes of the run without mpirun" if same else "DIFFERS from the run without mpirun"))
    return failures + (not same)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        failures, runs = determinism(tmp)
        failures += resume(tmp) + interrupt(tmp) + bad_input(tmp)
    print("ranks determinism: %d of %d checks differ" % (failures, runs + 3 + 1 + len(BAD) + 1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
