"""Scenes run through the library's run driver (ricochet/run.h), both engines: load a scene (a file, JSON text or a
dict in the format of `ricochet run`; event-driven or time-stepping), run it to its stop or advance it, read positions,
velocities and orientations as numpy arrays and the summary as a dict, checkpoint it and resume from a checkpoint.
"""
import ctypes
import json
import math
import os
import shlex
import sys

import numpy

from ._lib import Frame, RunLimits, check, check_warned, execute_guarded, interrupted, json_report, lib, warn_library
from .trajectory import Snapshot

EVENT_DRIVEN, TIME_STEPPING = 0, 1


def scene_text(scene):
    """A scene given as a dict, JSON text or a file's path, as JSON text."""
    if isinstance(scene, dict):
        return json.dumps(scene)
    if scene.lstrip().startswith("{"):
        return scene
    with open(scene, encoding="utf-8") as f:
        return f.read()


def _options(out, checkpoint_every, h5md):
    options = lib.rc_run_default_options()
    options.no_files = out is None
    if out is not None:
        options.directory = os.fsencode(out)
    if h5md is not None:
        options.h5md_path = os.fsencode(h5md)
    options.checkpoint_every = checkpoint_every
    if sys.argv and sys.argv[0]:  # summary.json's record: the script and its arguments (none in an interactive session)
        options.command_line = shlex.join([sys.executable or "python3"] + sys.argv).encode(errors="surrogateescape")
    return options


