# SPDX-License-Identifier: MIT
"""Loading libricochet.so and declaring the C functions and structs the package calls (include/ricochet/*.h).

The structs mirror the public headers field by field. Loading compares each one's size with rc_struct_size() and
refuses a library whose layouts differ; the tests resolve and run known problems through them.
"""
import ctypes
import ctypes.util
import json
import os
import signal
import threading
import warnings

c_double_p = ctypes.POINTER(ctypes.c_double)
c_int32_p = ctypes.POINTER(ctypes.c_int32)


class Error(RuntimeError):
    """A failure the library reported: status is its name ("invalid_argument", ...), the message rc_error_get()."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


class Frame(ctypes.Structure):  # rc_frame, ricochet/frame.h
    _fields_ = [("dimension", ctypes.c_int), ("time", ctypes.c_double), ("collisions", ctypes.c_uint64),
                ("count", ctypes.c_int32), ("box", ctypes.c_double * 3), ("periodic", ctypes.c_bool * 3),
                ("tilt", ctypes.c_double), ("tilt_flow", ctypes.c_int), ("tilt_gradient", ctypes.c_int),
                ("positions", c_double_p), ("velocities", c_double_p), ("radii", c_double_p),
                ("masses", c_double_p), ("species", c_int32_p), ("orientations", c_double_p),
                ("angular_velocities", c_double_p), ("images", c_int32_p), ("inertia", c_double_p),
                ("angular_momenta", c_double_p),
                ("bond_count", ctypes.c_int32), ("bonds", c_int32_p)]


class RunLimits(ctypes.Structure):  # rc_run_limits, ricochet/run.h
    _fields_ = [("time", ctypes.c_double), ("collisions", ctypes.c_uint64), ("events", ctypes.c_uint64),
                ("steps", ctypes.c_uint64)]


class RunCounts(ctypes.Structure):  # rc_run_counts, ricochet/run.h
    _fields_ = [("time", ctypes.c_double), ("collisions", ctypes.c_uint64), ("events", ctypes.c_uint64),
                ("steps", ctypes.c_uint64)]


class RunProgress(ctypes.Structure):  # rc_run_progress, ricochet/run.h
    _fields_ = [("fraction", ctypes.c_double), ("time", ctypes.c_double), ("done", ctypes.c_uint64),
                ("unit", ctypes.c_char_p), ("rate", ctypes.c_double), ("eta", ctypes.c_double)]


# rc_run_trigger_fn and rc_run_progress_fn, ricochet/live.h and ricochet/run.h
TRIGGER_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(RunCounts), ctypes.c_void_p)
PROGRESS_FN = ctypes.CFUNCTYPE(None, ctypes.POINTER(RunProgress), ctypes.c_void_p)


class RunOptions(ctypes.Structure):  # rc_run_options, ricochet/run.h
    _fields_ = [("directory", ctypes.c_char_p), ("h5md_path", ctypes.c_char_p), ("stop_given", ctypes.c_bool),
                ("stop", RunLimits), ("no_xyz", ctypes.c_bool), ("no_files", ctypes.c_bool),
                ("checkpoint_every", ctypes.c_double), ("command_line", ctypes.c_char_p),
                ("progress", ctypes.c_void_p), ("progress_user", ctypes.c_void_p),
                ("progress_interval", ctypes.c_double), ("gsd", ctypes.c_bool), ("lammps_dump", ctypes.c_bool),
                ("threads", ctypes.c_int32), ("ranks", ctypes.c_void_p)]


class SweepProgress(ctypes.Structure):  # rc_sweep_progress, ricochet/sweep.h
    _fields_ = [("runs", ctypes.c_int64), ("done", ctypes.c_int64), ("running", ctypes.c_int64),
                ("failed", ctypes.c_int64), ("skipped", ctypes.c_int64), ("elapsed", ctypes.c_double),
                ("eta", ctypes.c_double)]


class ExchangeOptions(ctypes.Structure):  # rc_exchange_options, ricochet/exchange.h
    _fields_ = [("interval", ctypes.c_double), ("rounds", ctypes.c_int64), ("seed", ctypes.c_uint64),
                ("sample", ctypes.c_void_p), ("user", ctypes.c_void_p), ("ladder", ctypes.c_int)]


class ImpactOptions(ctypes.Structure):  # rc_impact_options, ricochet/impact.h
    _fields_ = [("op", ctypes.c_int), ("order", ctypes.c_int), ("seed", ctypes.c_uint64),
                ("restitution", ctypes.c_double), ("friction", ctypes.c_double), ("tolerance", ctypes.c_double),
                ("lineality", ctypes.c_bool), ("max_iterations", ctypes.c_int64), ("lcp", ctypes.c_int)]


class ImpactResult(ctypes.Structure):  # rc_impact_result, ricochet/impact.h
    _fields_ = [("status", ctypes.c_int), ("iterations", ctypes.c_int64), ("dof_count", ctypes.c_int),
                ("velocity", c_double_p), ("normal_impulse", c_double_p), ("contact_count", ctypes.c_int),
                ("islands", ctypes.c_int), ("lineality_dimension", ctypes.c_int), ("lineality_count", ctypes.c_int),
                ("lineality", ctypes.POINTER(ctypes.c_int)), ("largest_island", ctypes.c_int),
                ("lcp_solves", ctypes.c_int64), ("lcp_fallbacks", ctypes.c_int64),
                ("kinetic_energy_before", ctypes.c_double), ("kinetic_energy_after", ctypes.c_double),
                ("linear_momentum_before", ctypes.c_double * 3), ("linear_momentum_after", ctypes.c_double * 3),
                ("angular_momentum_before", ctypes.c_double * 3), ("angular_momentum_after", ctypes.c_double * 3),
                ("min_relative_velocity", ctypes.c_double)]


class RenderOptions(ctypes.Structure):  # rc_render_options, ricochet/render.h
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("color_by", ctypes.c_int),
                ("speed_scale", ctypes.c_double), ("arrows", ctypes.c_bool), ("azimuth", ctypes.c_double),
                ("elevation", ctypes.c_double), ("keys", ctypes.c_bool), ("color", ctypes.c_char_p),
                ("voronoi", ctypes.c_bool), ("color_min", ctypes.c_double), ("color_max", ctypes.c_double),
                ("first_frame", ctypes.c_int64), ("end_frame", ctypes.c_int64), ("view", ctypes.c_char),
                ("zoom", ctypes.c_double), ("slab_min", ctypes.c_double), ("slab_max", ctypes.c_double),
                ("values", ctypes.c_void_p), ("values_label", ctypes.c_char_p)]


class PlotOptions(ctypes.Structure):  # rc_plot_options, ricochet/render.h
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("log_x", ctypes.c_bool), ("log_y", ctypes.c_bool),
                ("errors", ctypes.c_bool), ("overlay", ctypes.c_bool)]


class PlotSummary(ctypes.Structure):  # rc_plot_summary, ricochet/render.h
    _fields_ = [("png", ctypes.c_void_p), ("panels", ctypes.c_int), ("curves", ctypes.c_int), ("rows", ctypes.c_int)]


# the structs above by their C names without "rc_": their sizes are checked against the library's when it loads
_MIRRORS = {"frame": Frame, "run_limits": RunLimits, "run_counts": RunCounts, "run_options": RunOptions,
            "run_progress": RunProgress,
            "sweep_progress": SweepProgress,
            "exchange_options": ExchangeOptions,
            "impact_options": ImpactOptions,
            "impact_result": ImpactResult, "render_options": RenderOptions, "plot_options": PlotOptions, "plot_summary": PlotSummary}

P = ctypes.c_void_p
PP = ctypes.POINTER(ctypes.c_void_p)
S = ctypes.c_int  # rc_status
# name: (result type, argument types)
_SIGNATURES = {
    "rc_error_get": (ctypes.c_char_p, []),
    "rc_warnings_get": (ctypes.c_char_p, []),
    "rc_warnings_clear": (None, []),
    "rc_status_name": (ctypes.c_char_p, [S]),
    "rc_version_get": (ctypes.c_char_p, []),
    "rc_struct_size": (ctypes.c_size_t, [ctypes.c_char_p]),
    "rc_text_destroy": (None, [P]),
    "rc_command_find": (P, [ctypes.c_char_p]),
    "rc_command_format_help": (P, [P]),
    "rc_frame_create": (S, [ctypes.POINTER(Frame), ctypes.c_int32, ctypes.c_bool]),
    "rc_frame_add_spins": (S, [ctypes.POINTER(Frame)]),
    "rc_frame_destroy": (None, [ctypes.POINTER(Frame)]),
    "rc_impact_problem_create": (S, [PP]),
    "rc_impact_problem_destroy": (None, [P]),
    "rc_impact_problem_add_ball": (S, [P, ctypes.c_int, ctypes.c_double, c_double_p, c_double_p,
                                       ctypes.POINTER(ctypes.c_int)]),
    "rc_impact_problem_add_contact": (S, [P, ctypes.c_int, ctypes.c_int, c_double_p, c_double_p,
                                          ctypes.POINTER(ctypes.c_int)]),
    "rc_impact_problem_body_count": (ctypes.c_int, [P]),
    "rc_impact_problem_contact_count": (ctypes.c_int, [P]),
    "rc_impact_default_options": (ImpactOptions, []),
    "rc_impact_options_set": (S, [ctypes.POINTER(ImpactOptions), ctypes.c_char_p, ctypes.c_char_p]),
    "rc_impact_solver_create": (S, [ctypes.POINTER(ImpactOptions), PP]),
    "rc_impact_solver_destroy": (None, [P]),
    "rc_impact_solver_resolve": (S, [P, P, ctypes.POINTER(ImpactResult)]),
    "rc_run_default_options": (RunOptions, []),
    "rc_run_create": (S, [ctypes.c_char_p, ctypes.POINTER(RunOptions), PP]),
    "rc_run_create_from_checkpoint": (S, [ctypes.c_char_p, ctypes.POINTER(RunOptions), PP]),
    "rc_run_destroy": (None, [P]),
    "rc_run_execute": (S, [P]),
    "rc_run_advance": (S, [P, ctypes.POINTER(RunLimits)]),
    "rc_run_finish": (S, [P]),
    "rc_run_execute_guarded": (S, [P]),
    "rc_run_advance_guarded": (S, [P, ctypes.POINTER(RunLimits)]),
    "rc_run_interrupt_signal": (ctypes.c_int, [P]),
    "rc_run_checkpoint_write": (S, [P, ctypes.c_char_p]),
    "rc_run_stop_reason": (ctypes.c_char_p, [P]),
    "rc_run_dynamics": (ctypes.c_int, [P]),
    "rc_run_read_counts": (S, [P, ctypes.POINTER(RunCounts)]),
    "rc_run_interrupt": (None, [P, ctypes.c_int]),
    "rc_run_state_get": (S, [P, ctypes.POINTER(Frame)]),
    "rc_run_state_set": (S, [P, ctypes.POINTER(Frame)]),
    "rc_run_angular_velocities_get": (S, [P, c_double_p]),
    "rc_run_angular_velocities_set": (S, [P, c_double_p]),
    "rc_run_parameter_get": (S, [P, ctypes.c_char_p, c_double_p, ctypes.POINTER(ctypes.c_int)]),
    "rc_run_parameter_check": (S, [P, ctypes.c_char_p, c_double_p, ctypes.c_int]),
    "rc_run_parameter_set": (S, [P, ctypes.c_char_p, c_double_p, ctypes.c_int]),
    "rc_run_change_count": (ctypes.c_int32, [P]),
    "rc_run_trigger_add": (S, [P, ctypes.c_int, ctypes.c_double, TRIGGER_FN, P, ctypes.POINTER(ctypes.c_int)]),
    "rc_run_trigger_remove": (S, [P, ctypes.c_int]),
    "rc_run_set_progress": (None, [P, PROGRESS_FN, P, ctypes.c_double]),
    "rc_run_count": (ctypes.c_int32, [P]),
    "rc_run_has_orientations": (ctypes.c_bool, [P]),
    "rc_run_has_spins": (ctypes.c_bool, [P]),
    "rc_run_fill_frame": (S, [P, ctypes.POINTER(Frame)]),
    "rc_run_directory": (ctypes.c_char_p, [P]),
    "rc_run_summary_json": (P, [P, ctypes.c_bool]),
    "rc_sweep_create_from_text": (S, [ctypes.c_char_p, ctypes.c_char_p, PP]),
    "rc_sweep_create_from_file": (S, [ctypes.c_char_p, PP]),
    "rc_sweep_destroy": (None, [P]),
    "rc_sweep_set_directory": (S, [P, ctypes.c_char_p]),
    "rc_sweep_directory": (ctypes.c_char_p, [P]),
    "rc_sweep_set_checkpoint_every": (None, [P, ctypes.c_double]),
    "rc_sweep_execute": (S, [P, ctypes.c_int, P, P, ctypes.POINTER(SweepProgress)]),
    "rc_sweep_execute_guarded": (S, [P, ctypes.c_int, P, P, ctypes.POINTER(SweepProgress)]),
    "rc_sweep_interrupt": (None, [P, ctypes.c_int]),
    "rc_sweep_interrupt_signal": (ctypes.c_int, [P]),
    "rc_seed_derive_replica": (ctypes.c_uint64, [ctypes.c_uint64, ctypes.c_int64]),
    "rc_exchange_run_scene": (S, [ctypes.c_char_p, ctypes.c_int, c_double_p, ctypes.POINTER(ExchangeOptions),
                            ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(ctypes.c_int64), c_double_p]),
    "rc_exchange_create": (S, [ctypes.c_char_p, ctypes.c_int, c_double_p, ctypes.POINTER(ExchangeOptions), PP]),
    "rc_exchange_destroy": (None, [P]),
    "rc_exchange_execute": (S, [P]),
    "rc_exchange_execute_guarded": (S, [P]),
    "rc_exchange_interrupt": (None, [P, ctypes.c_int]),
    "rc_exchange_interrupt_signal": (ctypes.c_int, [P]),
    "rc_exchange_round": (ctypes.c_int64, [P]),
    "rc_exchange_ladder_parse": (S, [ctypes.c_char_p, ctypes.c_int, c_double_p, ctypes.c_int,
                                     ctypes.POINTER(ctypes.c_int)]),
    "rc_exchange_report_json": (P, [P, ctypes.c_bool]),
    "rc_exchange_write_walk": (S, [P, ctypes.c_char_p]),
    "rc_trajectory_reader_open": (S, [ctypes.c_char_p, PP]),
    "rc_trajectory_reader_next": (S, [P, ctypes.POINTER(Frame), ctypes.POINTER(ctypes.c_bool)]),
    "rc_trajectory_reader_close": (None, [P]),
    "rc_trajectory_convert": (S, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_bool, ctypes.c_int64,
                                  ctypes.POINTER(ctypes.c_int64)]),
    "rc_analysis_create": (S, [PP]),
    "rc_analysis_destroy": (None, [P]),
    "rc_analysis_set": (S, [P, ctypes.c_char_p, ctypes.c_char_p]),
    "rc_analysis_add_frame": (S, [P, ctypes.POINTER(Frame)]),
    "rc_analysis_read": (S, [P, ctypes.c_char_p]),
    "rc_analysis_finish": (S, [P]),
    "rc_analysis_table": (S, [P, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int),
                              ctypes.POINTER(ctypes.POINTER(ctypes.c_char_p)), ctypes.POINTER(c_double_p)]),
    "rc_analysis_summary_json": (P, [P, ctypes.c_bool]),
    "rc_render_options_set": (S, [ctypes.POINTER(RenderOptions), ctypes.c_char_p, ctypes.c_char_p]),
    "rc_render_default_options": (RenderOptions, []),
    "rc_color_by_parse": (S, [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]),
    "rc_render_trajectories": (S, [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_char_p),
                                   ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(RenderOptions), ctypes.c_char_p,
                                   ctypes.c_char_p, ctypes.c_double, ctypes.POINTER(ctypes.c_int64)]),
    "rc_plot_default_options": (PlotOptions, []),
    "rc_render_report_json": (P, [ctypes.c_int64, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_bool]),
    "rc_plot_summary_json": (P, [ctypes.POINTER(PlotSummary), ctypes.c_bool]),
    "rc_plot_csv": (S, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p),
                        ctypes.POINTER(PlotOptions), ctypes.c_char_p, ctypes.POINTER(PlotSummary)]),
}


def _integer_range(ctype):
    """The (lowest, highest) value of a C integer type."""
    bits = 8 * ctypes.sizeof(ctype)
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if ctype(-1).value == -1 else (0, (1 << bits) - 1)


_INTEGERS = {t: _integer_range(t) for t in (ctypes.c_int, ctypes.c_int32, ctypes.c_int64, ctypes.c_uint64,
                                            ctypes.c_size_t)}


def integer(value, what, ctype=ctypes.c_uint64):
    """value as a Python int that fits ctype, which ctypes would otherwise cut to its low bits without a word:
    TypeError for what is not an integer, ValueError for a negative value of an unsigned type, OverflowError for one
    past the type's range; what names the argument."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError("%s: %r is not an integer" % (what, value))
    value = value.__index__()
    low, high = _INTEGERS[ctype]
    if value < low and low == 0:
        raise ValueError("%s: %d is negative" % (what, value))
    if not low <= value <= high:
        raise OverflowError("%s: %d does not fit in %d bits" % (what, value, 8 * ctypes.sizeof(ctype)))
    return value


