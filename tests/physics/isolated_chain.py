# SPDX-License-Identifier: MIT
"""An isolated chain in a good solvent: one chain of n hard spheres with bonds between 1 and 1.1 sigma (nearly
tangent), alone in a periodic box much wider than itself (an athermal chain: every non-bonded pair is a hard core,
so the chain is a self-avoiding walk), under an Andersen thermostat, for n = 8, 16, 32 and 64. Its mean squared
radius of gyration grows as n^(2 nu) with the self-avoiding walk's nu = 0.5876 (3D), not the random walk's 1/2.

For each n: one run of TIME time units after EQUILIBRATION, a GSD frame every 2; Rg^2 of each frame from the chain
unwrapped along its bonds; the mean and its error from BLOCKS blocks of consecutive frames (each block hundreds of
the chain's decorrelation times, measured: Rg^2 of the 64-mer forgets in about 20 time units). Then
    Rg^2 = A n^(2 nu) (1 + B n^(-1/2))
is fitted by weighted least squares (the leading correction to scaling of the self-avoiding walk has exponent
Delta = 0.52, taken as 1/2), nu with its error from the curvature of chi^2. Checks:
- the fitted nu is within 3 errors of 0.5876;
- the random walk's nu = 1/2, fitted with the same correction term, is rejected (chi^2 over 20 for one degree of
  freedom, beyond its 0.001 % point), so the test tells the two apart;
- every bond of every frame stays between 1 and 1.1 (to the float32 precision of GSD positions).
The numbers are recorded in docs/edmd.md, "Bonds". Takes about 25 s of one core (a minute on a loaded machine;
ctest label `long`).

usage: isolated_chain.py RICOCHET"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import gsd.hoomd
import numpy as np
from scipy.optimize import least_squares

RICOCHET = sys.argv[1]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from format_checks import check, failures  # noqa: E402 (after RICOCHET)

NU = 0.5876
OUTER = 1.1
LENGTHS = (8, 16, 32, 64)
TIME, EQUILIBRATION, EVERY, BLOCKS = 12000.0, 200.0, 2.0, 20


def radius2(folder, n):
    """Rg^2 of every frame after the first, and the longest and shortest bond seen."""
    series, low, high = [], np.inf, 0.0
    with gsd.hoomd.open(os.path.join(folder, "trajectory.gsd")) as t:
        group = t[0].bonds.group
        for frame in t[1:]:
            x = frame.particles.position.astype(float)
            box = frame.configuration.box[:3].astype(float)
            r = x[group[:, 1]] - x[group[:, 0]]
            r -= box * np.round(r / box)
            length = np.sqrt((r * r).sum(axis=1))
            low, high = min(low, length.min()), max(high, length.max())
            chain = np.vstack([np.zeros(3), np.cumsum(r, axis=0)])  # the bonds are (k - 1, k) in order
            series.append(((chain - chain.mean(axis=0)) ** 2).sum(axis=1).mean())
    return np.array(series), low, high


def measure(folder, n):
    edge = 20 + 4 * n ** NU
    scene = {"dimension": 3, "seed": 100 + n, "temperature": 1.0, "thermostat": {"temperature": 1.0, "rate": 0.05},
             "box": {"size": [edge, edge, edge]},
             "particles": {"lattice": "random", "count": n, "diameter": 1,
                           "chains": {"length": n, "bond": {"inner": 1.0, "outer": OUTER}}},
             "equilibration": {"time": EQUILIBRATION}, "stop": {"time": EQUILIBRATION + TIME},
             "output": {"every": EVERY, "gsd": True, "xyz": False}}
    path = os.path.join(folder, f"chain{n}.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    out = os.path.join(folder, f"chain{n}")
    p = subprocess.run([RICOCHET, "run", path, "--out", out, "--quiet"], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"ricochet run {path}: exit {p.returncode}\n{p.stderr}")
    series, low, high = radius2(out, n)
    series = series[int(EQUILIBRATION / EVERY):]
    # GSD positions are float32: a bond read back is exact to about 1e-6 of the box's coordinates
    check(low >= 1 - 1e-5 and high <= OUTER + 1e-5, f"n = {n}: bonds from {low} to {high}")
    means = np.array([b.mean() for b in np.array_split(series, BLOCKS)])
    return series.mean(), means.std(ddof=1) / np.sqrt(BLOCKS)


def fit(n, y, e, nu=None):
    """Weighted least squares of y = A n^(2 nu) (1 + B n^-0.5): (parameters, chi^2, error of nu or None)."""
    def residuals(p):
        a, b = p[0], p[1]
        exponent = p[2] if nu is None else nu
        return (a * n ** (2 * exponent) * (1 + b / np.sqrt(n)) - y) / e
    start = [y[0] / n[0] ** (2 * NU), 0.0] + ([NU] if nu is None else [])
    r = least_squares(residuals, start, x_scale="jac")
    chi2 = float((r.fun ** 2).sum())
    error = None
    if nu is None:
        covariance = np.linalg.inv(r.jac.T @ r.jac)
        error = float(np.sqrt(covariance[2, 2]))
    return r.x, chi2, error


def main():
    folder = tempfile.mkdtemp(prefix="ricochet_isolated_chain_")
    try:
        rows = [measure(folder, n) for n in LENGTHS]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    n = np.array(LENGTHS, dtype=float)
    y = np.array([r[0] for r in rows])
    e = np.array([r[1] for r in rows])
    for k, length in enumerate(LENGTHS):
        print(f"n = {length:2d}: Rg^2 = {y[k]:.4f} +- {e[k]:.4f} ({100 * e[k] / y[k]:.2f} %)")
    (a, b, nu), chi2, error = fit(n, y, e)
    print(f"fit Rg^2 = A n^(2 nu) (1 + B n^-0.5): A = {a:.4f}, B = {b:.3f}, nu = {nu:.4f} +- {error:.4f}, "
          f"chi^2 = {chi2:.2f} (1 degree of freedom)")
    local = np.log(y[1:] / y[:-1]) / np.log(2) / 2
    print("local exponents (ln Rg^2 ratio / 2 ln 2): " + ", ".join(f"{x:.4f}" for x in local))
    _, chi2_saw, _ = fit(n, y, e, NU)
    _, chi2_rw, _ = fit(n, y, e, 0.5)
    print(f"nu fixed: 0.5876 chi^2 = {chi2_saw:.2f}, 1/2 chi^2 = {chi2_rw:.2f} (2 degrees of freedom)")
    check(abs(nu - NU) < 3 * error, f"nu = {nu} +- {error}, not within 3 errors of {NU}")
    check(chi2_rw > 20, f"the random walk's nu = 1/2 is not rejected (chi^2 {chi2_rw})")
    if failures:
        sys.exit(f"{len(failures)} failures")
    print("isolated chain: passed")


if __name__ == "__main__":
    main()