class Simulation:
    """One scene and its engine at its current time.

    out: a run folder to write (trajectory.xyz, observables.csv, scene.json, summary.json, ...) as `ricochet run
    --out` does; None (the default) writes no files. checkpoint_every: simulation time between checkpoints in that
    folder (0: none). h5md: also write the frames and rows in H5MD at this path."""

    def __init__(self, scene, out=None, checkpoint_every=0.0, h5md=None, _resume=None):
        options = _options(out, checkpoint_every, h5md)
        handle = ctypes.c_void_p()
        if _resume is not None:
            check_warned(lib.rc_run_resume, os.fsencode(_resume), ctypes.byref(options), ctypes.byref(handle),
                         stacklevel=4)
        else:
            check_warned(lib.rc_run_create, scene_text(scene).encode(), ctypes.byref(options), ctypes.byref(handle))
        self._run = handle
        self._frame = Frame()
        check(lib.rc_frame_init(ctypes.byref(self._frame), lib.rc_run_count(self._run),
                                lib.rc_run_has_orientations(self._run)))
        self._fill()

    @classmethod
    def resume(cls, checkpoint, out=None, checkpoint_every=0.0):
        """Goes on from a checkpoint (`checkpoint()` or `ricochet run --checkpoint-every`). out=None goes on in the
        checkpoint's own run folder, appending to its files (none when the run wrote none); a path starts a new one."""
        return cls(None, out=out, checkpoint_every=checkpoint_every, _resume=checkpoint)

    def __del__(self):
        if getattr(self, "_frame", None) is not None:
            lib.rc_frame_release(ctypes.byref(self._frame))
        if getattr(self, "_run", None):
            lib.rc_run_destroy(self._run)

    def _fill(self):
        check(lib.rc_run_fill_frame(self._run, ctypes.byref(self._frame)))

    def _vectors(self, pointer, width=None):
        f = self._frame
        return numpy.ctypeslib.as_array(pointer, (f.count, width or 3))[:, :width or f.dimension].copy()

    @property
    def dynamics(self):
        """"event-driven" or "time-stepping"."""
        return "event-driven" if lib.rc_run_dynamics(self._run) == EVENT_DRIVEN else "time-stepping"

    @property
    def count(self):
        return self._frame.count

    @property
    def dimension(self):
        return self._frame.dimension

    @property
    def time(self):
        return self._frame.time

    @property
    def box(self):
        """The periodic box (event-driven), or the bounding box of the bodies (time-stepping)."""
        return numpy.array(self._frame.box[:self.dimension])

    @property
    def cell(self):
        """(dimension, dimension) edge vectors as rows: the box's diagonal, and under Lees-Edwards shear the gradient
        edge leaning by the images' offset along the flow axis (the tilted cell of the frames)."""
        f = self._frame
        cell = numpy.diag(self.box)
        if f.tilt != 0:
            cell[f.tilt_gradient][f.tilt_flow] = f.tilt
        return cell

    @property
    def positions(self):
        """(count, dimension) centres at the current time, wrapped into the box along periodic axes."""
        return self._vectors(self._frame.positions)

    def snapshot(self):
        """The current state as a Snapshot (read_trajectory's kind, periodic images included): what analyze() takes."""
        return Snapshot(self._frame)

    @property
    def velocities(self):
        """(count, dimension) velocities at the current time."""
        return self._vectors(self._frame.velocities)

    @property
    def orientations(self):
        """(count, 4) unit quaternions (w, x, y, z) of the time-stepped bodies, or None for the event-driven engine."""
        if not self._frame.orientations:
            return None
        return self._vectors(self._frame.orientations, 4)

    @property
    def radii(self):
        """Radii (event-driven) or bounding radii (time-stepping)."""
        return numpy.ctypeslib.as_array(self._frame.radii, (self.count,)).copy()

    @property
    def masses(self):
        """Masses of the particles or bodies."""
        return numpy.ctypeslib.as_array(self._frame.masses, (self.count,)).copy()

    @property
    def stopped_by(self):
        """How the run stopped ("time", "collisions", "steps", "no_events", ...), or None while it has not."""
        why = lib.rc_run_stopped_by(self._run)
        return why.decode() if why else None

    def advance(self, time=math.inf, collisions=0, events=0, steps=0):
        """Runs until the first of these absolute limits (0 and inf: none; collisions and events for the
        event-driven engine, steps for the time-stepped one), writing outputs on the way when the run has a folder.
        Returns early when nothing can happen any more (stopped_by is then "no_events")."""
        limits = RunLimits(time, collisions, events, steps)
        try:
            check(lib.rc_run_advance(self._run, ctypes.byref(limits)))
        finally:
            self._fill()

    def step(self, events=1):
        """Event-driven: processes the next `events` events (collisions, wall hits, list rebuilds, ...).
        Time-stepping: takes the next `events` steps."""
        s = self.summary()
        if self.dynamics == "event-driven":
            self.advance(events=s["events"] + events)
        else:
            self.advance(steps=s["steps"] + events)

    def run(self):
        """Runs to the scene's "stop" and finishes: the last frame, the files closed, summary.json. Raises Error
        when an impact did not terminate or the run could not go on (a stall, a state beyond 2^40: exit 3 of
        `ricochet run`; the summary is complete all the same). Ctrl-C ends the run cleanly, as
        `ricochet run` does (files closed, stopped_by "interrupted", a checkpoint when checkpointing is on; the
        library's rc_run_execute_guarded), then raises KeyboardInterrupt; SIGTERM ends it the same way, then goes on to
        Python's own handler."""
        lib.rc_clear_warnings()
        try:
            status, number = execute_guarded(lib.rc_run_execute_guarded, lib.rc_run_execute, lib.rc_run_interrupted_by,
                                             self._run)
            check(status)
        finally:
            self._fill()
        warn_library(2)  # a run that ended before its equilibration, at the caller's line
        if number >= 0:
            interrupted(number, "ricochet: the run was interrupted and ended cleanly")

    def finish(self):
        """Closes the run's files and writes summary.json without running further."""
        check_warned(lib.rc_run_finish, self._run)

    def checkpoint(self, path=None):
        """Writes a checkpoint at the current time (path None: checkpoint.rcp in the run folder)."""
        check(lib.rc_run_checkpoint_write(self._run, None if path is None else os.fsencode(path)))

    def summary(self):
        """The summary of `ricochet run` as a dict (docs/formats.md, "The summary"): how the run stopped, the
        observables (event-driven averages since the end of the equilibration), the speed, the system, the files."""
        return json_report(lib.rc_run_summary_json(self._run, True), "summary")
