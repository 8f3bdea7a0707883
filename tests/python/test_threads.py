# SPDX-License-Identifier: MIT
"""Threads of the event-driven engine from Python (docs/edmd.md, "Parallel"): Simulation(..., threads=T) runs hard
spheres on T threads with the bits of one thread (positions, velocities, counters and the summary's observables
equal to the last bit), the summary reports the threads used and, when fewer than asked, parallel_note naming why (a feature that keeps the run on one
thread, such as compression, is named); a checkpoint resumes the same on another count; counts below 1, above the
system's slabs (the message says how many it can use) or for a time-stepped scene are refused."""
import json
import os
import tempfile
import unittest

import numpy

import ricochet

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")


def hard_spheres(collisions=20000, count=13500):
    """The hard-sphere example, with `count` spheres: 13,500 cut into 4 slabs, the example's 4,000 into 2."""
    with open(os.path.join(EXAMPLES, "edmd", "hard_spheres.json")) as f:
        scene = json.load(f)
    scene.pop("equilibration")
    scene["stop"] = {"collisions": collisions}
    scene["particles"]["count"] = count
    return scene


def final(scene, **options):
    with ricochet.Simulation(scene, **options) as s:
        s.run()
        return s.positions.copy(), s.velocities.copy(), s.summary()


# what may differ between two runs of the same scene: the wall clock and what follows from it
CLOCK = {"wall_seconds", "collisions_per_second", "steps_per_second", "started_at", "ended_at", "command_line",
         "threads", "parallel_note", "outputs"}


class Threads(unittest.TestCase):
    def test_same_bits_for_any_count(self):
        x1, v1, s1 = final(hard_spheres())
        self.assertEqual(s1["threads"], 1)
        self.assertNotIn("parallel_note", s1)
        for threads in (2, 3, 4):
            x, v, s = final(hard_spheres(), threads=threads)
            self.assertTrue(numpy.array_equal(x, x1) and numpy.array_equal(v, v1), threads)
            self.assertEqual(s["collisions"], s1["collisions"])
            self.assertEqual(s["events"], s1["events"])
            kept = [k for k in s1 if k not in CLOCK and not isinstance(s1[k], dict)]
            self.assertTrue(kept)
            for key in kept:
                self.assertEqual(s[key], s1[key], key)
            self.assertEqual(s["threads"], threads)  # hard spheres: the parallel loop takes them
            self.assertNotIn("parallel_note", s)

    def test_scene_key_and_option_agree(self):
        scene = hard_spheres(2000)
        scene["threads"] = 4
        _, _, by_scene = final(scene)
        _, _, by_option = final(hard_spheres(2000), threads=4)
        self.assertEqual((by_scene["threads"], by_scene.get("parallel_note")),
                         (by_option["threads"], by_option.get("parallel_note")))
        self.assertEqual(by_scene["threads"], 4)

    def test_a_serial_feature_is_named(self):
        scene = hard_spheres(2000)
        scene["compression"] = {"rate": 0.01, "until": {"packing_fraction": 0.5}}
        _, _, s = final(scene, threads=2)
        self.assertEqual(s["threads"], 1)
        self.assertIn("compression", s["parallel_note"])

    def test_resume_on_another_count(self):
        with tempfile.TemporaryDirectory() as folder:
            scene = hard_spheres(6000)
            with ricochet.Simulation(scene, out=os.path.join(folder, "a"), threads=2) as s:
                s.advance(collisions=3000)
                s.checkpoint(os.path.join(folder, "c.rcp"))
                s.run()
                x, v = s.positions.copy(), s.velocities.copy()
            with ricochet.Simulation.resume(os.path.join(folder, "c.rcp"), out=os.path.join(folder, "b"),
                                            threads=4) as r:
                r.run()
                self.assertTrue(numpy.array_equal(r.positions, x) and numpy.array_equal(r.velocities, v))

    def test_refused(self):
        for bad in (0, -1, 1.5, True):
            with self.assertRaisesRegex(ValueError, "threads: .* is not a whole number from 1"):
                ricochet.Simulation(hard_spheres(), threads=bad)
        with self.assertRaisesRegex(ricochet.Error, r"threads: 9 asked, .*cuts into 2 slabs.*: use at most 2"):
            ricochet.Simulation(hard_spheres(count=4000), threads=9)
        scene = hard_spheres()
        scene["threads"] = 0
        with self.assertRaisesRegex(ricochet.Error, "threads: 0 is below 1"):
            ricochet.Simulation(scene)
        with self.assertRaisesRegex(ricochet.Error, "only event-driven scenes take a thread count"):
            ricochet.Simulation(os.path.join(EXAMPLES, "rigid", "dice.json"), threads=2)


if __name__ == "__main__":
    unittest.main()
