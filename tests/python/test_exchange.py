# SPDX-License-Identifier: MIT
"""Tests of ricochet.replica_exchange (python/ricochet/exchange.py) against libricochet.so (RICOCHET_LIBRARY).

Oracle: detailed balance. One sphere under gravity in a box closed at z = 0 and z = 3 with an Andersen thermostat
has the barometric law exp(-mgh/kT) on [r, L - r] exactly; with swaps between three temperatures each temperature's
mean height stays that of its law, and each pair's acceptance is the expectation of min(1, exp[(1/T_a - 1/T_b)
(U_a - U_b)]) over the two exact laws (computed here on a grid). The samples come through the callback as numpy arrays;
a scene without a thermostat raises Error naming it. The numbers are the library's report, the same as `ricochet
exchange` prints for the same scene, ladder and seed (run here next to RICOCHET_LIBRARY), and each acceptance is its
pair's accepted / attempts recomputed here.
"""
import json
import os
import subprocess
import tempfile
import unittest

import numpy

import ricochet

SCENE = {"dimension": 3, "box": {"size": [2, 2, 3], "periodic": [True, True, False]}, "gravity": [0, 0, -1],
         "particles": [{"position": [1, 1, 1.5], "velocity": [0.3, -0.2, 0.5], "radius": 0.05, "mass": 1}],
         "thermostat": {"temperature": 1, "rate": 4}, "collapse": {"sleep": False}, "stop": {"time": 1}}
LADDER = [0.5, 0.8, 1.2]
ROUNDS = 2000


