# SPDX-License-Identifier: MIT
"""Generated rings and stars (particles.chains with "topology"), checked in the files a run writes:
- rings of 10 beads at packing fraction 0.25: every bead has two bonds (the closing bond from the last bead to the
  first included, in GSD and in H5MD), and every bond of every GSD frame stays between its core and its outer wall
  through the run; the summary has a radius of gyration and no end-to-end distance (a ring has no ends);
- stars of 4 arms of 3 beads at 0.25: each star's first bead is its centre with 4 bonds, every other bead has one or
  two, each star has 4 ends, the arms are the beads in order; bonds stay within their walls in every frame;
- a free ring of 3 beads (a triangle: every pair bonded, bonds between 1 and 1.5 sigma), a dilute thermostatted gas
  in 3D and in 2D: its bond lengths are distributed as the uniform measure of the triangle, sampled here by rejection
  (two bonds drawn with density r^(d-1) in their shell, kept when the third closes inside its own shell). The
  distance between the two cumulative distributions must be within 4 times the statistical error measured from
  independent blocks of frames, and the plain r^(d-1) of a free dimer (which the closing bond skews) must be far
  outside it, so that the test can tell the two apart.

usage: molecule_shapes.py RICOCHET"""
import json
import os
import shutil
import sys
import tempfile

import gsd.hoomd
import h5py
import numpy as np

RICOCHET = sys.argv[1]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from format_checks import check, failures, run  # noqa: E402 (after RICOCHET)

OUTER = 1.1


def run_scene(folder, name, scene):
    path = os.path.join(folder, name + ".json")
    with open(path, "w") as f:
        json.dump(scene, f)
    out = os.path.join(folder, name)
    run(["run", path, "--out", out, "--quiet"])
    with open(os.path.join(out, "summary.json")) as f:
        return out, json.load(f)


def molecules(topology, length, extra):
    chains = {"length": length, "topology": topology, "bond": {"inner": 1.0, "outer": OUTER}}
    chains.update(extra)
    return {"dimension": 3, "seed": 7, "temperature": 1.0,
            "particles": {"lattice": "random", "count": 40 * length, "packing_fraction": 0.25, "diameter": 1,
                          "chains": chains},
            "stop": {"time": 5}, "output": {"every": 0.5, "gsd": True, "h5md": True}}


def degrees(count, group):
    d = np.zeros(count, dtype=int)
    np.add.at(d, group.ravel(), 1)
    return d


def bonds_within_walls(out, what):
    """Every bond of every GSD frame between 1 and OUTER contact distances (diameter 1)."""
    worst_low, worst_high = np.inf, 0.0
    with gsd.hoomd.open(os.path.join(out, "trajectory.gsd")) as t:
        group = t[0].bonds.group
        for frame in t:
            box = frame.configuration.box[:3]
            r = frame.particles.position[group[:, 0]] - frame.particles.position[group[:, 1]]
            r -= box * np.round(r / box)
            length = np.sqrt((r * r).sum(axis=1))
            worst_low, worst_high = min(worst_low, length.min()), max(worst_high, length.max())
        frames = len(t)
    check(worst_low >= 1 - 1e-9 and worst_high <= OUTER * (1 + 1e-9),
          f"{what}: bond lengths from {worst_low} to {worst_high} over {frames} frames, outside [1, {OUTER}]")
    return group


def test_rings(folder):
    length = 10
    out, summary = run_scene(folder, "rings", molecules("ring", length, {}))
    group = bonds_within_walls(out, "rings")
    count = 40 * length
    check(len(group) == count, f"rings: {len(group)} bonds, not {count} (10 per ring, the closing one included)")
    check((degrees(count, group) == 2).all(), "rings: a bead without exactly two bonds")
    closing = {(c * length, c * length + length - 1) for c in range(40)}
    check(closing <= {tuple(sorted(b)) for b in group.tolist()}, "rings: a closing bond is missing")
    with h5py.File(os.path.join(out, "trajectory.h5md"), "r") as h:
        check(h["connectivity/bonds"].shape == (count, 2), "rings: h5md connectivity/bonds is not every bond")
    check(summary["end_to_end_distance"] is None, f"rings: an end-to-end distance {summary['end_to_end_distance']}")
    rg = summary["radius_of_gyration"]
    # the widest ring is flat, a regular polygon of sides OUTER: every bead on its circumcircle
    widest = OUTER / (2 * np.sin(np.pi / length))
    check(0.5 < rg < widest, f"rings: radius of gyration {rg}, not below the flat ring's {widest}")
    print(f"rings: {len(group)} bonds kept, radius of gyration {rg:.4f} +- {summary['radius_of_gyration_error']:.4f}")


