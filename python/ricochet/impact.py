# SPDX-License-Identifier: MIT
"""Simultaneous-impact problems from numpy arrays, resolved by the library's impact operator (ricochet/impact.h):
balls with masses, velocities and positions, contacts with their normals, and the options of `ricochet resolve`.
"""
import ctypes

import numpy

from ._lib import ImpactOptions, ImpactResult, Owner, check, check_warned, doubles, lib, serialised


class ImpactResolution:
    """What a resolve returns: velocities (bodies x dimension), normal_impulses (per contact), iterations, status
    ("ok" or "not_terminated"), kinetic_energy_before and _after, and the other counts of rc_impact_result."""

    def __init__(self, result, dimension, status):
        self.status = status
        self.velocities = numpy.ctypeslib.as_array(result.velocity, (result.dof_count,)).copy().reshape(-1, dimension)
        count = result.contact_count
        self.normal_impulses = (numpy.ctypeslib.as_array(result.normal_impulse, (count,)).copy() if count
                                else numpy.zeros(0))
        for name in ("iterations", "islands", "lineality_dimension", "lineality_count", "lcp_solves",
                     "kinetic_energy_before", "kinetic_energy_after", "min_relative_velocity"):
            setattr(self, name, getattr(result, name))

    def __repr__(self):
        return "ImpactResolution(status=%r, iterations=%d, velocities=%r)" % (self.status, self.iterations,
                                                                             self.velocities.tolist())


def _rows(values, count, width, name):
    array = numpy.ascontiguousarray(values, dtype=numpy.float64).reshape(count, width) if values is not None \
        else numpy.zeros((count, width))
    if not numpy.all(numpy.isfinite(array)):
        raise ValueError("%s: not every entry is a finite number" % name)
    return array


class ImpactProblem(Owner):
    """Balls (each with dimension degrees of freedom) and contacts between them at one frozen instant. Calls from
    several threads run one after the other; close() (or the end of a `with` block) frees it, after which any other
    method raises ValueError."""

    def __init__(self, dimension):
        if dimension not in (1, 2, 3):
            raise ValueError("dimension: %r is not 1, 2 or 3" % (dimension,))
        self.dimension = dimension
        handle = ctypes.c_void_p()
        check(lib.rc_impact_problem_create(ctypes.byref(handle)))
        self._own(handle)

    def _free(self):
        lib.rc_impact_problem_destroy(self._handle)

    @property
    @serialised
    def body_count(self):
        return lib.rc_impact_problem_body_count(self._handle)

    @property
    @serialised
    def contact_count(self):
        return lib.rc_impact_problem_contact_count(self._handle)

    @serialised
    def add_balls(self, masses, velocities, positions=None):
        """Adds len(masses) balls; velocities and positions are (count, dimension). Returns their body indices."""
        masses = numpy.ascontiguousarray(masses, dtype=numpy.float64).reshape(-1)
        count = len(masses)
        v = _rows(velocities, count, self.dimension, "velocities")
        x = _rows(positions, count, self.dimension, "positions")
        first = self.body_count
        for i in range(count):
            check(lib.rc_impact_problem_add_ball(self._handle, self.dimension, float(masses[i]), doubles(x[i]),
                                                 doubles(v[i]), None))
        return numpy.arange(first, first + count)

    @serialised
    def add_contacts(self, a, b, normals, points=None):
        """Adds contacts between bodies a[k] and b[k] (-1: a wall) with unit normals[k] pointing from b to a, at
        points[k] (default the origin; a point matters only for rotation)."""
        a, b = numpy.asarray(a, dtype=int).reshape(-1), numpy.asarray(b, dtype=int).reshape(-1)
        if len(a) != len(b):
            raise ValueError("a has %d entries, b has %d" % (len(a), len(b)))
        n = _rows(normals, len(a), self.dimension, "normals")
        p = _rows(points, len(a), self.dimension, "points")
        for k in range(len(a)):
            check(lib.rc_impact_problem_add_contact(self._handle, int(a[k]), int(b[k]), doubles(p[k]), doubles(n[k]),
                                                    None))

    @serialised
    def resolve(self, **options):
        """Resolves the impact with the options of `ricochet resolve` (operator="gr" or "gs", order, seed,
        restitution, friction, tolerance, lineality, max_iterations, lcp). Raises Error on bad input; a run out of
        its max_iterations budget returns status "not_terminated"."""
        settings = lib.rc_impact_default_options()
        for name, value in options.items():
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            check(lib.rc_impact_options_set(ctypes.byref(settings), name.encode(), text.encode()))
        return _resolve(self._handle, settings, self.dimension)


def _resolve(problem, settings: ImpactOptions, dimension):
    solver = ctypes.c_void_p()
    # the warning at the line that called resolve, past resolve and serialised
    check_warned(lib.rc_impact_solver_create, ctypes.byref(settings), ctypes.byref(solver), stacklevel=5)
    try:
        result = ImpactResult()
        status = lib.rc_impact_solver_resolve(solver, problem, ctypes.byref(result))
        if status not in (0, 2):  # RC_STATUS_OK, RC_STATUS_NOT_TERMINATED
            check(status)
        return ImpactResolution(result, dimension, lib.rc_status_name(status).decode())
    finally:
        lib.rc_impact_solver_destroy(solver)
