# SPDX-License-Identifier: MIT
"""Tests that Python raises and never crashes the interpreter (python/ricochet against libricochet.so,
RICOCHET_LIBRARY), each one a way it crashed or hung before:
- four threads advancing one Simulation: the calls are serialised by the object's lock, every advance reaches its
  limit and the state is the one of the same advances made one after the other;
- close() frees the run once: a second close() or __del__() does nothing, any other method then raises ValueError,
  and a `with` block closes it; an ImpactProblem alike;
- an advance by a count the engine does not keep (steps of the event-driven engine, collisions of the time-stepped
  one) raises Error naming it at once, from the library; a negative count raises ValueError and one past 64 bits
  OverflowError, before ctypes could cut it; Ctrl-C during a long advance ends it with KeyboardInterrupt, and the
  next advance goes on from there;
- a path or scene text with a NUL character raises ValueError (C would read it cut at the NUL), and so does one
  handed to any function of the library (the net under every call);
- an exception raised in a callback (replica_exchange's sample, sweep's progress) comes out of the call that invoked
  it, after the library stopped at once;
- Simulation.resume(checkpoint) goes on in the checkpoint's run folder: its trajectory grows, and with a checkpoint
  cadence the checkpoint there is renewed.
"""
import json
import os
import tempfile
import threading
import unittest

import numpy

import ricochet

# The child of test_ctrl_c_in_a_child_process: a long advance of the scene given as its argument, interrupted.
CHILD = """
import json, sys, numpy, ricochet
sim = ricochet.Simulation(json.loads(sys.argv[1]))
print("advancing", flush=True)
try:
    sim.advance(time=1e9)
    print("never interrupted")
except KeyboardInterrupt:
    print("interrupted", repr(sim.time), flush=True)
x = sim.positions
print("inside" if ((x >= 0) & (x < sim.box)).all() and sim.stopped_by == "interrupted" else "outside")
reached = sim.time
sim.advance(time=reached + 0.5)
print("again" if sim.time == reached + 0.5 else "stuck")
"""

GAS = {"dimension": 3, "box": {"periodic": True}, "temperature": 1, "seed": 5, "stop": {"collisions": 3000},
       "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.3, "diameter": 1}}
DICE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "rigid", "dice.json")


class Threads(unittest.TestCase):
    def test_four_threads_one_simulation(self):
        shared, alone = ricochet.Simulation(GAS), ricochet.Simulation(GAS)
        targets = [400, 800, 1200, 1600]
        failures = []

        def advance(events):
            try:
                for k in range(1, 6):
                    shared.advance(events=events * k)
                    shared.positions  # read while the others advance
            except Exception as e:  # pragma: no cover - the failure is reported below
                failures.append(e)

        threads = [threading.Thread(target=advance, args=(events,)) for events in targets]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(failures, [])
        alone.advance(events=max(targets) * 5)
        self.assertEqual(shared.summary()["events"], max(targets) * 5)
        numpy.testing.assert_array_equal(shared.positions, alone.positions)


class Lifetime(unittest.TestCase):
    def test_close_twice_and_after(self):
        sim = ricochet.Simulation(GAS)
        sim.advance(events=100)
        sim.close()
        sim.close()
        sim.__del__()
        for use in (lambda: sim.positions, lambda: sim.time, lambda: sim.advance(events=200), sim.summary,
                    sim.run, sim.snapshot, lambda: sim.checkpoint("x.rcp")):
            with self.assertRaisesRegex(ValueError, "closed"):
                use()

    def test_del_then_method(self):
        sim = ricochet.Simulation(GAS)
        sim.__del__()
        sim.__del__()
        with self.assertRaises(ValueError):
            sim.velocities

    def test_impact_problem_closed(self):
        p = ricochet.ImpactProblem(dimension=1)
        p.add_balls(masses=[1, 1], velocities=[[1], [0]], positions=[[0], [1]])
        p.__del__()
        p.close()
        for use in (lambda: p.body_count, lambda: p.add_balls([1], [[0]]), lambda: p.add_contacts([1], [0], [[1]]),
                    p.resolve):
            with self.assertRaisesRegex(ValueError, "ImpactProblem: it is closed"):
                use()

    def test_with_block(self):
        with ricochet.Simulation(GAS) as sim:
            sim.advance(events=10)
        with self.assertRaises(ValueError):
            sim.advance(events=20)


