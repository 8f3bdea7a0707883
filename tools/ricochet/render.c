/* ricochet render TRAJECTORY... [options]: read extended XYZ or H5MD trajectories frame by frame, with the shapes of
 * their bodies from the side file shapes.json beside each (or --shapes FILE), draw frame k of every trajectory side
 * by side into DIR/frame_NNNNN.png (ricochet/render.h), join the PNGs into an MP4 with ffmpeg
 * when asked, and print a JSON object saying what was written (docs/cli.md). */
#include <math.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

extern char **environ;

enum { MOST_PANELS = 8 };

typedef struct render_arguments {
    const char *paths[MOST_PANELS], *labels[MOST_PANELS], *shapes[MOST_PANELS];
    int panels, labelled, shaped;
    const char *directory, *mp4;
    double fps;
    rc_render_options options;
    bool help;
} render_arguments;

enum { OUT, MP4, FPS, SIZE, COLOR_BY, SPEED_MAX, ARROWS, LABEL, SHAPES, HELP };

static const rc_cli_option option_table[] = {
    {"out", 0, "DIR", "write the PNGs here (created if missing; default \"render\")", OUT},
    {"mp4", 0, "FILE", "also join them into an MP4 with ffmpeg (exit 2 before drawing if it is missing)", MP4},
    {"fps", 0, "N", "frames per second of the MP4 (default 25)", FPS},
    {"size", 0, "WxH", "pixels of each picture (default 800x600)", SIZE},
    {"color-by", 0, "species|speed", "colour per species (default), or by speed on a blue-green-yellow ramp",
     COLOR_BY},
    {"speed-max", 0, "V", "the speed of the top colour and longest arrow (default: the largest speed in the\n"
                          "first frames)", SPEED_MAX},
    {"arrows", 0, NULL, "draw velocity arrows", ARROWS},
    {"label", 0, "TEXT", "a title per trajectory, in order (give one for each)", LABEL},
    {"shapes", 0, "FILE", "the shapes of each trajectory's bodies and static shapes, in order (default:\n"
                          "shapes.json beside it, which time-stepping runs write; without: spheres)", SHAPES},
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
    "exit codes: 0 done, 1 usage, 2 unreadable trajectory, bad option, unwritable output or no ffmpeg for --mp4.\n",
};

static int take(void *context, int id, const char *value)
{
    render_arguments *a = context;
    char *end;
    switch (id) {
    case OUT: a->directory = value; break;
    case MP4: a->mp4 = value; break;
    case ARROWS: a->options.arrows = true; break;
    case HELP: a->help = true; break;
    case COLOR_BY:
        if (rc_color_by_parse(value, &a->options.color_by))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--%s", rc_last_error());
        break;
    case SIZE:
        if (!rc_cli_parse_size(value, &a->options.width, &a->options.height))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--size: \"%s\" is not WIDTHxHEIGHT in pixels", value);
        break;
    case LABEL:
        if (a->labelled == MOST_PANELS) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--label: more than %d", MOST_PANELS);
        a->labels[a->labelled++] = value;
        break;
    case SHAPES:
        if (a->shaped == MOST_PANELS) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--shapes: more than %d", MOST_PANELS);
        a->shapes[a->shaped++] = value;
        break;
    default: {
        double *x = id == FPS ? &a->fps : &a->options.speed_scale;
        *x = strtod(value, &end);
        if (end == value || *end || !(*x > 0) || !isfinite(*x))
            return rc_cli_fail(RC_EXIT_BAD_INPUT, "--%s: \"%s\" is not a positive number", option_table[id].name, value);
    }
    }
    return RC_CLI_GO_ON;
}

static int positional(void *context, const char *argument)
{
    render_arguments *a = context;
    if (a->panels == MOST_PANELS) return rc_cli_fail(RC_EXIT_USAGE, "render draws at most %d trajectories", MOST_PANELS);
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

/* Whether an executable named name is on PATH. */
static bool on_path(const char *name)
{
    const char *path = getenv("PATH");
    char candidate[4096];
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        snprintf(candidate, sizeof candidate, "%.*s/%s", (int)n, p, name);
        if (n && access(candidate, X_OK) == 0) return true;
        p += n + (p[n] == ':');
    }
    return false;
}