class ReplicaExchange(unittest.TestCase):
    def test_detailed_balance(self):
        heights = [[] for _ in LADDER]

        def sample(round_, slot, positions, velocities, energy):
            self.assertEqual(positions.shape, (1, 3))
            self.assertAlmostEqual(energy, positions[0, 2], places=12)
            heights[slot].append(positions[0, 2])

        result = ricochet.replica_exchange(SCENE, LADDER, interval=1.5, rounds=ROUNDS, seed=3, sample=sample)
        grid = numpy.linspace(0.05, 2.95, 801)
        grid = 0.5 * (grid[1:] + grid[:-1])
        laws = [numpy.exp(-grid / t) / numpy.exp(-grid / t).sum() for t in LADDER]
        for slot, t in enumerate(LADDER):
            h = numpy.array(heights[slot])
            self.assertEqual(len(h), ROUNDS)
            mean = (laws[slot] * grid).sum()
            sd = numpy.sqrt((laws[slot] * (grid - mean) ** 2).sum())
            self.assertLess(abs(h.mean() - mean), 5 * sd * numpy.sqrt(2 / ROUNDS), "T = %g" % t)
        numpy.testing.assert_array_equal(result["attempts"], [ROUNDS // 2] * 2)
        for pair in range(2):
            a, b = LADDER[pair], LADDER[pair + 1]
            rule = numpy.minimum(1, numpy.exp((1 / a - 1 / b) * (grid[:, None] - grid[None, :])))
            want = (laws[pair][:, None] * laws[pair + 1][None, :] * rule).sum()
            got = result["acceptance"][pair]
            self.assertLess(abs(got - want), 5 * numpy.sqrt(2 * want * (1 - want) / (ROUNDS // 2)), (a, b, got, want))

    def test_same_as_the_tool(self):
        tool = os.path.join(os.path.dirname(os.environ.get("RICOCHET_LIBRARY", "")), "ricochet")
        if not os.access(tool, os.X_OK):
            self.skipTest("no ricochet tool next to RICOCHET_LIBRARY")
        result = ricochet.replica_exchange(SCENE, LADDER, interval=1.5, rounds=300, seed=7)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "scene.json")
            with open(path, "w") as f:
                json.dump(SCENE, f)
            printed = subprocess.run([tool, "exchange", path, "--temperatures", ",".join(map(repr, LADDER)),
                                      "--interval", "1.5", "--rounds", "300", "--seed", "7", "--compact"],
                                     check=True, capture_output=True, text=True).stdout
        report = json.loads(printed)
        for key in ("attempts", "accepted", "acceptance"):
            numpy.testing.assert_array_equal(result[key], [pair[key] for pair in report["pairs"]], key)
        numpy.testing.assert_array_equal(result["mean_potential_energy"], report["mean_potential_energy"])
        numpy.testing.assert_array_equal(result["attempts"], [150, 150])
        numpy.testing.assert_array_equal(result["acceptance"], result["accepted"] / result["attempts"])
        self.assertTrue(0 < result["acceptance"].min() and result["acceptance"].max() < 1, result["acceptance"])

    def test_refused(self):
        scene = dict(SCENE)
        del scene["thermostat"]
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.replica_exchange(scene, LADDER, interval=1, rounds=2)
        self.assertIn("thermostat", str(caught.exception))
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.replica_exchange(SCENE, [1.0, 0.5], interval=1, rounds=2)
        self.assertIn("temperatures[1]", str(caught.exception))
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.replica_exchange(SCENE, "1.0,,2", interval=1, rounds=2)
        self.assertEqual(str(caught.exception), 'temperatures[1]: "" is not a finite number')

    def test_ladder_as_text(self):
        """A ladder given as `ricochet exchange` takes it (rc_exchange_ladder_parse): the same numbers as the list."""
        numpy.testing.assert_array_equal(ricochet.parse_ladder("0.5,0.8,1.2"), LADDER)
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.parse_ladder("1,2,x", pressures=True)
        self.assertEqual(str(caught.exception), 'pressures[2]: "x" is not a finite number')
        listed = ricochet.replica_exchange(SCENE, LADDER, interval=1.5, rounds=20, seed=2)
        written = ricochet.replica_exchange(SCENE, ",".join(map(repr, LADDER)), interval=1.5, rounds=20, seed=2)
        for key in listed:
            numpy.testing.assert_array_equal(listed[key], written[key], key)

    def test_ctrl_c(self):
        """SIGINT during the rounds stops them cleanly (the library's handler, Python's put back afterwards) and
        raises KeyboardInterrupt naming the rounds ended."""
        import signal

        def sample(round_, slot, positions, velocities, energy):
            if round_ == 5 and slot == 0:
                os.kill(os.getpid(), signal.SIGINT)

        with tempfile.TemporaryDirectory() as folder:
            walk = os.path.join(folder, "walk.csv")
            with self.assertRaises(KeyboardInterrupt) as caught:
                ricochet.replica_exchange(SCENE, LADDER, interval=1.5, rounds=10 ** 9, sample=sample, walk=walk)
            self.assertIn("after round 5", str(caught.exception))
            self.assertEqual(len(numpy.loadtxt(walk, delimiter=",", skiprows=1)), 5)
        self.assertIs(signal.getsignal(signal.SIGINT), signal.default_int_handler)


GAS = {"dimension": 2, "box": {"size": [2, 2], "periodic": [True, True]},
       "particles": [{"position": [0.5, 0.5], "velocity": [0.3, 0.1], "radius": 0.001, "mass": 1},
                     {"position": [1.5, 1.2], "velocity": [-0.2, 0.4], "radius": 0.001, "mass": 1}],
       "thermostat": {"temperature": 1, "rate": 2}, "stop": {"time": 1},
       "barostat": {"pressure": 1, "interval": 0.01, "max_log_volume_step": 1}}


class PressureExchange(unittest.TestCase):
    """Two disks a thousandth of the box wide at kT = 1: an ideal gas whose area follows A^2 exp(-P A) at each
    pressure, mean 3 / P, whatever the swaps (if they keep detailed balance)."""

    def test_ideal_gas(self):
        areas = [[], []]

        def sample(round_, slot, positions, velocities, energy):
            self.assertEqual(positions.shape, (2, 2))
            areas[slot].append(1)

        rounds = 1500
        with tempfile.TemporaryDirectory() as folder:
            walk = os.path.join(folder, "walk.csv")
            result = ricochet.pressure_exchange(GAS, [0.6, 1.0], interval=0.5, rounds=rounds, seed=4, sample=sample,
                                                walk=walk)
            table = numpy.loadtxt(walk, delimiter=",", skiprows=1)
        self.assertEqual(table.shape, (rounds, 3))
        self.assertTrue(numpy.all(numpy.sort(table[:, 1:], axis=1) == [0.6, 1.0]))
        self.assertEqual(int((table[1:, 1] != table[:-1, 1]).sum() + (table[0, 1] != 0.6)), result["accepted"][0])
        self.assertEqual([len(a) for a in areas], [rounds, rounds])
        for slot, p in enumerate([0.6, 1.0]):
            self.assertLess(abs(result["mean_volume"][slot] - 3 / p), 5 * numpy.sqrt(3) / p * numpy.sqrt(2 / rounds))
        self.assertGreater(result["acceptance"][0], 0.3)

    def test_refused(self):
        gas = dict(GAS)
        del gas["barostat"]
        with self.assertRaises(ricochet.Error) as caught:
            ricochet.pressure_exchange(gas, [0.5, 1.0], interval=1, rounds=2)
        self.assertIn("barostat", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
