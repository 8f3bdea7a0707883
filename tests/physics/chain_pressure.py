# SPDX-License-Identifier: MIT
"""The compressibility factor of a melt of tangent hard-sphere chains against Wertheim's first-order thermodynamic
perturbation theory (TPT1), the oracle for bonds with many bodies: 100 chains of 10 beads (`particles.chains`,
placed at packing fraction 0.2 and compressed) at packing fractions 0.25 and 0.35, each with bonds of outer wall
1.05 and 1.02 sigma, Z per bead (the summary's `compressibility`, bonds' virial included) extrapolated linearly in
outer - 1 to tangent beads (outer -> 1, where TPT1 applies). TPT1 with Carnahan-Starling:
    Z = Z_CS - (1 - 1/m) (1 + eta d ln g_CS(sigma) / d eta),  g_CS(sigma) = (1 - eta/2) / (1 - eta)^3.
The tolerance, 8 % of TPT1, holds TPT1's own error for 10-mers at these densities (a few per cent, largest at low
density), the linear extrapolation's and the runs' statistics; hard spheres at the same packing fraction (Z_CS) lie
40 to 70 % away, so a melt whose bonds did nothing would fail. Z must also fall as outer -> 1 (a wider bond keeps
its beads farther apart).

usage: chain_pressure.py RICOCHET"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

RICOCHET = sys.argv[1]
M = 10


def tpt1(eta):
    z_cs = (1 + eta + eta ** 2 - eta ** 3) / (1 - eta) ** 3
    dlng = -0.5 / (1 - eta / 2) + 3 / (1 - eta)
    return z_cs - (1 - 1 / M) * (1 + eta * dlng), z_cs


def run(folder, eta, outer):
    scene = {"dimension": 3, "box": {"periodic": True}, "seed": 7, "temperature": 1.0,
             "particles": {"lattice": "random", "count": 100 * M, "packing_fraction": 0.2, "diameter": 1.0,
                           "chains": {"length": M, "bond": {"inner": 1.0, "outer": outer}}},
             "compression": {"rate": 0.02, "until": {"packing_fraction": eta}, "then": "continue"},
             "equilibration": {"time": 15}, "stop": {"time": 45}, "output": {"every": 1.5}}
    path = os.path.join(folder, f"melt_{eta}_{outer}.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    out = os.path.join(folder, f"run_{eta}_{outer}")
    subprocess.run([RICOCHET, "run", path, "--out", out, "--quiet", "--no-xyz"], check=True, capture_output=True)
    with open(os.path.join(out, "summary.json")) as f:
        summary = json.load(f)
    if summary["invalid_states"] != 0:
        raise SystemExit(f"eta {eta}, outer {outer}: {summary['invalid_states']} invalid states")
    return summary["compressibility"]


def main():
    folder = tempfile.mkdtemp(prefix="ricochet_chain_pressure_")
    failed = 0
    try:
        for eta in (0.25, 0.35):
            wide, narrow = run(folder, eta, 1.05), run(folder, eta, 1.02)
            tangent = narrow - (wide - narrow) * 0.02 / 0.03
            theory, hard = tpt1(eta)
            off = tangent / theory - 1
            print(f"eta {eta}: Z = {wide:.4f} (outer 1.05), {narrow:.4f} (1.02), {tangent:.4f} extrapolated to 1; "
                  f"TPT1 {theory:.4f} ({100 * off:+.1f} %); hard spheres {hard:.4f}")
            if abs(off) > 0.08:
                print(f"FAIL: eta {eta}: Z {tangent:.4f} is {100 * off:+.1f} % from TPT1 {theory:.4f}")
                failed += 1
            if not narrow < wide:
                print(f"FAIL: eta {eta}: Z does not fall as the bonds narrow ({wide:.4f}, {narrow:.4f})")
                failed += 1
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
