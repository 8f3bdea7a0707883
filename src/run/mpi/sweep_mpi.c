/* A sweep over the ranks of an MPI communicator (ricochet/mpi.h; docs/scaling.md): rank 0 hands out one run index at
 * a time to whichever rank asks for work (runs may differ in length by orders of magnitude), counts what ends, reports
 * progress and writes the tables; every other rank runs what it is given (rc_sweep_run), one at a time, until told to
 * stop. Every rank reads the sweep file itself, so the runs need nothing but their index; a run's bits depend only on
 * the sweep and its index, never on the rank or the order. With one rank, rank 0 runs every run itself. */
#include "core/status.h"
#include "ricochet/mpi.h"

enum { TAG_WORK = 1, TAG_DONE = 2, STOP = -1 };

/* What a rank sends back: the run, its state (rc_sweep_status) and whether the sweep folder could be written. */
typedef struct done_message {
    int64_t run, state, error;
} done_message;

/* Rank 0's bookkeeping. */
typedef struct master {
    rc_sweep *sweep;
    int64_t next;            /* the next run index to look at */
    int64_t done_here;       /* runs ended in this call */
    int64_t errors;          /* runs whose folders could not be written */
    double started;
    rc_sweep_progress p;
    rc_sweep_progress_fn *progress;
    void *user;
} master;

static int64_t next_pending(master *m)
{
    while (m->next < rc_sweep_runs(m->sweep) && rc_sweep_interrupted_by(m->sweep) < 0) {
        int64_t k = m->next++;
        if (rc_sweep_state(m->sweep, k, NULL, 0) == RC_SWEEP_PENDING) return k;
    }
    return STOP;
}

static void count(rc_sweep_progress *p, int64_t state)
{
    if (state == RC_SWEEP_PENDING) return;
    p->done++;
    p->failed += state != RC_SWEEP_OK;
}

static void tell(master *m)
{
    if (m->progress) m->progress(&m->p, m->user);
}

/* A run has ended (state) or could not write its folder (error): the counts and the time left. */
static void ended(master *m, int64_t state, bool error)
{
    m->errors += error;
    m->done_here += state != RC_SWEEP_PENDING;
    count(&m->p, state);
    m->p.elapsed = MPI_Wtime() - m->started;
    m->p.eta = m->done_here ? m->p.elapsed * (double)(m->p.runs - m->p.done) / (double)m->done_here : -1;
}

/* Rank 0 with others: the first run for every rank, then one more for each that reports, until none is left. */
static void hand_out(master *m, MPI_Comm comm, int ranks)
{
    for (int rank = 1; rank < ranks; rank++) {
        int64_t k = next_pending(m);
        MPI_Send(&k, 1, MPI_INT64_T, rank, TAG_WORK, comm);
        m->p.running += k != STOP;
    }
    while (m->p.running > 0) {
        tell(m);
        done_message d;
        MPI_Status status;
        MPI_Recv(&d, 3, MPI_INT64_T, MPI_ANY_SOURCE, TAG_DONE, comm, &status);
        m->p.running--;
        ended(m, d.state, d.error != 0);
        int64_t k = next_pending(m);
        MPI_Send(&k, 1, MPI_INT64_T, status.MPI_SOURCE, TAG_WORK, comm);
        m->p.running += k != STOP;
    }
}

/* One rank alone runs every run itself, in order. */
static void run_alone(master *m)
{
    for (int64_t k; (k = next_pending(m)) != STOP;) {
        m->p.running = 1;
        tell(m);
        rc_sweep_status state = RC_SWEEP_PENDING;
        rc_status s = rc_sweep_run(m->sweep, k, &state);
        m->p.running = 0;
        ended(m, state, s != RC_OK);
    }
}

/* Every other rank: run what rank 0 hands out until it says stop; the first failure to write a folder is returned. */
static rc_status work(rc_sweep *sweep, MPI_Comm comm)
{
    rc_status first = RC_OK;
    for (;;) {
        int64_t k;
        MPI_Recv(&k, 1, MPI_INT64_T, 0, TAG_WORK, comm, MPI_STATUS_IGNORE);
        if (k == STOP) return first;
        rc_sweep_status state = RC_SWEEP_PENDING;
        rc_status s = rc_sweep_run(sweep, k, &state);
        if (s && !first) first = rc_fail(s, "run %lld: %s", (long long)k, rc_last_error());
        done_message d = {k, state, s != RC_OK};
        MPI_Send(&d, 3, MPI_INT64_T, 0, TAG_DONE, comm);
    }
}

rc_status rc_sweep_execute_mpi(rc_sweep *sweep, MPI_Comm comm, rc_sweep_progress_fn *progress, void *user,
                               rc_sweep_progress *counts)
{
    if (!sweep) return rc_fail(RC_INVALID_ARGUMENT, "rc_sweep_execute_mpi: NULL sweep");
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    if (rank != 0) return work(sweep, comm);
    rc_status locked = rc_sweep_lock(sweep);
    if (locked) { /* another sweep writes the folder: every rank is told to stop before it runs anything */
        int64_t stop = STOP;
        for (int other = 1; other < ranks; other++) MPI_Send(&stop, 1, MPI_INT64_T, other, TAG_WORK, comm);
        return locked;
    }
    master m = {sweep, 0, 0, 0, MPI_Wtime(), {rc_sweep_runs(sweep), 0, 0, 0, 0, 0, -1}, progress, user};
    for (int64_t k = 0; k < m.p.runs; k++) count(&m.p, rc_sweep_state(sweep, k, NULL, 0));
    m.p.skipped = m.p.done;
    if (ranks > 1) hand_out(&m, comm, ranks);
    else run_alone(&m);
    tell(&m);
    m.p.elapsed = MPI_Wtime() - m.started;
    if (counts) *counts = m.p;
    rc_status s = rc_sweep_write_tables(sweep);
    if (!s && m.errors)
        s = rc_fail(RC_IO_ERROR, "%lld runs could not write their folders", (long long)m.errors);
    return s;
}
