# SPDX-License-Identifier: MIT
"""The hard-sphere equation of state from one sweep (docs/formats.md, "Sweep files"): `ricochet sweep examples/sweep/hard_sphere_eos.json`
runs 108 elastic spheres at nine packing fractions from 0.05 to 0.45, 3 replicas each with derived seeds; the plot
(sweep_eos.png, also docs/img/sweep_eos.png for the README) is the mean compressibility factor Z = PV/(NkT) of each
packing fraction with its standard error over the replicas (DIR/sweep_means.csv) against Carnahan-Starling,
Z = (1 + e + e^2 - e^3) / (1 - e)^3 (Carnahan & Starling 1969), and below it the relative deviation. Prints the table."""
import os

from ricochet_cli import arguments, plot_against_theory, run_sweep

HERE = os.path.dirname(os.path.abspath(__file__))


def carnahan_starling(eta):
    return (1 + eta + eta ** 2 - eta ** 3) / (1 - eta) ** 3


def main():
    args = arguments(__doc__)
    _, rows = run_sweep(args.ricochet, "hard_sphere_eos", args.out, "sweep_means.csv")
    eta = [float(r["particles.packing_fraction"]) for r in rows]
    z = [float(r["compressibility_mean"]) for r in rows]
    error = [float(r["compressibility_sem"]) for r in rows]
    print("phi     Z        sem      Z_CS     Z/Z_CS - 1")
    for e, zz, s in zip(eta, z, error):
        print("%.2f  %7.4f  %7.4f  %7.4f  %+.4f" % (e, zz, s, carnahan_starling(e), zz / carnahan_starling(e) - 1))
    fine = [0.005 * k for k in range(0, 96)]
    plot_against_theory((fine, [carnahan_starling(e) for e in fine], "Carnahan-Starling"),
                        (eta, z, error, ([zz / carnahan_starling(e) - 1 for e, zz in zip(eta, z)],
                                         [s / carnahan_starling(e) for e, s in zip(eta, error)]),
                         "ricochet sweep: 108 spheres, 3 replicas"),
                        ("packing fraction", "Z = PV / NkT", "Z / Z_CS - 1"),
                        (os.path.join(args.out, "sweep_eos.png"),
                         os.path.join(HERE, "..", "docs", "img", "sweep_eos.png")))

if __name__ == "__main__":
    main()
