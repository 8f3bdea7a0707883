# SPDX-License-Identifier: MIT
"""Transport of the dilute hard-sphere fluid from the engine's Helfand moments (docs/formats.md, "measure"):
864 hard spheres at rho sigma^3 = 0.2 run with `ricochet run` and its scene's "measure" section (the same scene as
tests/physics/test_transport.c's Enskog test, run longer):
- transport_helfand.png: <Delta G^2> / (2 V kT) of the shear stress and <(Delta G_q - <Delta G_q>)^2> / (2 V kT^2) of
  the heat flux against the lag on log axes, going from the short-time t^2 to the linear t whose slope is eta (and
  lambda), with the Enskog lines eta_E t and lambda_E t (first Sonine approximation, Chapman and Cowling 1970, ch. 16)
  and the fit window.
Writes the PNG into --out (docs/img for the README)."""
import csv
import json
import math
import os
import subprocess

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

from ricochet_cli import arguments

RHO, COUNT = 0.2, 864


def enskog():
    phi = math.pi / 6 * RHO
    chi = (1 - phi / 2) / (1 - phi) ** 3
    y = 2 * math.pi / 3 * RHO * chi
    kappa = 4 / 9 * RHO * RHO * chi * math.sqrt(math.pi)
    eta = 5 / 16 / math.sqrt(math.pi) / chi * (1 + 0.4 * y) ** 2 + 0.6 * kappa
    lam = 75 / 64 / math.sqrt(math.pi) / chi * (1 + 0.6 * y) ** 2 + 1.5 * kappa
    return eta, lam


def table(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return {k: [float(r[k]) if r[k] else float("nan") for r in rows] for k in rows[0]}


def main():
    args = arguments(__doc__)
    run = os.path.join(args.out, "transport_run")
    scene = {"dimension": 3, "box": {"periodic": True}, "temperature": 1, "seed": 3,
             "particles": {"lattice": "fcc", "count": COUNT, "packing_fraction": math.pi / 6 * RHO, "diameter": 1},
             "equilibration": {"time": 20}, "stop": {"time": 2020}, "output": {"every": 100, "xyz": False},
             "measure": {"viscosity": True, "thermal_conductivity": True}}
    path = os.path.join(args.out, "transport_scene.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    subprocess.run([args.ricochet, "run", path, "--out", run, "--compact"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(run, "summary.json")) as f:
        s = json.load(f)
    kt, volume = s["measure"]["temperature"], COUNT / RHO
    eta_e, lam_e = enskog()
    fig, ax = plt.subplots(figsize=(6, 4.2))
    for name, key, scale, coefficient, oracle, colour in (
            ("viscosity.csv", "shear_moment", 2 * volume * kt, "shear_viscosity", eta_e, "C0"),
            ("thermal_conductivity.csv", "heat_moment", 2 * volume * kt * kt, "thermal_conductivity", lam_e, "C3")):
        t = table(os.path.join(run, name))
        lag = [x for x in t["time"][1:]]
        y = [v / scale for v in t[key][1:]]
        e = [v / scale for v in t[key + "_error"][1:]]
        label = "%s: %.3f $\\pm$ %.3f" % (coefficient.replace("_", " "), s[coefficient], s[coefficient + "_error"])
        ax.errorbar(lag, y, yerr=e, fmt="o", ms=2.5, lw=0.8, color=colour, label=label)
        ax.plot(lag, [oracle * x for x in lag], "--", color=colour, lw=1, label="Enskog: %.3f $t$" % oracle)
    for x in s["measure"]["fit"]:
        ax.axvline(x, color="0.6", lw=0.8, ls=":")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("lag $t$ ($\\sigma \\sqrt{m / kT}$)")
    ax.set_ylabel("Helfand moment $\\langle \\Delta G^2 \\rangle / (2 V kT)$, $/ (2 V kT^2)$")
    ax.set_title("864 hard spheres, $\\rho\\sigma^3 = 0.2$: the Helfand moments go linear", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(args.out, "transport_helfand.png"), dpi=110)
    print("eta %.4f +- %.4f (Enskog %.4f); lambda %.4f +- %.4f (Enskog %.4f)"
          % (s["shear_viscosity"], s["shear_viscosity_error"], eta_e, s["thermal_conductivity"],
             s["thermal_conductivity_error"], lam_e))
    plt.close("all")


if __name__ == "__main__":
    main()