def text(value, what):
    """A str, bytes or path as the bytes of a C string (paths and str through os.fsencode); ValueError naming `what`
    when it holds a NUL character, where C would silently cut it."""
    data = os.fsencode(value)
    if b"\0" in data:
        raise ValueError("%s: %r holds a NUL character" % (what, value))
    return data


def _guarded(name, function, arguments):
    """function, or when it takes C strings or integers a wrapper that checks them first (text, integer), naming the
    function and argument: the net under every call, since ctypes cuts both without a word."""
    checked = [(k, t) for k, t in enumerate(arguments) if t is ctypes.c_char_p or t in _INTEGERS]
    if not checked:
        return function

    def call(*values):
        for k, t in checked:
            if k < len(values) and values[k] is not None:
                what = "%s argument %d" % (name, k + 1)
                if t is ctypes.c_char_p:
                    if isinstance(values[k], bytes):
                        text(values[k], what)
                elif isinstance(values[k], int):
                    integer(values[k], what, t)
        return function(*values)
    call.__name__ = name
    return call


# where pip's build (python/setup.py) puts the library: inside the package, beside this file
BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libricochet.so")


def library_path():
    """The library to load: RICOCHET_LIBRARY when set (so a build under test wins over what was installed), else the
    one bundled in the package, else the system's (the loader's path, ldconfig's cache)."""
    if os.environ.get("RICOCHET_LIBRARY"):
        return os.environ["RICOCHET_LIBRARY"]
    if os.path.exists(BUNDLED):
        return BUNDLED
    return ctypes.util.find_library("ricochet") or "libricochet.so"


