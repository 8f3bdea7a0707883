# SPDX-License-Identifier: MIT
"""A freely cooling gas of viscoelastic spheres (restitution {"viscoelastic": {"delta": ...}}) against the kinetic
theory of its cooling, which is not Haff's law: e(g) = 1 - C1 x + C2 x^2, x = delta g^(1/5) (docs/edmd.md,
"Restitution that depends on impact speed"; Schwager and Poeschel, PRE 78, 051304 (2008)) tends to 1 as the gas
slows, so the gas cools ever more slowly, T ~ t^(-5/3) at late times (Brilliantov and Poeschel) instead of t^(-2).

The theory, derived as in tests/physics/haff_cooling.py. A collision of normal relative speed g (equal masses m) loses
(m/4) (1 - e(g)^2) g^2. In a Maxwellian gas at temperature T the collisions sample g from the Rayleigh law
p(g) = g / s^2 exp(-g^2 / (2 s^2)), s^2 = 2T/m (the normal relative velocity is Gaussian of variance 2T/m, weighted
by |g|). With omega = omega_0 sqrt(T / T_0) collisions per particle per unit time (a dilute gas at fixed density),

    dT/dt = -(omega / d) L(T),   L(T) = integral of (m/4) (1 - e(g)^2) g^2 p(g) dg,

which the test integrates numerically (the Rayleigh average on a grid, fourth-order Runge-Kutta in time) from T_0,
with omega_0 measured on the equilibrated elastic gas. For a constant e, L = (1 - e^2) T and this is Haff's law.

2,000 spheres at packing fraction 0.05 are equilibrated elastically (from_arrays, then 80 collisions per particle),
their collision frequency measured, and the state handed to a second simulation with the viscoelastic law, delta
chosen so that e = 0.9 at the mean-square g of T_0. T(t) / T_0 is compared at ten times up to t = 5 tau (tau of
Haff's law at e = 0.9; about 60 collisions per particle, T falling to 1/28 of T_0): within 5 %, which covers
omega_0's error (about 1 %), the spread of the energy lost (below 1 %), the non-Gaussian cooling state (a Sonine
correction of a few tenths of a per cent) and the velocity correlations the cooling state builds (measured here:
1.9 to 3.8 % at most over five seeds by 5 tau in 3D; in 2D they grow to 8 % by then, which is why the test is 3D and
dilute). Haff's law with
e fixed at 0.9 is 22 % below the theory at 5 tau, so a law that ignored the speed, or took the wrong speed, fails.
"""
import sys

import numpy

import ricochet

C1, C2 = 1.15344, 0.79826


def restitution(delta, g):
    """The viscoelastic law as documented: held at its least value beyond x = C1 / (2 C2)."""
    x = numpy.minimum(delta * g ** 0.2, C1 / (2 * C2))
    return 1 - C1 * x + C2 * x * x


def loss(delta, t, m=1.0):
    """L(T): the mean energy a collision loses in a Maxwellian gas at temperature t."""
    s = numpy.sqrt(2 * t / m)
    g = numpy.linspace(0, 12 * s, 4001)[1:]
    p = g / s ** 2 * numpy.exp(-g * g / (2 * s * s))
    f = m / 4 * (1 - restitution(delta, g) ** 2) * g * g * p
    return float(numpy.sum((f[1:] + f[:-1]) / 2 * numpy.diff(g)))


def theory(delta, t0, omega0, d, times):
    """T(t) from dT/dt = -(omega_0 sqrt(T / T_0) / d) L(T), RK4 with 400 steps per interval."""
    rate = lambda t: -omega0 * numpy.sqrt(t / t0) / d * loss(delta, t)
    out, t, now = [], t0, 0.0
    for end in times:
        h = (end - now) / 400
        for _ in range(400):
            k1 = rate(t)
            k2 = rate(t + h / 2 * k1)
            k3 = rate(t + h / 2 * k2)
            k4 = rate(t + h * k3)
            t += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        now = end
        out.append(t)
    return numpy.array(out)


def temperature(sim):
    v = sim.velocities
    return float(numpy.sum(sim.masses[:, None] * v * v)) / (sim.dimension * sim.count)


def main():
    n, radius, phi, d = 2000, 0.5, 0.05, 3
    edge = (n * 4 / 3 * numpy.pi * radius ** 3 / phi) ** (1 / 3)
    side = int(numpy.ceil(n ** (1 / 3)))
    grid = numpy.meshgrid(numpy.arange(side), numpy.arange(side), numpy.arange(side))
    cells = numpy.stack(grid, -1).reshape(-1, 3)[:n]
    rng = numpy.random.default_rng(1)
    v = rng.normal(size=(n, d))
    v -= v.mean(axis=0)
    sim = ricochet.Simulation.from_arrays(dimension=d, box=[edge] * d, positions=(cells + 0.5) * edge / side,
                                          velocities=v, radii=numpy.full(n, radius), masses=numpy.ones(n))
    sim.advance(collisions=20 * n)
    t_start, c_start = sim.time, sim.collisions
    sim.advance(collisions=80 * n)
    omega0 = 2 * (sim.collisions - c_start) / (n * (sim.time - t_start))
    t0 = temperature(sim)
    # e = 0.9 at the mean-square normal speed of the collisions, g^2 = 4 T_0 / m
    x = (C1 - numpy.sqrt(C1 * C1 - 4 * C2 * 0.1)) / (2 * C2)
    delta = x / (4 * t0) ** 0.1
    cool = ricochet.Simulation.from_arrays(dimension=d, box=[edge] * d, positions=sim.positions[:, :d],
                                           velocities=sim.velocities[:, :d], radii=sim.radii, masses=sim.masses,
                                           restitution={"viscoelastic": {"delta": delta}})
    tau = 2 * d / ((1 - 0.9 ** 2) * omega0)
    times = [k * tau / 2 for k in range(1, 11)]  # to 5 tau
    expected = theory(delta, t0, omega0, d, times)
    print("omega_0 %.6g, T_0 %.6g, delta %.6g, tau %.6g" % (omega0, t0, delta, tau))
    worst = 0.0
    for t, want in zip(times, expected):
        cool.advance(time=t)
        got, haff = temperature(cool) / t0, 1 / (1 + t / tau) ** 2
        worst = max(worst, abs(got / (want / t0) - 1))
        print("t/tau %.1f  collisions per particle %.1f  T/T0 %.5f  theory %.5f  (Haff at e 0.9: %.5f)  off %+.2f %%" %
              (t / tau, 2 * cool.collisions / n, got, want / t0, haff, 100 * (got / (want / t0) - 1)))
    haff_gap = abs((1 / 6.0 ** 2) / (expected[-1] / t0) - 1)
    if haff_gap < 0.2:
        sys.exit("the test cannot tell the law from Haff's: they differ by %.1f %% at 5 tau" % (100 * haff_gap))
    if worst > 0.05:
        sys.exit("the viscoelastic cooling missed the theory by %.1f %% (tolerance 5 %%)" % (100 * worst))
    print("viscoelastic cooling within %.2f %% of the theory (tolerance 5 %%; Haff's law is %.0f %% away at 5 tau)" %
          (100 * worst, 100 * haff_gap))


if __name__ == "__main__":
    main()
