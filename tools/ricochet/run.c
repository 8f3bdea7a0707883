/* SPDX-License-Identifier: MIT */
/* ricochet run SCENE.json [options] and ricochet run --resume CHECKPOINT [options] (docs/cli.md): parse the command
 * line, hand the scene (or the checkpoint) to the library's run driver (ricochet/run.h) with the options over its
 * settings, draw the progress bar, run it with SIGINT and SIGTERM caught by the library (rc_run_execute_guarded: the
 * run ends cleanly, a second one aborts at once), and print the JSON summary; the exit code says how it went. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"
#ifdef RICOCHET_MPI
#include "ricochet/mpi.h"
#endif

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

/* Runs to the end (SIGINT and SIGTERM caught by the library meanwhile), prints the summary; the exit code. A rank
 * other than 0 prints nothing but a failure. */
static int drive(rc_run *run, const run_arguments *a, bool muted)
{
    rc_warnings_clear(); /* the scene's were printed: these are the run's own */
    rc_status s = rc_run_execute_guarded(run);
    rc_cli_progress_clear();
    int code = s ? rc_cli_fail_status(s, NULL) : RC_EXIT_OK;
    if (s && s != RC_STATUS_NOT_TERMINATED) return code; /* not terminated: the summary is printed all the same */
    if (muted) return rc_cli_outcome(code, rc_run_interrupt_signal(run));
    if (!a->quiet) rc_cli_print_warnings(NULL);
    int printed = rc_cli_print_text(rc_run_summary_json(run, a->compact), "summary");
    int signal_number = rc_run_interrupt_signal(run);
    if (signal_number >= 0 && !a->quiet)
        fprintf(stderr, "ricochet: interrupted at time %.17g; the files are closed%s\n", rc_run_time(run),
                rc_run_directory(run) ? " and the run folder is complete up to here" : "");
    return printed != RC_EXIT_OK ? printed : rc_cli_outcome(code, signal_number);
}

/* Whether every rank built the run (a collective; true alone). A rank that could not prints why when rank 0 could
 * (else rank 0 says it, most often for them all); every rank then leaves with the largest exit code, *code. */
static bool all_built(const rc_ranks *ranks, rc_status s, const char *where, int *code)
{
    int mine = s ? rc_cli_exit_code(s) : RC_EXIT_OK;
    *code = mine;
    if (!ranks) {
        if (s) rc_cli_fail_status(s, where);
        return !s;
    }
    void *all = NULL;
    size_t capacity = 0, *sizes = malloc((size_t)ranks->count * sizeof *sizes);
    if (!sizes || ranks->allgather(ranks->context, &mine, sizeof mine, &all, &capacity, sizes)) {
        *code = rc_cli_fail(RC_EXIT_INTERNAL, "rank %d: the ranks could not agree on the run", (int)ranks->rank);
    } else {
        const int *codes = all;
        for (int32_t r = 0; r < ranks->count; r++)
            if (codes[r] > *code) *code = codes[r];
        if (s && (ranks->rank == 0 || codes[0] == RC_EXIT_OK)) rc_cli_fail_status(s, where);
    }
    free(all);
    free(sizes);
    return *code == RC_EXIT_OK;
}

/* The run, in this process or as one rank of several (`ranks`, NULL: alone). */
static int run_scene(run_arguments *a, const rc_ranks *ranks, bool *failed_alone)
{
    bool muted = ranks && ranks->rank != 0;
    if (muted) a->quiet = true;
    a->options.ranks = ranks;
    if (!a->quiet && isatty(STDERR_FILENO)) a->options.progress = rc_cli_progress;
    char *text = NULL;
    rc_run *run = NULL;
    const char *where = a->resume ? a->resume : a->path;
    rc_status s = a->resume ? rc_run_create_from_checkpoint(a->resume, &a->options, &run)
                            : rc_text_create_from_file(a->path, &text); /* its message names the file */
    if (!s && !a->resume) s = rc_run_create(text, &a->options, &run);
    else if (s && !a->resume) where = NULL;
    int code;
    if (all_built(ranks, s, where, &code)) {
        if (!muted) rc_cli_print_warnings(where);
        code = drive(run, a, muted);
        *failed_alone = code == RC_EXIT_USAGE || code == RC_EXIT_BAD_INPUT || code == RC_EXIT_INTERNAL;
    }
    rc_run_destroy(run);
    rc_text_destroy(text);
    return code;
}

/* The run split over the ranks of mpirun (docs/edmd.md, "Ranks"): rank 0 writes and prints; a rank that fails ends
 * the job, as the others would wait for it. */
static int run_mpi(run_arguments *a)
{
#ifdef RICOCHET_MPI
    MPI_Init(NULL, NULL);
    MPI_Comm comm = MPI_COMM_WORLD;
    rc_ranks ranks = rc_ranks_mpi(&comm);
    bool failed_alone = false;
    int code = run_scene(a, &ranks, &failed_alone);
    if (failed_alone && ranks.count > 1) MPI_Abort(comm, code); /* the others may wait for this rank */
    MPI_Finalize();
    return code;
#else
    (void)a;
    return rc_cli_no_mpi("run");
#endif
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
    a.options.command_line = line;
    bool failed_alone = false;
    code = rc_cli_under_mpirun() ? run_mpi(&a) : run_scene(&a, NULL, &failed_alone);
    rc_text_destroy(line);
    return code;
}
