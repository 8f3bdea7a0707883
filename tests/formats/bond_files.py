# SPDX-License-Identifier: MIT
"""Bonds in the files a run writes and the files it converts, checked with the readers of each format: a run of
chains (particles.chains) and a "bonds" group writes GSD bonds/N, types, typeid and group that gsd.hoomd reads equal
to the scene's bonds; H5MD /connectivity/bonds (N x 2 particle ids) whose particles_group reference resolves to
/particles/all in h5py, with /connectivity/bond_types; `ricochet convert` of that GSD to a LAMMPS data file
(atom_style hybrid sphere bond) with a Bonds section of the same bonds and molecule ids per chain, which ricochet's
own reader takes back (the same positions) and, when Debian's lmp is installed, LAMMPS's read_data counts.

usage: bond_files.py RICOCHET"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import gsd.hoomd
import h5py
import numpy as np

RICOCHET = sys.argv[1]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from format_checks import check, failures, run, xyz_frames  # noqa: E402 (after RICOCHET)

CHAINS, LENGTH = 12, 5


def main():
    folder = tempfile.mkdtemp(prefix="ricochet_bond_files_")
    try:
        scene = {"dimension": 3, "seed": 5, "temperature": 1.0,
                 "particles": {"lattice": "random", "count": CHAINS * LENGTH, "packing_fraction": 0.1, "diameter": 1,
                               "chains": {"length": LENGTH, "bond": {"inner": 1.0, "outer": 1.1}}},
                 "stop": {"time": 0.5}, "output": {"every": 0.25, "gsd": True, "h5md": True}}
        path = os.path.join(folder, "chains.json")
        with open(path, "w") as f:
            json.dump(scene, f)
        out = os.path.join(folder, "run")
        run(["run", path, "--out", out, "--quiet"])
        expected = [[c * LENGTH + k, c * LENGTH + k + 1] for c in range(CHAINS) for k in range(LENGTH - 1)]

        with gsd.hoomd.open(os.path.join(out, "trajectory.gsd")) as t:
            first, last = t[0], t[len(t) - 1]
            check(first.bonds.N == len(expected), f"gsd bonds/N {first.bonds.N}, not {len(expected)}")
            check(first.bonds.group.tolist() == expected, "gsd bonds/group is not the chains' bonds")
            check(list(first.bonds.types) == ["A"] and set(first.bonds.typeid.tolist()) == {0},
                  f"gsd bonds/types {first.bonds.types}, typeid {set(first.bonds.typeid.tolist())}")
            check(last.bonds.N == len(expected) and last.bonds.group.tolist() == expected,
                  "a later gsd frame does not take frame 0's bonds")
            box = last.configuration.box[:3]
            r = last.particles.position[np.array(expected)[:, 0]] - last.particles.position[np.array(expected)[:, 1]]
            r -= box * np.round(r / box)
            longest = np.sqrt((r * r).sum(axis=1)).max()
            check(longest <= 1.1 * (1 + 1e-6), f"a bond is {longest} long in the last gsd frame, beyond 1.1")

        with h5py.File(os.path.join(out, "trajectory.h5md"), "r") as h:
            bonds = h["connectivity/bonds"]
            check(bonds.shape == (len(expected), 2) and bonds[()].tolist() == expected,
                  f"h5md connectivity/bonds {bonds.shape} is not the chains' bonds")
            check(h[bonds.attrs["particles_group"]].name == "/particles/all",
                  "h5md connectivity/bonds' particles_group does not refer to /particles/all")
            check(h["connectivity/bond_types"][()].tolist() == [0] * len(expected), "h5md bond_types are not 0")

        # the chains' observables: every frame's bonds in the histogram, its density a normalised one, and the chains'
        # sizes between their bounds (a chain of 5 beads spans at most 4 bonds of 1.1)
        with open(os.path.join(out, "summary.json")) as f:
            summary = json.load(f)
        frames = summary["chain_frames"]
        ree, rg = summary["end_to_end_distance"], summary["radius_of_gyration"]
        check(frames == summary["outputs"]["frames"], f"{frames} chain frames of {summary['outputs']['frames']}")
        check(1.0 < ree <= 4 * 1.1 and 0.5 < rg < ree, f"end-to-end distance {ree}, radius of gyration {rg}")
        check(summary["end_to_end_distance_error"] is None or summary["end_to_end_distance_error"] >= 0,
              "end-to-end error")
        rows = np.loadtxt(os.path.join(out, "bond_length_histogram.csv"), delimiter=",", skiprows=1)
        width = rows[1, 0] - rows[0, 0]
        check(rows[:, 2].sum() == frames * len(expected), f"{rows[:, 2].sum()} bond lengths, not {frames} x "
              f"{len(expected)}")
        check(abs(rows[:, 1].sum() * width - 1) < 1e-9, "the histogram's density does not integrate to 1")
        check(rows[rows[:, 2] > 0, 0].max() <= 1.1 + width, "a bond length beyond the outer wall")

        data = os.path.join(folder, "chains.data")
        run(["convert", os.path.join(out, "trajectory.gsd"), data])
        with open(data) as f:
            text = f.read()
        check("atom_style hybrid sphere bond" in text and f"{len(expected)} bonds" in text, "data file header")
        lines = text.split("\nBonds\n\n")[1].split("\n\n")[0].strip().split("\n")
        pairs = [[int(w) - 1 for w in line.split()[2:4]] for line in lines]
        check(pairs == expected, "the data file's Bonds are not the chains' bonds")
        atoms = text.split("\nAtoms # hybrid\n\n")[1].split("\n\n")[0].strip().split("\n")
        molecules = [int(line.split()[7]) for line in atoms]
        check(molecules == [1 + i // LENGTH for i in range(CHAINS * LENGTH)], "molecule ids are not one per chain")
        back = os.path.join(folder, "back.xyz")
        run(["convert", data, back])
        reread = xyz_frames(back)[0]
        with gsd.hoomd.open(os.path.join(out, "trajectory.gsd")) as t:
            last = t[len(t) - 1]
            x = last.particles.position + last.configuration.box[:3] / 2
        check(np.allclose(reread["cols"][:, 0:3], x, atol=1e-4), "positions read back from the data file differ")
        lmp = shutil.which("lmp")
        if lmp:
            script = os.path.join(folder, "in.check")
            with open(script, "w") as f:
                f.write(f"units lj\natom_style hybrid sphere bond\nread_data {data}\nbond_style zero\n"
                        "bond_coeff * 1.0\nprint \"COUNTS $(atoms) $(bonds)\"\n")
            p = subprocess.run([lmp, "-in", script, "-log", "none"], capture_output=True, text=True, cwd=folder)
            check(f"COUNTS {CHAINS * LENGTH} {len(expected)}" in p.stdout,
                  f"LAMMPS read_data of the data file: {p.stdout[-400:]} {p.stderr[-400:]}")
        else:
            print("lmp not installed: LAMMPS's read_data not tried")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"bond files: gsd, h5md connectivity, LAMMPS data ({CHAINS} chains of {LENGTH})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
