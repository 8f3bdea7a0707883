"""The hard-sphere equation of state from one sweep (issue 23): `ricochet sweep examples/sweep/hard_sphere_eos.json`
runs 108 elastic spheres at nine packing fractions from 0.05 to 0.45, 3 replicas each with derived seeds; the plot
(sweep_eos.png, also docs/img/sweep_eos.png for the README) is the mean compressibility factor Z = PV/(NkT) of each
packing fraction with its standard error over the replicas (DIR/sweep_means.csv) against Carnahan-Starling,
Z = (1 + e + e^2 - e^3) / (1 - e)^3 (Carnahan & Starling 1969), and below it the relative deviation. Prints the table."""
import csv
import os
import subprocess

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments

HERE = os.path.dirname(os.path.abspath(__file__))


def carnahan_starling(eta):
    return (1 + eta + eta ** 2 - eta ** 3) / (1 - eta) ** 3


def main():
    args = arguments(__doc__)
    directory = os.path.join(args.out, "sweep_eos")
    sweep = os.path.join(HERE, "..", "examples", "sweep", "hard_sphere_eos.json")
    subprocess.run([args.ricochet, "sweep", sweep, "--out", directory, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(directory, "sweep_means.csv")) as handle:
        rows = list(csv.DictReader(handle))
    eta = [float(r["particles.packing_fraction"]) for r in rows]
    z = [float(r["compressibility_mean"]) for r in rows]
    error = [float(r["compressibility_sem"]) for r in rows]
    print("phi     Z        sem      Z_CS     Z/Z_CS - 1")
    for e, zz, s in zip(eta, z, error):
        print("%.2f  %7.4f  %7.4f  %7.4f  %+.4f" % (e, zz, s, carnahan_starling(e), zz / carnahan_starling(e) - 1))
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(6, 5.5), sharex=True, gridspec_kw={"height_ratios": [3, 1]})
    fine = [0.005 * k for k in range(0, 96)]
    top.plot(fine, [carnahan_starling(e) for e in fine], color="0.5", label="Carnahan-Starling")
    top.errorbar(eta, z, yerr=error, fmt="o", color="C3", capsize=3, label="ricochet sweep: 108 spheres, 3 replicas")
    top.set_ylabel("Z = PV / NkT")
    top.legend()
    bottom.axhline(0, color="0.5")
    bottom.errorbar(eta, [zz / carnahan_starling(e) - 1 for e, zz in zip(eta, z)],
                    yerr=[s / carnahan_starling(e) for e, s in zip(eta, error)], fmt="o", color="C3", capsize=3)
    bottom.set_xlabel("packing fraction")
    bottom.set_ylabel("Z / Z_CS - 1")
    figure.tight_layout()
    for path in (os.path.join(args.out, "sweep_eos.png"), os.path.join(HERE, "..", "docs", "img", "sweep_eos.png")):
        figure.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
