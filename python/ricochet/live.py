# SPDX-License-Identifier: MIT
"""What makes a Simulation live (docs/python.md, "A live simulation"; ricochet/live.h): its state read and replaced
as numpy arrays (positions, velocities, radii or diameters, masses, species; orientations and angular velocities of
time-stepped bodies), its parameters changed between advances (set()), and Python functions called at exact counts
of collisions, events, steps or units of time (every()) or with the progress of an advance.

Every setter checks before it changes anything: a wrong shape or dtype, a value that is not finite, a negative
radius, an overlap or a particle outside the box, a restitution outside [0, 1] or a key the engine cannot change
raise ValueError (ricochet.InvalidValue, which is also a ricochet.Error) naming the field and the particle, and the
simulation stays as it was.
"""
import collections
import ctypes

import numpy

from ._lib import (PROGRESS_FN, TRIGGER_FN, Frame, InvalidValue, check, check_value, doubles, lib, serialised, text)

# rc_run_unit, ricochet/live.h
_UNITS = {"collisions": 0, "events": 1, "steps": 2, "time": 3}

Progress = collections.namedtuple("Progress", "fraction time done unit rate eta")
Progress.__doc__ = """What a progress callback is given about every quarter of a second of an advance: the fraction
of the advance's limit done (0 to 1), the simulation time, the collisions (event-driven) or steps done since the run
started in this process, their unit ("collisions" or "steps"), their rate per second of wall time, and the seconds
left at that rate (-1 while unknown)."""


def _array(name, value, shape, integer=False, positive=False):
    """value as a C-contiguous float64 (int32 when integer) array of this shape, or ValueError naming the field: a
    dtype that is not a real number (an integer for integer fields), another shape, a value that is not finite, or
    one not > 0 when positive."""
    a = numpy.asarray(value)
    kinds = "iu" if integer else "iuf"
    if a.dtype.kind not in kinds:
        raise ValueError("%s: dtype %s; give %s" % (name, a.dtype, "integers" if integer else "real numbers"))
    if a.shape != shape:
        raise ValueError("%s: shape %s; the simulation needs %s" % (name, a.shape, shape))
    if not integer:
        bad = numpy.argwhere(~numpy.isfinite(a))
        if len(bad):
            raise ValueError("%s: particle %d has %r, not a finite number" % (name, bad[0][0], a[tuple(bad[0])]))
        if positive:
            bad = numpy.argwhere(~(a > 0))
            if len(bad):
                raise ValueError("%s: particle %d has %r, not > 0" % (name, bad[0][0], a[tuple(bad[0])]))
    return numpy.ascontiguousarray(a, dtype=numpy.int32 if integer else numpy.float64)


def _numbers(key, value):
    """A parameter's value as 1 to 3 floats, or ValueError naming the key."""
    a = numpy.atleast_1d(numpy.asarray(value))
    if a.dtype.kind not in "iuf" or a.ndim != 1 or not 1 <= len(a) <= 3:
        raise ValueError("%s: %r is not a number or a vector of 2 or 3 numbers" % (key, value))
    return numpy.ascontiguousarray(a, dtype=numpy.float64)


def _flatten(changes, prefix=""):
    """{"thermostat": {"temperature": 2}} as {"thermostat.temperature": 2}: nested keys dotted."""
    flat = {}
    for key, value in changes.items():
        if isinstance(value, dict):
            flat.update(_flatten(value, prefix + key + "."))
        else:
            flat[prefix + key] = value
    return flat


def _state_property(name, doc, columns=None, integer=False, positive=False):
    """A property of the present state, whose assignment replaces that field through rc_run_state_set."""
    def get(self):
        return getattr(self, "_read_" + name)()

    def put(self, value):
        shape = (self.count, self.dimension if columns == "dimension" else columns) if columns else (self.count,)
        self._write_state(name, _array(name, value, shape, integer, positive))
    get.__name__ = put.__name__ = name
    get.__doc__ = doc
    return property(serialised(get), serialised(put), doc=doc)


