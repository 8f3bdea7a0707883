# SPDX-License-Identifier: MIT
"""`ricochet analyze` against outside references, on trajectories `ricochet run` writes (docs/formats.md, "Analysis").

Usage: /usr/bin/python3 tests/physics/analysis_oracles.py PATH/TO/ricochet libraries|physics
(PYTHONPATH must reach python/ and RICOCHET_LIBRARY the shared library, as ctest sets them.)

libraries: 500 hard spheres at phi = 0.45 written as H5MD, frames 100 to 200:
- g(r) equals MDAnalysis' InterRDF (exclusion_block (1, 1), the same 200 bins to 4) bin by bin within 4 ordered
  pairs of the counts (MDAnalysis reads positions as float32, which moves the rare pair that lies on a bin edge);
- the MSD with one level of the correlator (msd_points 1000: every lag from every origin) equals MDAnalysis'
  EinsteinMSD (fft off) of the unwrapped positions (position + image * edges, read with h5py) to 1e-6 relative
  (float32 again); with the default 32 points the lags below 32 frames are the same, and the longer ones, averaged
  over fewer origins, agree within 5 % up to half the span;
- S(k) with every wave vector (frames 100 to 110) equals numpy's direct sum over the same vectors to 1e-9; of 4000 spheres it matches
  the Fourier transform of the measured g(r) (to r = 8.3) for 4 < k < 12 within 0.05 (the cut) plus 4 standard
  errors (S of one wave vector is exponentially distributed);
- Python's ricochet.analyze of the same frames gives the bits of the command's CSV; Q6 of the liquid is below 0.06
  (0.5745 for FCC, tests/unit/test_analysis.c).
physics:
- the contact theorem: Z = 1 + 4 phi g(sigma+) (3D, 500 spheres at rho = 0.5), Z = 1 + 2 phi g(sigma+) (2D, 900
  disks at phi = 0.5) and Z = 1 + (pi / 2) rho sum_ab x_a x_b sigma_ab^2 g_ab(sigma_ab+) (a 2D 50:50 mixture of
  diameters 1 and 1.4) from the measured g(r) equal the run's collisional Z within 3 combined standard errors (the
  run's from blocks of its observables.csv rows);
- D of 500 hard spheres at rho sigma^3 = 0.1 with its Yeh-Hummer correction (eta from Enskog's theory) equals the
  dilute-gas value corrected by Enskog: D_E = 3 / (8 rho sigma^2 g(sigma)) sqrt(kT / (pi m)) times 1.019, the
  factor of the higher Sonine approximations (Chapman and Cowling; not confirmed from a source here, see
  docs/edmd.md, "Literature values in the tests": left at 1 it moves D_E by 1.9 %) within 3 standard errors plus 3 %
  (the ring-collision corrections at this density, Alder, Gass and Wainwright, J. Chem. Phys. 53, 3813 (1970));
- D at rho sigma^3 = 0.5 equals Speedy's fit of simulation values (R. J. Speedy, Mol. Phys. 62(2), 509 (1987)),
  D / D0 = (1 - rho / 1.09) (1 + rho^2 (0.4 - 0.83 rho^2)), D0 = 3 / (8 rho) sqrt(kT / (pi m)), within 3 standard
  errors plus 2 % (D0 and the pole at 1.09 are confirmed from its abstract, 0.4 and 0.83 are not: docs/edmd.md).
"""
import csv
import json
import math
import os
import subprocess
import sys
import tempfile
import warnings

import numpy

tool, part = os.path.abspath(sys.argv[1]), sys.argv[2]
failures = []


def check(ok, message):
    print(("ok      " if ok else "FAILED  ") + message)
    if not ok:
        failures.append(message)


def run(scene, folder, h5md=True):
    path = folder + ".json"
    with open(path, "w") as f:
        json.dump(scene, f)
    extra = ["--no-xyz", "--h5md", folder + "/trajectory.h5md"] if h5md else []
    subprocess.run([tool, "run", path, "--out", folder, "--quiet"] + extra, check=True, stdout=subprocess.DEVNULL)
    return folder