def _load(path):
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError("ricochet: cannot load the C library %s (%s); install the package with pip, which bundles "
                          "it (docs/python.md), install the library (make install), or set RICOCHET_LIBRARY to the "
                          "path of libricochet.so" % (path, e)) from None
    for name, (result, arguments) in _SIGNATURES.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
        setattr(lib, name, _guarded(name, function, arguments))
    for name, mirror in _MIRRORS.items():
        if lib.rc_struct_size(name.encode()) != ctypes.sizeof(mirror):
            raise ImportError("ricochet: the package's rc_%s (%d bytes) does not match %s's (%d bytes); the package and "
                              "the library are from different versions" % (name, ctypes.sizeof(mirror), path,
                                                                            lib.rc_struct_size(name.encode())))
    return lib


loaded_from = library_path()  # the path of the library loaded
lib = _load(loaded_from)


def check(status):
    """Raises Error for a failed rc_status."""
    if status != 0:
        raise Error(lib.rc_status_name(status).decode(), lib.rc_error_get().decode())


class InvalidValue(Error, ValueError):
    """A value the library refused (a state or a parameter of a Simulation): both an Error and a ValueError, its
    message naming the key or the particle. Nothing was changed."""


def check_value(status):
    """Raises InvalidValue for a refused value (invalid_argument), Error for any other failure."""
    if status == 1:
        raise InvalidValue("invalid_argument", lib.rc_error_get().decode())
    check(status)


