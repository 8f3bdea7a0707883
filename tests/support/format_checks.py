# SPDX-License-Identifier: MIT
"""What the tests that check ricochet's files with other programs' readers share (gsd_files.py, lammps_files.py,
mdanalysis_h5md.py, ...): the tool (their first argument), the list of failed checks, running the tool and reading
its extended XYZ frames."""
import subprocess
import sys

import numpy as np

RICOCHET = sys.argv[1]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(args, expect=0):
    p = subprocess.run([RICOCHET] + args, capture_output=True, text=True)
    if p.returncode != expect:
        raise SystemExit(f"ricochet {' '.join(args)}: exit {p.returncode}, not {expect}\n{p.stderr}")
    return p


def xyz_frames(path):
    """The frames of an extended XYZ file: box (diagonal), pbc, and columns as float arrays."""
    frames = []
    with open(path) as f:
        while True:
            line = f.readline()
            if not line:
                return frames
            n = int(line)
            comment = f.readline()
            lattice = [float(x) for x in comment.split('Lattice="')[1].split('"')[0].split()]
            time = float(comment.split("Time=")[1].split()[0])
            rows = [f.readline().split() for _ in range(n)]
            cols = np.array([[float(x) for x in r[1:]] for r in rows])
            species = [r[0] for r in rows]
            frames.append({"cell": np.array(lattice).reshape(3, 3), "time": time, "cols": cols, "species": species})
