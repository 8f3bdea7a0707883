# SPDX-License-Identifier: MIT
"""The Lennard-Jones equation of state of Johnson, Zollweg and Gubbins, Mol. Phys. 78, 591 (1993): a modified
Benedict-Webb-Rubin form with 32 constants (their Table 10) fitted to simulations of the full potential (tail
corrections included), in reduced units (epsilon = sigma = k = 1). Gives the full fluid's pressure and potential
energy per particle, and the same for the potential cut (not shifted) at rc, to first order in the tail: the tail's
energy and virial removed (g = 1 beyond rc) and the impulse of the jump at rc added, which a cut potential's pressure
carries (a stepped potential's last wall carries it too, docs/edmd.md). Used by
tests/physics/lennard_jones_reference.py; run alone it checks its own consistency (P and U from the same free energy
by numerical derivatives)."""
import math

X = (0.8623085097507421, 2.976218765822098, -8.402230115796038, 0.1054136629203555, -0.8564583828174598,
     1.582759470107601, 0.7639421948305453, 1.753173414312048, 2.798291772190376e3, -4.8394220260857657e-2,
     0.9963265197721935, -3.698000291272493e1, 2.084012299434647e1, 8.305402124717285e1, -9.574799715203068e2,
     -1.477746229234994e2, 6.398607852471505e1, 1.603993673294834e1, 6.805916615864377e1, -2.791293578795945e3,
     -6.245128304568454, -8.116836104958410e3, 1.488735559561229e1, -1.059346754655084e4, -1.131607632802822e2,
     -8.867771540418822e3, -3.986982844450543e1, -4.689270299917261e3, 2.593535277438717e2, -2.694523589434903e3,
     -7.218487631550215e2, 1.721802063863269e2)
GAMMA = 3.0


def _x(i):
    return X[i - 1]


def _a(t):
    return (_x(1) * t + _x(2) * math.sqrt(t) + _x(3) + _x(4) / t + _x(5) / t ** 2,
            _x(6) * t + _x(7) + _x(8) / t + _x(9) / t ** 2,
            _x(10) * t + _x(11) + _x(12) / t,
            _x(13),
            _x(14) / t + _x(15) / t ** 2,
            _x(16) / t,
            _x(17) / t + _x(18) / t ** 2,
            _x(19) / t ** 2)


def _b(t):
    return (_x(20) / t ** 2 + _x(21) / t ** 3,
            _x(22) / t ** 2 + _x(23) / t ** 4,
            _x(24) / t ** 2 + _x(25) / t ** 3,
            _x(26) / t ** 2 + _x(27) / t ** 4,
            _x(28) / t ** 2 + _x(29) / t ** 3,
            _x(30) / t ** 2 + _x(31) / t ** 3 + _x(32) / t ** 4)


def _c(t):
    return (_x(2) * math.sqrt(t) / 2 + _x(3) + 2 * _x(4) / t + 3 * _x(5) / t ** 2,
            _x(7) + 2 * _x(8) / t + 3 * _x(9) / t ** 2,
            _x(11) + 2 * _x(12) / t,
            _x(13),
            2 * _x(14) / t + 3 * _x(15) / t ** 2,
            2 * _x(16) / t,
            2 * _x(17) / t + 3 * _x(18) / t ** 2,
            3 * _x(19) / t ** 2)


def _d(t):
    return (3 * _x(20) / t ** 2 + 4 * _x(21) / t ** 3,
            3 * _x(22) / t ** 2 + 5 * _x(23) / t ** 4,
            3 * _x(24) / t ** 2 + 4 * _x(25) / t ** 3,
            3 * _x(26) / t ** 2 + 5 * _x(27) / t ** 4,
            3 * _x(28) / t ** 2 + 4 * _x(29) / t ** 3,
            3 * _x(30) / t ** 2 + 4 * _x(31) / t ** 3 + 5 * _x(32) / t ** 4)


def _g(rho):
    f = math.exp(-GAMMA * rho * rho)
    g = [(1 - f) / (2 * GAMMA)]
    for i in range(2, 7):
        g.append(-(f * rho ** (2 * (i - 1)) - 2 * (i - 1) * g[-1]) / (2 * GAMMA))
    return g


def free_energy(rho, t):
    """The residual Helmholtz energy per particle of the full fluid."""
    return sum(a * rho ** i / i for i, a in enumerate(_a(t), 1)) + sum(b * g for b, g in zip(_b(t), _g(rho)))


def pressure(rho, t):
    """The full fluid's pressure."""
    f = math.exp(-GAMMA * rho * rho)
    return (rho * t + sum(a * rho ** (i + 1) for i, a in enumerate(_a(t), 1))
            + f * sum(b * rho ** (2 * i + 1) for i, b in enumerate(_b(t), 1)))


def energy(rho, t):
    """The full fluid's potential energy per particle."""
    return sum(c * rho ** i / i for i, c in enumerate(_c(t), 1)) + sum(d * g for d, g in zip(_d(t), _g(rho)))


def cut(rho, t, rc):
    """(pressure, energy per particle) of the potential cut, not shifted, at rc: the tail beyond rc taken away (g = 1
    there) and the impulse of the jump u(rc) added, (2 pi / 3) rho^2 rc^3 t (1 - exp(-u(rc) / t))."""
    s3, s9 = rc ** -3, rc ** -9
    energy_tail = 8 * math.pi / 3 * rho * (s9 / 3 - s3)
    pressure_tail = 16 * math.pi / 3 * rho * rho * (2 * s9 / 3 - s3)
    jump = 4 * (rc ** -12 - rc ** -6)
    impulse = 2 * math.pi / 3 * rho * rho * rc ** 3 * t * (1 - math.exp(-jump / t))
    return pressure(rho, t) - pressure_tail + impulse, energy(rho, t) - energy_tail


if __name__ == "__main__":
    worst = 0.0
    for rho in (0.1, 0.3, 0.5, 0.7, 0.8):
        for t in (1.5, 2.0, 3.0):
            h = 1e-5
            p = rho * t + rho * rho * (free_energy(rho + h, t) - free_energy(rho - h, t)) / (2 * h)
            # U/N = d(A/(N t)) / d(1/t)
            up, down = 1 / t + h, 1 / t - h
            u = (free_energy(rho, 1 / up) * up - free_energy(rho, 1 / down) * down) / (2 * h)
            worst = max(worst, abs(p - pressure(rho, t)), abs(u - energy(rho, t)))
    print(f"JZG: largest gap between P, U and the free energy's derivatives {worst:.2e}")
    for rho in (0.5, 0.7):
        print(f"rho {rho} T 2: full P {pressure(rho, 2):.4f} U {energy(rho, 2):.4f}; cut at 2.5 (P, U) "
              f"{tuple(round(v, 4) for v in cut(rho, 2.0, 2.5))}")