class RicochetWarning(UserWarning):
    """What the library warns about (rc_warnings_get): a deprecated key in a scene, or impact options that may never
    finish resolving (lineality off without a max_iterations budget)."""


def check_warned(call, *arguments, stacklevel=3):
    """Calls a library function that may warn: raises Error when it fails, and each warning it gave as a
    RicochetWarning attributed to the caller's caller (stacklevel)."""
    lib.rc_warnings_clear()
    check(call(*arguments))
    warn_library(stacklevel)


def warn_library(stacklevel):
    """Raises each warning the library gave since rc_warnings_clear as a RicochetWarning, attributed stacklevel frames
    above the caller."""
    for line in lib.rc_warnings_get().decode().splitlines():
        warnings.warn(line, RicochetWarning, stacklevel=stacklevel + 1)


def execute_guarded(guarded, plain, interrupted_by, handle, *arguments):
    """Runs one of the library's executes (rc_run_execute, rc_run_advance, rc_sweep_execute, rc_exchange_execute) on
    handle: from the
    main thread its guarded form, under which the library catches SIGINT and SIGTERM (the run, sweep or exchange ends
    cleanly) and puts Python's handlers back afterwards; from another thread, where Python keeps the signals to the
    main thread, the plain form. Returns the status, and the signal that interrupted it or -1."""
    main = threading.current_thread() is threading.main_thread()
    status = (guarded if main else plain)(handle, *arguments)
    return status, interrupted_by(handle)


