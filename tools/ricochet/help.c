/* The help texts of the ricochet tool: the overview and one page per command (docs/cli.md is the long form). */
#include <string.h>

#include "cli.h"

static const char overview[] =
    "usage: ricochet COMMAND [ARGUMENTS]\n"
    "\n"
    "Hard bodies that collide: simultaneous impacts resolved by an impact operator that always terminates, and\n"
    "event-driven hard spheres and disks whose event detection rounding never breaks.\n"
    "\n"
    "commands:\n"
    "  resolve FILE [options]  resolve one simultaneous impact read from a problem file (JSON) and print the\n"
    "                          result as JSON\n"
    "  run SCENE [options]     run a simulation described by a scene file (JSON; event-driven or time-stepped),\n"
    "                          writing a run folder (trajectory, observables), and print a JSON summary\n"
    "  render TRAJECTORY...    draw the frames of extended XYZ or H5MD trajectories into PNG pictures (and an MP4)\n"
    "  plot CSV [options]      draw the columns of a CSV table (observables.csv) against time as PNG line plots\n"
    "  help [COMMAND]          this overview, or the help of one command\n"
    "\n"
    "  --version               print the version\n"
    "  --help                  print this overview\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 bad input, 3 not terminated within --max-iterations, 4 internal failure.\n"
    "Files and output are described in docs/formats.md, the commands in docs/cli.md.\n";

static const char resolve_help[] =
    "usage: ricochet resolve FILE [options]\n"
    "\n"
    "Reads an impact problem (FILE, or - for standard input; docs/formats.md), resolves it and prints one JSON\n"
    "object with the velocities after the impact, energy, momentum, the implicit equalities found, and more.\n"
    "Options given here override the same keys in the file.\n"
    "\n"
    "options:\n"
    "  --operator gr|gs        the impact operator: Generalized Reflections (default) or pairwise Gauss-Seidel\n"
    "  --order ORDER           Gauss-Seidel order: lexicographic (default), sweep, random, most-violated\n"
    "  --seed N                seed of the random order (default 1)\n"
    "  --restitution C         coefficient of restitution in [0, 1] (default 1, elastic)\n"
    "  --friction MU           Coulomb friction coefficient >= 0 (default 0)\n"
    "  --tolerance EPS         relative violation tolerance in [0, 1) (default 1e-12; 0: exact rules)\n"
    "  --no-lineality          do not detect implicit equality constraints (the loop may then never end)\n"
    "  --lineality             detect them (the default)\n"
    "  --max-iterations N      budget of operator applications; 0 (default) means none\n"
    "  --lcp auto|lemke|pgs    the LCP method of GR and of restitution < 1 (default auto)\n"
    "  --frame FILE            also write the balls with their velocities after the impact to FILE as an\n"
    "                          extended XYZ frame (for ricochet render; physical form)\n"
    "  --compact               print the JSON on one line\n"
    "  --help                  print this help\n"
    "\n"
    "exit codes: 0 resolved, 2 bad file or option, 3 not terminated within --max-iterations (the JSON is still\n"
    "printed, with status \"not_terminated\"), 4 internal failure.\n";

static const char run_help[] =
    "usage: ricochet run SCENE [options]\n"
    "       ricochet run --resume CHECKPOINT [options]\n"
    "\n"
    "Reads a scene file (SCENE, or - for standard input; docs/formats.md) and runs it with the engine its \"dynamics\"\n"
    "names (event-driven hard spheres and disks, or time-stepped balls and rigid bodies) until its stop limit, or\n"
    "until nothing can happen any more. It writes DIR/trajectory.xyz (extended XYZ frames) and DIR/observables.csv at\n"
    "time 0, every output.every time units (or output.every_collisions collisions) and at the end, DIR/scene.json\n"
    "and DIR/summary.json, and prints the summary as one JSON object (docs/formats.md, \"The summary\").\n"
    "\n"
    "options (they override the file; any of --collisions, --time, --events, --steps replaces the file's stop):\n"
    "  --collisions N          stop after N pair collisions (event-driven)\n"
    "  --time T                stop at simulation time T\n"
    "  --events N              stop after N events: collisions, wall hits, list rebuilds, ... (event-driven)\n"
    "  --steps N               stop after N steps (time-stepping)\n"
    "  --out DIR               write the run folder DIR (created if missing; default: output.directory, \"out\");\n"
    "                          with --resume, a new folder instead of the checkpoint's\n"
    "  --no-xyz                do not write the trajectory\n"
    "  --h5md FILE             also write the frames and observables to FILE in H5MD (HDF5); the scene's\n"
    "                          output.h5md writes DIR/trajectory.h5md\n"
    "  --checkpoint-every T    write DIR/checkpoint.rcp at every multiple of simulation time T (and when\n"
    "                          interrupted); a resumed run keeps the checkpoint's cadence unless given\n"
    "  --resume CHECKPOINT     go on from a checkpoint (it holds the scene and the settings) in its run folder,\n"
    "                          keeping every frame and row written up to it and appending after them\n"
    "  --quiet                 no progress bar and no notes on stderr\n"
    "  --compact               print the JSON on one line\n"
    "  --help                  print this help\n"
    "\n"
    "A progress bar (percent of the stop limit, collisions or steps per second, time left) is drawn on stderr when it\n"
    "is a terminal. Ctrl-C (SIGINT) or SIGTERM ends the run cleanly: a last frame, every file closed under its own\n"
    "name, a checkpoint when checkpointing is on, the summary with \"stopped_by\": \"interrupted\"; a second one ends\n"
    "the process at once.\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 bad scene, option, checkpoint or output directory (the message names the field\n"
    "or path), 3 an impact ran out of its budget or the clock stalled (the message names the particles; the summary\n"
    "is printed), 4 internal failure, 130 interrupted by SIGINT, 143 by SIGTERM.\n";

