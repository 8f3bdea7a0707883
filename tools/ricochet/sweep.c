/* SPDX-License-Identifier: MIT */
/* ricochet sweep SWEEP.json [options] (docs/cli.md): parse the command line, read the sweep with the library
 * (ricochet/sweep.h), run its runs on this machine's cores (rc_sweep_execute) or, under mpirun, over the ranks
 * (rc_sweep_execute_mpi, ricochet/mpi.h, built with RICOCHET_MPI), draw the progress (runs done, running, failed,
 * the time left), with SIGINT and SIGTERM caught by the library (rc_sweep_execute_guarded), and print the library's
 * report (rc_sweep_report_json); the exit code says whether every run ended ok (rc_sweep_check). */
#include <unistd.h>

#include "cli.h"
#ifdef RICOCHET_MPI
#include "ricochet/mpi.h"
#endif

/* The options in the order of the library's table (ricochet/command.h): an option's id is its index there. */
enum { OUT, JOBS, CHECKPOINT_EVERY, QUIET, COMPACT, HELP };

typedef struct sweep_arguments {
    const char *path, *out;
    int jobs;
    double checkpoint_every;
    bool quiet, compact, help;
} sweep_arguments;

static int take(void *context, int id, const char *value)
{
    sweep_arguments *a = context;
    uint64_t jobs = 0;
    int code;
    switch (id) {
    case OUT: return rc_cli_name("out", value, &a->out);
    case JOBS:
        code = rc_cli_check(rc_text_count("jobs", value, 1, 4096, &jobs));
        a->jobs = (int)jobs;
        return code;
    case CHECKPOINT_EVERY: return rc_cli_check(rc_text_positive("checkpoint-every", value, &a->checkpoint_every));
    case QUIET: a->quiet = true; return RC_CLI_GO_ON;
    case COMPACT: a->compact = true; return RC_CLI_GO_ON;
    default: a->help = true; return RC_CLI_GO_ON;
    }
}

static int positional(void *context, const char *argument)
{
    return rc_cli_one_file("sweep", "SWEEP file", &((sweep_arguments *)context)->path, argument);
}

static bool drawn_in_place;

/* The progress of a sweep on stderr: redrawn in place on a terminal, a line per ended run otherwise. */
static void progress(const rc_sweep_progress *p, void *data)
{
    static int64_t last_done = -1;
    (void)data;
    bool tty = isatty(STDERR_FILENO);
    if (!tty && p->done == last_done) return;
    last_done = p->done;
    fprintf(stderr, "%sricochet: sweep: %lld/%lld done, %lld running, %lld failed", tty ? "\r" : "", (long long)p->done,
            (long long)p->runs, (long long)p->running, (long long)p->failed);
    rc_cli_print_eta(", ", p->eta);
    fputs(tty ? "\033[K" : "\n", stderr);
    fflush(stderr);
    drawn_in_place = tty;
}

/* After the runs (here or over the ranks, on rank 0): the library's report printed, and the exit code: 0 every run
 * ok, 3 some failed or did not terminate, 128 + the signal when interrupted with runs left (rc_sweep_check). */
static int report(rc_sweep *sweep, rc_status s, const rc_sweep_progress *counts, const sweep_arguments *a)
{
    if (drawn_in_place) fputs("\n", stderr);
    if (s) return rc_cli_fail_status(s, NULL);
    int printed = rc_cli_print_text(rc_sweep_report_json(sweep, counts->elapsed, a->compact), "sweep report");
    if (printed != RC_EXIT_OK) return printed;
    rc_status outcome = rc_sweep_check(sweep); /* RC_STATUS_INTERNAL: runs did not end */
    if (outcome == RC_STATUS_INTERNAL && rc_sweep_interrupt_signal(sweep) > 0) {
        fprintf(stderr, "ricochet: sweep: %s\n", rc_error_get());
        return rc_cli_outcome(RC_EXIT_INTERNAL, rc_sweep_interrupt_signal(sweep));
    }
    return outcome ? rc_cli_fail_status(outcome, NULL) : RC_EXIT_OK;
}

/* The sweep's runs on this machine's cores, SIGINT and SIGTERM caught by the library meanwhile. */
static int run_here(rc_sweep *sweep, const sweep_arguments *a)
{
    rc_sweep_progress counts = {0};
    rc_status s = rc_sweep_execute_guarded(sweep, a->jobs, a->quiet ? NULL : progress, NULL, &counts);
    return report(sweep, s, &counts, a);
}

/* The sweep's runs over the ranks of mpirun (rank 0 reports). */
static int run_mpi(rc_sweep *sweep, const sweep_arguments *a)
{
#ifdef RICOCHET_MPI
    int rank = 0;
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    rc_sweep_progress counts = {0};
    rc_status s =
        rc_sweep_execute_mpi_guarded(sweep, MPI_COMM_WORLD, rank == 0 && !a->quiet ? progress : NULL, NULL, &counts);
    int code = rank == 0 ? report(sweep, s, &counts, a) : s ? rc_cli_fail_status(s, NULL) : RC_EXIT_OK;
    /* interrupted, rank 0 leaves at once: the other ranks are gone or going, and MPI_Finalize would wait for them */
    if (rc_sweep_interrupt_signal(sweep) < 0) MPI_Finalize();
    return code;
#else
    (void)sweep, (void)a;
    return rc_cli_no_mpi("sweep");
#endif
}

int rc_cli_sweep(int argc, char **argv)
{
    sweep_arguments a = {0};
    int code = rc_cli_parse("sweep", argc, argv, take, positional, &a);
    if (code != RC_CLI_GO_ON) return code;
    if (a.help) return rc_cli_help("sweep", stdout);
    if (!a.path) return rc_cli_fail(RC_EXIT_USAGE, "sweep needs a SWEEP file (see ricochet help sweep)");
    rc_sweep *sweep = NULL;
    rc_status s = rc_sweep_create_from_file(a.path, &sweep);
    if (!s && a.out) s = rc_sweep_set_directory(sweep, a.out);
    if (s) return rc_cli_fail_status(s, a.path);
    rc_sweep_set_checkpoint_every(sweep, a.checkpoint_every);
    code = rc_cli_under_mpirun() ? run_mpi(sweep, &a) : run_here(sweep, &a);
    rc_sweep_destroy(sweep);
    return code;
}
