# SPDX-License-Identifier: MIT
"""The Lennard-Jones fluid made into steps (interactions[].discretise) against the continuous potential, at a
supercritical temperature (docs/edmd.md, "Continuous potentials as steps"): 256 particles at kT = 2 epsilon and
rho sigma^3 = 0.1, 0.3, 0.5 and 0.7, the potential cut (not shifted) at 2.5 sigma, a hard core at 0.8 sigma (where
u = 43 epsilon = 21 kT, so the continuous fluid's pairs never come nearer), thermostatted event-driven runs with 10,
20 and 40 steps; the reference is a Metropolis Monte Carlo run of the continuous cut potential in the same box
(numpy, 3,000 sweeps; the pressure from the virial plus the impulsive term of the jump at the cut,
(2 pi / 3) rho^2 kT r_c^3 g(r_c+) (1 - exp(-u(r_c) / kT))). Prints the table of U/N and P against the step count
and saves lennard_jones_steps_convergence.png (also docs/img/): each quantity's difference from the Monte Carlo value
against 1 / steps^2, the order at which the steps converge."""
import csv
import math
import os

import numpy

from ricochet_cli import arguments, run_scene

HERE = os.path.dirname(os.path.abspath(__file__))
T, RC, CORE, N = 2.0, 2.5, 0.8, 256
DENSITIES, STEPS = (0.1, 0.3, 0.5, 0.7), (10, 20, 40)


def mean_and_error(values, blocks=10):
    parts = numpy.array_split(numpy.asarray(values), blocks)
    means = numpy.array([p.mean() for p in parts])
    return float(numpy.mean(values)), float(means.std(ddof=1) / math.sqrt(blocks))


def stepped(ricochet, rho, steps, out):
    scene = {"dimension": 3, "seed": 5,
             "particles": {"lattice": "random", "count": N, "packing_fraction": math.pi / 6 * rho * CORE ** 3,
                           "diameter": CORE, "mass": 1},
             "temperature": T, "thermostat": {"temperature": T, "rate": 1.0},
             "interactions": [{"species": [0, 0], "discretise": {"potential": "lennard_jones", "epsilon": 1.0,
                                                                 "sigma": 1.0, "cutoff": RC, "steps": steps}}],
             "equilibration": {"time": 5}, "stop": {"time": 25}, "output": {"every": 0.25}}
    directory = os.path.join(out, "lj_%g_%d" % (rho, steps))
    run_scene(ricochet, scene, directory)
    rows = [r for r in csv.DictReader(open(os.path.join(directory, "observables.csv"))) if float(r["time"]) >= 5]
    return (mean_and_error([float(r["potential_energy"]) / N for r in rows]),
            mean_and_error([float(r["pressure"]) for r in rows]))


def continuous(rho, sweeps=3000, seed=1):
    """Metropolis Monte Carlo of the continuous potential cut at RC: (U/N, error), (P, error)."""
    rng = numpy.random.default_rng(seed)
    box = (N / rho) ** (1 / 3)
    m = math.ceil(N ** (1 / 3))
    x = (numpy.indices((m, m, m)).reshape(3, -1).T[:N] + 0.5) * (box / m)
    step = 0.3 * min(1.0, rho ** (-1 / 3))

    def energy(r2):
        s6 = 1 / r2 ** 3
        return numpy.where(r2 < RC * RC, 4 * (s6 * s6 - s6), 0.0).sum()

    samples = []
    for sweep in range(sweeps):
        for i in rng.integers(0, N, N):
            trial = x[i] + rng.uniform(-step, step, 3)
            trial -= box * numpy.floor(trial / box)
            squares = []
            for at in (x[i], trial):
                d = x - at
                d -= box * numpy.rint(d / box)
                r2 = (d * d).sum(1)
                r2[i] = 1e9
                squares.append(r2)
            if squares[1].min() < CORE * CORE:  # u > 43 epsilon: never accepted at kT = 2
                continue
            du = energy(squares[1]) - energy(squares[0])
            if du <= 0 or rng.random() < math.exp(-du / T):
                x[i] = trial
        if sweep >= sweeps // 5 and sweep % 2 == 0:
            d = x[:, None, :] - x[None, :, :]
            d -= box * numpy.rint(d / box)
            r2 = (d * d).sum(2)[numpy.triu_indices(N, 1)]
            s6 = 1 / r2[r2 < RC * RC] ** 3
            shell = ((r2 >= RC * RC) & (r2 < (RC + 0.1) ** 2)).sum()
            samples.append(((4 * (s6 * s6 - s6)).sum() / N, (24 * (2 * s6 * s6 - s6)).sum(), shell))
    a = numpy.array(samples)
    volume = box ** 3
    g = a[:, 2] / (0.5 * N * (N - 1) / volume * 4 * math.pi / 3 * ((RC + 0.1) ** 3 - RC ** 3))
    jump = 2 * math.pi / 3 * rho * rho * T * RC ** 3 * g * (1 - math.exp(-4 * (RC ** -12 - RC ** -6) / T))
    return mean_and_error(a[:, 0]), mean_and_error(rho * T + a[:, 1] / (3 * volume) + jump)


def main():
    args = arguments(__doc__)
    results = {}
    print("| ρσ³ | quantity | Monte Carlo (continuous) | " + " | ".join("%d steps" % s for s in STEPS) + " |")
    print("|---|---|---|" + "---|" * len(STEPS))
    for rho in DENSITIES:
        reference = continuous(rho)
        runs = [stepped(args.ricochet, rho, s, args.out) for s in STEPS]
        results[rho] = reference, runs
        for k, name in enumerate(("U/N", "P")):
            print("| %g | %s | %.4f ± %.4f | %s |" % (rho, name, reference[k][0], reference[k][1], " | ".join(
                "%.4f ± %.4f" % run[k] for run in runs)), flush=True)
    plot(results, (os.path.join(args.out, "lennard_jones_steps_convergence.png"),
                   os.path.join(HERE, "..", "docs", "img", "lennard_jones_steps_convergence.png")))


def plot(results, paths):
    """results: density -> (the Monte Carlo's ((U/N, error), (P, error)), the same per step count)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, axes = plt.subplots(1, 2, figsize=(9, 4))
    x = [1 / s ** 2 for s in STEPS]
    for rho, (reference, runs) in results.items():
        for k, axis in enumerate(axes):
            axis.errorbar(x, [run[k][0] - reference[k][0] for run in runs],
                          yerr=[math.hypot(run[k][1], reference[k][1]) for run in runs], fmt="o-", capsize=3,
                          label="ρσ³ = %g" % rho)
    for axis, name in zip(axes, ("U/N − U/N(Monte Carlo)  [ε]", "P − P(Monte Carlo)  [ε/σ³]")):
        axis.axhline(0, color="0.5")
        axis.set_xlabel("1 / steps²  (10, 20, 40 steps)")
        axis.set_ylabel(name)
        axis.legend(fontsize=8)
    figure.suptitle("Lennard-Jones cut at 2.5σ, kT = 2ε, as steps: the difference from the continuous potential")
    figure.tight_layout()
    for path in paths:
        figure.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
