# SPDX-License-Identifier: MIT
"""Tests of a live Simulation (python/ricochet/live.py, ricochet/live.h): state set from arrays and read back to the
bit, a bad state or parameter refused with nothing changed (a table of setters and the messages that name the field),
parameter changes recorded and kept by checkpoints (a resumed run ends bit-identical to the uninterrupted run with the
same change), triggers called at exact counts, and a progress callback."""
import csv
import json
import os
import tempfile
import time
import unittest

import numpy

import ricochet

DICE = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "rigid", "dice.json")
WELLS = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "edmd", "square_well_quench.json")
COMPRESSION = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "edmd", "compression.json")
CHAINS = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "edmd", "chain_melt.json")
SHEARED = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "edmd", "sheared_granular.json")


def gas(n_side=10, spacing=2.0, seed=1, **scene):
    """n_side^2 disks of radius 0.5 on a square lattice in a periodic box, Maxwellian velocities."""
    rng = numpy.random.default_rng(seed)
    n = n_side * n_side
    grid = numpy.stack(numpy.meshgrid(numpy.arange(n_side), numpy.arange(n_side)), -1).reshape(-1, 2)
    return ricochet.Simulation.from_arrays(dimension=2, box=[n_side * spacing] * 2, positions=grid * spacing + 1.0,
                                           velocities=rng.normal(size=(n, 2)), radii=numpy.full(n, 0.5),
                                           masses=numpy.ones(n), **scene)


def example(path):
    """An example scene as a dict, without its output (no files)."""
    with open(path) as f:
        scene = json.load(f)
    scene.pop("output", None)
    return scene


