/* SPDX-License-Identifier: MIT */
/* ricochet run SCENE.json [options] and ricochet run --resume CHECKPOINT [options] (docs/cli.md): parse the command
 * line, hand the scene (or the checkpoint) to the library's run driver (ricochet/run.h) with the options over its
 * settings, draw the progress bar, run it with SIGINT and SIGTERM caught by the library (rc_run_execute_guarded: the
 * run ends cleanly, a second one aborts at once), and print the JSON summary; the exit code says how it went. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

/* The command line of ricochet run. */
typedef struct run_arguments {
    const char *path;   /* the scene, or NULL with --resume */
    const char *resume; /* --resume CHECKPOINT, or NULL */
    rc_run_options options;
    bool quiet, compact, help;
} run_arguments;

enum {
    COLLISIONS,
    TIME,
    EVENTS,
    STEPS,
    OUT,
    NO_XYZ,
    H5MD,
    GSD,
    LAMMPS_DUMP,
    CHECKPOINT_EVERY,
    RESUME,
    THREADS,
    QUIET,
    COMPACT,
    HELP
};

static const rc_cli_option option_table[] = {
    {"collisions", 0, "N", "stop after N pair collisions (event-driven)", COLLISIONS},
    {"time", 0, "T", "stop at simulation time T", TIME},
    {"events", 0, "N", "stop after N events: collisions, wall hits, list rebuilds, ... (event-driven)", EVENTS},
    {"steps", 0, "N", "stop after N steps (time-stepping)", STEPS},
    {"out", 0, "DIR",
     "write the run folder DIR (created if missing; default: output.directory, \"out\");\n"
     "with --resume, a new folder instead of the checkpoint's",
     OUT},
    {"no-xyz", 0, NULL, "do not write the trajectory", NO_XYZ},
    {"h5md", 0, "FILE",
     "also write the frames and observables to FILE in H5MD (HDF5); the scene's\n"
     "output.h5md writes DIR/trajectory.h5md",
     H5MD},
    {"gsd", 0, NULL,
     "also write the frames and observables to DIR/trajectory.gsd (HOOMD's GSD), as\n"
     "output.gsd",
     GSD},
    {"lammps-dump", 0, NULL,
     "also write the frames to DIR/trajectory.lammpstrj (a LAMMPS dump custom), as\n"
     "output.lammps_dump",
     LAMMPS_DUMP},
    {"checkpoint-every", 0, "T",
     "write DIR/checkpoint.rcp at every multiple of simulation time T (and when\n"
     "interrupted); a resumed run keeps the checkpoint's cadence unless given",
     CHECKPOINT_EVERY},
    {"resume", 0, "CHECKPOINT",
     "go on from a checkpoint (it holds the scene and the settings) in its run folder,\n"
     "keeping every frame and row written up to it and appending after them",
     RESUME},
    {"threads", 0, "T",
     "run the event-driven engine on T threads, as the scene's \"threads\" (the same bits\n"
     "for any T; the summary's threads and parallel_note say how many ran, and why fewer)",
     THREADS},
    {"quiet", 'q', NULL, "no progress bar and no notes on stderr", QUIET},
    {"compact", 0, NULL, "print the JSON on one line", COMPACT},
    {"help", 'h', NULL, "print this help", HELP},
};

const rc_cli_command rc_cli_run_command = {
    "run",
    "usage: ricochet run SCENE [options]\n"
    "       ricochet run --resume CHECKPOINT [options]\n",
    "Reads a scene file (SCENE, or - for standard input; docs/formats.md) and runs it with the engine its \"dynamics\"\n"
    "names (event-driven hard spheres and disks, or time-stepped balls and rigid bodies) until its stop limit, or\n"
    "until nothing can happen any more. It writes DIR/trajectory.xyz (extended XYZ frames) and DIR/observables.csv at\n"
    "time 0, every output.every time units (or output.every_collisions collisions) and at the end, DIR/scene.json\n"
    "and DIR/summary.json, and prints the summary as one JSON object (docs/formats.md, \"The summary\"). The\n"
    "options override the file; any of --collisions, --time, --events, --steps replaces the file's stop.\n",
    option_table,
    sizeof option_table / sizeof *option_table,
    "A progress bar (percent of the stop limit, collisions or steps per second, time left) is drawn on stderr when it\n"
    "is a terminal. Ctrl-C (SIGINT) or SIGTERM ends the run cleanly: a last frame, every file closed under its own\n"
    "name, a checkpoint when checkpointing is on, the summary with \"stopped_by\": \"interrupted\"; a second one ends\n"
    "the process at once.\n"
    "\n"
    "exit codes: 0 done, 1 usage, 2 bad scene, option, checkpoint or output directory (the message names the field\n"
    "or path), 3 an impact ran out of its budget or the clock stalled (the message names the particles; the summary\n"
    "is printed), 4 internal failure, 130 interrupted by SIGINT, 143 by SIGTERM.\n",
};

