/* SPDX-License-Identifier: MIT */
/* ricochet render TRAJECTORY... [options]: the options of a drawing of trajectories (extended XYZ or H5MD, with the
 * shapes of their bodies from shapes.json beside each or --shapes FILE) handed to the library (rc_render_trajectories
 * draws frame k of every trajectory side by side into DIR/frame_NNNNN.png and joins them into an MP4 with ffmpeg when
 * asked; ricochet/render.h), then a JSON object printed saying what was written (docs/cli.md). */
#include <stdlib.h>

#include "cli.h"

enum { MOST_PANELS = 8 };

typedef struct render_arguments {
    const char *paths[MOST_PANELS], *labels[MOST_PANELS], *shapes[MOST_PANELS];
    int panels, labelled, shaped;
    const char *directory, *mp4;
    double fps;
    rc_render_options options;
    bool help;
} render_arguments;

enum {
    OUT,
    MP4,
    FPS,
    SIZE,
    COLOR_BY,
    SPEED_MAX,
    ARROWS,
    LABEL,
    SHAPES,
    COLOR,
    COLOR_RANGE,
    VORONOI,
    FRAMES,
    VIEW,
    ZOOM,
    SLAB,
    NO_KEYS,
    HELP
};

static const rc_cli_option option_table[] = {
    {"out", 0, "DIR", "write the PNGs here (created if missing; default \"render\")", OUT},
    {"mp4", 0, "FILE", "also join them into an MP4 with ffmpeg (exit 2 before drawing if it is missing)", MP4},
    {"fps", 0, "N", "frames per second of the MP4 (default 25)", FPS},
    {"size", 0, "WxH", "pixels of each picture (default 800x600)", SIZE},
    {"color-by", 0, "COLUMN", "the same as --color", COLOR_BY},
    {"speed-max", 0, "V",
     "the speed of the top colour and longest arrow (default: the largest speed in the\n"
     "first frames)",
     SPEED_MAX},
    {"arrows", 0, NULL, "draw velocity arrows", ARROWS},
    {"label", 0, "TEXT", "a title per trajectory, in order (give one for each)", LABEL},
    {"shapes", 0, "FILE",
     "the shapes of each trajectory's bodies and static shapes, in order (default:\n"
     "shapes.json beside it, which time-stepping runs write; without: spheres)",
     SHAPES},
    {"color", 0, "COLUMN",
     "colour per species (default), or by a column on a purple-green-yellow ramp with a\n"
     "colour bar: speed, kinetic_energy, x, y, z, vx, vy, vz, height, radius, mass, species,\n"
     "psi6 (2D) or q6 (3D), computed from neighbours nearer than 1.4 mean diameters",
     COLOR},
    {"color-range", 0, "MIN:MAX", "the colour bar's ends (default: the values' range in the first picture)",
     COLOR_RANGE},
    {"voronoi", 0, NULL, "psi6 and q6 from Voronoi neighbours (qhull)", VORONOI},
    {"frames", 0, "A:B|K", "frames A (from 0) to B (excluded), or frame K alone (default: all)", FRAMES},
    {"view", 0, "x|y|z", "3D: look down that axis (default: from an azimuth of 30 and elevation of 20 degrees)", VIEW},
    {"zoom", 0, "Z", "magnify Z times about the middle (default 1: the box fits)", ZOOM},
    {"slab", 0, "MIN:MAX",
     "3D: only the particles whose coordinate along the view axis (z by default) lies\n"
     "between MIN and MAX",
     SLAB},
    {"no-keys", 0, NULL, "no colour bar or legend of species at the right", NO_KEYS},
    {"help", 'h', NULL, "print this help", HELP},
};

const rc_cli_command rc_cli_render_command = {
    "render",
    "usage: ricochet render TRAJECTORY... [options]\n",
    "Reads extended XYZ or H5MD trajectories (TRAJECTORY, as ricochet run writes them) and draws frame k of each,\n"
    "side by side, into DIR/frame_00000.png, frame_00001.png, ... until the shortest ends: 2D as it is, 3D as a\n"
    "view from above at an angle, spheres shaded darker with depth. Prints a JSON object: frames, directory, mp4.\n",
    option_table,
    sizeof option_table / sizeof *option_table,
    "exit codes: 0 done, 1 usage, 2 unreadable trajectory (a line over 1 MiB, a NUL byte), bad option, unwritable\n"
    "output or no ffmpeg for --mp4, 4 out of memory.\n",
};

static int take(void *context, int id, const char *value)
{
    render_arguments *a = context;
    switch (id) {
    case OUT: a->directory = value; break;
    case MP4: a->mp4 = value; break;
    case ARROWS: a->options.arrows = true; break;
    case HELP: a->help = true; break;
    case COLOR_BY:
    case COLOR: return rc_cli_check(rc_render_options_set(&a->options, "color", value));
    case COLOR_RANGE:
    case FRAMES:
    case VIEW:
    case ZOOM:
    case SLAB: return rc_cli_check(rc_render_options_set(&a->options, option_table[id].name, value));
    case VORONOI: a->options.voronoi = true; break;
    case NO_KEYS: a->options.keys = false; break;
    case SIZE: return rc_cli_check(rc_text_size("size", value, &a->options.width, &a->options.height));
    case LABEL:
        if (a->labelled == MOST_PANELS) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--label: more than %d", MOST_PANELS);
        a->labels[a->labelled++] = value;
        break;
    case SHAPES:
        if (a->shaped == MOST_PANELS) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--shapes: more than %d", MOST_PANELS);
        a->shapes[a->shaped++] = value;
        break;
    default:
        return rc_cli_check(
            rc_text_positive(option_table[id].name, value, id == FPS ? &a->fps : &a->options.speed_scale));
    }
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    render_arguments *a = context;
    if (a->panels == MOST_PANELS)
        return rc_cli_fail(RC_EXIT_USAGE, "render draws at most %d trajectories", MOST_PANELS);
    a->paths[a->panels++] = argument;
    return RC_CLI_GO_ON;
}

static int parse(int argc, char **argv, render_arguments *a)
{
    int code = rc_cli_parse(&rc_cli_render_command, argc, argv, take, positional, a);
    if (code != RC_CLI_GO_ON) return code;
    if (!a->panels && !a->help)
        return rc_cli_fail(RC_EXIT_USAGE, "render needs a TRAJECTORY (see ricochet help render)");
    if (a->labelled && a->labelled != a->panels)
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--label: %d given for %d trajectories (give one each, or none)",
                           a->labelled, a->panels);
    if (a->shaped && a->shaped != a->panels)
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--shapes: %d given for %d trajectories (give one each, or none)",
                           a->shaped, a->panels);
    return RC_CLI_GO_ON;
}

/* The drawing by the library, and its report printed. */
static int render(const render_arguments *a)
{
    int64_t frames = 0;
    rc_status s =
        rc_render_trajectories(a->panels, a->paths, a->shaped ? a->shapes : NULL, a->labelled ? a->labels : NULL,
                               &a->options, a->directory, a->mp4, a->fps, &frames);
    if (s) return rc_cli_fail_status(s, NULL);
    return rc_cli_print_text(rc_render_report_json(frames, a->directory, a->mp4, false), "report");
}

int rc_cli_render(int argc, char **argv)
{
    render_arguments a = {.directory = "render", .fps = 25, .options = rc_render_default_options()};
    a.options.keys = true;
    int code = parse(argc, argv, &a);
    if (code != -1) return code;
    if (a.help) return rc_cli_help("render", stdout);
    return render(&a);
}