class Owner:
    """Base of the package's objects that own a C object (a run, an impact problem) as _handle: a lock of the object's
    own, which its methods take (serialised), so that calls from several threads run one after the other; close()
    frees the C object once (_free) and does nothing again; __del__ and the end of a `with` block call it; any other
    method after it raises ValueError."""
    _handle = None
    _lock = None

    def _own(self, handle):
        self._lock = threading.RLock()
        self._handle = handle

    def _free(self):
        raise NotImplementedError

    def close(self):
        """Frees the library's object. Calling it again does nothing; any other method then raises ValueError."""
        if self._lock is None:  # nothing was made (the constructor failed)
            return
        with self._lock:
            if self._handle:
                self._free()
            self._handle = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()


def serialised(method):
    """method of an Owner under the object's lock, refused with ValueError once the object is closed."""
    def call(self, *arguments, **keywords):
        with self._lock:
            if not self._handle:
                raise ValueError("ricochet.%s: it is closed" % type(self).__name__)
            return method(self, *arguments, **keywords)
    call.__name__, call.__doc__ = method.__name__, method.__doc__
    return call


class CallbackErrors:
    """What a Python function called back from C raised: ctypes would print it and go on, so a wrapper made by
    wrap() keeps the first one, asks the library to stop (stop(), e.g. rc_sweep_interrupt), and raise_any() raises it
    from the call that invoked the callback."""

    def __init__(self, stop):
        self.stop, self.error = stop, None

    def wrap(self, function):
        def call(*arguments):
            if self.error is not None:
                return None
            try:
                return function(*arguments)
            except BaseException as e:  # KeyboardInterrupt from the callback's own code too
                self.error = e
                self.stop()
            return None
        return call

    def raise_any(self):
        if self.error is not None:
            error, self.error = self.error, None
            raise error


def interrupted(number, message):
    """After a clean stop by signal `number`: a SIGTERM goes on to Python's own handler (by default it ends the
    process, as it would have without the library); anything else raises KeyboardInterrupt with message."""
    if number == signal.SIGTERM:
        os.kill(os.getpid(), signal.SIGTERM)
    raise KeyboardInterrupt(message)


def json_report(text, what):
    """The dict of JSON text a library *_json function returned (a char * as an integer), which is freed
    (rc_text_destroy); MemoryError naming `what` when it is NULL (out of memory)."""
    if not text:
        raise MemoryError("ricochet: out of memory for the %s" % what)
    try:
        return json.loads(ctypes.string_at(text).decode(errors="surrogateescape"))  # paths as os.fsdecode has them
    finally:
        lib.rc_text_destroy(text)


def doubles(array):
    """A pointer to the data of a C-contiguous float64 numpy array (the caller keeps the array alive)."""
    return array.ctypes.data_as(c_double_p)