class Limits(unittest.TestCase):
    def test_uncounted_limits_refused(self):
        gas, dice = ricochet.Simulation(GAS), ricochet.Simulation(DICE)
        for sim, keywords, name in ((gas, {"steps": 10}, "steps"), (dice, {"collisions": 10}, "collisions"),
                                    (dice, {"events": 10}, "events")):
            with self.assertRaisesRegex(ricochet.Error, "rc_run_advance: %s: " % name):
                sim.advance(**keywords)
            self.assertEqual(sim.time, 0)
        gas.step()  # step() counts what the engine counts: events here, steps for the dice
        dice.step()
        self.assertEqual((gas.summary()["events"], dice.summary()["steps"]), (1, 1))

    def test_ctrl_c_during_advance(self):
        import signal
        sim = ricochet.Simulation(GAS)
        timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        with self.assertRaisesRegex(KeyboardInterrupt, "advance was interrupted"):
            sim.advance(time=1e9)
        timer.join()
        self.assertIs(signal.getsignal(signal.SIGINT), signal.default_int_handler)
        self.assertEqual(sim.stopped_by, "interrupted")
        reached = sim.time
        self.assertTrue(0 < reached < 1e9, reached)
        sim.advance(time=reached + 0.5)
        self.assertEqual((sim.time, sim.stopped_by), (reached + 0.5, None))

    def test_ctrl_c_in_a_child_process(self):
        """Ctrl-C as a terminal sends it, to a separate Python process in the middle of a long advance(): the advance
        raises KeyboardInterrupt, the simulation's state is consistent (its time reached, every particle in the box)
        and it advances again."""
        import signal
        import subprocess
        import sys
        child = subprocess.Popen([sys.executable, "-c", CHILD, json.dumps(GAS)], stdout=subprocess.PIPE, text=True,
                                 env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
        self.assertEqual(child.stdout.readline().strip(), "advancing")
        threading.Event().wait(0.5)
        child.send_signal(signal.SIGINT)
        out, _ = child.communicate(timeout=60)
        self.assertEqual(child.returncode, 0, out)
        lines = out.split()
        self.assertEqual(lines[0], "interrupted")
        self.assertTrue(0 < float(lines[1]) < 1e9, lines)
        self.assertEqual(lines[2:], ["inside", "again"])

    def test_counts_out_of_range(self):
        sim = ricochet.Simulation(GAS)
        with self.assertRaisesRegex(ValueError, "collisions: -1 is negative"):
            sim.advance(collisions=-1)
        with self.assertRaisesRegex(OverflowError, "events: .* does not fit in 64 bits"):
            sim.advance(events=2 ** 64 + 5)
        with self.assertRaises(TypeError):
            sim.advance(collisions=1.5)
        p = ricochet.ImpactProblem(dimension=1)
        p.add_balls(masses=[1, 1], velocities=[[1], [0]])
        with self.assertRaisesRegex(OverflowError, "rc_impact_problem_add_contact argument 2"):
            p.add_contacts(a=[2 ** 32 + 1], b=[0], normals=[[1]])
        self.assertEqual(p.contact_count, 0)


class NulCharacters(unittest.TestCase):
    def test_paths_and_texts(self):
        with tempfile.TemporaryDirectory() as directory:
            cut = os.path.join(directory, "run")
            with self.assertRaisesRegex(ValueError, "out: .* NUL"):
                ricochet.Simulation(GAS, out=cut + "\0ignored")
            self.assertFalse(os.path.exists(cut))
            sim = ricochet.Simulation(GAS)
            with self.assertRaisesRegex(ValueError, "path: .* NUL"):
                sim.checkpoint(cut + "\0.rcp")
            self.assertEqual(os.listdir(directory), [])
        with self.assertRaisesRegex(ValueError, "NUL"):
            ricochet.Simulation(DICE + "\0x")
        with self.assertRaisesRegex(ValueError, "rc_trajectory_reader_open argument 1: .* NUL"):
            next(ricochet.read_trajectory("a\0b.xyz"))
        with self.assertRaisesRegex(ValueError, "ladder: .* NUL"):
            ricochet.parse_ladder("0.5,0.8\0,1.2")


EXCHANGE = {"dimension": 3, "box": {"size": [2, 2, 3], "periodic": [True, True, False]}, "gravity": [0, 0, -1],
            "particles": [{"position": [1, 1, 1.5], "velocity": [0.3, -0.2, 0.5], "radius": 0.05, "mass": 1}],
            "thermostat": {"temperature": 1, "rate": 4}, "collapse": {"sleep": False}, "stop": {"time": 1}}


class Callbacks(unittest.TestCase):
    def test_exchange_sample_raises(self):
        calls = []

        def sample(round_, slot, positions, velocities, energy):
            calls.append(round_)
            raise ZeroDivisionError("from the callback")

        with self.assertRaisesRegex(ZeroDivisionError, "from the callback"):
            ricochet.replica_exchange(EXCHANGE, [0.5, 1.0], interval=0.5, rounds=1000, sample=sample)
        self.assertEqual(calls, [0])  # the rounds stopped at the first exception

    def test_sweep_progress_raises(self):
        spec = {"scene": dict(GAS, stop={"collisions": 200}), "vary": {"seed": [1, 2, 3, 4]}}
        seen = []

        def progress(counts):
            seen.append(counts["done"])
            raise KeyError("progress")

        with tempfile.TemporaryDirectory() as directory:
            with self.assertRaisesRegex(KeyError, "progress"):
                ricochet.sweep(spec, out=os.path.join(directory, "s"), jobs=1, progress=progress)
        self.assertEqual(len(seen), 1)

    def test_sweep_jobs_out_of_range(self):
        with self.assertRaisesRegex(OverflowError, "jobs"):
            ricochet.sweep({"scene": GAS, "vary": {"seed": [1]}}, jobs=2 ** 32 + 1)


class Resume(unittest.TestCase):
    def test_resume_in_the_checkpoints_folder(self):
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "gas")
            checkpoint = os.path.join(out, "checkpoint.rcp")
            sim = ricochet.Simulation(dict(GAS, output={"every": 0.1}, stop={"time": 4}), out=out,
                                      checkpoint_every=0.5)
            sim.advance(time=1.2)
            sim.close()
            with open(os.path.join(out, "trajectory.xyz" + ".partial"
                                   if os.path.exists(os.path.join(out, "trajectory.xyz.partial"))
                                   else "trajectory.xyz"), "rb") as f:
                frames_before = f.read().count(b"Time=")
            with open(checkpoint, "rb") as f:
                before = f.read()
            resumed = ricochet.Simulation.resume(checkpoint)
            self.assertAlmostEqual(resumed.time, 1.0, places=12)
            resumed.run()
            self.assertEqual(resumed.stopped_by, "time")
            with open(checkpoint, "rb") as f:
                self.assertNotEqual(f.read(), before, "no checkpoint was written in the run folder")
            with open(os.path.join(out, "trajectory.xyz"), "rb") as f:
                frames = f.read().count(b"Time=")
            self.assertGreater(frames, frames_before)
            self.assertEqual(frames, 41)  # t = 0, 0.1, ..., 4: as a run that never stopped

    def test_resume_with_a_cadence(self):
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "gas")
            sim = ricochet.Simulation(GAS, out=out)
            sim.advance(events=500)
            sim.checkpoint()
            sim.close()
            resumed = ricochet.Simulation.resume(os.path.join(out, "checkpoint.rcp"), checkpoint_every=0.2)
            resumed.run()
            self.assertTrue(os.path.exists(os.path.join(out, "summary.json")))


if __name__ == "__main__":
    unittest.main()
