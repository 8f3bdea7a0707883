# SPDX-License-Identifier: MIT
"""Scenes run through the library's run driver (ricochet/run.h), both engines: load a scene (a file, JSON text or a
dict in the format of `ricochet run`; event-driven or time-stepping), run it to its stop or advance it, read positions,
velocities and orientations as numpy arrays and the summary as a dict, checkpoint it and resume from a checkpoint.

A Simulation owns a C run that is not safe to use from two threads at once: each object holds a lock that its methods
take, so calls from several threads run one after the other. close() (or leaving a `with` block) frees the run; it
may be called again, and any other method then raises ValueError.
"""
import ctypes
import json
import math
import shlex
import sys

import numpy

from ._lib import (Error, InvalidValue, Frame, Owner, RunCounts, RunLimits, check, check_warned, execute_guarded, integer, interrupted, json_report,
                   lib, serialised, text, warn_library)
from .live import Live
from .trajectory import Snapshot

EVENT_DRIVEN, TIME_STEPPING = 0, 1


def scene_text(scene):
    """A scene given as a dict, JSON text or a file's path, as JSON text."""
    if isinstance(scene, dict):
        return json.dumps(scene)
    if isinstance(scene, str) and scene.lstrip().startswith("{"):
        return scene
    with open(text(scene, "scene"), encoding="utf-8") as f:
        return f.read()


def _options(out, checkpoint_every, h5md, no_files, threads=None):
    options = lib.rc_run_default_options()
    options.no_files = no_files
    if threads is not None:  # 0 would mean "the scene's" to the library: refused here as the library refuses -1
        if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= 2**31 - 1:
            raise InvalidValue("invalid_argument", "threads: %r is not a whole number from 1 to 2147483647"
                               % (threads,))
        options.threads = threads
    if out is not None:
        options.directory = text(out, "out")
    if h5md is not None:
        options.h5md_path = text(h5md, "h5md")
    options.checkpoint_every = checkpoint_every
    if sys.argv and sys.argv[0]:  # summary.json's record: the script and its arguments (none in an interactive session)
        options.command_line = shlex.join([sys.executable or "python3"] + sys.argv).encode(errors="surrogateescape")
    return options


def _counter(name, doc):
    """A read-only property of Simulation: the counter `name` of rc_run_read_counts."""
    def get(self):
        return getattr(self._counts(), name)
    get.__name__, get.__doc__ = name, doc
    return property(serialised(get))