class Live:
    """The live part of Simulation (mixed in): state as writable arrays, set(), every(), remove_trigger()."""

    def _fresh_frame(self):
        """A frame of the present state (the caller releases it)."""
        frame = Frame()
        check(lib.rc_frame_create(ctypes.byref(frame), self._frame.count, bool(self._frame.orientations)))
        status = lib.rc_run_state_get(self._handle, ctypes.byref(frame))
        if status:
            lib.rc_frame_destroy(ctypes.byref(frame))
            check(status)
        return frame

    def _write_state(self, name, array):
        """Sets one field of the state from a checked array, the rest as it is now."""
        frame = self._fresh_frame()
        try:
            n, d = frame.count, frame.dimension
            if name in ("positions", "velocities"):
                target = numpy.ctypeslib.as_array(getattr(frame, name), (n, 3)) if n else numpy.zeros((0, 3))
                target[:, :d] = array
            elif name == "orientations":
                numpy.ctypeslib.as_array(frame.orientations, (n, 4))[:] = array
            elif n:
                numpy.ctypeslib.as_array(getattr(frame, name), (n,))[:] = array
            try:
                check_value(lib.rc_run_state_set(self._handle, ctypes.byref(frame)))
            except InvalidValue as e:  # the library names the particle: the message names the field first
                message = str(e)
                if not message.startswith(name + ":"):
                    raise InvalidValue(e.status, "%s: %s" % (name, message)) from None
                raise
        finally:
            lib.rc_frame_destroy(ctypes.byref(frame))
            self._fill()

    positions = _state_property("positions", "(count, dimension) centres at the current time, wrapped into the box "
                                "along periodic axes. Assigning an array replaces them (checked: finite, inside the "
                                "box, no overlaps; the time-stepped engine takes velocities only).", "dimension")
    velocities = _state_property("velocities", "(count, dimension) velocities at the current time; assigning an "
                                 "array replaces them (checked: finite).", "dimension")
    radii = _state_property("radii", "Radii (event-driven) or bounding radii (time-stepping); assigning replaces them "
                            "(checked: > 0, no overlaps, at most the largest radius the run started with).",
                            positive=True)
    masses = _state_property("masses", "Masses of the particles or bodies; assigning replaces them (checked: > 0; "
                             "different masses only in a run built with different masses).", positive=True)
    species = _state_property("species", "The species of each particle (integers); assigning replaces them "
                              "(checked: one of the run's species).", integer=True)
    orientations = _state_property("orientations", "(count, 4) unit quaternions (w, x, y, z) of the time-stepped "
                                   "bodies, or None for the event-driven engine. The engine does not turn bodies "
                                   "from outside: assigning other values is refused.", 4)

    def _read_positions(self):
        return self._vectors(self._frame.positions)

    def _read_velocities(self):
        return self._vectors(self._frame.velocities)

    def _read_radii(self):
        return numpy.ctypeslib.as_array(self._frame.radii, (self.count,)).copy() if self.count else numpy.zeros(0)

    def _read_masses(self):
        return numpy.ctypeslib.as_array(self._frame.masses, (self.count,)).copy() if self.count else numpy.zeros(0)

    def _read_species(self):
        if not self.count:
            return numpy.zeros(0, dtype=numpy.int32)
        return numpy.ctypeslib.as_array(self._frame.species, (self.count,)).copy()

    def _read_orientations(self):
        if not self._frame.orientations:
            return None
        return self._vectors(self._frame.orientations, 4)

    @property
    @serialised
    def diameters(self):
        """Twice the radii; assigning sets the radii to half of it (with the same checks)."""
        return 2 * self._read_radii()

    @diameters.setter
    @serialised
    def diameters(self, value):
        self._write_state("radii", _array("diameters", value, (self.count,), positive=True) / 2)

    @property
    @serialised
    def box(self):
        """The box's edges (event-driven), or the bounding box of the bodies (time-stepping). Assigning one changes
        the box at the present instant, as set(box=...) does: the particles keep their positions and must be inside
        the new box and apart under its periodic images (ValueError names the particle otherwise); the walls of
        closed axes move to the new faces. The time-stepped engine has no box to change, and an event-driven run
        whose box a barostat, a shear or a compression owns refuses, saying why."""
        return numpy.array(self._frame.box[:self.dimension])

    @box.setter
    def box(self, value):
        self.set(box=value)

    @property
    @serialised
    def angular_velocities(self):
        """(count, 3) angular velocities of the time-stepped bodies (in 2D only the third column turns; assigning
        replaces them, checked: finite), or the spins of rough event-driven particles ((count, 3) in 3D, (count,) the z
        component in 2D; read only), or None for smooth event-driven particles."""
        if not self._frame.orientations:
            if not self._frame.angular_velocities:
                return None
            spins = self._vectors(self._frame.angular_velocities, 3)
            return spins if self.dimension == 3 else spins[:, 2].copy()
        out = numpy.zeros((self.count, 3))
        check(lib.rc_run_angular_velocities_get(self._handle, doubles(out)))
        return out

    @angular_velocities.setter
    @serialised
    def angular_velocities(self, value):
        if not self._frame.orientations:
            raise ValueError("angular_velocities: the event-driven engine has none")
        check_value(lib.rc_run_angular_velocities_set(self._handle, doubles(_array("angular_velocities", value,
                                                                                   (self.count, 3)))))

    @serialised
    def get(self, key):
        """A parameter's value now by its scene key ("restitution", "thermostat.temperature", "gravity",
        "time_step", ...): a float, or an array for a vector. ValueError names a key the engine cannot change."""
        value, length = (ctypes.c_double * 3)(), ctypes.c_int()
        check_value(lib.rc_run_parameter_get(self._handle, text(key, "key"), value, ctypes.byref(length)))
        return value[0] if length.value == 1 else numpy.array(value[:length.value])

    @serialised
    def set(self, **changes):
        """Changes parameters at the present instant, by their scene keys; nested ones dotted or as dicts:
        set(restitution=0.9), set(**{"thermostat.temperature": 2.0}), set(thermostat={"rate": 0.5}),
        set(gravity=[0, -1]), set(box=[12, 12]). The event-driven engine changes box (the particles stay where they are),
        restitution, box.restitution, walls.restitution,
        gravity, thermostat.temperature, thermostat.rate, box.shear.rate (the streaming profile follows it) and
        interactions.depth (square wells), compression.rate and compression.until.packing_fraction; the time-stepped one time_step and gravity (its steps
        are then counted from the present time on). Each change is a row of changes.csv in the run folder and of the
        summary's "changes", and checkpoints keep it. Every value is checked before any is set: ValueError names
        the key, and then nothing changed."""
        flat = [(key, _numbers(key, value)) for key, value in _flatten(changes).items()]
        for key, value in flat:
            check_value(lib.rc_run_parameter_check(self._handle, text(key, "key"), doubles(value), len(value)))
        for key, value in flat:
            check_value(lib.rc_run_parameter_set(self._handle, key.encode(), doubles(value), len(value)))
        self._fill()

    @property
    @serialised
    def changes(self):
        """The number of parameter changes made so far (resumed runs count those before their checkpoint)."""
        return lib.rc_run_change_count(self._handle)

    @serialised
    def every(self, function, collisions=0, events=0, steps=0, time=0.0):
        """Calls function(sim) at every multiple of one interval: collisions= or events= (event-driven), steps=
        (time-stepping) or time= (both). The advance stops exactly there, calls it (the state, positions and
        counters are those of that instant), and goes on. An exception from function ends the advance there and is
        raised by advance(). Returns a handle for remove_trigger()."""
        given = [(unit, value) for unit, value in (("collisions", collisions), ("events", events), ("steps", steps),
                                                    ("time", time)) if value]
        if len(given) != 1:
            raise ValueError("every: give exactly one of collisions=, events=, steps= or time=")
        unit, interval = given[0]
        if not callable(function):
            raise ValueError("every: %r is not callable" % (function,))

        def call(_run, _counts, _user):
            if self._callback_error is not None:
                return 1
            try:
                self._fill()
                function(self)
            except BaseException as e:  # KeyboardInterrupt from the function too: raised by advance()
                self._callback_error = e
                return 1
            return 0
        wrapper = TRIGGER_FN(call)
        handle = ctypes.c_int()
        check_value(lib.rc_run_trigger_add(self._handle, _UNITS[unit], float(interval), wrapper, None,
                                           ctypes.byref(handle)))
        self._triggers[handle.value] = wrapper  # kept alive while the library may call it
        return handle.value

    @serialised
    def remove_trigger(self, handle):
        """Stops calling a function every() added (its handle)."""
        check_value(lib.rc_run_trigger_remove(self._handle, handle))
        del self._triggers[handle]

    def _progress_on(self, progress):
        """Hands progress(Progress) to the library for the next advance (None: none)."""
        if progress is None:
            self._progress = None
            lib.rc_run_set_progress(self._handle, PROGRESS_FN(), None, 0)
            return

        def call(p, _user):
            if self._callback_error is not None:
                return
            q = p.contents
            try:
                progress(Progress(q.fraction, q.time, q.done, q.unit.decode(), q.rate, q.eta))
            except BaseException as e:  # raised by advance() when it returns
                self._callback_error = e
        self._progress = PROGRESS_FN(call)
        lib.rc_run_set_progress(self._handle, self._progress, None, 0.25)

    def _raise_callback_error(self):
        error, self._callback_error = self._callback_error, None
        if error is not None:
            raise error
