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

/* The options in the order of the library's table (ricochet/command.h): an option's id is its index there. */
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
    case SLAB: return rc_cli_check(rc_render_options_set(&a->options, rc_cli_option_name("render", id), value));
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
            rc_text_positive(rc_cli_option_name("render", id), value, id == FPS ? &a->fps : &a->options.speed_scale));
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
    int code = rc_cli_parse("render", argc, argv, take, positional, a);
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
