# SPDX-License-Identifier: MIT
"""Tests of the Python package (python/ricochet) against libricochet.so (RICOCHET_LIBRARY).

Oracles:
- Newton's cradle of n touching equal balls, built from numpy arrays: both operators end at (0, ..., 0, 1), the
  textbook answer; with restitution c the answer is (1 - c) (1/n, ..., 1/n) + c (0, ..., 0, 1) (docs/design.md, section
  6.2: the inelastic answer of the simultaneous LCP moves all balls at the common speed).
- Two unequal balls: the elastic collision of the textbook, ((m1 - m2) / (m1 + m2), 2 m1 / (m1 + m2)) v.
- Analysis of a run's snapshots: the MSD equals numpy's over every origin of the unwrapped positions.
- Trajectories: a hand-written extended XYZ file reads back to its numbers (2D told by z, species by symbol,
  defaults for missing columns); a malformed one raises Error naming the line.
- Warnings of the library reach Python as RicochetWarning at the caller's line: a resolve without lineality detection
  and without a budget (and none with a budget, at restitution 0, or with detection), a deprecated scene key, a run
  that stops before its equilibration ended.
- The run driver (both engines): the dice run from Python turn with unit quaternions, a checkpoint resumes to the
  bit-identical state, a run folder is written (its summary.json records the interpreter, script and arguments), a
  scene at rest ends with "no_events", Ctrl-C ends run() cleanly.
- A small hard-sphere gas: kinetic energy from the numpy velocities equals the summary's (elastic, so also its
  initial value), zero total momentum, positions inside the periodic box, the compressibility factor within 10% of
  Carnahan-Starling, step(n) processes exactly n events, the counters (time, collisions, events, steps) equal the
  summary's for both engines, and a bad scene raises Error naming the field.
- Plots of a CSV table: y = x drawn by the library passes the middle of the plot area in blue (read back with
  matplotlib), the picture has its size, and a column not in the table or a word in a cell raises Error naming it.
- Pictures of trajectories (render_run): two frames give two PNGs of the size asked and no third, the disk at the
  middle of its box is drawn in its species' blue at the middle of the picture and the corner stays white; beside a
  longer trajectory the shorter ends the pictures; a missing trajectory raises Error naming it, with nothing made, and
  an MP4 without ffmpeg on PATH raises Error saying so before anything is drawn.
"""
import json
import math
import os
import shlex
import sys
import tempfile
import unittest
import warnings

import numpy

import ricochet


def cradle(n, operator, **options):
    p = ricochet.ImpactProblem(dimension=1)
    velocities = numpy.zeros((n, 1))
    velocities[0, 0] = 1
    p.add_balls(masses=numpy.ones(n), velocities=velocities, positions=2.0 * numpy.arange(n).reshape(n, 1))
    p.add_contacts(a=numpy.arange(1, n), b=numpy.arange(n - 1), normals=numpy.ones((n - 1, 1)))
    return p.resolve(operator=operator, **options)


