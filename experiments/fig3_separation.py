# SPDX-License-Identifier: MIT
"""Paper 001 (Bannerman et al. 2014), section 3 and Fig. 3: histograms of the pair separation at impact,
|r_ij| - sigma, in units of sigma 2^-53 (the spacing of doubles just below sigma = 1; above it they are twice as far
apart, so only even bins fill there: the paper's "precision change at zero"), for hard spheres started on an fcc
lattice in a periodic cube at several number densities and restitutions. Inelastic runs are held in a steady state
by the Andersen thermostat (kT = 1); the elastic ones run at constant energy. Rounding puts impacts on both sides of
contact; the stable rule lets the overlapped side recede, and negative_time_events stays 0. The driver is
exp_hard_sphere_gas (experiments/hard_sphere_gas.c). Writes fig3_separation.png."""
import math

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from drivers import gas, save_figure
from ricochet_cli import arguments

RANGE = 1024  # the driver's widest histogram: bins -1024 .. 1024, the end bins holding everything beyond
WINDOWS = 10  # histograms per run, to follow the spread along the run


def plot_histogram(ax, run, counts, bins):
    """The histogram of one run, overlapped side (every double) and apart side (every other bin), and its numbers."""
    total = counts.sum()
    filled = np.nonzero(counts)[0]
    low, high = bins[filled[0]], bins[filled[-1]]
    overlapped = counts[bins < 0].sum() / total
    rate, e = run["thermostat_rate"], run["restitution"]
    print(f"rho {run['density']:g} (phi {run['packing_fraction']:.3f}), e {e:g}, thermostat {rate:g}: "
          f"{run['collisions']} collisions, {run['events']} events, t = {run['start_time']:.1f} .. "
          f"{run['start_time'] + run['time']:.1f}, in {run['seconds']:.1f} s; mean kT {run['mean_temperature']:.3f}; "
          f"separations {low} .. {high} x sigma 2^-53 ({overlapped:.3f} overlapped, "
          f"{counts[bins == 0].sum() / total:.3f} exact); max overlap {run['max_overlap']:.3e} sigma = "
          f"{run['max_overlap'] / 2.0 ** -53:.0f} units; stabilising {run['stabilising_collisions']}, "
          f"negative-time {run['negative_time_events']}, three-body {run['three_body_events']}")
    below, above = bins < 0, (bins >= 0) & (bins % 2 == 0)  # the doubles on either side of sigma
    ax.plot(bins[below], counts[below] / total, drawstyle="steps-mid", color="tab:red", lw=0.8,
            label=r"overlapped: doubles $2^{-53}\sigma$ apart")
    ax.plot(bins[above], counts[above] / total, drawstyle="steps-mid", color="tab:blue", lw=0.8,
            label=r"apart: doubles $2^{-52}\sigma$ apart")
    ax.axvline(0, color="k", lw=0.6)
    ax.set_yscale("log")
    ax.set_xlim(low - 4, high + 4)
    thermostat = f"Andersen rate {rate:g}, mean kT {run['mean_temperature']:.2f}" if rate else "NVE"
    ax.set_title(rf"$\rho$ = {run['density']:g} ($\phi$ = {run['packing_fraction']:.2f}), e = {e:g}: {thermostat}",
                 fontsize=9)
    ax.text(0.02, 0.97, f"{run['collisions']:.1e} collisions, t < {run['start_time'] + run['time']:.0f}\n"
            f"{overlapped:.1%} overlapped\nmax overlap {run['max_overlap'] / 2.0 ** -53:.0f} units\n"
            f"stabilising {run['stabilising_collisions']}\nnegative-time {run['negative_time_events']}",
            transform=ax.transAxes, va="top", fontsize=8)


def plot_spread(ax, run, bins, label):
    """The standard deviation of the separation in each window against the window's time. Were event times counted
    from t = 0, their rounding, ulp(t), would widen the histogram as the run goes on; the engine moves its clock's
    origin to the present at every renewal, so the spread stays flat."""
    times, spreads = [], []
    for window in run["windows"]:
        counts = np.array(window["histogram"], dtype=float)
        mean = (counts * bins).sum() / counts.sum()
        times.append(0.5 * (window["start"] + window["end"]))
        spreads.append(math.sqrt((counts * (bins - mean) ** 2).sum() / counts.sum()))
    ax.loglog(times, spreads, "o-", ms=3, label=label)
    print("    spread by window: " + ", ".join(f"t {t:.3g}: {s:.1f}" for t, s in zip(times, spreads)))



def main():
    args = arguments(__doc__, [
        (["--count"], dict(type=int, default=4000, help="spheres (default 4000)")),
        (["--collisions"], dict(type=int, default=3000000, help="collisions measured per run (default 3e6)")),
        (["--densities"], dict(type=float, nargs="+", default=[0.5, 0.9], help="number densities N/V")),
        (["--restitutions"], dict(type=float, nargs="+", default=[1.0, 0.9, 0.7])),
        (["--thermostat"], dict(type=float, default=1.0,
                                help="Andersen rate per particle per unit time for e < 1 (default 1)")),
    ])
    rows, cols = len(args.densities), len(args.restitutions)
    fig, axes = plt.subplots(rows, cols + 1, figsize=(5.2 * (cols + 1), 3.8 * rows), squeeze=False)
    bins = np.arange(-RANGE, RANGE + 1)
    for row, density in enumerate(args.densities):
        for col, e in enumerate(args.restitutions):
            rate = args.thermostat if e < 1 else 0
            run = gas(args.ricochet, count=args.count, density=density, restitution=e, thermostat=rate,
                      collisions=args.collisions, histogram=RANGE, windows=WINDOWS)
            counts = sum(np.array(w["histogram"], dtype=float) for w in run["windows"])
            plot_histogram(axes[row][col], run, counts, bins)
            plot_spread(axes[row][cols], run, bins, f"e = {e:g}")
            if row == rows - 1:
                axes[row][col].set_xlabel(r"$(|r_{ij}| - \sigma) / (\sigma\, 2^{-53})$")
            if col == 0:
                axes[row][col].set_ylabel("fraction of impacts per double")
            if row == 0 and col == cols - 1:
                axes[row][col].legend(fontsize=7, loc="upper right")
        spread = axes[row][cols]
        t = np.logspace(0, 3, 400)
        spread.loglog(t, 2.0 ** (np.floor(np.log2(t)) + 1), "k:", lw=0.8,
                      label="ulp(t) / (σ 2^-53): an absolute clock")
        spread.set_ylim(1, 2e3)
        spread.set_title(rf"$\rho$ = {density:g}: spread along the run", fontsize=9)
        spread.set_ylabel("std. dev. of the separation (units)")
        spread.legend(fontsize=7)
        if row == rows - 1:
            spread.set_xlabel("simulation time t (window centre)")
    fig.suptitle(f"Separation at impact, N = {args.count} hard spheres from fcc, periodic, stable rule")
    save_figure(fig, args.out, "fig3_separation.png")


if __name__ == "__main__":
    main()
