# SPDX-License-Identifier: MIT
"""Tests of ricochet.sweep (python/ricochet/sweep.py) against libricochet.so (RICOCHET_LIBRARY), without MPI.

Oracles:
- the hard-sphere equation of state: the mean Z = PV/(NkT) over replicas at packing fractions 0.2 and 0.35 within 5%
  of Carnahan-Starling (1 + e + e^2 - e^3) / (1 - e)^3, the standard error positive and small;
- the table: one row per run (point, replica), replica 0 with the scene's seed and replica r with sweep_seed's value
  (splitmix64, recomputed here), the means table the mean of the runs' rows;
- a second call with the same folder runs nothing and returns the same table; a bad sweep raises Error naming the
  field before anything runs.
"""
import json
import math
import os
import tempfile
import unittest

import numpy

import ricochet

SCENE = {"dimension": 3, "box": {"periodic": [True, True, True]},
         "particles": {"lattice": "fcc", "count": 108, "packing_fraction": 0.3, "diameter": 1, "mass": 1},
         "temperature": 1.0, "seed": 3, "equilibration": {"collisions": 10000}, "stop": {"collisions": 60000},
         "output": {"every": 1e9, "xyz": False}}


def carnahan_starling(eta):
    return (1 + eta + eta ** 2 - eta ** 3) / (1 - eta) ** 3


def splitmix(base, replica):
    if replica == 0:
        return base
    m = (1 << 64) - 1
    z = (base + replica + 0x9e3779b97f4a7c15) & m
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & m
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & m
    return (z ^ (z >> 31)) >> 11


class Sweep(unittest.TestCase):
    def test_equation_of_state(self):
        spec = {"scene": SCENE, "vary": {"particles.packing_fraction": [0.2, 0.35]}, "replicas": 3}
        seen = []
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "eos")
            runs = ricochet.sweep(spec, out=out, jobs=2, progress=seen.append)
            self.assertEqual(len(runs), 6)
            self.assertTrue(all(s == "ok" for s in runs["status"]))
            numpy.testing.assert_array_equal(runs["point"], [0, 0, 0, 1, 1, 1])
            self.assertEqual([int(s) for s in runs["seed"]], [splitmix(3, r) for r in (0, 1, 2)] * 2)
            self.assertEqual([ricochet.sweep_seed(3, r) for r in (0, 1, 2)], [splitmix(3, r) for r in (0, 1, 2)])
            self.assertEqual(seen[-1]["done"], 6)
            means = ricochet.read_sweep_table(out, means=True)
            for row, eta in zip(range(2), (0.2, 0.35)):
                z = [runs["compressibility"][k] for k in range(6) if runs["point"][k] == row]
                self.assertAlmostEqual(means["compressibility_mean"][row], sum(z) / 3, places=12)
                self.assertLess(abs(means["compressibility_mean"][row] / carnahan_starling(eta) - 1), 0.05)
                self.assertGreater(means["compressibility_sem"][row], 0)
                self.assertLess(means["compressibility_sem"][row], 0.05 * carnahan_starling(eta))
            again = ricochet.sweep(spec, out=out, progress=seen.append)
            self.assertEqual(seen[-1]["skipped"], 6)
            numpy.testing.assert_array_equal(again["compressibility"], runs["compressibility"])
            with open(os.path.join(out, "0004", "scene.json")) as f:
                self.assertEqual(json.load(f)["seed"], splitmix(3, 1))

    def test_ctrl_c(self):
        """SIGINT when the first run starts: the library stops the runs (rc_sweep_execute_guarded), writes the table
        with them pending and puts Python's handler back; KeyboardInterrupt. Started again, the sweep finishes."""
        import signal
        spec = {"scene": SCENE, "vary": {"particles.packing_fraction": [0.2, 0.3]}}

        def progress(counts):
            if counts["running"] and not sent:
                sent.append(True)
                os.kill(os.getpid(), signal.SIGINT)

        sent = []
        with tempfile.TemporaryDirectory() as directory:
            out = os.path.join(directory, "stopped")
            with self.assertRaises(KeyboardInterrupt):
                ricochet.sweep(spec, out=out, jobs=1, progress=progress)
            self.assertIs(signal.getsignal(signal.SIGINT), signal.default_int_handler)
            self.assertEqual(list(ricochet.read_sweep_table(out)["status"]), ["pending", "pending"])
            self.assertEqual(list(ricochet.sweep(spec, out=out, jobs=1)["status"]), ["ok", "ok"])

    def test_bad_sweep(self):
        cases = [({"scene": SCENE, "vary": {"particles.packing_fractio": [0.1]}}, "particles.packing_fractio"),
                 ({"scene": SCENE, "vary": {"restitution": [1]}}, "restitution"),
                 ({"scene": SCENE, "vary": {"temperature": ["hot"]}}, "temperature[0]"),
                 ({"scene": SCENE, "vary": {"seed": []}}, "empty list"),
                 ({"scene": SCENE, "vary": {}, "replicas": 0}, "replicas"),
                 ({"scene": SCENE, "vary": {"seed": [1, 2], "temperature": [1]}, "mode": "zip"}, "zipped")]
        with tempfile.TemporaryDirectory() as directory:
            for spec, field in cases:
                with self.assertRaises(ricochet.Error) as caught:
                    ricochet.sweep(spec, out=os.path.join(directory, "never"))
                self.assertIn(field, str(caught.exception))
                self.assertFalse(os.path.exists(os.path.join(directory, "never")))


if __name__ == "__main__":
    unittest.main()