class Impact(unittest.TestCase):
    def test_cradle(self):
        for n in (2, 3, 5, 8):
            for operator in ("gr", "gs"):
                r = cradle(n, operator)
                expected = numpy.zeros((n, 1))
                expected[-1, 0] = 1
                self.assertEqual(r.status, "ok")
                numpy.testing.assert_allclose(r.velocities, expected, atol=1e-12, err_msg="%d balls, %s" % (n, operator))
                self.assertAlmostEqual(r.kinetic_energy_after, 0.5, places=12)

    def test_cradle_restitution(self):
        for n in (2, 3, 5):
            for c in (0.0, 0.5):
                r = cradle(n, "gr", restitution=c)
                expected = (1 - c) * numpy.full((n, 1), 1.0 / n)
                expected[-1, 0] += c
                numpy.testing.assert_allclose(r.velocities, expected, atol=1e-12, err_msg="%d balls, c = %g" % (n, c))

    def test_unequal_masses(self):
        m1, m2, v = 3.0, 1.0, 2.0
        p = ricochet.ImpactProblem(dimension=2)
        p.add_balls(masses=[m1, m2], velocities=[[v, 0.0], [0.0, 0.0]], positions=[[0.0, 0.0], [1.0, 0.0]])
        p.add_contacts(a=[1], b=[0], normals=[[1.0, 0.0]])
        r = p.resolve()
        expected = [[(m1 - m2) / (m1 + m2) * v, 0], [2 * m1 / (m1 + m2) * v, 0]]
        numpy.testing.assert_allclose(r.velocities, expected, atol=1e-12)
        self.assertAlmostEqual(r.normal_impulses[0], m2 * expected[1][0], places=12)

    def test_bad_input(self):
        p = ricochet.ImpactProblem(dimension=1)
        with self.assertRaises(ricochet.Error) as caught:
            p.add_balls(masses=[-1.0], velocities=[[0.0]])
        self.assertIn("-1", str(caught.exception))
        with self.assertRaises(ricochet.Error):
            p.resolve(restitution=1.5)

    def test_warning_without_lineality(self):
        with self.assertWarnsRegex(ricochet.RicochetWarning, "lineality is off and max_iterations is 0") as caught:
            r = cradle(3, "gr", lineality=False)
        self.assertEqual(caught.filename, __file__)  # attributed to the caller of resolve
        self.assertEqual(r.status, "ok")
        with warnings.catch_warnings():
            warnings.simplefilter("error", ricochet.RicochetWarning)
            cradle(3, "gr", lineality=False, max_iterations=100)  # a budget: the resolve ends, no warning
            cradle(3, "gr", lineality=False, restitution=0.0)  # no elastic loop
            cradle(3, "gr")


