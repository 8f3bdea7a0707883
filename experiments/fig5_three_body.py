# SPDX-License-Identifier: MIT
"""Paper 001 (Bannerman et al. 2014), section 3 and Fig. 5: how often a collision leaves a particle overlapped with
two others at once (a three-body event, which only rounding can produce between hard spheres), per event processed,
against the restitution e, for hard spheres started on an fcc lattice in a periodic cube at several number
densities. Inelastic runs are held in a steady state by the Andersen thermostat (kT = 1), as in fig3_separation.py;
the elastic ones run at constant energy. A run without any three-body event is drawn as the upper bound 1/events.
A run whose clock stopped (an inelastic collapse: endless stabilising collisions at one instant, which the engine
cannot end yet) is marked apart. The paper reports about 1e-9 per event for dilute elastic systems and about 1e-6
for inelastic ones. The driver is exp_hard_sphere_gas (experiments/hard_sphere_gas.c). Writes fig5_three_body.png."""

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from drivers import gas, save_figure
from ricochet_cli import arguments

WINDOWS = 4  # a run is collapsed when its clock did not move over the last window


def main():
    args = arguments(__doc__, [
        (["--count"], dict(type=int, default=4000, help="spheres (default 4000)")),
        (["--events"], dict(type=int, default=3000000, help="events measured per run (default 3e6)")),
        (["--densities"], dict(type=float, nargs="+", default=[0.1, 0.5, 0.9], help="number densities N/V")),
        (["--restitutions"], dict(type=float, nargs="+", default=[1, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3])),
        (["--thermostat"], dict(type=float, default=1.0,
                                help="Andersen rate per particle per unit time for e < 1 (default 1)")),
    ])
    fig, ax = plt.subplots(figsize=(7.5, 5))
    pooled_events, pooled_three_body = 0, 0
    for index, density in enumerate(args.densities):
        colour = f"C{index}"
        shift = 0.008 * (index - (len(args.densities) - 1) / 2)  # side by side where the markers would coincide
        measured, bounds, collapsed = [], [], []
        for e in args.restitutions:
            rate = args.thermostat if e < 1 else 0
            run = gas(args.ricochet, count=args.count, density=density, restitution=e, thermostat=rate,
                      events=args.events, windows=WINDOWS)
            last = run["windows"][-1]
            frozen = last["end"] == last["start"]
            three_body, events = run["three_body_events"], run["events"]
            per_event = three_body / events
            state = "COLLAPSED (clock frozen)" if frozen else f"t = {run['start_time']:.1f} .. " \
                f"{run['start_time'] + run['time']:.1f}, mean kT {run['mean_temperature']:.3f}"
            print(f"rho {density:g} (phi {run['packing_fraction']:.3f}), e {e:g}, thermostat {rate:g}: "
                  f"{events} events, {run['collisions']} collisions in {run['seconds']:.1f} s, {state}; "
                  f"three-body {three_body} "
                  f"({per_event:.2e} per event, {three_body / max(run['collisions'], 1):.2e} per collision); "
                  f"stabilising {run['stabilising_collisions']}, negative-time {run['negative_time_events']}, "
                  f"max overlap {run['max_overlap']:.2e}")
            if frozen:
                collapsed.append((e + shift, per_event))
                continue
            pooled_events += events if e < 1 else 0
            pooled_three_body += three_body if e < 1 else 0
            (measured if three_body else bounds).append((e + shift, per_event if three_body else 1 / events))
        label = rf"$\rho$ = {density:g} ($\phi$ = {run['packing_fraction']:.2f})"
        if measured:
            ax.plot(*zip(*measured), "o", color=colour, label=label + ": measured")
        if bounds:
            ax.plot(*zip(*bounds), "v", color=colour, mfc="none", label=label + ": none seen (below 1/events)")
        if collapsed:
            ax.plot(*zip(*collapsed), "X", color=colour, ms=10, label=label + ": inelastic collapse, clock frozen")
    if pooled_events:
        pooled = f"{pooled_three_body} three-body events in {pooled_events:.2e} events"
        print(f"inelastic runs that kept time, pooled: {pooled} ({max(pooled_three_body, 1) / pooled_events:.2e} per "
              f"event{' at most' if not pooled_three_body else ''})")
        ax.text(0.02, 0.03, f"inelastic runs that kept time, pooled: {pooled}", transform=ax.transAxes, fontsize=8)
    ax.axhline(1e-9, color="grey", ls=":", lw=0.8)
    ax.axhline(1e-6, color="grey", ls="--", lw=0.8)
    ax.text(0.99, 1.3e-9, "paper: dilute, e = 1", ha="right", fontsize=8, color="grey",
            transform=ax.get_yaxis_transform())
    ax.text(0.99, 1.3e-6, "paper: inelastic", ha="right", fontsize=8, color="grey", transform=ax.get_yaxis_transform())
    ax.set_yscale("log")
    ax.set_ylim(1e-10, 3)
    ax.set_xlabel("restitution e")
    ax.set_ylabel("three-body events per event processed")
    ax.set_title(f"Three-body events, N = {args.count}, {args.events:.0e} events per run, stable rule\n"
                 f"e < 1: Andersen thermostat, rate {args.thermostat:g} per particle per unit time", fontsize=10)
    ax.legend(fontsize=7, loc="upper right")
    save_figure(fig, args.out, "fig5_three_body.png")


if __name__ == "__main__":
    main()
