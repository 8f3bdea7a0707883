# SPDX-License-Identifier: MIT
"""The order per particle of `ricochet analyze --order` (docs/formats.md, "Order per particle") against known values
and an independent computation.

Usage: /usr/bin/python3 tests/physics/order_oracles.py PATH/TO/ricochet
(PYTHONPATH must reach python/ and RICOCHET_LIBRARY the shared library, as ctest sets them.)

- Perfect lattices, with distance and with Voronoi neighbours: |psi6| = 1 on the triangular lattice; q4, q6, w6 of
  FCC (0.19094, 0.57452, -0.01316), BCC with its 14 neighbours (0.03637, 0.51069, +0.01316) and HCP (0.09722,
  0.48476, -0.01244) to 1e-4 (Steinhardt et al. 1983; Mickel et al., J. Chem. Phys. 138, 044501 (2013)), all
  solid-like; the Voronoi neighbours of FCC are its 12 nearest (the octahedral diagonals the triangulation adds are
  dropped).
- Random periodic frames (300 disks, 250 spheres, two frames each), Voronoi neighbours: every particle's psi6, or
  q4, q6, w6 and solid, equals the same sums over the neighbours scipy.spatial.Voronoi gives for the points tiled 3^d
  times (ridge_points), with scipy's sph_harm and sympy's Wigner 3j symbols, to 1e-9; with distance neighbours, a
  brute force over all pairs; g6(r) equals a brute force over all pairs bin by bin.
- Python's ricochet.analyze gives the same arrays as the command's CSV.
"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy
from scipy.spatial import Voronoi
from scipy.special import sph_harm
from sympy.physics.wigner import wigner_3j

RICOCHET = sys.argv[1]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL", what)


def write_xyz(path, frames, box, dim):
    with open(path, "w") as f:
        for pos in frames:
            lz = box[2] if dim == 3 else 1.0
            f.write("%d\nLattice=\"%r 0 0 0 %r 0 0 0 %r\" Properties=species:S:1:pos:R:3:radius:R:1 Time=0 pbc=\"%s\"\n"
                    % (len(pos), box[0], box[1], lz, "T T T" if dim == 3 else "T T F"))
            for p in pos:
                f.write("Ar %r %r %r 0.5\n" % (p[0], p[1], p[2] if dim == 3 else 0.0))


def analyze(path, out, *options):
    run = subprocess.run([RICOCHET, "analyze", path, "--order", "--out", out, "-c", *options], capture_output=True,
                         text=True)
    if run.returncode:
        raise SystemExit("ricochet analyze %s failed: %s" % (path, run.stderr))
    with open(os.path.join(out, "order_particles.csv")) as f:
        rows = numpy.array([[float(x) for x in row] for row in list(csv.reader(f))[1:]])
    return json.loads(run.stdout), rows


def cubic(basis, cells, a):
    return numpy.array([(numpy.array(c) + b) * a for c in numpy.ndindex(cells, cells, cells) for b in basis]), [cells * a] * 3


def lattices(tmp):
    n = 12
    tri = numpy.array([((i + 0.5 * (j % 2)), j * math.sqrt(3) / 2, 0) for j in range(n) for i in range(n)])
    write_xyz(os.path.join(tmp, "tri.xyz"), [tri], [n, n * math.sqrt(3) / 2, 1], 2)
    c = math.sqrt(8 / 3)
    hcp_basis = [(0, 0, 0), (0.5, 0.5, 0), (0.5, 1 / 6, 0.5), (0, 2 / 3, 0.5)]
    hcp = numpy.array([(i + x, (j + y) * math.sqrt(3), (k + z) * c) for i in range(6) for j in range(4) for k in range(4)
                       for x, y, z in hcp_basis])
    crystals = {"fcc": cubic([(0, 0, 0), (.5, .5, 0), (.5, 0, .5), (0, .5, .5)], 4, math.sqrt(2)),
                "bcc": cubic([(0, 0, 0), (.5, .5, .5)], 5, 2 / math.sqrt(3)),
                "hcp": (hcp, [6, 4 * math.sqrt(3), 4 * c])}
    known = {"fcc": (0.19094, 0.57452, -0.01316), "bcc": (0.03637, 0.51069, 0.01316), "hcp": (0.09722, 0.48476, -0.01244)}
    for neighbours in ([], ["--voronoi"]):
        summary, rows = analyze(os.path.join(tmp, "tri.xyz"), os.path.join(tmp, "tri"), *neighbours)
        check(numpy.allclose(rows[:, 2], 1, atol=1e-12) and abs(summary["psi6_local_mean"] - 1) < 1e-12,
              "triangular lattice %s: |psi6| = 1 (min %g)" % (neighbours, rows[:, 2].min()))
        for name, (pos, box) in crystals.items():
            write_xyz(os.path.join(tmp, name + ".xyz"), [pos], box, 3)
            summary, rows = analyze(os.path.join(tmp, name + ".xyz"), os.path.join(tmp, name), *neighbours)
            for column, value in zip((2, 3, 4), known[name]):
                check(numpy.allclose(rows[:, column], value, atol=1e-4),
                      "%s %s column %d: %g..%g, not %g" % (name, neighbours, column, rows[:, column].min(),
                                                           rows[:, column].max(), value))
            check(summary["solid_fraction"] == 1, "%s %s: solid fraction %s" % (name, neighbours, summary["solid_fraction"]))
            if name == "fcc":
                check(summary["bonds_per_particle"] == 12, "fcc: 12 neighbours")


def voronoi_neighbours(pos, box, dim):
    """Per particle, the displacements to its Voronoi neighbours, from scipy on the points tiled 3^dim times."""
    shifts = numpy.array(list(numpy.ndindex(*([3] * dim)))) - 1
    tiled = numpy.concatenate([pos[:, :dim] + s * box[:dim] for s in shifts])
    n = len(pos)
    centre = next(k for k, s in enumerate(shifts) if not s.any())
    v = Voronoi(tiled)
    bonds = [[] for _ in range(n)]
    for p, q in v.ridge_points:
        for a, b in ((p, q), (q, p)):
            if a // n == centre:
                d = numpy.zeros(3)
                d[:dim] = tiled[b] - tiled[a]
                bonds[a % n].append((b % n, d))
    return bonds


def distance_neighbours(pos, box, dim, cutoff):
    n = len(pos)
    bonds = [[] for _ in range(n)]
    for i in range(n):
        d = pos - pos[i]
        d[:, :dim] -= box[:dim] * numpy.round(d[:, :dim] / box[:dim])
        r = numpy.linalg.norm(d, axis=1)
        for j in numpy.nonzero((r < cutoff) & (numpy.arange(n) != i))[0]:
            bonds[i].append((j, d[j]))
    return bonds


def qlm(l, bonds):
    d = numpy.array([b[1] for b in bonds])
    polar = numpy.arccos(d[:, 2] / numpy.linalg.norm(d, axis=1))
    azimuth = numpy.arctan2(d[:, 1], d[:, 0])
    return numpy.array([sph_harm(m, l, azimuth, polar).mean() for m in range(-l, l + 1)])


W6 = {(m1, m2): float(wigner_3j(6, 6, 6, m1, m2, -m1 - m2)) for m1 in range(-6, 7) for m2 in range(-6, 7)
      if abs(m1 + m2) <= 6}


def expected_3d(bonds):
    q4 = [qlm(4, b) for b in bonds]
    q6 = [qlm(6, b) for b in bonds]
    rows = []
    for i, b in enumerate(bonds):
        w = sum(W6[m1, m2] * q6[i][m1 + 6] * q6[i][m2 + 6] * q6[i][-m1 - m2 + 6] for m1, m2 in W6).real
        w /= numpy.sum(abs(q6[i]) ** 2) ** 1.5
        connected = sum(numpy.vdot(q6[j], q6[i]).real / (numpy.linalg.norm(q6[i]) * numpy.linalg.norm(q6[j])) > 0.7
                        for j, _ in b)
        rows.append((math.sqrt(4 * math.pi / 9 * numpy.sum(abs(q4[i]) ** 2)),
                     math.sqrt(4 * math.pi / 13 * numpy.sum(abs(q6[i]) ** 2)), w, float(connected >= 7)))
    return numpy.array(rows)


def expected_2d(bonds):
    psi = numpy.array([numpy.mean([numpy.exp(6j * math.atan2(d[1], d[0])) for _, d in b]) for b in bonds])
    return psi


def random_frames(tmp):
    rng = numpy.random.default_rng(7)
    for dim, n, box in ((2, 300, numpy.array([18.0, 16.0, 1.0])), (3, 250, numpy.array([6.5, 6.5, 6.0]))):
        frames = [rng.random((n, 3)) * box for _ in range(2)]
        if dim == 2:
            for f in frames:
                f[:, 2] = 0
        path = os.path.join(tmp, "random%d.xyz" % dim)
        write_xyz(path, frames, box, dim)
        for options in (["--voronoi"], ["--order-cutoff", "1.6"]):
            out = os.path.join(tmp, "random%d%s" % (dim, options[0]))
            summary, rows = analyze(path, out, *options)
            for k, pos in enumerate(frames):
                got = rows[rows[:, 0] == k]
                bonds = voronoi_neighbours(pos, box, dim) if options == ["--voronoi"] else \
                    distance_neighbours(pos, box, dim, 1.6)
                if dim == 2:
                    psi = expected_2d(bonds)
                    check(numpy.allclose(got[:, 2], abs(psi), atol=1e-9, rtol=0)
                          and numpy.allclose(numpy.exp(1j * got[:, 3]), psi / abs(psi), atol=1e-9),
                          "2D %s frame %d: psi6 differs by %g" % (options, k, abs(got[:, 2] - abs(psi)).max()))
                else:
                    want = expected_3d(bonds)
                    check(numpy.allclose(got[:, 2:], want, atol=1e-9, rtol=0),
                          "3D %s frame %d: q4, q6, w6, solid differ by %g" % (options, k, abs(got[:, 2:] - want).max()))
            if dim == 2:
                g6_brute_force(frames, box, rows, out, summary)


def g6_brute_force(frames, box, rows, out, summary):
    width, top = 0.05, 8.0  # the mean diameter is 1: bins of d / 20; the range is half the smallest edge
    sums, counts = numpy.zeros(int(math.ceil(top / width))), numpy.zeros(int(math.ceil(top / width)))
    for k, pos in enumerate(frames):
        psi = rows[rows[:, 0] == k][:, 2] * numpy.exp(1j * rows[rows[:, 0] == k][:, 3])
        for i in range(len(pos)):
            d = pos[i + 1:, :2] - pos[i, :2]
            d -= box[:2] * numpy.round(d / box[:2])
            r = numpy.linalg.norm(d, axis=1)
            near = r < top
            bins = (r[near] / width).astype(int)
            numpy.add.at(sums, bins, (psi[i] * numpy.conj(psi[i + 1:][near])).real)
            numpy.add.at(counts, bins, 1)
    with open(os.path.join(out, "g6.csv")) as f:
        got = numpy.array([[float(x) for x in row] for row in list(csv.reader(f))[1:]])
    keep = counts > 0
    want = numpy.column_stack(((numpy.nonzero(keep)[0] + 0.5) * width, sums[keep] / counts[keep]))
    check(got.shape == want.shape and numpy.allclose(got, want, atol=1e-9, rtol=0),
          "g6(r) differs from the brute force (%s rows against %s)" % (got.shape, want.shape))
    check(summary["hexatic_correlation_length"] is not None and summary["hexatic_correlation_length"] < 3,
          "a random frame's hexatic correlation length is short: %s" % summary["hexatic_correlation_length"])


def python_arrays(tmp):
    import ricochet
    a = ricochet.analyze(os.path.join(tmp, "random3.xyz"), compute="order", neighbours="voronoi")
    with open(os.path.join(tmp, "random3--voronoi", "order_particles.csv")) as f:
        rows = numpy.array([[float(x) for x in row] for row in list(csv.reader(f))[1:]])
    check(all(numpy.array_equal(a.order_particles[name], rows[:, k])
              for k, name in enumerate(("frame", "id", "q4", "q6", "w6", "solid"))),
          "Python's order_particles equals the CSV")
    b = ricochet.analyze(os.path.join(tmp, "random2.xyz"), compute="order", neighbours="voronoi")
    check(b.g6 is not None and len(b.g6["r"]) > 100 and b.summary["psi6_local_mean"] > 0, "Python's g6 arrays")


with tempfile.TemporaryDirectory() as tmp:
    lattices(tmp)
    random_frames(tmp)
    python_arrays(tmp)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
