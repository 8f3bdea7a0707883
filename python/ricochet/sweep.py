# SPDX-License-Identifier: MIT
"""Parameter sweeps and ensembles through the library (ricochet/sweep.h; docs/python.md, "Sweeps"): a sweep given as a
dict, JSON text or a file in the format of `ricochet sweep` runs on this machine's cores (each run in a process of
its own, no MPI needed) into its folder, and its table comes back as a numpy structured array, or a pandas DataFrame
when pandas is installed.
"""
import csv
import ctypes
import json
import os

import numpy

from ._lib import CallbackErrors, SweepProgress, check, execute_guarded, integer, interrupted, lib, text

_PROGRESS = ctypes.CFUNCTYPE(None, ctypes.POINTER(SweepProgress), ctypes.c_void_p)
_COUNTS = ("runs", "done", "running", "failed", "skipped", "elapsed", "eta")


def _column(cells):
    """A column of the table: float64 when every cell is a number or empty (NaN), else text."""
    try:
        return numpy.array([float(c) if c != "" else numpy.nan for c in cells], dtype=numpy.float64)
    except ValueError:
        return numpy.array(cells, dtype=str)


def read_sweep_table(directory, means=False):
    """The table a sweep left in directory: sweep.csv (one row per run: run, point, replica, seed, the varied keys,
    status, message, stopped_by and every number of the summary), or with means=True sweep_means.csv (one row per
    point: the mean and standard error of each number over the replicas that ended ok). A pandas DataFrame when
    pandas is installed, else a numpy structured array whose fields are the CSV's columns."""
    path = os.path.join(os.fsdecode(text(directory, "directory")), "sweep_means.csv" if means else "sweep.csv")
    try:
        import pandas
    except ImportError:
        pandas = None
    if pandas is not None:
        return pandas.read_csv(path, keep_default_na=False, na_values=[""])
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    names, body = rows[0], rows[1:]
    columns = [_column([row[j] for row in body]) for j in range(len(names))]
    table = numpy.empty(len(body), dtype=[(name, column.dtype) for name, column in zip(names, columns)])
    for name, column in zip(names, columns):
        table[name] = column
    return table


def sweep(spec, out=None, jobs=0, checkpoint_every=0.0, progress=None, means=False):
    """Runs a sweep and returns its table (read_sweep_table).

    spec: a dict, JSON text or the path of a sweep file (docs/formats.md, "Sweep files"); a scene given by a relative
    path is read relative to the file's folder (a dict's or text's: the working directory). out: the sweep folder
    (default: the sweep's "directory", else "sweep"). jobs: runs at once (0: the number of processors).
    checkpoint_every: simulation time between each run's checkpoints (0: the sweep's or the scenes' own).
    progress: a function called with a dict (runs, done, running, failed, skipped, elapsed, eta) whenever a run starts
    or ends. Runs that ended in an earlier call with the same folder are not run again; runs that failed are rows with
    status "failed" and their message. Ctrl-C stops the runs at once (they go on from their last checkpoints in a
    later call, with the same bits), writes the table and raises KeyboardInterrupt. An exception raised by progress
    stops the runs the same way and is raised again from this call. Raises Error for a bad sweep (the message names
    the field)."""
    jobs = integer(jobs, "jobs", ctypes.c_int)
    handle = ctypes.c_void_p()
    if isinstance(spec, dict):
        check(lib.rc_sweep_create_from_text(text(json.dumps(spec), "spec"), None, ctypes.byref(handle)))
    elif isinstance(spec, str) and spec.lstrip().startswith("{"):
        check(lib.rc_sweep_create_from_text(text(spec, "spec"), None, ctypes.byref(handle)))
    else:
        check(lib.rc_sweep_create_from_file(text(spec, "spec"), ctypes.byref(handle)))
    errors = CallbackErrors(lambda: lib.rc_sweep_interrupt(handle, 0))

    def on_progress(counts, user):
        progress({name: getattr(counts.contents, name) for name in _COUNTS})

    callback = _PROGRESS(errors.wrap(on_progress)) if progress is not None else None
    try:
        if out is not None:
            check(lib.rc_sweep_set_directory(handle, text(out, "out")))
        lib.rc_sweep_set_checkpoint_every(handle, checkpoint_every)
        counts = SweepProgress()
        status, number = execute_guarded(lib.rc_sweep_execute_guarded, lib.rc_sweep_execute,
                                         lib.rc_sweep_interrupt_signal, handle, jobs,
                                         ctypes.cast(callback, ctypes.c_void_p) if callback else None, None,
                                         ctypes.byref(counts))
        directory = lib.rc_sweep_directory(handle)
        errors.raise_any()
        check(status)
    finally:
        lib.rc_sweep_destroy(handle)
    if number >= 0:
        interrupted(number, "ricochet: the sweep was interrupted; its runs go on from their checkpoints when started "
                            "again")
    return read_sweep_table(directory, means=means)


def sweep_seed(base, replica):
    """The seed replica `replica` of a point whose scene has seed `base` runs with (rc_seed_derive_replica): base for replica
    0, else the top 53 bits of splitmix64(base + replica)."""
    return lib.rc_seed_derive_replica(base, replica)