def analyze(path, *options):
    done = subprocess.run([tool, "analyze", path, "--compact"] + list(options), check=True, capture_output=True)
    return json.loads(done.stdout)


def table(path):
    return numpy.genfromtxt(path, delimiter=",", names=True)


def spheres(count, rho, stop, every, equilibration, seed=3, lattice="fcc", dimension=3):
    fraction = (math.pi / 6 if dimension == 3 else math.pi / 4) * rho
    return {"dynamics": "event-driven", "dimension": dimension, "box": {"periodic": [True] * dimension},
            "particles": {"lattice": lattice, "count": count, "packing_fraction": fraction, "diameter": 1, "mass": 1},
            "temperature": 1.0, "seed": seed, "equilibration": equilibration, "stop": {"time": stop},
            "output": {"every": every}}


def libraries(tmp):
    warnings.filterwarnings("ignore")
    import h5py
    import MDAnalysis
    from MDAnalysis.analysis.msd import EinsteinMSD
    from MDAnalysis.analysis.rdf import InterRDF
    from MDAnalysis.coordinates.memory import MemoryReader
    import ricochet

    folder = run(spheres(500, 6 * 0.45 / math.pi, 10, 0.05, {"collisions": 20000}, seed=5), tmp + "/hs")
    h5 = folder + "/trajectory.h5md"
    exact = tmp + "/exact"
    summary = analyze(h5, "--frames", "100:200", "--rdf", "--msd", "--order", "--rdf-range", "4", "--rdf-bins", "200",
                      "--msd-points", "1000", "--out", exact)
    analyze(h5, "--frames", "100:110", "--sk", "--k-max", "8", "--k-vectors", "100000", "--out", exact)
    u = MDAnalysis.Universe(h5, n_atoms=500, convert_units=False)
    reference = InterRDF(u.atoms, u.atoms, nbins=200, range=(0, 4), exclusion_block=(1, 1)).run(start=100, stop=200)
    g = table(exact + "/rdf.csv")
    per_pair = reference.results.rdf[g["g_0_0"] > 0] / reference.results.count[g["g_0_0"] > 0]  # g of one ordered pair
    pairs = numpy.abs(g["g_0_0"] - reference.results.rdf) / per_pair.max()
    check(numpy.array_equal(g["r"], reference.results.bins) or numpy.abs(g["r"] - reference.results.bins).max() < 1e-12,
          "rdf: bin centres are InterRDF's")
    check(pairs.max() <= 4, "rdf: g(r) is InterRDF's within %.2f ordered pairs per bin (at most 4)" % pairs.max())

    with h5py.File(h5) as f:
        edges = numpy.array([numpy.diag(e) for e in f["particles/all/box/edges/value"][100:200]])
        unwrapped = f["particles/all/position/value"][100:200] + f["particles/all/image/value"][100:200] * edges[:, None]
        positions = f["particles/all/position/value"][100:110]
        box = edges[0]
    v = MDAnalysis.Universe.empty(500, trajectory=True)
    v.load_new(unwrapped, format=MemoryReader, dt=0.05)
    einstein = EinsteinMSD(v, select="all", msd_type="xyz", fft=False).run().results.timeseries
    m = table(exact + "/msd.csv")
    relative = numpy.abs(m["msd"][1:] / einstein[1:] - 1).max()
    check(len(m) == 100 and relative < 1e-6, "msd (1000 points): %d lags, EinsteinMSD's within %.1e relative"
          % (len(m), relative))
    default = tmp + "/default"
    d = analyze(h5, "--frames", "100:200", "--msd", "--out", default)
    m = table(default + "/msd.csv")
    lags = numpy.rint(m["time"] / 0.05).astype(int)
    short = numpy.abs(m["msd"][1:32] / einstein[lags[1:32]] - 1).max()
    half = lags <= 50
    longer = numpy.abs(m["msd"][32:][half[32:]] / einstein[lags[32:][half[32:]]] - 1)
    check(short < 1e-6, "msd (32 points): lags 1-31 frames are EinsteinMSD's within %.1e" % short)
    check(len(longer) == 0 or longer.max() < 0.05, "msd (32 points): %d longer lags up to 50 frames within %.3f of it"
          % (len(longer), longer.max() if len(longer) else 0))
    check(d["diffusion_coefficient"] > 0, "D from 100 frames: %.4f +- %.4f" % (d["diffusion_coefficient"],
                                                                               d["diffusion_coefficient_error"]))

    s = table(exact + "/structure_factor.csv")
    width, worst = 2 * math.pi / box.max(), 0.0
    top = [int(8 * b / (2 * math.pi)) for b in box]
    n = numpy.array([(a, b, c) for a in range(-top[0], top[0] + 1) for b in range(-top[1], top[1] + 1)
                     for c in range(-top[2], top[2] + 1)])
    first = numpy.array([next((x > 0 for x in row if x), False) for row in n])
    n = n[first]
    k = 2 * math.pi * n / box
    length = numpy.linalg.norm(k, axis=1)
    shell = numpy.floor(length / width + 0.5).astype(int)
    keep = (length <= 8) & (shell >= 1)
    for row, number in enumerate(sorted(set(shell[keep]))):
        vectors = k[keep & (shell == number)]
        phases = numpy.einsum("fix,vx->fvi", positions, vectors)
        direct = (numpy.abs(numpy.exp(1j * phases).sum(axis=2)) ** 2 / 500).mean()
        worst = max(worst, abs(direct / s["S"][row] - 1))
    check(worst < 1e-12, "S(k): numpy's direct sum over every vector of each shell within %.1e relative" % worst)
    check(summary["Q6"] < 0.06, "Q6 of the liquid %.4f is small (FCC: 0.5745)" % summary["Q6"])

    a = ricochet.analyze(h5, frames=(100, 200), compute=["rdf", "msd"], rdf_range=4, rdf_bins=200, msd_points=1000)
    same = numpy.array_equal(a.rdf["g_0_0"], g["g_0_0"]) and numpy.array_equal(a.msd["msd"], table(exact + "/msd.csv")["msd"])
    check(same and a.summary["rdf_contact"] == summary["rdf_contact"], "Python's analyze gives the command's numbers")

    folder = run(spheres(4000, 6 * 0.45 / math.pi, 6, 1, {"collisions": 60000}), tmp + "/big", h5md=False)
    analyze(folder, "--frames", "3:", "--rdf", "--sk", "--rdf-range", "8.3", "--k-max", "12", "--k-vectors", "200", "--out", tmp + "/big/a")
    g, s = table(tmp + "/big/a/rdf.csv"), table(tmp + "/big/a/structure_factor.csv")
    rho, dr = 4000 / 16.696112662853508 ** 3, g["r"][1] - g["r"][0]
    worst = 0
    for kk, ss, vectors in zip(s["k"], s["S"], s["vectors"]):
        if 4 < kk < 12:  # S of one vector is exponential: the mean of n has standard deviation S / sqrt(n)
            ft = 1 + 4 * math.pi * rho * numpy.sum(g["r"] ** 2 * (g["g_0_0"] - 1) * numpy.sin(kk * g["r"]) / (kk * g["r"])) * dr
            worst = max(worst, abs(ft - ss) / (0.05 + 4 * ss / math.sqrt(vectors * 3)))
    check(worst < 1, "S(k) of 4000 spheres is the Fourier transform of g(r) for 4 < k < 12 within %.2f of 0.05 (the "
          "cut at r = 8.3) + 4 standard errors" % worst)


