"""Scenes run by the event-driven engine (ricochet/scene.h, ricochet/edmd.h): load a scene (a file, JSON text or a
dict in the format of `ricochet run`), advance it or step it event by event, read positions and velocities as numpy
arrays and the summary as a dict.
"""
import ctypes
import json
import math

import numpy

from ._lib import Frame, Limits, check, lib


class Simulation:
    """One scene and its engine at its current time."""

    def __init__(self, scene):
        """scene: a path to a scene file, JSON text (starting with "{"), or a dict."""
        handle = ctypes.c_void_p()
        if isinstance(scene, dict):
            check(lib.rc_run_scene_parse(json.dumps(scene).encode(), ctypes.byref(handle)))
        elif scene.lstrip().startswith("{"):
            check(lib.rc_run_scene_parse(scene.encode(), ctypes.byref(handle)))
        else:
            check(lib.rc_run_scene_read(str(scene).encode(), ctypes.byref(handle)))
        self._scene = handle
        engine = ctypes.c_void_p()
        check(lib.rc_run_scene_create_engine(self._scene, ctypes.byref(engine)))
        self._engine = engine
        self._frame = Frame()
        check(lib.rc_frame_init(ctypes.byref(self._frame), lib.rc_edmd_count(self._engine), False))
        self._fill()

    def __del__(self):
        if getattr(self, "_frame", None) is not None:
            lib.rc_frame_release(ctypes.byref(self._frame))
        if getattr(self, "_engine", None):
            lib.rc_edmd_destroy(self._engine)
        if getattr(self, "_scene", None):
            lib.rc_run_scene_destroy(self._scene)

    def _fill(self):
        check(lib.rc_edmd_fill_frame(self._engine, ctypes.byref(self._frame)))

    def _vectors(self, pointer):
        f = self._frame
        return numpy.ctypeslib.as_array(pointer, (f.count, 3))[:, :f.dimension].copy()

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
        return numpy.array(self._frame.box[:self.dimension])

    @property
    def positions(self):
        """(count, dimension) centres at the current time, wrapped into the box along periodic axes."""
        return self._vectors(self._frame.positions)

    @property
    def velocities(self):
        """(count, dimension) velocities at the current time."""
        return self._vectors(self._frame.velocities)

    @property
    def radii(self):
        return numpy.ctypeslib.as_array(self._frame.radii, (self.count,)).copy()

    def advance(self, time=math.inf, collisions=0, events=0):
        """Processes events until the first of these absolute limits is reached (0 and inf: none): the simulation
        time, the count of pair collisions, the count of events."""
        limits = Limits(time, collisions, events)
        check(lib.rc_edmd_advance(self._engine, ctypes.byref(limits)))
        self._fill()

    def step(self, events=1):
        """Processes the next `events` events (collisions, wall hits, neighbour-list rebuilds, ...)."""
        self.advance(events=self.summary()["events"] + events)

    def run(self):
        """Runs to the scene's "stop" criterion."""
        stop = lib.rc_run_scene_settings(self._scene).contents.stop
        self.advance(stop.time, stop.collisions, stop.events)

    def summary(self):
        """The summary of `ricochet run` without the tool's keys: time, counters, the observables averaged over the
        whole run (temperature, pressure, compressibility, mean_free_time, energies, ...) and the system."""
        text = lib.rc_run_summary_json(self._engine, self._scene, None)
        if not text:
            raise MemoryError("ricochet: out of memory for the summary")
        try:
            return json.loads(ctypes.string_at(text).decode())
        finally:
            lib.rc_text_free(text)