class Simulation(Live, Owner):
    """One scene and its engine at its current time.

    out: a run folder to write (trajectory.xyz, observables.csv, scene.json, summary.json, ...) as `ricochet run
    --out` does; None (the default) writes no files. checkpoint_every: simulation time between checkpoints in that
    folder (0: none). h5md: also write the frames and rows in H5MD at this path. threads: run the event-driven
    engine on this many threads, over the scene's "threads" (None: the scene's; the same bits for any count; the
    summary's threads and parallel_note say how many ran and why fewer; docs/edmd.md, "Parallel"). Calls from
    several threads are serialised by a lock of the object's own; close() frees the run (also at the end of a `with`
    block)."""

    def __init__(self, scene, out=None, checkpoint_every=0.0, h5md=None, threads=None, _resume=None):
        handle = ctypes.c_void_p()
        self._triggers, self._progress, self._callback_error = {}, None, None
        if _resume is not None:  # no folder given: the checkpoint's own, when its run had one
            options = _options(out, checkpoint_every, h5md, no_files=False, threads=threads)
            check_warned(lib.rc_run_create_from_checkpoint, text(_resume, "checkpoint"), ctypes.byref(options), ctypes.byref(handle),
                         stacklevel=4)
        else:
            options = _options(out, checkpoint_every, h5md, no_files=out is None, threads=threads)
            check_warned(lib.rc_run_create, text(scene_text(scene), "scene"), ctypes.byref(options),
                         ctypes.byref(handle))
        self._frame = None
        self._own(handle)
        frame = Frame()
        check(lib.rc_frame_create(ctypes.byref(frame), lib.rc_run_count(handle), lib.rc_run_has_orientations(handle)))
        self._frame = frame
        if lib.rc_run_has_spins(handle):
            check(lib.rc_frame_add_spins(ctypes.byref(frame)))
        self._fill()

    @classmethod
    def resume(cls, checkpoint, out=None, checkpoint_every=0.0, threads=None):
        """Goes on from a checkpoint (`checkpoint()` or `ricochet run --checkpoint-every`). out=None goes on in the
        checkpoint's own run folder, appending to its files and writing its checkpoints there (none when the run
        wrote no files); a path starts a new one. threads: as for a new Simulation (any count resumes the same)."""
        return cls(None, out=out, checkpoint_every=checkpoint_every, threads=threads, _resume=checkpoint)

    @classmethod
    def from_arrays(cls, dimension, box, positions, velocities, radii, masses, species=None, periodic=None,
                    restitution=1.0, stop=None, out=None, **scene):
        """A Simulation of the event-driven engine built from arrays, without a scene file: dimension 2 or 3, box
        the edges (a list of `dimension` numbers), positions and velocities (count, dimension), radii and masses
        (count,), species (count,) integers or None, periodic a list of booleans (None: periodic on every axis),
        restitution, stop (a dict as the scene's "stop", e.g. {"time": 10}; None: no limit of its own, advance()
        gives them) and any other scene key as a keyword (gravity=[0, -1], thermostat={...}, walls=[...]). The
        arrays are checked first (ValueError names the field and the particle); the library then checks the state
        as a scene's (no overlaps, inside the box)."""
        from .live import _array
        if dimension not in (2, 3):
            raise ValueError("dimension: %r is not 2 or 3" % (dimension,))
        box = _array("box", box, (dimension,), positive=True)
        n = len(numpy.asarray(positions))
        x = _array("positions", positions, (n, dimension))
        v = _array("velocities", velocities, (n, dimension))
        r = _array("radii", radii, (n,), positive=True)
        m = _array("masses", masses, (n,), positive=True)
        s = _array("species", species, (n,), integer=True) if species is not None else numpy.zeros(n, numpy.int32)
        particles = [{"position": x[i].tolist(), "velocity": v[i].tolist(), "radius": float(r[i]),
                      "mass": float(m[i]), "species": int(s[i])} for i in range(n)]
        document = {"dynamics": "event-driven", "dimension": dimension,
                    "box": {"size": box.tolist(), "periodic": list(periodic) if periodic is not None
                            else [True] * dimension},
                    "particles": particles, "restitution": restitution,
                    "stop": stop if stop is not None else {"time": 1e300}}
        document.update(scene)
        try:
            return cls(document, out=out)
        except Error as e:  # the scene's checks of the arrays (an overlap, a particle outside the box)
            if e.status != "invalid_argument":
                raise
            raise InvalidValue(e.status, str(e)) from None

    def close(self):
        """Frees the run (its files left as an interrupted run leaves them: call finish() or run() first for a
        summary). Calling it again does nothing; any other method then raises ValueError."""
        super().close()

    def _free(self):
        self._triggers.clear()
        if self._frame is not None:
            lib.rc_frame_destroy(ctypes.byref(self._frame))
            self._frame = None
        lib.rc_run_destroy(self._handle)

    def _fill(self):
        check(lib.rc_run_fill_frame(self._handle, ctypes.byref(self._frame)))

    def _vectors(self, pointer, width=None):
        f = self._frame
        return numpy.ctypeslib.as_array(pointer, (f.count, width or 3))[:, :width or f.dimension].copy()

    @property
    @serialised
    def dynamics(self):
        """"event-driven" or "time-stepping"."""
        return "event-driven" if lib.rc_run_dynamics(self._handle) == EVENT_DRIVEN else "time-stepping"

    @property
    @serialised
    def count(self):
        """The number of particles or bodies."""
        return self._frame.count

    @property
    @serialised
    def dimension(self):
        """2 or 3."""
        return self._frame.dimension

    def _counts(self):
        """The run's counters now (rc_run_read_counts), without building the summary."""
        counts = RunCounts()
        check(lib.rc_run_read_counts(self._handle, ctypes.byref(counts)))
        return counts

    time = _counter("time", "Simulation time.")
    collisions = _counter("collisions", "Pair collisions so far (event-driven; 0 for the time-stepped engine).")
    events = _counter("events", "Events processed so far: collisions, wall hits, list rebuilds, ... (event-driven; 0 "
                                "for the time-stepped engine).")
    steps = _counter("steps", "Time steps taken so far (time-stepping; 0 for the event-driven engine).")

    @property
    @serialised
    def cell(self):
        """(dimension, dimension) edge vectors as rows: the box's diagonal, and under Lees-Edwards shear the gradient
        edge leaning by the images' offset along the flow axis (the tilted cell of the frames)."""
        f = self._frame
        cell = numpy.diag(self.box)
        if f.tilt != 0:
            cell[f.tilt_gradient][f.tilt_flow] = f.tilt
        return cell

    @serialised
    def snapshot(self):
        """The current state as a Snapshot (read_trajectory's kind, periodic images included): what analyze() takes."""
        return Snapshot(self._frame)

    @property
    @serialised
    def stopped_by(self):
        """How the run stopped ("time", "collisions", "steps", "no_events", ...), or None while it has not."""
        why = lib.rc_run_stop_reason(self._handle)
        return why.decode() if why else None

    @serialised
    def advance(self, time=math.inf, collisions=0, events=0, steps=0, progress=None):
        """Runs until the first of these absolute limits (0 and inf: none; collisions and events for the
        event-driven engine, steps for the time-stepped one), writing outputs on the way when the run has a folder
        and calling the functions every() added at their counts. Returns early when nothing can happen any more
        (stopped_by is then "no_events"). A limit the engine does not count raises Error. progress: a function
        called with a Progress (fraction, time, done, unit, rate, eta) about every quarter of a second, e.g.
        `lambda p: bar.update(round(100 * p.fraction) - bar.n)` for a tqdm bar of total 100. An exception raised by
        a function of every() ends the advance there and is raised here; one raised by progress is raised when the
        advance ends. Ctrl-C (or SIGTERM) from the main thread ends the advance cleanly where it is (the library's
        rc_run_advance_guarded) and raises KeyboardInterrupt; the next advance goes on from there."""
        limits = RunLimits(time, *[integer(value, name) for name, value in
                                   (("collisions", collisions), ("events", events), ("steps", steps))])
        if progress is not None and not callable(progress):
            raise ValueError("progress: %r is not callable" % (progress,))
        self._progress_on(progress)
        try:
            status, number = execute_guarded(lib.rc_run_advance_guarded, lib.rc_run_advance, lib.rc_run_interrupt_signal,
                                             self._handle, ctypes.byref(limits))
            self._raise_callback_error()
            check(status)
        finally:
            if progress is not None:
                self._progress_on(None)
            self._fill()
        if number >= 0:
            interrupted(number, "ricochet: the advance was interrupted at time %g" % self._frame.time)

    @serialised
    def step(self, events=1):
        """Event-driven: processes the next `events` events (collisions, wall hits, list rebuilds, ...).
        Time-stepping: takes the next `events` steps."""
        counts = self._counts()
        if self.dynamics == "event-driven":
            self.advance(events=counts.events + events)
        else:
            self.advance(steps=counts.steps + events)

    @serialised
    def run(self):
        """Runs to the scene's "stop" and finishes: the last frame, the files closed, summary.json. Raises Error
        when an impact did not terminate or the run could not go on (a stall, a state beyond 2^40: exit 3 of
        `ricochet run`; the summary is complete all the same). Ctrl-C ends the run cleanly, as
        `ricochet run` does (files closed, stopped_by "interrupted", a checkpoint when checkpointing is on; the
        library's rc_run_execute_guarded), then raises KeyboardInterrupt; SIGTERM ends it the same way, then goes on to
        Python's own handler."""
        lib.rc_warnings_clear()
        try:
            status, number = execute_guarded(lib.rc_run_execute_guarded, lib.rc_run_execute, lib.rc_run_interrupt_signal,
                                             self._handle)
            check(status)
        finally:
            self._fill()
        warn_library(3)  # a run that ended before its equilibration, at the caller's line (past _serialised)
        if number >= 0:
            interrupted(number, "ricochet: the run was interrupted and ended cleanly")

    @serialised
    def finish(self):
        """Closes the run's files and writes summary.json without running further."""
        check_warned(lib.rc_run_finish, self._handle, stacklevel=4)  # the caller, past _serialised

    @serialised
    def checkpoint(self, path=None):
        """Writes a checkpoint at the current time (path None: checkpoint.rcp in the run folder)."""
        check(lib.rc_run_checkpoint_write(self._handle, None if path is None else text(path, "path")))

    @serialised
    def summary(self):
        """The summary of `ricochet run` as a dict (docs/formats.md, "The summary"): how the run stopped, the
        observables (event-driven averages since the end of the equilibration), the speed, the system, the files."""
        return json_report(lib.rc_run_summary_json(self._handle, True), "summary")