GAS = {"dimension": 3, "box": {"periodic": True}, "temperature": 1, "seed": 5, "stop": {"collisions": 3000},
       "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.3, "diameter": 1}}


class Gas(unittest.TestCase):
    def test_run(self):
        sim = ricochet.Simulation(GAS)
        self.assertEqual((sim.count, sim.dimension), (108, 3))
        energy0 = 0.5 * numpy.sum(sim.velocities ** 2)
        start = sim.positions
        sim.run()
        s = sim.summary()
        self.assertEqual(s["collisions"], 3000)
        self.assertEqual(s["negative_time_events"], 0)
        v = sim.velocities
        self.assertEqual(v.shape, (108, 3))
        self.assertAlmostEqual(0.5 * numpy.sum(v ** 2) / energy0, 1, places=12)
        self.assertAlmostEqual(s["kinetic_energy"] / energy0, 1, places=12)
        numpy.testing.assert_allclose(v.sum(axis=0), 0, atol=1e-11)
        x = sim.positions
        self.assertTrue(numpy.all(x >= 0) and numpy.all(x < sim.box), "positions outside the box")
        self.assertFalse(numpy.array_equal(x, start), "nothing moved")
        phi = s["packing_fraction"]
        carnahan_starling = (1 + phi + phi ** 2 - phi ** 3) / (1 - phi) ** 3
        self.assertLess(abs(s["compressibility"] / carnahan_starling - 1), 0.1, s["compressibility"])

    def test_measure(self):
        """The scene's "measure": the transport keys come through the summary (None when not asked for)."""
        scene = dict(GAS, stop={"time": 60}, measure={"diffusion": True, "viscosity": True})
        sim = ricochet.Simulation(scene)
        sim.run()
        s = sim.summary()
        for key in ("diffusion_coefficient", "shear_viscosity", "bulk_viscosity"):
            self.assertTrue(s[key] > 0 and s[key + "_error"] > 0, (key, s[key], s[key + "_error"]))
        self.assertIsNone(s["thermal_conductivity"])
        self.assertIsNone(s["rdf_contact"])
        self.assertGreater(s["measure"]["samples"], 100)

    def test_analyze_snapshots(self):
        """Snapshots of the gas analysed in memory: unwrapped displacements (positions + images * box) give the MSD
        the library reports at every lag (every origin, msd_points above the frame count), and g(r) has its bins."""
        sim = ricochet.Simulation(GAS)
        frames = []
        for k in range(12):
            sim.advance(time=0.05 * k)
            frames.append(sim.snapshot())
        a = ricochet.analyze(frames, compute=["rdf", "msd"], msd_points=16, rdf_bins=50, rdf_range=2)
        unwrapped = numpy.array([f.positions + f.images * f.box for f in frames])
        expected = [numpy.mean(numpy.sum((unwrapped[lag:] - unwrapped[:len(frames) - lag]) ** 2, axis=2))
                    for lag in range(len(frames))]
        numpy.testing.assert_allclose(a.msd["msd"], expected, rtol=1e-12, atol=1e-300)
        numpy.testing.assert_allclose(a.msd["time"], 0.05 * numpy.arange(12), rtol=1e-12, atol=1e-15)
        self.assertEqual(len(a.rdf["r"]), 50)
        self.assertEqual(a.summary["frames"], 12)
        self.assertIsNone(a.structure_factor)
        self.assertGreater(a.summary["rdf_contact"], 1)
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.analyze(frames, rdf_range=-1)
        self.assertIn("rdf_range", str(caught.exception))

    def test_analyze_without_images(self):
        """A trajectory without the image column reads images None; a particle that jumps more than half the box
        between its frames then stops the MSD alone, named under "failed", while g(r) and Q6 are reported."""
        cell = 'Lattice="4 0 0 0 4 0 0 0 4" Properties=species:S:1:pos:R:3 pbc="T T T"'
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "jump.xyz")
            with open(path, "w") as f:
                f.write("2\n%s Time=0\nH 0.1 1 1\nH 2 2 2\n2\n%s Time=1\nH 3.9 1 1\nH 2 2 2\n" % (cell, cell))
            frames = list(ricochet.read_trajectory(path))
            self.assertIsNone(frames[0].images)
            for source in (frames, path):
                a = ricochet.analyze(source)
                self.assertIn("msd: particle 0 moves 3.8", a.summary["failed"]["msd"])
                self.assertIsNone(a.msd)
                self.assertIsNotNone(a.rdf)
                self.assertIn("Q6", a.summary)

    def test_step_and_advance(self):
        sim = ricochet.Simulation(GAS)
        sim.step(7)
        self.assertEqual(sim.summary()["events"], 7)
        sim.advance(time=0.5)
        self.assertEqual(sim.time, 0.5)
        self.assertTrue(math.isclose(sim.summary()["time"], 0.5))

    def test_counters(self):
        sim = ricochet.Simulation(GAS)
        self.assertEqual((sim.time, sim.collisions, sim.events, sim.steps), (0, 0, 0, 0))
        sim.step(40)
        s = sim.summary()
        self.assertEqual((sim.time, sim.collisions, sim.events, sim.steps), (s["time"], s["collisions"], 40, 0))
        self.assertGreater(sim.collisions, 0)
        with self.assertRaises(AttributeError):  # read-only: the engine's counters, not settings
            sim.events = 3
        dice = ricochet.Simulation(Driver.DICE)
        dice.step(12)
        self.assertEqual((dice.collisions, dice.events, dice.steps), (0, 0, 12))
        self.assertEqual(dice.steps, dice.summary()["steps"])
        self.assertAlmostEqual(dice.time, 12 * dice.summary()["time_step"], places=12)

    def test_sheared_cell(self):
        rate = 0.3
        sim = ricochet.Simulation(dict(GAS, box={"periodic": True, "shear": {"rate": rate, "flow": 0, "gradient": 1}}))
        sim.advance(time=1.5)
        box = sim.box
        expected = numpy.diag(box)
        expected[1][0] = math.fmod(rate * box[1] * 1.5, box[0])  # the images' offset rate L_y t mod L_x
        numpy.testing.assert_allclose(sim.cell, expected, rtol=0, atol=1e-12)
        self.assertIn("shear_viscosity", sim.summary())

    def test_rough_spins(self):
        self.assertIsNone(ricochet.Simulation(GAS).angular_velocities)  # smooth: no spins kept
        for dimension, inertia in ((3, 0.4), (2, 0.5)):
            particles = {"lattice": "random" if dimension == 3 else "hexagonal", "count": 100,
                         "packing_fraction": 0.2, "diameter": 1, "inertia": inertia}
            sim = ricochet.Simulation(dict(GAS, dimension=dimension, particles=particles, tangential_restitution=1,
                                           stop={"collisions": 3000}))
            energy0 = 0.5 * numpy.sum(sim.velocities ** 2)
            numpy.testing.assert_array_equal(sim.angular_velocities, 0)  # starts without spin
            sim.run()
            w = sim.angular_velocities
            self.assertEqual(w.shape, (100, 3) if dimension == 3 else (100,))
            moment = inertia * 0.25  # q m a^2 with m = 1, a = 1/2
            rotational = 0.5 * moment * numpy.sum(w ** 2)
            s = sim.summary()
            # elastic and perfectly rough: translation and rotation share the energy, which is kept
            self.assertAlmostEqual(s["rotational_energy"] / rotational, 1, places=12)
            self.assertAlmostEqual((0.5 * numpy.sum(sim.velocities ** 2) + rotational) / energy0, 1, places=11)
            self.assertGreater(s["temperature_ratio"], 0.5)

    def test_bad_scene(self):
        scene = dict(GAS, restitution=2)
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.Simulation(scene)
        self.assertEqual(caught.exception.status, "invalid_argument")
        self.assertIn("restitution", str(caught.exception))


