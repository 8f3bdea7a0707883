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

/* The options in the order of the library's table (ricochet/command.h): an option's id is its index there. */
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

static int take(void *context, int id, const char *value)
{
    run_arguments *a = context;
    rc_run_limits *stop = &a->options.stop;
    uint64_t *count = id == COLLISIONS ? &stop->collisions : id == EVENTS ? &stop->events : &stop->steps;
    const char *name = rc_cli_option_name("run", id);
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
    return rc_cli_one_file("run", "SCENE file", &((run_arguments *)context)->path, argument);
}

static int parse_arguments(int argc, char **argv, run_arguments *a)
{
    a->options = rc_run_default_options();
    int code = rc_cli_parse("run", argc, argv, take, positional, a);
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
    if (code == RC_CLI_GO_ON && rc_cli_ranks() > 1) /* every rank would write the whole run into one folder */
        code = rc_cli_fail(RC_EXIT_USAGE,
                           "run: one system is not split over MPI ranks yet (docs/scaling.md): under mpirun -n %d "
                           "every rank would run the whole scene into the same folder. Run it in one process (with "
                           "--threads for several cores), or spread many runs over the ranks with ricochet sweep",
                           rc_cli_ranks());
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
