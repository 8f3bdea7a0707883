# SPDX-License-Identifier: MIT
"""Structure and transport from saved frames (ricochet/analysis.h; docs/python.md, "Analysis"): g(r) per species
pair with its contact value, S(k), Q6 / psi6, the MSD with D (raw and Yeh-Hummer corrected) and the VACF, computed by
the library, returned as numpy arrays; and matplotlib plots of the curves (log axes, error bars, legends).
"""
import ctypes

import numpy

from ._lib import Frame, check, json_report, lib


class Analysis:
    """The result of analyze(): summary (a dict: the keys `ricochet analyze` prints) and the tables rdf,
    structure_factor, msd, vacf, order_particles, g6 and interdiffusion (a mixture's), each a dict of column name -> numpy array (None when not
    computed). order_particles has one row per particle and frame: frame, id, then psi6_abs, psi6_arg (2D) or q4,
    q6, w6, solid (3D); g6 has r and g6 (2D); both only when order is asked for by name (compute="order")."""

    def __init__(self, handle):
        self.summary = json_report(lib.rc_analysis_summary_json(handle, True), "analysis summary")
        for name in ("rdf", "structure_factor", "msd", "vacf", "order_particles", "g6", "interdiffusion"):
            setattr(self, name, _table(handle, name))


def _table(handle, name):
    rows, columns = ctypes.c_int(), ctypes.c_int()
    names, values = ctypes.POINTER(ctypes.c_char_p)(), ctypes.POINTER(ctypes.c_double)()
    if lib.rc_analysis_table(handle, name.encode(), ctypes.byref(rows), ctypes.byref(columns), ctypes.byref(names),
                             ctypes.byref(values)) != 0:
        return None
    r, c = rows.value, columns.value
    data = numpy.ctypeslib.as_array(values, (r, c)).copy() if r else numpy.zeros((0, c))
    return {names[k].decode(): data[:, k] for k in range(c)}


def analyze(source, **options):
    """Analyses a run folder or a trajectory file (path), or frames (an iterable of Snapshots, as read_trajectory yields
    them). options are the keys of rc_analysis_set, the command's options with '_' for '-': compute
    ("rdf,msd" or a list), frames ("A:B", or a (A, B) pair), rdf_range, rdf_bins, contact_width, k_max, k_vectors,
    order_cutoff, msd_points, fit ((T0, T1)), groups, viscosity, interdiffusion ("A,B" or a pair), and for the order
    per particle (compute="order") neighbours ("distance" or "voronoi"), g6_range, solid_bond, solid_bonds. Returns an Analysis; raises Error
    naming the option or the file for bad input."""
    handle = ctypes.c_void_p()
    check(lib.rc_analysis_create(ctypes.byref(handle)))
    try:
        for key, value in options.items():
            if isinstance(value, (list, tuple)):
                value = (":" if key in ("frames", "fit") else ",").join("" if v is None else str(v) for v in value)
            check(lib.rc_analysis_set(handle, key.encode(), str(value).encode()))
        if isinstance(source, (str, bytes)) or hasattr(source, "__fspath__"):
            check(lib.rc_analysis_read(handle, str(source).encode()))
        else:
            for snapshot in source:
                _add(handle, snapshot)
        check(lib.rc_analysis_finish(handle))
        return Analysis(handle)
    finally:
        lib.rc_analysis_destroy(handle)