class Driver(unittest.TestCase):
    """Both engines through the library's run driver: the dice (time-stepped rigid bodies) from Python, checkpoints
    and resume (the resumed run ends bit-identical to the run that went on), a run folder written from Python, and a
    scene where nothing can happen ends by itself."""

    DICE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "rigid", "dice.json")

    def test_dice(self):
        sim = ricochet.Simulation(self.DICE)
        self.assertEqual(sim.dynamics, "time-stepping")
        self.assertEqual(sim.orientations.shape, (sim.count, 4))
        start = sim.positions
        sim.advance(time=0.3)
        self.assertAlmostEqual(sim.time, 0.3, places=12)
        q = sim.orientations
        numpy.testing.assert_allclose(numpy.sum(q ** 2, axis=1), 1, atol=1e-12)
        self.assertFalse(numpy.array_equal(start, sim.positions), "the dice did not move")
        s = sim.summary()
        self.assertEqual((s["dynamics"], s["steps"]), ("time-stepping", round(0.3 / s["time_step"])))
        self.assertIsNone(s["stopped_by"])
        self.assertLess(abs(s["energy_drift"]), 1e-2)

    def test_settle_sweeps(self):
        """The resting settle's sweeps from a scene dict: one sweep gives another pile than the default (50), a
        checkpoint of it resumes bit-identically (the key travels in the checkpoint's scene), and -1 is refused."""
        pile = {"dynamics": "time-stepping", "dimension": 2, "time_step": 1e-3, "gravity": [0, -9.81],
                "restitution": 0, "friction": 0, "sleep": False, "stop": {"steps": 100},
                "bodies": [{"shape": "ball", "radius": 0.5, "position": [0.5, 0.5],
                            "grid": {"counts": [40, 8], "spacing": [1, 1]}}],
                "static": [{"shape": "plane", "position": [0, 0], "normal": [0, 1]},
                           {"shape": "plane", "position": [0, 0], "normal": [1, 0]},
                           {"shape": "plane", "position": [40.5, 0], "normal": [-1, 0]}]}
        default, one = ricochet.Simulation(pile), ricochet.Simulation(dict(pile, settle_sweeps=1))
        default.advance(steps=60)
        one.advance(steps=30)
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "pile.rcp")
            one.checkpoint(path)
            one.advance(steps=60)
            resumed = ricochet.Simulation.resume(path)
            resumed.advance(steps=60)
        numpy.testing.assert_array_equal(one.velocities, resumed.velocities)
        self.assertFalse(numpy.array_equal(one.velocities, default.velocities), "settle_sweeps 1 changed nothing")
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.Simulation(dict(pile, settle_sweeps=-1))
        self.assertIn("settle_sweeps", str(caught.exception))

    def test_deprecated_key_warns(self):
        with open(self.DICE) as f:
            scene = json.load(f)
        body = scene["bodies"][0]
        body["half"] = body.pop("half_extents")
        with self.assertWarnsRegex(ricochet.RicochetWarning, r'bodies\[0\]\.half: "half" is deprecated') as caught:
            sim = ricochet.Simulation(scene)
        self.assertEqual(caught.filename, __file__)
        self.assertEqual(sim.count, 3)

    def test_early_stop_warns(self):
        sim = ricochet.Simulation(dict(GAS, equilibration={"collisions": 100000}, stop={"time": 0.5}))
        with self.assertWarnsRegex(ricochet.RicochetWarning, "stopped before the equilibration ended") as caught:
            sim.run()
        self.assertEqual(caught.filename, __file__)
        self.assertFalse(sim.summary()["averages_from"]["equilibrated"])

    def test_checkpoint_and_resume(self):
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "dice.rcp")
            a = ricochet.Simulation(self.DICE)
            a.advance(time=0.2)
            a.checkpoint(path)
            a.advance(time=0.4)
            b = ricochet.Simulation.resume(path)
            self.assertAlmostEqual(b.time, 0.2, places=12)
            b.advance(time=0.4)
            numpy.testing.assert_array_equal(a.positions, b.positions)
            numpy.testing.assert_array_equal(a.orientations, b.orientations)
            numpy.testing.assert_array_equal(a.velocities, b.velocities)

    def test_run_folder(self):
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "gas")
            sim = ricochet.Simulation(dict(GAS, output={"every": 0.5}), out=out)
            sim.run()
            self.assertEqual(sim.stopped_by, "collisions")
            for name in ("trajectory.xyz", "observables.csv", "scene.json", "summary.json"):
                self.assertTrue(os.path.exists(os.path.join(out, name)), name)
            with open(os.path.join(out, "summary.json")) as f:
                saved = json.load(f)
            self.assertEqual(saved["collisions"], 3000)
            self.assertEqual(saved["command_line"], shlex.join([sys.executable] + sys.argv))  # how to run it again
            self.assertEqual(saved["outputs"]["frames"], sim.summary()["outputs"]["frames"])
            with self.assertRaises(ricochet.Error):
                sim.advance(collisions=4000)  # a finished run cannot be advanced

    def test_folder_lock(self):
        """A run folder in use refuses a second Simulation, naming this process; freed, it takes one again."""
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "locked")
            first = ricochet.Simulation(dict(GAS, stop={"time": 1}), out=out)
            with self.assertRaises(ricochet.Error) as refused:
                ricochet.Simulation(dict(GAS, stop={"time": 1}), out=out)
            self.assertIn("in use by another run (process %d holds" % os.getpid(), str(refused.exception))
            first.run()
            del first
            self.assertFalse(os.path.exists(os.path.join(out, ".lock")))
            ricochet.Simulation(dict(GAS, stop={"time": 1}), out=out).run()

    def test_ctrl_c(self):
        """SIGINT during run() ends the run cleanly (files closed, interrupted), then raises KeyboardInterrupt."""
        import signal
        import threading
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "long")
            sim = ricochet.Simulation(dict(GAS, stop={"time": 1e9}, output={"every": 1}), out=out)
            timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
            timer.start()
            with self.assertRaises(KeyboardInterrupt):
                sim.run()
            timer.join()
            self.assertEqual(sim.stopped_by, "interrupted")
            self.assertLess(sim.time, 1e9)
            names = sorted(os.listdir(out))
            self.assertEqual(names, ["observables.csv", "scene.json", "summary.json", "trajectory.xyz"], names)
            self.assertIs(signal.getsignal(signal.SIGINT), signal.default_int_handler)

    def test_sigterm(self):
        """SIGTERM during run() ends the run cleanly too, then goes on to Python's own SIGTERM handler."""
        import signal
        import threading
        seen = []
        previous = signal.signal(signal.SIGTERM, lambda number, frame: seen.append(number))
        try:
            sim = ricochet.Simulation(dict(GAS, stop={"time": 1e9}))
            timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGTERM))
            timer.start()
            with self.assertRaises(KeyboardInterrupt):
                sim.run()
            timer.join()
        finally:
            signal.signal(signal.SIGTERM, previous)
        self.assertEqual(sim.stopped_by, "interrupted")
        self.assertEqual(seen, [signal.SIGTERM])

    def test_nothing_can_happen(self):
        sim = ricochet.Simulation(dict(GAS, temperature=0))
        sim.run()
        self.assertEqual(sim.stopped_by, "no_events")