def resumed_twin(sim, go_on):
    """Checkpoints sim, runs go_on(sim), then resumes the checkpoint and runs go_on on that too: the resumed twin,
    which should end as sim did, bit for bit."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "live.rcp")
        sim.checkpoint(path)
        go_on(sim)
        resumed = ricochet.Simulation.resume(path)
        go_on(resumed)
    return resumed


def state(sim):
    """Everything a setter may change, and the counters."""
    return (sim.positions, sim.velocities, sim.radii, sim.masses, sim.species, sim.time, sim.collisions, sim.events,
            sim.get("restitution"), sim.get("gravity"))


class Docs(unittest.TestCase):
    def test_every_public_name_has_a_docstring(self):
        """help() says something of every public name of the package and of Simulation (its own __doc__, not an
        inherited one)."""
        missing = [name for name in ricochet.__all__ if name != "__version__"
                   and not (getattr(ricochet, name).__doc__ or "").strip()]
        missing += ["Simulation." + name for name in dir(ricochet.Simulation) if not name.startswith("_")
                    and not (getattr(ricochet.Simulation, name).__doc__ or "").strip()]
        self.assertEqual(missing, [])


class State(unittest.TestCase):
    def test_round_trip_to_the_bit(self):
        sim = gas()
        sim.advance(collisions=300)
        rng = numpy.random.default_rng(7)
        v = rng.normal(size=(sim.count, 2)) * numpy.pi  # numbers with every bit used
        sim.velocities = v
        numpy.testing.assert_array_equal(sim.velocities, v)
        x = sim.positions
        x[5] += [1e-3 / 3, 0]
        sim.positions = x
        numpy.testing.assert_array_equal(sim.positions, x)
        r = sim.radii * 0.9
        sim.radii = r
        numpy.testing.assert_array_equal(sim.radii, r)
        numpy.testing.assert_array_equal(sim.diameters, 2 * r)
        sim.advance(collisions=600)  # the engine goes on from the new state
        self.assertEqual(sim.collisions, 600)

    def test_velocities_zero_stop_everything(self):
        sim = gas()
        sim.advance(collisions=100)
        sim.velocities = numpy.zeros_like(sim.velocities)
        x = sim.positions
        sim.advance(time=sim.time + 5)
        numpy.testing.assert_array_equal(sim.positions, x)
        self.assertEqual(sim.stopped_by, "no_events")

    def test_from_arrays_checks(self):
        x = numpy.array([[1.0, 1.0], [1.5, 1.0]])
        with self.assertRaisesRegex(ValueError, "overlaps"):
            ricochet.Simulation.from_arrays(dimension=2, box=[10, 10], positions=x, velocities=numpy.zeros((2, 2)),
                                            radii=[0.5, 0.5], masses=[1, 1])
        with self.assertRaisesRegex(ValueError, "^radii: particle 1 has -0.5"):
            ricochet.Simulation.from_arrays(dimension=2, box=[10, 10], positions=x, velocities=numpy.zeros((2, 2)),
                                            radii=[0.5, -0.5], masses=[1, 1])


class Setters(unittest.TestCase):
    """A table: (what, action, words the message holds). Each is refused with ValueError and nothing changes."""
    TABLE = [
        ("positions of another shape", lambda s: setattr(s, "positions", numpy.zeros((3, 2))), "positions: shape"),
        ("positions as strings", lambda s: setattr(s, "positions", s.positions.astype(str)), "positions: dtype"),
        ("a NaN velocity", lambda s: setattr(s, "velocities", numpy.where(numpy.arange(s.count)[:, None] == 4,
                                                                            numpy.nan, s.velocities)),
         "velocities: particle 4 has nan"),
        ("an infinite position", lambda s: setattr(s, "positions", numpy.where(numpy.arange(s.count)[:, None] == 2,
                                                                                numpy.inf, s.positions)),
         "positions: particle 2 has inf"),
        ("a negative radius", lambda s: setattr(s, "radii", numpy.where(numpy.arange(s.count) == 9, -1.0, s.radii)),
         "radii: particle 9 has -1"),
        ("a radius above the run's largest", lambda s: setattr(s, "radii", s.radii * 1.01), "radii[0]"),
        ("two particles overlapping", lambda s: setattr(s, "positions", numpy.where(
            numpy.arange(s.count)[:, None] == 1, s.positions[0], s.positions)), "positions: particle 0 overlaps"),
        ("a particle outside the box", lambda s: setattr(s, "positions", s.positions + [0, 100]), "positions: particle"),
        ("masses that differ in a run of one mass", lambda s: setattr(s, "masses", numpy.arange(1.0, s.count + 1)),
         "masses[1]"),
        ("species as floats", lambda s: setattr(s, "species", numpy.zeros(s.count)), "species: dtype"),
        ("a species the run does not have", lambda s: setattr(s, "species", numpy.ones(s.count, dtype=int)),
         "species[0]"),
        ("a box too small", lambda s: setattr(s, "box", [2, 20]), "box[0]: periodic edge 2 is too short"),
        ("a box of the wrong dimension", lambda s: s.set(box=[30, 30, 30]), "box: 3 numbers given, it takes 2"),
        ("a box that leaves particles outside", lambda s: setattr(s, "box", [10, 20]),
         "box: under the new box particle"),
        ("a NaN box", lambda s: setattr(s, "box", [numpy.nan, 20]), "box: nan is not a finite number"),
        ("restitution above 1", lambda s: s.set(restitution=1.5), "restitution: 1.5 is not in [0, 1]"),
        ("restitution below 0", lambda s: s.set(restitution=-0.1), "restitution: -0.1 is not in [0, 1]"),
        ("a NaN restitution", lambda s: s.set(restitution=float("nan")), "restitution: nan"),
        ("a restitution as text", lambda s: s.set(restitution="high"), "restitution: 'high'"),
        ("gravity of the wrong length", lambda s: s.set(gravity=[0, 0, -1]), "gravity: 3 numbers given, it takes 2"),
        ("a negative temperature", lambda s: s.set(thermostat={"temperature": -1}), "thermostat.temperature: -1"),
        ("a shear rate without shear", lambda s: s.set(**{"box.shear.rate": 0.1}), "box.shear.rate: the scene has no"),
        ("a compression's rate without compression", lambda s: s.set(**{"compression.rate": 0.1}),
         "compression.rate: the scene has no compression"),
        ("a key no engine has", lambda s: s.set(**{"box.size": 10}), "box.size: the event-driven engine cannot"),
        ("a time step (the other engine's)", lambda s: s.set(time_step=1e-3), "time_step: the event-driven"),
        ("walls the scene has none of", lambda s: s.set(**{"walls.restitution": 0.5}), "walls.restitution: the scene"),
        ("a good change after a bad one", lambda s: s.set(restitution=0.5, gravity=[1]), "gravity: 1 number given"),
        ("angular velocities of disks", lambda s: setattr(s, "angular_velocities", numpy.zeros((s.count, 3))),
         "angular_velocities: the event-driven engine has none"),
    ]

    def test_table(self):
        sim = gas()
        sim.advance(collisions=200)
        for what, action, words in self.TABLE:
            with self.subTest(what):
                before = state(sim)
                with self.assertRaises(ValueError) as caught:
                    action(sim)
                self.assertIn(words, str(caught.exception))
                for a, b in zip(before, state(sim)):
                    numpy.testing.assert_array_equal(a, b)
        self.assertEqual(sim.changes, 0)
        sim.advance(collisions=400)  # and it still runs
        self.assertEqual(sim.collisions, 400)

    def test_refused_state_leaves_the_trajectory(self):
        """A refused state changes nothing: the run then goes on exactly as its twin never offered one."""
        a, b = gas(), gas()
        a.advance(collisions=300)
        b.advance(collisions=300)
        with self.assertRaises(ValueError):
            a.positions = a.positions + [0, 100]
        a.advance(collisions=900)
        b.advance(collisions=900)
        numpy.testing.assert_array_equal(a.positions, b.positions)


class Box(unittest.TestCase):
    def test_new_box(self):
        """A larger box keeps the particles to the bit, is read back, recorded, and the gas runs on in it."""
        sim = gas()
        sim.advance(collisions=200)
        before = sim.positions
        sim.box = [24.0, 21.5]
        numpy.testing.assert_array_equal(sim.box, [24.0, 21.5])
        numpy.testing.assert_array_equal(sim.positions, before)
        sim.advance(collisions=2000)
        self.assertTrue(((sim.positions >= 0) & (sim.positions < sim.box)).all())
        self.assertTrue((sim.positions[:, 0] > 20).any())  # room the old box did not have
        summary = sim.summary()
        self.assertEqual(summary["box"], [24.0, 21.5])
        self.assertEqual((summary["changes"][0]["key"], summary["changes"][0]["new"]), ("box", [24.0, 21.5]))
        self.assertLess(abs(summary["energy_drift"]), 1e-9)

    def test_overlap_across_the_new_face(self):
        """Two disks 1.3 apart across the periodic face at 20 would be 0.8 apart across a face at 19.5."""
        sim = gas()
        x = sim.positions
        x[0] = [0.6, 1.0]
        x[9] = [19.3, 1.0]
        sim.positions = x
        with self.assertRaisesRegex(ValueError, "box: under the new box particle 0 overlaps particle 9"):
            sim.box = [19.5, 20]
        numpy.testing.assert_array_equal(sim.box, [20, 20])
        sim.box = [19.9, 20]

    def test_time_stepping_has_no_box(self):
        with self.assertRaisesRegex(ValueError, "box: a time-stepping scene has no box"):
            ricochet.Simulation(DICE).set(box=[10, 10, 10])


class ReplacedParticles(unittest.TestCase):
    """New particles in runs with a barostat, a shear or square wells: the books follow (the wells' pairs captured
    again where the particles are, the shear's peculiar motion counted again), the energy balance stays the engine's
    rounding, and a compression or transport moments refuse, saying why."""

    def replace(self, name, axes):
        sim = ricochet.Simulation(example(os.path.join(os.path.dirname(COMPRESSION), name + ".json")))
        sim.advance(collisions=2000)
        before = sim.summary()
        shift = numpy.where(numpy.arange(sim.dimension) < axes, 0.37 * sim.box, 0)
        sim.positions = numpy.mod(sim.positions + shift, sim.box)  # a translation: every pair keeps its distance
        sim.velocities = sim.velocities
        after = sim.summary()
        self.assertEqual(after["potential_energy"], before["potential_energy"])
        self.assertAlmostEqual(after["kinetic_energy"], before["kinetic_energy"], delta=1e-12 * before["kinetic_energy"])
        sim.advance(collisions=10000)
        self.assertLess(abs(sim.summary()["energy_drift"]), 1e-12)
        return sim

    def test_square_wells(self):
        self.assertLess(self.replace("square_well_quench", 3).summary()["potential_energy"], 0)

    def test_barostat(self):
        self.replace("hard_spheres_npt", 3)

    def test_shear(self):
        sim = self.replace("sheared_granular", 1)  # along the flow axis only: the sheared images stay
        with self.assertRaisesRegex(ValueError, "positions: particle .* overlaps particle"):
            sim.positions = numpy.mod(sim.positions + [0, 0.37 * sim.box[1]], sim.box)  # across the moving boundary

    def test_fixed_obstacles_stay(self):
        """The pegs of a Galton board stay fixed when the particles are replaced, and a checkpoint of it resumes
        bit-identically."""
        sim = ricochet.Simulation(example(os.path.join(os.path.dirname(COMPRESSION), "galton.json")))
        sim.advance(collisions=500)
        pegs = sim.positions
        sim.velocities = sim.velocities
        resumed = resumed_twin(sim, lambda s: s.advance(collisions=3000))
        numpy.testing.assert_array_equal(sim.positions, resumed.positions)
        still = numpy.all(sim.positions == pegs, axis=1)
        self.assertTrue(still.any(), "no particle kept its place: the pegs moved")

    def test_compression_refuses(self):
        sim = ricochet.Simulation(example(COMPRESSION))
        sim.advance(time=1)
        with self.assertRaisesRegex(ValueError, "positions: the particles of an engine that compresses: it grows"):
            sim.positions = sim.positions

    def test_bonds_refuse(self):
        scene = example(CHAINS)
        scene.pop("compression")
        sim = ricochet.Simulation(scene)
        with self.assertRaisesRegex(ValueError, "positions: the particles of an engine that has bonds"):
            sim.positions = sim.positions


class Changes(unittest.TestCase):
    def test_change_recorded_and_resumed_bit_identically(self):
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "run")
            sim = gas(out=out, stop={"time": 1e9})
            sim.advance(collisions=500)
            temperature = sim.get("thermostat.temperature")
            sim.set(restitution=0.9, thermostat={"temperature": 2.0})
            self.assertEqual(sim.get("restitution"), 0.9)
            sim.advance(collisions=1200)
            path = os.path.join(directory, "a.rcp")
            sim.checkpoint(path)
            sim.advance(collisions=3000)
            resumed = ricochet.Simulation.resume(path, out=os.path.join(directory, "resumed"))
            self.assertEqual((resumed.get("restitution"), resumed.changes), (0.9, 2))
            resumed.advance(collisions=3000)
            numpy.testing.assert_array_equal(sim.positions, resumed.positions)
            numpy.testing.assert_array_equal(sim.velocities, resumed.velocities)
            self.assertEqual(sim.time, resumed.time)
            # the inelastic run differs from an elastic one (the change took effect)
            elastic = gas()
            elastic.advance(collisions=3000)
            self.assertFalse(numpy.array_equal(elastic.velocities, sim.velocities))
            with open(os.path.join(out, "changes.csv")) as f:
                rows = list(csv.DictReader(f))
            self.assertEqual([(r["key"], r["old"], r["new"], r["collisions"]) for r in rows],
                             [("restitution", "1", "0.9", "500"),
                              ("thermostat.temperature", repr(temperature).removesuffix(".0"), "2", "500")])
            sim.finish()
            with open(os.path.join(out, "summary.json")) as f:
                self.assertEqual([c["key"] for c in json.load(f)["changes"]], ["restitution", "thermostat.temperature"])

    def test_shear_rate(self):
        """A new shear rate moves the streaming profile with it (the peculiar velocities stay), the flow follows it,
        and a checkpoint keeps it."""
        scene = example(SHEARED)
        scene["particles"]["count"] = 400
        sim = ricochet.Simulation(scene)
        sim.advance(time=5)
        before, x = sim.velocities, sim.positions
        sim.set(**{"box.shear.rate": 0.4})
        numpy.testing.assert_allclose(sim.velocities[:, 0] - before[:, 0], 0.2 * (x[:, 1] - sim.box[1] / 2),
                                      atol=1e-12)
        numpy.testing.assert_array_equal(sim.velocities[:, 1], before[:, 1])
        sim.advance(time=10)
        resumed = resumed_twin(sim, lambda s: s.advance(time=25))
        numpy.testing.assert_array_equal(sim.velocities, resumed.velocities)
        v, x = sim.velocities, sim.positions
        self.assertAlmostEqual(numpy.polyfit(x[:, 1], v[:, 0], 1)[0], 0.4, delta=0.04)  # the new profile holds
        with self.assertRaisesRegex(ValueError, "box.shear.rate: the scene has no shear"):
            gas().set(**{"box.shear.rate": 0.1})

    def test_square_well_depth(self):
        """A deeper well deepens every captured pair's energy at once (counted as put in, so the energy balance
        holds), and a checkpoint keeps it."""
        sim = ricochet.Simulation(example(WELLS))
        sim.advance(time=2)
        before = sim.summary()["potential_energy"]
        sim.set(**{"interactions.depth": 2 * sim.get("interactions.depth")})
        after = sim.summary()
        self.assertEqual(after["potential_energy"], 2 * before)
        self.assertLess(abs(after["energy_drift"]), 1e-12)
        resumed = resumed_twin(sim, lambda s: s.advance(time=6))
        numpy.testing.assert_array_equal(sim.velocities, resumed.velocities)
        self.assertEqual(resumed.get("interactions.depth"), 2.0)
        with self.assertRaisesRegex(ValueError, "interactions.depth: the scene has no square wells"):
            gas().set(**{"interactions.depth": 1})

    def test_compression(self):
        """A compression's rate and target changed while it grows: it stops at the new target, and a checkpoint keeps
        both."""
        scene = example(COMPRESSION)
        scene["compression"] = {"rate": 0.03, "until": {"packing_fraction": 0.5}}
        sim = ricochet.Simulation(scene)
        sim.advance(time=1)
        sim.set(compression={"rate": 0.06, "until": {"packing_fraction": 0.55}})
        sim.advance(time=2)
        resumed = resumed_twin(sim, lambda s: s.advance(time=20))
        numpy.testing.assert_array_equal(sim.velocities, resumed.velocities)
        self.assertAlmostEqual(sim.summary()["packing_fraction"], 0.55, places=12)
        self.assertEqual(sim.summary()["compression"]["rate"], 0.06)  # the rate in force, not the scene's
        self.assertEqual(resumed.summary()["compression"]["rate"], 0.06)
        self.assertEqual(sim.summary()["compression"]["ended_at"], "packing_fraction")
        with self.assertRaisesRegex(ValueError, "compression.rate: the compression has ended"):
            sim.set(**{"compression.rate": 0.1})

    def test_gravity_energy_balance(self):
        """Gravity switched on in a closed box: the potential energy it adds is put in from outside, not a drift."""
        sim = gas(periodic=[False, False])
        sim.advance(collisions=500)
        sim.set(gravity=[0, -1])
        sim.advance(collisions=3000)
        self.assertLess(abs(sim.summary()["energy_drift"]), 1e-9)

    def test_time_step_counts_steps(self):
        sim = ricochet.Simulation(DICE)
        h = sim.get("time_step")
        sim.advance(steps=10)
        sim.set(time_step=h / 2)
        sim.advance(time=10 * h + 20 * (h / 2))
        self.assertEqual(sim.steps, 30)
        self.assertAlmostEqual(sim.time, 20 * h, places=12)
        resumed = resumed_twin(sim, lambda s: s.advance(steps=50))
        self.assertEqual((resumed.get("time_step"), resumed.time), (h / 2, sim.time))
        numpy.testing.assert_array_equal(sim.positions, resumed.positions)

    def test_rigid_velocities(self):
        sim = ricochet.Simulation(DICE)
        w = numpy.zeros((sim.count, 3))
        w[:, 2] = 1.5
        sim.angular_velocities = w
        sim.velocities = numpy.ones_like(sim.velocities)
        numpy.testing.assert_array_equal(sim.velocities, numpy.ones_like(sim.velocities))
        numpy.testing.assert_array_equal(sim.angular_velocities[:, 2], w[:, 2] if sim.dimension == 2 else w[:, 2])
        for what, action, words in [
                ("moving a body", lambda s: setattr(s, "positions", s.positions + 1), "positions: body 0 moved"),
                ("a restitution change", lambda s: s.set(restitution=0.5), "restitution: the time-stepped"),
                ("a zero time step", lambda s: s.set(time_step=0), "time_step: 0 is not positive"),
                ("a NaN spin", lambda s: setattr(s, "angular_velocities", w * numpy.nan), "angular_velocities: particle 0")]:
            with self.subTest(what):
                before = (sim.positions, sim.velocities, sim.angular_velocities)
                with self.assertRaisesRegex(ValueError, words):
                    action(sim)
                for a, b in zip(before, (sim.positions, sim.velocities, sim.angular_velocities)):
                    numpy.testing.assert_array_equal(a, b)


class Triggers(unittest.TestCase):
    def test_every_thousand_collisions(self):
        sim = gas(n_side=12)
        seen = []
        sim.every(lambda s: seen.append((s.collisions, s.events, s.time)), collisions=1000)
        sim.advance(collisions=12345)
        self.assertEqual(len(seen), 12345 // 1000)
        self.assertEqual([c for c, _, _ in seen], [1000 * (k + 1) for k in range(12)])
        self.assertEqual(sorted(seen), seen)

    def test_time_events_and_removal(self):
        sim = gas()
        times, events = [], []
        sim.every(lambda s: times.append(s.time), time=0.5)
        handle = sim.every(lambda s: events.append(s.events), events=250)
        sim.advance(time=3.2)
        self.assertEqual(times, [0.5 * (k + 1) for k in range(6)])
        self.assertEqual(events, [250 * (k + 1) for k in range(len(events))])
        sim.remove_trigger(handle)
        count = len(events)
        sim.advance(time=6)
        self.assertEqual(len(events), count)
        self.assertEqual(len(times), 12)

    def test_a_callback_changes_the_run(self):
        """A trigger may change parameters: restitution lowered at 500 collisions, as set() between advances."""
        a, b = gas(), gas()
        a.every(lambda s: s.set(restitution=0.8) if s.collisions == 500 else None, collisions=500)
        a.advance(collisions=2000)
        b.advance(collisions=500)
        b.set(restitution=0.8)
        b.advance(collisions=2000)
        numpy.testing.assert_array_equal(a.velocities, b.velocities)

    def test_exception_ends_the_advance(self):
        sim = gas()

        def fail(s):
            raise RuntimeError("stop here at %d" % s.collisions)
        sim.every(fail, collisions=300)
        with self.assertRaisesRegex(RuntimeError, "stop here at 300"):
            sim.advance(collisions=5000)
        self.assertEqual(sim.collisions, 300)

    def test_refused_units(self):
        sim = gas()
        with self.assertRaisesRegex(ValueError, "every.steps: the event-driven engine does not count steps"):
            sim.every(print, steps=10)
        with self.assertRaisesRegex(ValueError, "every.collisions: 2.5 is not a whole number"):
            sim.every(print, collisions=2.5)
        with self.assertRaisesRegex(ValueError, "exactly one"):
            sim.every(print, collisions=2, time=1)

    def test_progress(self):
        """The progress callback sees the advance go on (a trigger that sleeps makes the wall time pass)."""
        sim = gas(n_side=20)
        seen = []
        sim.every(lambda s: time.sleep(0.02), collisions=1000)
        sim.advance(collisions=40000, progress=seen.append)
        self.assertGreater(len(seen), 0)
        self.assertTrue(all(0 <= p.fraction <= 1 and p.unit == "collisions" for p in seen))
        self.assertEqual(sorted(p.done for p in seen), [p.done for p in seen])


if __name__ == "__main__":
    unittest.main()
