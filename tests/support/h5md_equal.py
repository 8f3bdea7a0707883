# SPDX-License-Identifier: MIT
"""Exits 0 when two HDF5 files hold the same datasets, name for name and value for value (NaN equal to NaN);
with --frames N, also when the first has N frames of particle positions. Used by the kill-and-resume tests
(tests/cli/cli.sh, tests/cli/kill_resume.sh). Run with /usr/bin/python3 (Debian's h5py and numpy)."""
import argparse
import h5py
import numpy


def datasets(path):
    out = {}
    with h5py.File(path, "r") as f:
        f.visititems(lambda name, item: out.__setitem__(name, item[()]) if isinstance(item, h5py.Dataset) else None)
    return out


parser = argparse.ArgumentParser()
parser.add_argument("first")
parser.add_argument("second")
parser.add_argument("--frames", type=int)
args = parser.parse_args()
a, b = datasets(args.first), datasets(args.second)
assert sorted(a) == sorted(b), (sorted(a), sorted(b))
for name in a:
    assert numpy.array_equal(a[name], b[name], equal_nan=True), name
if args.frames is not None:
    assert a["particles/all/position/value"].shape[0] == args.frames, a["particles/all/position/value"].shape