static int take(void *context, int id, const char *value)
{
    run_arguments *a = context;
    rc_run_limits *stop = &a->options.stop;
    uint64_t *count = id == COLLISIONS ? &stop->collisions : id == EVENTS ? &stop->events : &stop->steps;
    const char *name = option_table[id].name;
    switch (id) {
    case OUT: return rc_cli_name(name, value, &a->options.directory);
    case H5MD: return rc_cli_name(name, value, &a->options.h5md_path);
    case RESUME: return rc_cli_name(name, value, &a->resume);
    case CHECKPOINT_EVERY: return rc_cli_check(rc_text_positive(name, value, &a->options.checkpoint_every));
    case THREADS: {
        uint64_t threads;
        int code = rc_cli_check(rc_text_count(name, value, 1, INT32_MAX, &threads));
        a->options.threads = (int32_t)threads;
        return code;
    }
    case NO_XYZ: a->options.no_xyz = true; return RC_CLI_GO_ON;
    case GSD: a->options.gsd = true; return RC_CLI_GO_ON;
    case LAMMPS_DUMP: a->options.lammps_dump = true; return RC_CLI_GO_ON;
    case QUIET: a->quiet = true; return RC_CLI_GO_ON;
    case COMPACT: a->compact = true; return RC_CLI_GO_ON;
    case HELP: a->help = true; return RC_CLI_GO_ON;
    case TIME: a->options.stop_given = true; return rc_cli_check(rc_text_positive(name, value, &stop->time));
    default: a->options.stop_given = true; return rc_cli_check(rc_text_count(name, value, 1, UINT64_MAX, count));
    }
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file(&rc_cli_run_command, "SCENE file", &((run_arguments *)context)->path, argument);
}

static int parse_arguments(int argc, char **argv, run_arguments *a)
{
    a->options = rc_run_default_options();
    int code = rc_cli_parse(&rc_cli_run_command, argc, argv, take, positional, a);
    if (code != RC_CLI_GO_ON) return code;
    if (a->path && a->resume)
        return rc_cli_fail(RC_EXIT_USAGE, "run takes a SCENE file or --resume CHECKPOINT, not both (the checkpoint "
                                          "holds its scene)");
    if (!a->path && !a->resume && !a->help)
        return rc_cli_fail(RC_EXIT_USAGE, "run needs a SCENE file (see ricochet help run)");
    return RC_CLI_GO_ON;
}

/* Runs to the end (SIGINT and SIGTERM caught by the library meanwhile), prints the summary; the exit code. */
static int drive(rc_run *run, const run_arguments *a)
{
    rc_warnings_clear(); /* the scene's were printed: these are the run's own */
    rc_status s = rc_run_execute_guarded(run);
    rc_cli_progress_clear();
    int code = s ? rc_cli_fail_status(s, NULL) : RC_EXIT_OK;
    if (s && s != RC_STATUS_NOT_TERMINATED) return code; /* not terminated: the summary is printed all the same */
    if (!a->quiet) rc_cli_print_warnings(NULL);
    int printed = rc_cli_print_text(rc_run_summary_json(run, a->compact), "summary");
    int signal_number = rc_run_interrupt_signal(run);
    if (signal_number >= 0 && !a->quiet)
        fprintf(stderr, "ricochet: interrupted at time %.17g; the files are closed%s\n", rc_run_time(run),
                rc_run_directory(run) ? " and the run folder is complete up to here" : "");
    return printed != RC_EXIT_OK ? printed : rc_cli_outcome(code, signal_number);
}

int rc_cli_run(int argc, char **argv)
{
    run_arguments a = {0};
    /* recorded as typed ("ricochet run ..."): getopt reorders argv */
    char *line = rc_run_command_line("ricochet", argc, (const char *const *)argv);
    int code = parse_arguments(argc, argv, &a);
    if (code == RC_CLI_GO_ON && a.help) code = rc_cli_help("run", stdout);
    if (code == RC_CLI_GO_ON && !line) code = rc_cli_fail(RC_EXIT_INTERNAL, "out of memory");
    if (code != RC_CLI_GO_ON) {
        rc_text_destroy(line);
        return code;
    }
    char *text = NULL;
    a.options.command_line = line;
    if (!a.quiet && isatty(STDERR_FILENO)) a.options.progress = rc_cli_progress;
    rc_run *run = NULL;
    rc_status s;
    if (a.resume) {
        s = rc_run_create_from_checkpoint(a.resume, &a.options, &run);
    } else if ((s = rc_text_create_from_file(a.path, &text))) {
        rc_text_destroy(line);
        return rc_cli_fail_status(s, NULL); /* the library's message names the file */
    } else {
        s = rc_run_create(text, &a.options, &run);
    }
    if (!s) rc_cli_print_warnings(a.resume ? a.resume : a.path);
    code = s ? rc_cli_fail_status(s, a.resume ? a.resume : a.path) : drive(run, &a);
    rc_run_destroy(run);
    rc_text_destroy(text);
    rc_text_destroy(line);
    return code;
}
