# SPDX-License-Identifier: MIT
"""Structure and transport of the hard-sphere fluid (docs/formats.md, "Analysis"): 864 hard spheres at
packing fraction 0.45, run from Python (ricochet.Simulation) and analysed on the fly from its snapshots
(ricochet.analyze, the library's multiple-tau correlator), without a trajectory file:
- hard_spheres_msd.png: the mean squared displacement against time on log axes, crossing from the ballistic d kT t^2 / m (the
  mean free time is about 0.03) to the diffusive 2 d D t, with D from the fit and its error, beside Speedy's fit of
  simulation values (R. J. Speedy, Mol. Phys. 62(2), 509 (1987); docs/edmd.md, "Literature values in the tests");
- hard_spheres_rdf.png: g(r) with the contact value g(sigma+), whose contact theorem Z = 1 + 4 phi g(sigma+) is compared with
  the run's collisional Z and Carnahan-Starling's in the legend.
Writes both PNGs into --out (docs/img for the README)."""
import math

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

import ricochet
from ricochet_cli import arguments

PHI, DT, FRAMES = 0.45, 0.004, 10000


def snapshots(sim, keep, every):
    """FRAMES snapshots DT apart; every `every`-th is also appended to keep (for g(r))."""
    start = sim.time
    for k in range(FRAMES):
        sim.advance(time=start + k * DT)
        s = sim.snapshot()
        if k % every == 0:
            keep.append(s)
        yield s


def main():
    args = arguments(__doc__)
    scene = {"dynamics": "event-driven", "dimension": 3, "box": {"periodic": [True, True, True]},
             "particles": {"lattice": "fcc", "count": 864, "packing_fraction": PHI, "diameter": 1, "mass": 1},
             "temperature": 1.0, "seed": 7, "stop": {"time": 1e9}}
    sim = ricochet.Simulation(scene)
    sim.advance(collisions=100000)  # melt the lattice
    sampled = []
    msd = ricochet.analyze(snapshots(sim, sampled, 100), compute="msd", msd_points=16)
    rdf = ricochet.analyze(sampled, compute="rdf", rdf_range=4, rdf_bins=400)
    z_run = sim.summary()["compressibility"]

    rho = 6 * PHI / math.pi
    speedy = 3 / (8 * rho) * math.sqrt(1 / math.pi) * (1 - rho / 1.09) * (1 + rho * rho * (0.4 - 0.83 * rho * rho))
    ax = ricochet.plot_msd(msd)
    t = msd.msd["time"][1:]
    ax.plot(t, 6 * speedy * t, ":", color="0.3", lw=1.2, zorder=4, label="Speedy's fit, $D = %.4f$" % speedy)
    ax.set_title("864 hard spheres, $\\phi = 0.45$: ballistic to diffusive")
    ax.legend(fontsize=8)
    ax.figure.tight_layout()
    ax.figure.savefig(f"{args.out}/hard_spheres_msd.png", dpi=110)

    s = rdf.summary
    cs = (1 + PHI + PHI ** 2 - PHI ** 3) / (1 - PHI) ** 3
    ax = ricochet.plot_rdf(rdf)
    ax.set_title("$g(r)$: $1 + 4\\phi g(\\sigma^+) = %.3f \\pm %.3f$, run $Z = %.3f$, CS $%.3f$"
                 % (s["compressibility_from_contact"], s["compressibility_from_contact_error"], z_run, cs),
                 fontsize=9)
    ax.figure.tight_layout()
    ax.figure.savefig(f"{args.out}/hard_spheres_rdf.png", dpi=110)
    m = msd.summary
    print("D = %.5f +- %.5f (Speedy %.5f); g(sigma+) = %.4f +- %.4f; Z contact %.4f +- %.4f, run %.4f, CS %.4f"
          % (m["diffusion_coefficient"], m["diffusion_coefficient_error"], speedy, s["rdf_contact"],
             s["rdf_contact_error"], s["compressibility_from_contact"], s["compressibility_from_contact_error"], z_run,
             cs))
    plt.close("all")


if __name__ == "__main__":
    main()
