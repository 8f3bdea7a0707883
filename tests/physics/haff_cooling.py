# SPDX-License-Identifier: MIT
"""Haff's law from a live simulation, in one process and without a scene file (python/ricochet/live.py): 2,000
elastic disks at packing fraction 0.1 are equilibrated, their collision frequency measured, then the restitution is
set to 0.9 and the temperature followed over the first collisions per particle, before clusters form.

The law, derived. With equal masses m, a collision of normal relative speed g_n loses (1 - e^2) (m/2) g_n^2 / 2 =
(1 - e^2) m g_n^2 / 4 of kinetic energy. In a Maxwellian gas at temperature T (k_B = 1) the normal relative velocity
g_n is Gaussian of variance 2T/m in any dimension, and collisions sample it weighted by |g_n|, so over collisions
<g_n^2> = <|g_n|^3> / <|g_n|> = 2 (2T/m) = 4T/m: a collision loses (1 - e^2) T on average. N particles with
collision frequency omega each (collisions per particle per unit time) have N omega / 2 collisions per unit time,
and their kinetic energy is N d T / 2, so

    (N d / 2) dT/dt = -(N omega / 2) (1 - e^2) T,   that is   dT/dt = -(1 - e^2) / d * omega T.

In a dilute gas omega grows as the mean speed, omega = omega_0 sqrt(T / T_0) (Enskog: the density and g(sigma) do
not change), so with u = T / T_0, du/dt = -((1 - e^2) omega_0 / d) u^(3/2), whose solution from u(0) = 1 is

    T(t) / T_0 = 1 / (1 + t / tau)^2,   tau = 2 d / ((1 - e^2) omega_0).

In 2D at e = 0.9, tau = 4 / (0.19 omega_0); by t = tau / 2 each particle has collided omega_0 tau ln(3/2) = 8.5 times
and T has fallen to 4/9 of T_0.

The tolerance, 4 % on T(t)/T_0 at t = k tau / 10, k = 1 .. 5, covers: the estimate of omega_0 from 40,000
collisions of the equilibrated gas (about 0.5 % if they were independent, twice that for their correlations); the
energy lost by the ~8,500 collisions up to tau / 2, a sum of losses whose relative spread is 1 / sqrt(collisions)
(1.1 % of the loss, 0.6 % of T); and the non-Gaussian velocities of the cooling state (the Sonine coefficient a_2 of
order 0.01 at e = 0.9 changes the cooling rate by about 3 a_2 / 16, 0.2 %). It is far below what a wrong law would
give: T ~ 1 / (1 + t/tau) misses by 50 % at tau / 2, and counting each collision once for the pair (a rate off by two)
by 44 %.
"""
import sys

import numpy

import ricochet


def temperature(sim):
    """k_B T from the kinetic energy, 2 K / (d N), about the (zero) mean velocity."""
    v = sim.velocities
    return float(numpy.sum(sim.masses[:, None] * v * v)) / (sim.dimension * sim.count)


def main():
    n, radius, phi, d = 2000, 0.5, 0.1, 2
    edge = numpy.sqrt(n * numpy.pi * radius ** 2 / phi)
    side = int(numpy.ceil(numpy.sqrt(n)))
    cells = numpy.stack(numpy.meshgrid(numpy.arange(side), numpy.arange(side)), -1).reshape(-1, 2)[:n]
    rng = numpy.random.default_rng(2026)
    v = rng.normal(size=(n, d))
    v -= v.mean(axis=0)  # no drift: the temperature is the kinetic energy's
    sim = ricochet.Simulation.from_arrays(dimension=d, box=[edge, edge], positions=(cells + 0.5) * edge / side,
                                          velocities=v, radii=numpy.full(n, radius), masses=numpy.ones(n),
                                          restitution=1.0)
    sim.advance(collisions=20 * n)  # from the lattice to an equilibrated fluid
    t_start, c_start, t0 = sim.time, sim.collisions, temperature(sim)
    sim.advance(collisions=40 * n)
    omega0 = 2 * (sim.collisions - c_start) / (n * (sim.time - t_start))
    if abs(temperature(sim) / t0 - 1) > 1e-9:
        sys.exit("elastic collisions changed the temperature: %r -> %r" % (t0, temperature(sim)))
    t0 = temperature(sim)
    e = 0.9
    tau = 2 * d / ((1 - e * e) * omega0)
    sim.set(restitution=e)
    start, changed, worst = sim.time, sim.collisions, 0.0
    print("omega_0 %.6g per unit time, T_0 %.6g, tau %.6g" % (omega0, t0, tau))
    for k in range(1, 6):
        t = k * tau / 10
        sim.advance(time=start + t)
        ratio, haff = temperature(sim) / t0, 1 / (1 + t / tau) ** 2
        worst = max(worst, abs(ratio / haff - 1))
        print("t/tau %.1f  collisions per particle %.2f  T/T0 %.5f  Haff %.5f  off %+.2f %%" %
              (t / tau, 2 * (sim.collisions - changed) / n, ratio, haff, 100 * (ratio / haff - 1)))
    if worst > 0.04:
        sys.exit("Haff's law missed by %.1f %% (tolerance 4 %%)" % (100 * worst))
    print("Haff's law within %.2f %% (tolerance 4 %%)" % (100 * worst))


if __name__ == "__main__":
    main()
