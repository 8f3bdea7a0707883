# SPDX-License-Identifier: MIT
"""Reading trajectories back (ricochet/trajectory.h): the frames of an extended XYZ, H5MD or GSD file, as ricochet run
writes them (or a LAMMPS dump or data file), one at a time as numpy arrays.
"""
import ctypes

import numpy

from ._lib import Frame, check, lib


class Snapshot:
    """One frame: time, dimension, box (dimension,), periodic (dimension,), positions and velocities
    (count, dimension), radii (count,), masses (count,), species (count,), orientations (count, 4) quaternions (w, x, y, z) or None,
    images (count, dimension): the periodic images, so positions + images * box is the unwrapped position, or None
    when the file has none (no image column or dataset)."""

    def __init__(self, f):
        d, n = f.dimension, f.count
        self.time, self.dimension = f.time, d
        self.box = numpy.array(f.box[:d])
        self.periodic = numpy.array(f.periodic[:d], dtype=bool)
        self.positions = numpy.ctypeslib.as_array(f.positions, (n, 3))[:, :d].copy() if n else numpy.zeros((0, d))
        self.velocities = numpy.ctypeslib.as_array(f.velocities, (n, 3))[:, :d].copy() if n else numpy.zeros((0, d))
        self.radii = numpy.ctypeslib.as_array(f.radii, (n,)).copy() if n else numpy.zeros(0)
        self.masses = numpy.ctypeslib.as_array(f.masses, (n,)).copy() if n else numpy.zeros(0)
        self.species = numpy.ctypeslib.as_array(f.species, (n,)).copy() if n else numpy.zeros(0, dtype=numpy.int32)
        self.images = (numpy.ctypeslib.as_array(f.images, (n, 3))[:, :d].copy() if n and f.images
                       else None if not f.images else numpy.zeros((n, d), dtype=numpy.int32))
        self.orientations = (numpy.ctypeslib.as_array(f.orientations, (n, 4)).copy()
                             if f.orientations and n else None)


def convert_trajectory(source, target, frame=None):
    """Converts the trajectory at source (any format read_trajectory reads) into target, in the format its extension
    names (.xyz, .h5md, .gsd, .lammpstrj, .data: a LAMMPS data file of one frame, the last unless frame is given), as
    `ricochet convert` does; frame: only that frame (negative from the end). Returns the frames written. Raises Error
    naming the file (an unknown extension, a frame out of range)."""
    written = ctypes.c_int64(0)
    check(lib.rc_trajectory_convert(str(source).encode(), str(target).encode(), frame is not None,
                                    0 if frame is None else int(frame), ctypes.byref(written)))
    return written.value


def read_trajectory(path):
    """Yields the Snapshots of the trajectory at path, first to last. Raises Error for a missing or malformed file
    (the message names the file and the line or dataset)."""
    reader = ctypes.c_void_p()
    check(lib.rc_trajectory_reader_open(str(path).encode(), ctypes.byref(reader)))
    frame = Frame()
    try:
        got = ctypes.c_bool(True)
        while True:
            check(lib.rc_trajectory_reader_next(reader, ctypes.byref(frame), ctypes.byref(got)))
            if not got.value:
                return
            yield Snapshot(frame)
    finally:
        lib.rc_frame_destroy(ctypes.byref(frame))
        lib.rc_trajectory_reader_close(reader)
