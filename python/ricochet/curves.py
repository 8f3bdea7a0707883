# SPDX-License-Identifier: MIT
"""The curves of a run's measurements (the scene's "measure"; docs/formats.md, "trajectory.h5md" and "Outputs of
ricochet run"): msd, vacf, rdf, structure_factor, viscosity and thermal_conductivity, read back as numpy arrays from
the run folder's CSV files or from the curves group of its H5MD file.
"""
import json
import os

import numpy


def _csv(path):
    with open(path) as f:
        names = f.readline().strip().split(",")
    values = numpy.genfromtxt(path, delimiter=",", skip_header=1, ndmin=2).reshape(-1, len(names))
    return {name: numpy.ascontiguousarray(values[:, c]) for c, name in enumerate(names)}


def read_curves(path):
    """Returns {curve: {column: numpy array}} with the columns in the order of the CSV header (an empty cell, a value
    not defined there, is NaN). path is a run folder (the curves its summary.json lists under measure.curves, from
    NAME.csv) or an H5MD file a run wrote (its group curves/NAME; needs h5py). The two give the same bits."""
    path = os.fspath(path)
    if os.path.isdir(path):
        with open(os.path.join(path, "summary.json")) as f:
            names = (json.load(f).get("measure") or {}).get("curves") or []
        return {name: _csv(os.path.join(path, name + ".csv")) for name in names}
    import h5py  # only for H5MD files
    with h5py.File(path, "r") as f:
        group = f.get("curves", {})
        return {name: {column: group[name][column][()] for column in group[name]} for name in group}