def _add(handle, s):
    """One Snapshot handed to the library as an rc_frame."""
    n, d = len(s.radii), s.dimension
    frame = Frame()
    check(lib.rc_frame_create(ctypes.byref(frame), n, False))
    try:
        frame.dimension, frame.time = d, s.time
        for k in range(d):
            frame.box[k], frame.periodic[k] = float(s.box[k]), bool(s.periodic[k])
        for name, array, width in (("positions", s.positions, 3), ("velocities", s.velocities, 3)):
            target = numpy.ctypeslib.as_array(getattr(frame, name), (max(n, 1), width))[:n]
            target[:, :d] = array
        numpy.ctypeslib.as_array(frame.radii, (max(n, 1),))[:n] = s.radii
        numpy.ctypeslib.as_array(frame.masses, (max(n, 1),))[:n] = s.masses
        numpy.ctypeslib.as_array(frame.species, (max(n, 1),))[:n] = s.species
        images = frame.images
        if getattr(s, "images", None) is not None:
            numpy.ctypeslib.as_array(frame.images, (max(n, 1), 3))[:n, :d] = s.images
        else:
            frame.images = None  # no image counts: the library checks the positions for unrecorded wraps
        try:
            check(lib.rc_analysis_add_frame(handle, ctypes.byref(frame)))
        finally:
            frame.images = images
    finally:
        lib.rc_frame_destroy(ctypes.byref(frame))


def plot_msd(analysis, ax=None, label=None):
    """The MSD against time on log axes with its error bars, and the ballistic (<v^2> t^2, from the temperature and
    unit masses' kT) and diffusive (2 d D t) lines for comparison. Returns the matplotlib Axes."""
    import matplotlib.pyplot as plt
    ax = ax or plt.figure(figsize=(5.5, 4)).gca()
    m, s = analysis.msd, analysis.summary
    t, y, e = m["time"][1:], m["msd"][1:], m["msd_error"][1:]
    ax.errorbar(t, y, yerr=e, fmt="o", ms=3.5, mfc="none", capsize=2, label=label or "MSD")
    d = s["dimension"]
    if s.get("temperature"):
        ax.plot(t, d * s["temperature"] * t ** 2, "--", lw=1, zorder=3, label=r"ballistic $d\,k_BT\,t^2/m$")
    if s.get("diffusion_coefficient"):
        ax.plot(t, 2 * d * s["diffusion_coefficient"] * t, "-", lw=1.2, zorder=3,
                label=r"diffusive $2dDt$, $D = %.4g \pm %.2g$" % (s["diffusion_coefficient"],
                                                                   s["diffusion_coefficient_error"] or 0))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_ylim(0.5 * y[y > 0].min(), 2 * y.max())
    ax.set_xlabel("time")
    ax.set_ylabel("mean squared displacement")
    ax.legend()
    return ax


def plot_rdf(analysis, ax=None):
    """g(r) of every species pair, with the contact value g(sigma+) marked. Returns the matplotlib Axes."""
    import matplotlib.pyplot as plt
    ax = ax or plt.figure(figsize=(5.5, 4)).gca()
    r = analysis.rdf["r"]
    contacts = {tuple(c["species"]): c for c in analysis.summary["rdf_contacts"]}
    for name, g in analysis.rdf.items():
        if name == "r":
            continue
        pair = tuple(int(x) for x in name.split("_")[1:])
        c = contacts[pair]
        ax.plot(r, g, lw=1, label="g %d-%d" % pair)
        if c["contact"] is not None:
            ax.errorbar([c["distance"]], [c["contact"]], yerr=[c["error"] or 0], fmt="o", ms=4, capsize=2,
                        label=r"$g(\sigma^+) = %.3f \pm %.3f$" % (c["contact"], c["error"] or 0))
    ax.axhline(1, color="0.7", lw=0.8)
    ax.set_xlabel("r")
    ax.set_ylabel("g(r)")
    ax.legend()
    return ax


def plot_g6(analysis, ax=None):
    """The bond-orientational correlation g6(r) on log axes, with the hexatic correlation length in the legend.
    Returns the matplotlib Axes."""
    import matplotlib.pyplot as plt
    ax = ax or plt.figure(figsize=(5.5, 4)).gca()
    r, g = analysis.g6["r"], analysis.g6["g6"]
    keep = g > 0
    length = analysis.summary.get("hexatic_correlation_length")
    ax.plot(r[keep], g[keep], lw=1, label=r"$g_6(r)$" + (r", $\xi_6 = %.3g$" % length if length else ""))
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("r (length units of the run)")
    ax.set_ylabel(r"$g_6(r) = \langle \psi_6(0)\, \psi_6^*(r) \rangle$")
    ax.legend()
    return ax
