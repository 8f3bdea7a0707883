# SPDX-License-Identifier: MIT
"""Pictures of trajectories, drawn by the library (ricochet/render.h, rc_render_trajectories; docs/python.md,
"Pictures"): the same reading, side files, pictures and MP4 as `ricochet render`.
"""
import ctypes
import os

from ._lib import RenderOptions, check, integer, json_report, lib, text


def _strings(values, what, count):
    """A C array of count paths or texts, or None when values is None."""
    if values is None:
        return None
    values = [values] if isinstance(values, (str, bytes, os.PathLike)) else list(values)
    if len(values) != count:
        raise ValueError("ricochet.render_run: %d %s for %d trajectories (give one each, or None)"
                         % (len(values), what, count))
    return (ctypes.c_char_p * count)(*[None if v is None else text(v, what) for v in values])


_keep = []  # texts the options point to, alive for the process


def render_run(trajectories, out="render", shapes=None, labels=None, mp4=None, fps=25, size=None,
               color_by="species", speed_max=None, arrows=False, color=None, color_range=None, frames=None,
               view=None, zoom=None, slab=None, voronoi=False, keys=False):
    """Draws frame k of every trajectory (a path, or a list of paths, of extended XYZ or H5MD files as a run writes
    them) side by side into out/frame_00000.png, frame_00001.png, ... until the shortest ends (out is made with its
    parents). shapes: a side file per trajectory (docs/formats.md, "shapes.json"; default: shapes.json beside each,
    when there is one). labels: a title per trajectory. mp4: also join the pictures into this MP4 with ffmpeg, fps
    pictures a second (Error before anything is drawn when ffmpeg is not installed). size: (width, height) of each
    picture (default 800 x 600); color_by "species" or "speed"; speed_max the speed of the top colour and the longest
    arrow (default: the largest speed of the first frames); arrows: velocity arrows. color: any per-particle column
    ("kinetic_energy", "psi6", "q6", "height", ...: the options of `ricochet render`, docs/cli.md) with a colour bar,
    color_range (MIN, MAX) its ends; frames (A, B) or K; view "x", "y" or "z", zoom, slab (MIN, MAX) the camera;
    voronoi: psi6 and q6 from Voronoi neighbours; keys: the colour bar or legend of species at the right, as `ricochet
    render` draws them (off by default: the pictures keep their layout). Returns a dict: frames,
    directory, mp4 (None when no MP4 was made). Raises Error naming the file (and its line or field) for a trajectory
    or side file that cannot be read or is malformed, an output that cannot be written, or a missing ffmpeg."""
    paths = [trajectories] if isinstance(trajectories, (str, bytes, os.PathLike)) else list(trajectories)
    count = len(paths)
    options = lib.rc_render_default_options()
    if size is not None:
        options.width, options.height = (integer(n, "size", ctypes.c_int) for n in size)
    by = ctypes.c_int()
    check(lib.rc_color_by_parse(str(color_by).encode(), ctypes.byref(by)))
    options.color_by = by.value
    options.speed_scale = 0 if speed_max is None else speed_max
    options.arrows = bool(arrows)
    options.keys, options.voronoi = bool(keys), bool(voronoi)
    for key, value in (("color", color), ("color-range", color_range), ("frames", frames), ("view", view),
                       ("zoom", zoom), ("slab", slab)):
        if value is not None:
            if isinstance(value, (list, tuple)):
                value = ":".join("" if v is None else str(v) for v in value)
            text = str(value).encode()
            _keep.append(text)  # the library keeps "color" by pointer
            check(lib.rc_render_options_set(ctypes.byref(options), key.encode(), text))
    frames = ctypes.c_int64()
    check(lib.rc_render_trajectories(count, _strings(paths, "paths", count), _strings(shapes, "shapes files", count),
                                     _strings(labels, "labels", count), ctypes.byref(options), os.fsencode(out),
                                     None if mp4 is None else os.fsencode(mp4), fps, ctypes.byref(frames)))
    return json_report(lib.rc_render_report_json(frames.value, os.fsencode(out),
                                                 None if mp4 is None else os.fsencode(mp4), False), "render's report")
