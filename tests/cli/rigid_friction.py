# SPDX-License-Identifier: MIT
"""Friction in the time-stepped engine: its cost, and interrupts within a step.

  cost:      examples/rigid/friction_pile.json (18 boxes and 16 balls falling onto a floor, friction 0.4) runs its
             1.5 s within a bounded number of operator applications (the summary's impact_iterations and
             max_impact_iterations) and within a bounded multiple of the CPU time of the same scene without
             friction (about 3.5 times; the bound is loose for a loaded machine, and a friction solve that runs into
             its sweep cap, as it did, costs hundreds of times more).
  interrupt: SIGTERM ends `ricochet run` within a few seconds (exit 143, "stopped_by": "interrupted", a checkpoint
             written) both during the frictional scene and during a single step that would never end: the ball
             geyser without lineality detection and without a budget (every impact of its first step loops), where
             only an interrupt looked at inside the step can stop it.

Usage: /usr/bin/python3 tests/cli/rigid_friction.py PATH/TO/ricochet cost|interrupt   (the Python standard library only)
"""
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
tool = os.path.abspath(sys.argv[1])
part = sys.argv[2]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL: " + message)


def scene(path, **changes):
    with open(os.path.join(root, path)) as f:
        data = json.load(f)
    data.update(changes)
    return data


def cpu_of_children():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_timed(tmp, name, data, limit):
    """Runs the scene to its stop; returns (summary or None, CPU seconds)."""
    path = os.path.join(tmp, name + ".json")
    with open(path, "w") as f:
        json.dump(data, f)
    before = cpu_of_children()
    try:
        done = subprocess.run([tool, "run", path, "--out", os.path.join(tmp, name), "--no-xyz", "--quiet",
                               "--compact"], capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        check(False, "%s: not done within %g s" % (name, limit))
        return None, cpu_of_children() - before
    check(done.returncode == 0, "%s: exit %d: %s" % (name, done.returncode, done.stderr.strip()))
    return (json.loads(done.stdout) if done.returncode == 0 else None), cpu_of_children() - before


def test_cost(tmp):
    frictionless, plain = run_timed(tmp, "frictionless", scene("examples/rigid/friction_pile.json", friction=0), 60)
    summary, rough = run_timed(tmp, "friction", scene("examples/rigid/friction_pile.json"), 60)
    if summary is None:
        return
    print("frictionless %.3f s CPU, friction %.3f s CPU (%.2f times); impact_iterations %d, max %d"
          % (plain, rough, rough / max(plain, 1e-9), summary["impact_iterations"], summary["max_impact_iterations"]))
    check(summary["stopped_by"] == "time" and abs(summary["time"] - 1.5) < 1e-9,
          "friction: stopped by %s at %g, not at time 1.5" % (summary["stopped_by"], summary["time"]))
    check(summary["friction"] == 0.4, "friction: the summary's friction is %g, not 0.4" % summary["friction"])
    check(summary["impact_iterations"] <= 20000,
          "friction: %d operator applications in 1.5 s, more than 20000" % summary["impact_iterations"])
    check(summary["max_impact_iterations"] <= 500,
          "friction: a step took %d operator applications, more than 500" % summary["max_impact_iterations"])
    check(rough <= 8 * plain + 1.0,
          "friction: %.3f s of CPU, more than 8 times the frictionless run's %.3f s plus 1 s" % (rough, plain))


def interrupt_after(tmp, name, data, wait_for, bound):
    """Starts the run, waits until wait_for(folder) holds (at most 30 s), sends SIGTERM and checks that the run ends
    within bound seconds as an interrupted run. Returns the summary or None."""
    path = os.path.join(tmp, name + ".json")
    folder = os.path.join(tmp, name)
    with open(path, "w") as f:
        json.dump(data, f)
    process = subprocess.Popen([tool, "run", path, "--out", folder, "--no-xyz", "--quiet", "--compact",
                                "--checkpoint-every", "0.1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    started = time.monotonic()
    while not wait_for(folder) and time.monotonic() - started < 30 and process.poll() is None:
        time.sleep(0.02)
    check(process.poll() is None, "%s: the run ended before the interrupt" % name)
    sent = time.monotonic()
    process.send_signal(signal.SIGTERM)
    try:
        out, err = process.communicate(timeout=bound)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        check(False, "%s: still running %g s after SIGTERM" % (name, bound))
        return None
    took = time.monotonic() - sent
    print("%s: ended %.3f s after SIGTERM" % (name, took))
    check(process.returncode == 128 + signal.SIGTERM, "%s: exit %d, not 143: %s" % (name, process.returncode, err))
    check(os.path.exists(os.path.join(folder, "checkpoint.rcp")), "%s: no checkpoint after the interrupt" % name)
    try:
        summary = json.loads(out)
    except ValueError:
        check(False, "%s: no summary printed: %r" % (name, out[:200]))
        return None
    check(summary["stopped_by"] == "interrupted", "%s: stopped by %s" % (name, summary["stopped_by"]))
    return summary


def test_interrupt(tmp):
    # the frictional scene, far longer than its example: interrupted in the middle of its run
    interrupt_after(tmp, "friction", scene("examples/rigid/friction_pile.json", stop={"time": 1000}),
                    lambda folder: os.path.exists(os.path.join(folder, "checkpoint.rcp")), 3)
    # one step that never ends by itself: the geyser's first impact, no lineality detection, no budget
    geyser = scene("examples/rigid/geyser.json", max_iterations=0)
    summary = interrupt_after(tmp, "geyser", geyser, lambda folder: time.sleep(1.0) is None, 3)
    if summary is not None:
        check(summary["steps"] == 1, "geyser: %d steps, expected the one interrupted step" % summary["steps"])
        check(summary["impact_iterations"] > 1000,
              "geyser: %d operator applications: the step was not under way" % summary["impact_iterations"])
        check(summary["energy_drift"] <= 1e-9,
              "geyser: the interrupted step added energy (energy_drift %g)" % summary["energy_drift"])


with tempfile.TemporaryDirectory() as tmp:
    {"cost": test_cost, "interrupt": test_interrupt}[part](tmp)
print("%s: %d failures" % (part, len(failures)))
sys.exit(1 if failures else 0)
