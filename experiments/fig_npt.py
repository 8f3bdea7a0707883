# SPDX-License-Identifier: MIT
"""The hard-sphere equation of state at constant pressure (the barostat: docs/edmd.md, "Barostat"):
`ricochet sweep examples/sweep/hard_sphere_npt.json` runs 108 elastic spheres with Monte Carlo volume moves at eight
reduced pressures beta P sigma^3 from 0.5 to 7; the plot (npt.png, also docs/img/hard_spheres_npt.png) is each run's
mean packing fraction after the equilibration (t >= 40, from its observables.csv) with its block error (10 blocks)
against the Carnahan-Starling equation of state, beta P sigma^3 = (6 eta / pi) (1 + eta + eta^2 - eta^3) / (1 - eta)^3
(Carnahan & Starling 1969), and below it the difference. Prints the table."""
import csv
import math
import os

from ricochet_cli import arguments, plot_against_theory, run_sweep

HERE = os.path.dirname(os.path.abspath(__file__))
BLOCKS = 10


def pressure_cs(eta):
    return 6 * eta / math.pi * (1 + eta + eta ** 2 - eta ** 3) / (1 - eta) ** 3


def inverted(p):
    low, high = 0.0, 0.6
    for _ in range(200):
        mid = 0.5 * (low + high)
        low, high = (mid, high) if pressure_cs(mid) < p else (low, mid)
    return 0.5 * (low + high)


def mean_and_error(values):
    per = len(values) // BLOCKS
    blocks = [sum(values[k * per:(k + 1) * per]) / per for k in range(BLOCKS)]
    mean = sum(blocks) / BLOCKS
    return mean, math.sqrt(sum((b - mean) ** 2 for b in blocks) / (BLOCKS * (BLOCKS - 1)))


def main():
    args = arguments(__doc__)
    directory, runs = run_sweep(args.ricochet, "hard_sphere_npt", args.out, "sweep.csv")
    pressure, phi, error = [], [], []
    print("beta P   phi       error    phi_CS   phi - phi_CS")
    for run in runs:
        with open(os.path.join(directory, "%04d" % int(run["run"]), "observables.csv")) as handle:
            rows = [r for r in csv.DictReader(handle) if float(r["time"]) >= 40]
        m, e = mean_and_error([float(r["packing_fraction"]) for r in rows])
        p = float(run["barostat.pressure"])
        pressure.append(p), phi.append(m), error.append(e)
        print("%5.2f  %.5f  %.5f  %.5f  %+.5f" % (p, m, e, inverted(p), m - inverted(p)))
    fine = [0.05 * k for k in range(1, 161)]
    theory = (fine, [inverted(p) for p in fine], "Carnahan-Starling")
    residual = [m - inverted(p) for p, m in zip(pressure, phi)]
    measured = (pressure, phi, error, (residual, error), "barostat: 108 spheres, 800 time units each")
    images = [os.path.join(args.out, "npt.png"), os.path.join(HERE, "..", "docs", "img", "hard_spheres_npt.png")]
    plot_against_theory(theory, measured, ("reduced pressure βPσ³", "packing fraction", "φ − φ_CS"), images)

if __name__ == "__main__":
    main()