XYZ = """2
Lattice="4 0 0 0 3 0 0 0 1" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1 Time=0.5 pbc="T F F"
H 1 2 0 0.5 -1 0 0.25
He 3 0.5 0 0 0 0 0.75
1
Lattice="4 0 0 0 3 0 0 0 1" Properties=species:S:1:pos:R:3 Time=1.5 pbc="T F F"
Li 1.5 2.5 0
"""


class Trajectory(unittest.TestCase):
    def test_read(self):
        import os
        import tempfile
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "t.xyz")
            with open(path, "w") as f:
                f.write(XYZ)
            frames = list(ricochet.read_trajectory(path))
            self.assertEqual(len(frames), 2)
            first, second = frames
            self.assertEqual((first.time, first.dimension), (0.5, 2))
            numpy.testing.assert_array_equal(first.box, [4, 3])
            numpy.testing.assert_array_equal(first.periodic, [True, False])
            numpy.testing.assert_array_equal(first.positions, [[1, 2], [3, 0.5]])
            numpy.testing.assert_array_equal(first.velocities, [[0.5, -1], [0, 0]])
            numpy.testing.assert_array_equal(first.radii, [0.25, 0.75])
            numpy.testing.assert_array_equal(first.species, [0, 1])
            self.assertIsNone(first.orientations)
            numpy.testing.assert_array_equal(second.positions, [[1.5, 2.5]])
            numpy.testing.assert_array_equal(second.radii, [0.5])  # the default radius
            numpy.testing.assert_array_equal(second.masses, [1])  # the default mass
            numpy.testing.assert_array_equal(second.species, [2])
            with open(path, "w") as f:
                f.write(XYZ.replace("He 3", "He x"))
            with self.assertRaises(ricochet.Error) as caught:
                list(ricochet.read_trajectory(path))
            self.assertIn("line 4", str(caught.exception))

    def test_convert(self):
        import os
        import tempfile
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "t.xyz")
            with open(path, "w") as f:
                f.write(XYZ)
            gsd, dump = os.path.join(directory, "t.gsd"), os.path.join(directory, "t.lammpstrj")
            self.assertEqual(ricochet.convert_trajectory(path, gsd), 2)
            self.assertEqual(ricochet.convert_trajectory(gsd, dump, frame=-1), 1)
            again = list(ricochet.read_trajectory(dump))
            self.assertEqual(len(again), 1)
            numpy.testing.assert_array_equal(again[0].positions, [[1.5, 2.5]])  # float32 exact, through GSD
            numpy.testing.assert_array_equal(again[0].species, [2])
            with self.assertRaises(ricochet.Error) as caught:
                ricochet.convert_trajectory(path, os.path.join(directory, "t.pdb"))
            self.assertIn("not a format ricochet writes", str(caught.exception))