def run_compressibility(folder, after):
    """The mean of the observables' Z rows after the equilibration and its standard error from 10 blocks."""
    with open(folder + "/observables.csv") as f:
        z = [float(r["compressibility"]) for r in csv.DictReader(f) if r["compressibility"] and float(r["time"]) > after]
    blocks = numpy.array([b.mean() for b in numpy.array_split(numpy.array(z), 10)])
    return blocks.mean(), blocks.std(ddof=1) / math.sqrt(10)


def contact_theorem(folder, label):
    a = analyze(folder, "--rdf")
    g = a["rdf_contact"] if a["rdf_contact"] is not None else [c["contact"] for c in a["rdf_contacts"]]
    with open(folder + "/summary.json") as f:
        after = json.load(f)["averages_from"]["time"]
    z, error = run_compressibility(folder, after)
    zg, eg = a["compressibility_from_contact"], a["compressibility_from_contact_error"]
    combined = math.hypot(error, eg)
    check(abs(z - zg) < 3 * combined, "%s: Z = %.4f +- %.4f from collisions, 1 + c phi g(sigma+) = %.4f +- %.4f "
          "(g(sigma+) = %s)" % (label, z, error, zg, eg, g))


def physics(tmp):
    rho = 0.1  # low density: Enskog with the Sonine correction
    folder = run(spheres(500, rho, 170, 1.0, {"time": 20}), tmp + "/dilute")
    fraction = math.pi / 6 * rho
    g = (1 - fraction / 2) / (1 - fraction) ** 3  # Carnahan-Starling contact value
    b = 2 * math.pi / 3 * rho
    eta0 = 1.016 * 5 / 16 * math.sqrt(1 / math.pi)
    eta = eta0 * (1 / g + 0.8 * b + 0.7614 * b * b * g)  # Enskog's shear viscosity (as test_edmd_shear.c)
    a = analyze(folder, "--msd", "--viscosity", repr(eta))
    enskog = 1.019 * 3 / (8 * rho * g) * math.sqrt(1 / math.pi)
    d, e = a["diffusion_coefficient_infinite"], a["diffusion_coefficient_error"]
    check(abs(d - enskog) < 3 * e + 0.03 * enskog, "rho = 0.1: D(inf) = %.4f +- %.4f (D(L) = %.4f, Yeh-Hummer %.4f "
          "with Enskog's eta %.4f), Enskog x 1.019 = %.4f" % (d, e, a["diffusion_coefficient"],
                                                               a["yeh_hummer_correction"], eta, enskog))
    rho = 0.5
    folder = run(spheres(500, rho, 80, 0.5, {"time": 20}), tmp + "/dense")
    a = analyze(folder, "--msd")
    speedy = 3 / (8 * rho) * math.sqrt(1 / math.pi) * (1 - rho / 1.09) * (1 + rho * rho * (0.4 - 0.83 * rho * rho))
    d, e = a["diffusion_coefficient"], a["diffusion_coefficient_error"]
    check(abs(d - speedy) < 3 * e + 0.02 * speedy, "rho = 0.5, N = 500: D = %.4f +- %.4f, Speedy's fit %.4f"
          % (d, e, speedy))
    contact_theorem(folder, "3D rho = 0.5")
    disks = spheres(900, 0.5 * 4 / math.pi, 40, 0.5, {"collisions": 30000}, lattice="hexagonal", dimension=2)
    contact_theorem(run(disks, tmp + "/disks"), "2D phi = 0.5")
    mixture = spheres(1000, 0.45 * 4 / math.pi, 40, 0.5, {"collisions": 50000}, lattice="random", dimension=2)
    del mixture["particles"]["diameter"], mixture["particles"]["mass"]
    mixture["particles"]["species"] = [{"diameter": 1, "mass": 1, "fraction": 0.5},
                                       {"diameter": 1.4, "mass": 1.96, "fraction": 0.5}]
    mixture["particles"]["packing_fraction"] = 0.45
    contact_theorem(run(mixture, tmp + "/mixture"), "2D 50:50 mixture 1 : 1.4 at phi = 0.45, 3 pairs")


with tempfile.TemporaryDirectory() as tmp:
    {"libraries": libraries, "physics": physics}[part](tmp)
print("%d failed" % len(failures))
sys.exit(1 if failures else 0)
