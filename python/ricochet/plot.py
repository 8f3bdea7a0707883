# SPDX-License-Identifier: MIT
"""Line plots of a CSV table as a PNG, drawn by the library (ricochet/render.h, rc_plot_csv; docs/python.md,
"Plots"): the same reading, choice of curves and picture as `ricochet plot`.
"""
import ctypes
import os

from ._lib import PlotOptions, PlotSummary, check, integer, json_report, lib, text


def plot_csv(path, columns=None, x=None, out=None, log="", errors=False, overlay=False, size=None):
    """Draws the columns of the CSV table at path (a header row of names, rows of numbers) against column x (default:
    the first) into a PNG at out (default: path with .png for .csv). columns is a list of names (default: every column
    but x; with errors, but the error columns), log "x", "y" or "xy", errors draws error bars from NAME_error, NAME_err
    or NAME_sem, overlay puts every curve in one panel with a legend, size is (width, height) in pixels (default 420 x
    320 per panel). Returns a dict: png, panels, curves, rows; raises Error naming the file, line and column, or the
    field, for bad input."""
    if isinstance(columns, (str, bytes)):
        columns = [columns]
    if not isinstance(log, str) or log.strip("xy"):
        raise ValueError("ricochet.plot_csv: log %r is not \"\", \"x\", \"y\" or \"xy\"" % (log,))
    options = lib.rc_plot_default_options()
    width, height = size if size is not None else (0, 0)
    options.width, options.height = integer(width, "size", ctypes.c_int), integer(height, "size", ctypes.c_int)
    options.log_x, options.log_y = "x" in log, "y" in log
    options.errors, options.overlay = bool(errors), bool(overlay)
    names = [text(c, "columns") for c in columns or []]
    array = (ctypes.c_char_p * max(len(names), 1))(*names)
    summary = PlotSummary()
    check(lib.rc_plot_csv(os.fsencode(path), None if x is None else os.fsencode(x), len(names), array,
                          ctypes.byref(options), None if out is None else os.fsencode(out), ctypes.byref(summary)))
    try:
        return json_report(lib.rc_plot_summary_json(ctypes.byref(summary), False), "plot's summary")
    finally:
        lib.rc_text_destroy(summary.png)