static const char render_help[] =
    "usage: ricochet render TRAJECTORY... [options]\n"
    "\n"
    "Reads extended XYZ or H5MD trajectories (TRAJECTORY, as ricochet run writes them) and draws frame k of each,\n"
    "side by side, into DIR/frame_00000.png, frame_00001.png, ... until the shortest ends: 2D as it is, 3D as a\n"
    "view from above at an angle, spheres shaded darker with depth. Prints a JSON object: frames, directory, mp4.\n"
    "\n"
    "options:\n"
    "  --out DIR               write the PNGs here (created if missing; default \"render\")\n"
    "  --mp4 FILE              also join them into an MP4 with ffmpeg (exit 2 before drawing if it is missing)\n"
    "  --fps N                 frames per second of the MP4 (default 25)\n"
    "  --size WxH              pixels of each picture (default 800x600)\n"
    "  --color-by species|speed  colour per species (default), or by speed on a blue-green-yellow ramp\n"
    "  --speed-max V           the speed of the top colour and longest arrow (default: the largest speed in the\n"
    "                          first frames)\n"
    "  --arrows                draw velocity arrows\n"
    "  --label TEXT            a title per trajectory, in order (give one for each)\n"
    "  --shapes FILE           the shapes of each trajectory's bodies and static shapes, in order (default:\n"
    "                          shapes.json beside it, which time-stepping runs write; without: spheres)\n"
    "  --help                  print this help\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 unreadable trajectory, bad option, unwritable output or no ffmpeg for --mp4.\n";

static const char plot_help[] =
    "usage: ricochet plot CSV [options]\n"
    "\n"
    "Reads a CSV table of numbers with a header row (DIR/observables.csv of ricochet run) and draws each column\n"
    "against the first one (time) as line plots, a panel per column, into one PNG. NaN and infinite values are\n"
    "left out. Prints a JSON object: png, panels, rows.\n"
    "\n"
    "options:\n"
    "  --out FILE              the PNG to write (default: CSV with .png for .csv)\n"
    "  --columns A,B,...       the columns to plot (default: all but the x column)\n"
    "  --x COLUMN              the column along x (default: the first)\n"
    "  --size WxH              pixels of the picture (default: 420x320 per panel)\n"
    "  --help                  print this help\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 unreadable table, unknown column, bad option or unwritable output.\n";

static const char help_help[] =
    "usage: ricochet help [COMMAND]\n"
    "\n"
    "Prints the overview, or the help of COMMAND (resolve, run, render, plot, help). `ricochet help observables`\n"
    "prints the table of observables (the CSV columns and the summary's measured keys) as Markdown.\n";

/* The library's table of observables as a Markdown table (docs/formats.md, "Observables", is this output). */
static void observables_table(FILE *out)
{
    fputs("| name | unit | event-driven | time-stepping | in rows | meaning |\n|---|---|---|---|---|---|\n", out);
    for (int k = 0; k < rc_observable_count(); k++) {
        const rc_observable_info *o = rc_observable(k);
        fprintf(out, "| `%s` | %s | %s | %s | %s | %s |\n", o->name, o->unit,
                o->flags & RC_OBSERVABLE_EVENT_DRIVEN ? "yes" : "", o->flags & RC_OBSERVABLE_TIME_STEPPING ? "yes" : "",
                o->flags & RC_OBSERVABLE_ROW ? "yes" : "", o->meaning);
    }
}

int rc_cli_help(const char *topic, FILE *out)
{
    if (topic && strcmp(topic, "observables") == 0) {
        observables_table(out);
        return 0;
    }
    const char *text = !topic ? overview
                       : strcmp(topic, "resolve") == 0 ? resolve_help
                       : strcmp(topic, "run") == 0     ? run_help
                       : strcmp(topic, "render") == 0  ? render_help
                       : strcmp(topic, "plot") == 0    ? plot_help
                       : strcmp(topic, "help") == 0    ? help_help
                                                       : NULL;
    if (!text) return 1;
    fputs(text, out);
    return 0;
}
