"""Replica exchange (parallel tempering) over temperatures through the library (ricochet/exchange.h; docs/python.md,
"Replica exchange"): replicas of an event-driven scene with an Andersen thermostat on a ladder of temperatures,
neighbours swapping configurations by the canonical Metropolis rule; the acceptance of each pair comes back, and a
callback sees every temperature's configuration after every round as numpy arrays.
"""
import ctypes

import numpy

from ._lib import ExchangeOptions, Frame, check, lib
from .simulation import scene_text

_SAMPLE = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_int, ctypes.POINTER(Frame), ctypes.c_double, ctypes.c_void_p)


def replica_exchange(scene, temperatures, interval, rounds, seed=1, sample=None):
    """Runs `rounds` rounds: every replica runs `interval` of simulation time at its temperature, then neighbouring
    temperatures try to swap (even pairs in even rounds, odd pairs in odd ones), accepted with probability
    min(1, exp[(1/T_i - 1/T_j)(U_i - U_j)]), U the potential energy; velocities are scaled by sqrt(T_new / T_old).

    scene: a dict, JSON text or a path: an event-driven scene with a "thermostat" (its temperature is replaced by each
    replica's). temperatures: increasing, at least two. sample(round, slot, positions, velocities, potential_energy),
    if given, is called after every round for every slot with copies of its (count, dimension) arrays. Returns a dict:
    "attempts", "accepted" and "acceptance" per neighbouring pair (numpy arrays of len(temperatures) - 1) and
    "mean_potential_energy" per temperature over the rounds. The same
    scene, ladder and seed give the same bits. Raises Error naming the field for bad arguments."""
    text = scene_text(scene)
    ladder = numpy.ascontiguousarray(temperatures, dtype=numpy.float64)
    pairs = max(len(ladder) - 1, 1)
    attempts = numpy.zeros(pairs, dtype=numpy.int64)
    accepted = numpy.zeros(pairs, dtype=numpy.int64)
    energy = numpy.zeros(max(len(ladder), 1), dtype=numpy.float64)

    def on_sample(round_, slot, frame, energy, user):
        f = frame.contents
        d = f.dimension
        positions = numpy.ctypeslib.as_array(f.positions, shape=(f.count, 3))[:, :d].copy()
        velocities = numpy.ctypeslib.as_array(f.velocities, shape=(f.count, 3))[:, :d].copy()
        sample(round_, slot, positions, velocities, energy)

    callback = _SAMPLE(on_sample) if sample is not None else None
    options = ExchangeOptions(interval, rounds, seed, ctypes.cast(callback, ctypes.c_void_p) if callback else None,
                              None)
    check(lib.rc_exchange_run(text.encode(), len(ladder), ladder.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
                              ctypes.byref(options), attempts.ctypes.data_as(ctypes.POINTER(ctypes.c_int64)),
                              accepted.ctypes.data_as(ctypes.POINTER(ctypes.c_int64)),
                              energy.ctypes.data_as(ctypes.POINTER(ctypes.c_double))))
    return {"attempts": attempts, "accepted": accepted, "acceptance": accepted / numpy.maximum(attempts, 1),
            "mean_potential_energy": energy}