class Plot(unittest.TestCase):
    def test_plot_csv(self):
        import matplotlib.image
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "table.csv")
            with open(path, "w") as f:
                f.write("x,y,y_err\n" + "".join("%d,%d,0.5\n" % (r, r) for r in range(11)))
            report = ricochet.plot_csv(path, columns=["y"])
            self.assertEqual(report, {"png": os.path.join(directory, "table.png"), "panels": 1, "curves": 1,
                                      "rows": 11})
            picture = matplotlib.image.imread(report["png"])
            self.assertEqual(picture.shape[:2], (320, 420))
            r, g, b = picture[26 + (320 - 26 - 40) // 2, 72 + (420 - 72 - 16) // 2][:3]  # (5, 5), on y = x
            self.assertGreater(b, r + 0.25)
            self.assertTrue(all(picture[26 + (320 - 26 - 40) // 4, 72 + (420 - 72 - 16) // 4][:3] > 0.8))  # off it
            out = os.path.join(directory, "other.png")
            report = ricochet.plot_csv(path, x="x", out=out, log="y", errors=True, overlay=True, size=(300, 200))
            self.assertEqual((report["png"], report["panels"], report["curves"]), (out, 1, 1))
            self.assertEqual(matplotlib.image.imread(out).shape[:2], (200, 300))
            with self.assertRaises(ricochet.Error) as caught:
                ricochet.plot_csv(path, columns=["temperature"])
            self.assertIn('columns: no column "temperature"', str(caught.exception))
            with open(path, "a") as f:
                f.write("11,eleven,0\n")
            with self.assertRaises(ricochet.Error) as caught:
                ricochet.plot_csv(path)
            self.assertIn("line 13, column 2 (y)", str(caught.exception))
            self.assertEqual(caught.exception.status, "invalid_argument")


DISK_XYZ = """1
Lattice="4 0 0 0 4 0 0 0 0" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1 Time=%d pbc="F F F"
H 2 2 0 %g 0 0 1
"""


class Render(unittest.TestCase):
    def test_render_run(self):
        import matplotlib.image
        with tempfile.TemporaryDirectory() as directory:
            two, three = os.path.join(directory, "two.xyz"), os.path.join(directory, "three.xyz")
            with open(two, "w") as f:
                f.write("".join(DISK_XYZ % (k, 1 - 0.5 * k) for k in range(2)))
            with open(three, "w") as f:
                f.write("".join(DISK_XYZ % (k, 1) for k in range(3)))
            out = os.path.join(directory, "pictures")
            report = ricochet.render_run(two, out=out, size=(200, 150))
            self.assertEqual(report, {"frames": 2, "directory": out, "mp4": None})
            for k in range(2):
                picture = matplotlib.image.imread(os.path.join(out, "frame_%05d.png" % k))
                self.assertEqual(picture.shape[:2], (150, 200))
                numpy.testing.assert_allclose(picture[24 + (150 - 24) // 2, 100][:3], [31 / 255, 120 / 255, 181 / 255],
                                              atol=0.02)  # the disk, species 0
                numpy.testing.assert_allclose(picture[149, 0][:3], [1, 1, 1])  # the corner
            self.assertFalse(os.path.exists(os.path.join(out, "frame_00002.png")))
            both = ricochet.render_run([three, two], out=os.path.join(directory, "both"), labels=["a", "b"],
                                       color_by="speed", arrows=True)
            self.assertEqual(both["frames"], 2)
            missing = os.path.join(directory, "none.xyz")
            with self.assertRaises(ricochet.Error) as caught:
                ricochet.render_run(missing, out=os.path.join(directory, "m"))
            self.assertIn(missing, str(caught.exception))
            self.assertFalse(os.path.exists(os.path.join(directory, "m")))
            with self.assertRaises(ValueError):
                ricochet.render_run([two, three], labels=["only one"])
            with self.assertRaises(ricochet.Error) as caught:
                ricochet.render_run(two, color_by="mass")
            self.assertIn("mass", str(caught.exception))
            saved = os.environ["PATH"]
            os.environ["PATH"] = os.path.join(directory, "empty")
            try:
                with self.assertRaises(ricochet.Error) as caught:
                    ricochet.render_run(two, out=os.path.join(directory, "film"), mp4=os.path.join(directory, "a.mp4"))
            finally:
                os.environ["PATH"] = saved
            self.assertIn("ffmpeg is not installed", str(caught.exception))
            self.assertFalse(os.path.exists(os.path.join(directory, "film")))


if __name__ == "__main__":
    unittest.main()