def test_stars(folder):
    arms, arm = 4, 3
    length = 1 + arms * arm
    out, summary = run_scene(folder, "stars", molecules("star", length, {"arms": arms}))
    group = bonds_within_walls(out, "stars")
    count = 40 * length
    check(len(group) == 40 * (length - 1), f"stars: {len(group)} bonds, not {40 * (length - 1)}")
    deg = degrees(count, group)
    centres = np.arange(0, count, length)
    check((deg[centres] == arms).all(), f"stars: centre degrees {set(deg[centres].tolist())}, not {arms}")
    others = np.delete(np.arange(count), centres)
    check(((deg[others] >= 1) & (deg[others] <= 2)).all(), "stars: a bead off the centre with 0 or 3+ bonds")
    ends = [(deg[c:c + length] == 1).sum() for c in centres]
    check(set(ends) == {arms}, f"stars: ends per star {set(ends)}, not {arms}")
    pairs = {tuple(sorted(b)) for b in group.tolist()}
    expected = {(c, c + 1 + a * arm) for c in centres for a in range(arms)}
    expected |= {(c + 1 + a * arm + k, c + 2 + a * arm + k)
                 for c in centres for a in range(arms) for k in range(arm - 1)}
    check(pairs == expected, "stars: the bonds are not centre to each arm's first bead, then along each arm")
    check(summary["end_to_end_distance"] is None, f"stars: an end-to-end distance {summary['end_to_end_distance']}")
    rg = summary["radius_of_gyration"]
    check(0.9 < rg < arm * OUTER, f"stars: radius of gyration {rg}")
    print(f"stars: centres with {arms} bonds, radius of gyration {rg:.4f} +- {summary['radius_of_gyration_error']:.4f}")


def triangle_lengths(dimension, outer, samples, rng):
    """Bond lengths of a free triangle of bonds in [1, outer], by rejection from two free bonds."""
    def bonds(n):
        r = (1 + (outer ** dimension - 1) * rng.random(n)) ** (1 / dimension)
        u = rng.normal(size=(n, dimension))
        return r[:, None] * u / np.linalg.norm(u, axis=1)[:, None]
    kept = []
    while sum(len(k) for k in kept) < samples:
        a, b = bonds(samples), bonds(samples)
        third = np.linalg.norm(a + b, axis=1)
        ok = (third >= 1) & (third <= outer)
        kept.append(np.concatenate([np.linalg.norm(a[ok], axis=1), np.linalg.norm(b[ok], axis=1), third[ok]]))
    return np.concatenate(kept)


def test_triangle(folder, dimension):
    outer, triangles = 1.5, 150
    scene = {"dimension": dimension, "seed": 11, "temperature": 1.0,
             "thermostat": {"temperature": 1.0, "rate": 1.0},
             "particles": {"lattice": "random", "count": 3 * triangles, "packing_fraction": 0.02, "diameter": 1,
                           "chains": {"length": 3, "topology": "ring", "bond": {"inner": 1.0, "outer": outer}}},
             "stop": {"time": 400}, "output": {"every": 0.5, "gsd": True}}
    out, _ = run_scene(folder, f"triangles{dimension}", scene)
    lengths = []
    with gsd.hoomd.open(os.path.join(out, "trajectory.gsd")) as t:
        group = t[0].bonds.group
        for frame in t[1:]:
            box = frame.configuration.box[:dimension]
            r = frame.particles.position[group[:, 0], :dimension] - frame.particles.position[group[:, 1], :dimension]
            r -= box * np.round(r / box)
            lengths.append(np.sqrt((r * r).sum(axis=1)))
    lengths = np.array(lengths)
    grid = np.linspace(1, outer, 201)
    sampled = np.sort(triangle_lengths(dimension, outer, 400000, np.random.default_rng(5)))
    oracle = np.searchsorted(sampled, grid, side="right") / len(sampled)
    dimer = (grid ** dimension - 1) / (outer ** dimension - 1)

    def cdf(x):
        x = np.sort(x.ravel())
        return np.searchsorted(x, grid, side="right") / len(x)
    measured = cdf(lengths)
    blocks = np.array_split(lengths, 20)
    spread = np.array([np.abs(cdf(b) - measured).max() for b in blocks])
    error = spread.mean() / np.sqrt(len(blocks))  # the error of the whole from its blocks' scatter
    distance, from_dimer = np.abs(measured - oracle).max(), np.abs(measured - dimer).max()
    print(f"{dimension}D free triangles: {lengths.size} bond lengths, distance {distance:.4f} from the triangle's "
          f"measure (error {error:.4f}), {from_dimer:.4f} from the free dimer's r^{dimension - 1}")
    check(distance < 4 * error, f"{dimension}D triangles: distance {distance} from the oracle beyond 4 x {error}")
    check(from_dimer > 12 * error, f"{dimension}D triangles: the dimer's law ({from_dimer}) is not told apart")


def main():
    folder = tempfile.mkdtemp(prefix="ricochet_molecule_shapes_")
    try:
        test_rings(folder)
        test_stars(folder)
        test_triangle(folder, 3)
        test_triangle(folder, 2)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} failures")
    print("molecule shapes: all passed")


if __name__ == "__main__":
    main()
