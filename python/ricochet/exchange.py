# SPDX-License-Identifier: MIT
"""Replica exchange (parallel tempering) over temperatures or pressures through the library (ricochet/exchange.h;
docs/python.md, "Replica exchange"): replicas of an event-driven scene with an Andersen thermostat (and a barostat over
pressures) on a ladder, neighbours swapping configurations by the canonical Metropolis rule; the acceptance of each
pair comes back from the library's report (rc_exchange_report_json, what `ricochet exchange` prints), and a callback
sees every rung's configuration after every round as numpy arrays. A ladder may also be given as the text `ricochet
exchange` takes ("0.5,0.8,1.2", read by the library's rc_exchange_ladder_parse). Ctrl-C stops the rounds cleanly
(rc_exchange_execute_guarded) and raises KeyboardInterrupt.
"""
import ctypes

import numpy

from ._lib import (CallbackErrors, ExchangeOptions, Frame, check, execute_guarded, integer, interrupted, json_report,
                   lib)
from ._lib import text as c_string
from .simulation import scene_text

_MAX_SLOTS = 1024  # RC_EXCHANGE_MAX_SLOTS, ricochet/exchange.h
_SAMPLE = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_int, ctypes.POINTER(Frame), ctypes.c_double, ctypes.c_void_p)


def replica_exchange(scene, temperatures, interval, rounds, seed=1, sample=None, walk=None):
    """Runs `rounds` rounds: every replica runs `interval` of simulation time at its temperature, then neighbouring
    temperatures try to swap (even pairs in even rounds, odd pairs in odd ones), accepted with probability
    min(1, exp[(1/T_i - 1/T_j)(U_i - U_j)]), U the potential energy; velocities are scaled by sqrt(T_new / T_old).

    scene: a dict, JSON text or a path: an event-driven scene with a "thermostat" (its temperature is replaced by each
    replica's). temperatures: increasing, at least two (a sequence, or text "0.5,0.8,1.2"). sample(round, slot, positions, velocities, potential_energy),
    if given, is called after every round for every slot with copies of its (count, dimension) arrays. Returns a dict:
    "attempts", "accepted" and "acceptance" per neighbouring pair (numpy arrays of len(temperatures) - 1) and
    "mean_potential_energy" per temperature over the rounds. walk: a path for the walk table (CSV: per round, the
    rung each replica holds after the swaps; docs/formats.md, "The walk table"). The same scene, ladder and seed give
    the same bits. Raises Error naming the field for bad arguments ("temperatures[1]"). Ctrl-C (SIGINT) or SIGTERM,
    from the main thread, stops the rounds before the next replica's run (the library catches them meanwhile and puts
    Python's handlers back) and raises KeyboardInterrupt. An exception raised by sample stops the rounds there and is
    raised again from this call."""
    return _exchange(scene, temperatures, interval, rounds, seed, sample, walk, 0)


def pressure_exchange(scene, pressures, interval, rounds, seed=1, sample=None, walk=None):
    """Replica exchange over pressures: every replica runs `interval` of simulation time at its barostat pressure (the
    scene needs a "barostat" and a "thermostat", whose temperature is kT), then neighbouring pressures try to swap
    their configurations (positions and box), accepted with probability min(1, exp[(P_i - P_j)(V_i - V_j) / kT]).

    sample(round, slot, positions, velocities, potential_energy) as for replica_exchange. Returns the dict of
    replica_exchange with "mean_volume" per pressure (the box's volume, area in 2D) added."""
    return _exchange(scene, pressures, interval, rounds, seed, sample, walk, 1)


def parse_ladder(text, pressures=False):
    """A ladder written as text, numbers separated by commas ("0.5,0.8,1.2"), as `ricochet exchange --temperatures`
    (or `--pressures`) reads it (rc_exchange_ladder_parse): a numpy array. Raises Error naming the entry
    ('temperatures[1]: "" is not a finite number', or pressures[k]); the order and sign are checked when the exchange
    starts."""
    values = numpy.empty(_MAX_SLOTS, dtype=numpy.float64)
    count = ctypes.c_int()
    check(lib.rc_exchange_ladder_parse(c_string(text, "ladder"), int(pressures),
                                       values.ctypes.data_as(ctypes.POINTER(ctypes.c_double)), _MAX_SLOTS,
                                       ctypes.byref(count)))
    return values[:count.value].copy()


def _exchange(scene, values, interval, rounds, seed, sample, walk, ladder_kind):
    scene = c_string(scene_text(scene), "scene")
    ladder = numpy.ascontiguousarray(parse_ladder(values, ladder_kind == 1) if isinstance(values, str) else values,
                                     dtype=numpy.float64)

    def on_sample(round_, slot, frame, energy, user):
        f = frame.contents
        d = f.dimension
        positions = numpy.ctypeslib.as_array(f.positions, shape=(f.count, 3))[:, :d].copy()
        velocities = numpy.ctypeslib.as_array(f.velocities, shape=(f.count, 3))[:, :d].copy()
        sample(round_, slot, positions, velocities, energy)

    exchange = ctypes.c_void_p()
    errors = CallbackErrors(lambda: lib.rc_exchange_interrupt(exchange, 0))
    callback = _SAMPLE(errors.wrap(on_sample)) if sample is not None else None
    options = ExchangeOptions(interval, integer(rounds, "rounds", ctypes.c_int64), integer(seed, "seed"),
                              ctypes.cast(callback, ctypes.c_void_p) if callback else None, None, ladder_kind)
    check(lib.rc_exchange_create(scene, len(ladder), ladder.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
                                 ctypes.byref(options), ctypes.byref(exchange)))
    try:
        if walk is not None:
            check(lib.rc_exchange_write_walk(exchange, c_string(walk, "walk")))
        status, number = execute_guarded(lib.rc_exchange_execute_guarded, lib.rc_exchange_execute,
                                         lib.rc_exchange_interrupt_signal, exchange)
        errors.raise_any()
        check(status)
        if number >= 0:
            interrupted(number, "ricochet: the exchange was interrupted after round %d"
                        % lib.rc_exchange_round(exchange))
        report = json_report(lib.rc_exchange_report_json(exchange, True), "exchange report")
    finally:
        lib.rc_exchange_destroy(exchange)
    pairs = report["pairs"]
    result = {key: numpy.array([pair[key] for pair in pairs], dtype=dtype)
              for key, dtype in (("attempts", numpy.int64), ("accepted", numpy.int64), ("acceptance", numpy.float64))}
    result["mean_potential_energy"] = numpy.array(report["mean_potential_energy"], dtype=numpy.float64)
    if ladder_kind == 1:
        result["mean_volume"] = numpy.array(report["mean_volume"], dtype=numpy.float64)
    return result
