/* ricochet sweep under mpirun (docs/cli.md, "sweep"; built with -DRICOCHET_MPI=ON): the runs of a sweep spread over
 * the ranks of MPI_COMM_WORLD with dynamic load balancing. Rank 0 hands out one run index at a time to whichever rank
 * asks for work (runs may differ in length by orders of magnitude), counts what ends, draws the progress and writes
 * the tables; every other rank runs what it is given through the library (rc_sweep_run) in its own process, one at a
 * time, until told to stop. Every rank reads the sweep file itself, so the runs need nothing but their index; a run's
 * bits depend only on the sweep and its index, never on the rank or the order. With one rank, rank 0 runs every run
 * itself. Signals keep their default action: mpirun ends every rank on Ctrl-C, and the runs go on from their last
 * periodic checkpoints when the sweep is started again. The library knows nothing of MPI. */
#include <mpi.h>

#include "../sweep.h"

enum { TAG_WORK = 1, TAG_DONE = 2, STOP = -1 };

/* What a rank sends back: the run, its state (rc_sweep_status) and whether the sweep folder could be written. */
typedef struct done_message {
    int64_t run, state, error;
} done_message;

static int64_t next_pending(rc_sweep *sweep, int64_t *next)
{
    while (*next < rc_sweep_runs(sweep) && rc_sweep_interrupted_by(sweep) < 0) {
        int64_t k = (*next)++;
        if (rc_sweep_state(sweep, k, NULL, 0) == RC_SWEEP_PENDING) return k;
    }
    return STOP;
}

static void count(rc_sweep_progress *p, int64_t state)
{
    if (state == RC_SWEEP_PENDING) return;
    p->done++;
    p->failed += state != RC_SWEEP_OK;
}

/* Rank 0 with others: the first run for every rank, then one more for each that reports, until none is left. */
static int64_t hand_out(rc_sweep *sweep, int ranks, bool quiet, rc_sweep_progress *p)
{
    int64_t next = 0, errors = 0;
    double started = MPI_Wtime();
    int64_t done_here = 0;
    for (int rank = 1; rank < ranks; rank++) {
        int64_t k = next_pending(sweep, &next);
        MPI_Send(&k, 1, MPI_INT64_T, rank, TAG_WORK, MPI_COMM_WORLD);
        p->running += k != STOP;
    }
    while (p->running > 0) {
        if (!quiet) rc_cli_sweep_progress(p, NULL);
        done_message m;
        MPI_Status status;
        MPI_Recv(&m, 3, MPI_INT64_T, MPI_ANY_SOURCE, TAG_DONE, MPI_COMM_WORLD, &status);
        p->running--;
        errors += m.error;
        done_here += m.state != RC_SWEEP_PENDING;
        count(p, m.state);
        int64_t k = next_pending(sweep, &next);
        MPI_Send(&k, 1, MPI_INT64_T, status.MPI_SOURCE, TAG_WORK, MPI_COMM_WORLD);
        p->running += k != STOP;
        p->elapsed = MPI_Wtime() - started;
        p->eta = done_here ? p->elapsed * (double)(p->runs - p->done) / (double)done_here : -1;
    }
    if (!quiet) rc_cli_sweep_progress(p, NULL);
    return errors;
}

/* Every other rank: run what rank 0 hands out until it says stop. */
static void work(rc_sweep *sweep)
{
    for (;;) {
        int64_t k;
        MPI_Recv(&k, 1, MPI_INT64_T, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (k == STOP) return;
        rc_sweep_status state = RC_SWEEP_PENDING;
        rc_status s = rc_sweep_run(sweep, k, &state);
        if (s) rc_cli_fail(RC_EXIT_BAD_INPUT, "run %lld: %s", (long long)k, rc_last_error());
        done_message m = {k, state, s != RC_OK};
        MPI_Send(&m, 3, MPI_INT64_T, 0, TAG_DONE, MPI_COMM_WORLD);
    }
}

/* One rank alone runs every run itself, in order. */
static int64_t run_alone(rc_sweep *sweep, bool quiet, rc_sweep_progress *p)
{
    double started = MPI_Wtime();
    int64_t done_here = 0, next = 0, errors = 0;
    for (int64_t k; (k = next_pending(sweep, &next)) != STOP;) {
        p->running = 1;
        if (!quiet) rc_cli_sweep_progress(p, NULL);
        rc_sweep_status state = RC_SWEEP_PENDING;
        if (rc_sweep_run(sweep, k, &state)) {
            rc_cli_fail(RC_EXIT_BAD_INPUT, "run %lld: %s", (long long)k, rc_last_error());
            errors++;
        }
        p->running = 0;
        done_here += state != RC_SWEEP_PENDING;
        count(p, state);
        p->elapsed = MPI_Wtime() - started;
        p->eta = done_here ? p->elapsed * (double)(p->runs - p->done) / (double)done_here : -1;
    }
    if (!quiet) rc_cli_sweep_progress(p, NULL);
    return errors;
}

int rc_cli_sweep_mpi(rc_sweep *sweep, bool quiet, bool compact)
{
    int rank = 0, ranks = 1;
    MPI_Init(NULL, NULL);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    double started = MPI_Wtime();
    int code = RC_EXIT_OK;
    if (rank == 0) {
        rc_sweep_progress p = {rc_sweep_runs(sweep), 0, 0, 0, 0, 0, -1};
        for (int64_t k = 0; k < p.runs; k++) count(&p, rc_sweep_state(sweep, k, NULL, 0));
        p.skipped = p.done;
        int64_t errors = ranks > 1 ? hand_out(sweep, ranks, quiet, &p) : run_alone(sweep, quiet, &p);
        rc_status s = rc_sweep_write_tables(sweep);
        if (s) code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%s", rc_last_error());
        else if (errors) code = rc_cli_fail(RC_EXIT_BAD_INPUT, "%lld runs could not write their folders", (long long)errors);
        else code = rc_cli_sweep_report(sweep, rc_sweep_interrupted_by(sweep), compact, MPI_Wtime() - started);
    } else {
        work(sweep);
    }
    MPI_Finalize();
    return code;
}