/* ffmpeg -framerate FPS -i DIR/frame_%05d.png ... MP4; returns an exit code or -1. */
static int make_mp4(const render_arguments *a)
{
    char pattern[4096], rate[32];
    snprintf(pattern, sizeof pattern, "%s/frame_%%05d.png", a->directory);
    snprintf(rate, sizeof rate, "%g", a->fps);
    char *args[] = {"ffmpeg", "-y", "-loglevel", "error", "-framerate", rate, "-i", pattern, "-c:v", "libx264",
                    "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", (char *)a->mp4, NULL};
    pid_t pid;
    int status = 0, error = posix_spawnp(&pid, "ffmpeg", NULL, NULL, args, environ);
    if (error) return rc_cli_fail(RC_EXIT_BAD_INPUT, "--mp4 %s: cannot run ffmpeg (%s)", a->mp4, strerror(error));
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--mp4 %s: ffmpeg failed (its message is above)", a->mp4);
    return -1;
}

/* Frame k of every trajectory into DIR/frame_NNNNN.png until one ends; *count counts them. Without --speed-max the
 * colour and arrow scale is the largest speed of the first frames, the same for every picture. */
static int draw_all(const render_arguments *a, rc_trajectory_reader **readers, rc_frame *frames,
                    rc_render_shapes *const *shapes, int64_t *count)
{
    const rc_frame *panels[MOST_PANELS];
    rc_render_options options = a->options;
    for (bool more = true;; ++*count) {
        for (int k = 0; k < a->panels && more; k++) {
            if (rc_trajectory_next(readers[k], &frames[k], &more))
                return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
            panels[k] = &frames[k];
        }
        if (!more) return -1;
        for (int k = 0; *count == 0 && a->options.speed_scale == 0 && k < a->panels; k++)
            options.speed_scale = fmax(options.speed_scale, rc_frame_max_speed(&frames[k])); /* fixed by frame 0 */
        char name[32];
        snprintf(name, sizeof name, "frame_%05lld.png", (long long)*count);
        char *path = rc_cli_join(a->directory, name);
        if (!path) return rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
        rc_status s = rc_render_png(a->panels, panels, (const rc_render_shapes *const *)shapes,
                                    a->labelled ? a->labels : NULL, &options, path);
        free(path);
        if (s) return rc_cli_fail(s == RC_NO_MEMORY ? RC_EXIT_INTERNAL : RC_EXIT_BAD_INPUT, "%s", rc_last_error());
    }
}

/* The shapes of trajectory k: --shapes, else shapes.json beside it when there is one, else none (NULL). */
static int read_shapes(const render_arguments *a, int k, rc_render_shapes **shapes)
{
    const char *path = a->paths[k], *slash = strrchr(path, '/');
    char beside[4096];
    snprintf(beside, sizeof beside, "%.*sshapes.json", slash ? (int)(slash - path + 1) : 0, path);
    if (!a->shaped && access(beside, F_OK) != 0) return -1;
    if (rc_render_shapes_read(a->shaped ? a->shapes[k] : beside, shapes))
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
    return -1;
}

static int render(const render_arguments *a)
{
    if (a->mp4 && !on_path("ffmpeg"))
        return rc_cli_fail(RC_EXIT_BAD_INPUT, "--mp4 %s: ffmpeg is not installed (Debian package ffmpeg); render "
                                              "the PNG frames without --mp4, or install it", a->mp4);
    rc_trajectory_reader *readers[MOST_PANELS] = {NULL};
    rc_frame frames[MOST_PANELS] = {{0}};
    rc_render_shapes *shapes[MOST_PANELS] = {NULL};
    int64_t count = 0;
    int code = -1;
    for (int k = 0; k < a->panels && code == -1; k++)
        if (rc_trajectory_open(a->paths[k], &readers[k])) code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
    for (int k = 0; k < a->panels && code == -1; k++) code = read_shapes(a, k, &shapes[k]);
    if (code == -1) code = rc_cli_make_directory(a->directory);
    if (code == -1) code = draw_all(a, readers, frames, shapes, &count);
    if (code == -1 && a->mp4 && count > 0) code = make_mp4(a);
    for (int k = 0; k < a->panels; k++) {
        rc_trajectory_close(readers[k]);
        rc_frame_release(&frames[k]);
        rc_render_shapes_destroy(shapes[k]);
    }
    if (code != -1) return code;
    cJSON *report = cJSON_CreateObject();
    cJSON_AddNumberToObject(report, "frames", (double)count);
    cJSON_AddStringToObject(report, "directory", a->directory);
    if (a->mp4 && count > 0) cJSON_AddStringToObject(report, "mp4", a->mp4);
    else cJSON_AddNullToObject(report, "mp4");
    return rc_cli_print_json(report, false, "report");
}

int rc_cli_render(int argc, char **argv)
{
    render_arguments a = {.directory = "render", .fps = 25, .options = rc_render_default_options()};
    int code = parse(argc, argv, &a);
    if (code != -1) return code;
    if (a.help) return rc_cli_help("render", stdout);
    return render(&a);
}
