# SPDX-License-Identifier: MIT
"""Paper 001 (Bannerman et al. 2014), section 5 and Fig. 7: an inelastic ball (diameter 1, e = 0.5) dropped from
rest with its centre at r_plate + 1 onto a plate at r_plate under gravity g = -1, for plate positions spread evenly
over [0, 1]. The exact motion is an inelastic collapse: infinitely many bounces ending at rest at
t1 + 2 e v1 / (|g| (1 - e)) = 3, with t1 = sqrt(2 h / |g|), v1 = |g| t1 and h = 0.5 the first fall.
The driver exp_bouncing_ball (experiments/bouncing_ball.c) runs the paper's loop on rc_edmd_predict_plane alone for every
plate position, with the naive and the stable rule, and the event-driven engine itself (one sphere, a wall at the
plate) on a subset. Each run ends at rest (the clock stops: at most one ulp per event for 100 events), with a
negative discriminant (the naive rule finds no event: the ball would fall through), having fallen through, or with a
negative event time. Plots: the failure fraction against r_plate, the events before a failure, and the error of the
time of rest. Writes fig7_bouncing_ball.png."""
import math
import os
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from drivers import run_json, save_figure
from ricochet_cli import arguments

OUTCOMES = ["came to rest", "negative discriminant", "fell through", "negative time", "still bouncing"]
REST = 0
FIELDS = 5  # r_plate, outcome, events, time, lowest gap: doubles in native order


def sweep(ricochet, mode, rule, plates, events, directory):
    """Runs the driver and returns its parameters and records (one row per plate position)."""
    path = os.path.join(directory, f"{mode}_{rule}.bin")
    settings = run_json(ricochet, "bouncing_ball", mode, rule, plates, events, path)
    return settings, np.fromfile(path).reshape(-1, FIELDS)


def rest_time(settings):
    g, e = abs(settings["gravity"]), settings["restitution"]
    t1 = math.sqrt(2 * settings["drop"] / g)
    v1 = g * t1
    return t1 + 2 * e * v1 / (g * (1 - e))


def summarise(label, records, analytic):
    outcome = records[:, 1].astype(int)
    counts = np.bincount(outcome, minlength=len(OUTCOMES))
    parts = ", ".join(f"{name} {c / len(records):.4f}" for name, c in zip(OUTCOMES, counts) if c)
    print(f"{label}: {len(records)} plate positions: {parts}")
    failed = (outcome != REST) & (outcome != OUTCOMES.index("still bouncing"))
    if failed.any():
        events = records[failed, 2]
        print(f"    failures after {events.mean():.2f} events on average ({events.min():.0f} to {events.max():.0f}),"
              f" at t = {records[failed, 3].mean():.10f} on average")
    rest = outcome == REST
    if rest.any():
        error = np.abs(records[rest, 3] - analytic)
        print(f"    rest time - {analytic:g}: max {error.max():.3e}, median {np.median(error):.3e}, "
              f"{(error < 1e-12).mean():.4f} within 1e-12; lowest gap {records[rest, 4].min():.3e}")
    return failed


def main():
    args = arguments(__doc__, [
        (["--plates"], dict(type=int, default=1000000, help="plate positions for the pure rules (default 1e6)")),
        (["--engine-plates"], dict(type=int, default=10000, help="plate positions for the engine (default 1e4)")),
        (["--events"], dict(type=int, default=5000, help="events limit of each run (default 5000)")),
    ])
    runs = {}
    with tempfile.TemporaryDirectory() as directory:
        for mode, plates in (("pure", args.plates), ("engine", args.engine_plates)):
            for rule in ("naive", "stable"):
                runs[mode, rule] = sweep(args.ricochet, mode, rule, plates, args.events, directory)
    settings = runs["pure", "naive"][0]
    analytic = rest_time(settings)
    print(f"g = {settings['gravity']:g}, e = {settings['restitution']:g}, analytic time of rest {analytic:.17g}")
    failed = {key: summarise(f"{key[0]:6s} {key[1]:6s}", records, analytic) for key, (_, records) in runs.items()}

    fig, (left, middle, right) = plt.subplots(1, 3, figsize=(16, 4.6))
    bins = np.linspace(0, 1, 51)
    for key, (_, records) in runs.items():
        total, _ = np.histogram(records[:, 0], bins)
        bad, _ = np.histogram(records[failed[key], 0], bins)
        left.step(bins[:-1], bad / total, where="post", label=f"{key[1]} rule, {key[0]} ({len(records):.0e} plates)")
    left.set_xlabel(r"$r_\mathrm{plate}$")
    left.set_ylabel("fraction of runs that fail")
    left.set_ylim(-0.02, 1)
    left.set_title("Failures against the plate position (50 bins)")
    left.legend(fontsize=8)
    for key in (("pure", "naive"), ("engine", "naive")):
        records = runs[key][1]
        events = records[failed[key], 2]
        if len(events):
            edges = np.arange(events.min() - 0.5, events.max() + 1.5)
            middle.hist(events, edges, alpha=0.6, density=True,
                        label=f"{key[0]}: {failed[key].mean():.1%} fail, mean {events.mean():.1f} events")
    middle.set_xlabel("events before the failure (engine: shell events included)")
    middle.set_ylabel("fraction of failed runs")
    middle.set_title("Naive rule: events before the failure")
    middle.legend(fontsize=8)
    floor = 1e-17
    for key in (("pure", "stable"), ("engine", "stable")):
        records = runs[key][1]
        error = np.abs(records[records[:, 1] == REST, 3] - analytic)
        right.hist(np.log10(np.maximum(error, floor)), np.arange(-17.25, -5.75, 0.5), alpha=0.6,
                   label=f"{key[0]}: max {error.max():.1e}")
    right.set_xlabel(r"$\log_{10} |t_\mathrm{rest} - %g|$ (exact at -17)" % analytic)
    right.set_ylabel("runs")
    right.set_yscale("log")
    right.set_title("Stable rule: error of the time of rest")
    right.legend(fontsize=8)
    fig.suptitle(f"Ball on a plate: g = {settings['gravity']:g}, e = {settings['restitution']:g}, "
                 f"dropped from rest with its centre 1 above the plate")
    save_figure(fig, args.out, "fig7_bouncing_ball.png")


if __name__ == "__main__":
    main()
