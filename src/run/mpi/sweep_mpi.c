/* SPDX-License-Identifier: MIT */
/* A sweep over the ranks of an MPI communicator (ricochet/mpi.h; docs/scaling.md): rank 0 hands out one run index at
 * a time to whichever rank asks for work (runs may differ in length by orders of magnitude), counts what ends, reports
 * progress and writes the tables (also when interrupted: mpirun's SIGTERM after a rank was killed); every other rank
 * runs what it is given (rc_sweep_execute_run), one at a time, until told to stop. Every rank reads the sweep file itself, so the runs need nothing but their index; a run's bits depend only on
 * the sweep and its index, never on the rank or the order. With one rank, rank 0 runs every run itself. */
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

#include "core/status.h"
#include "ricochet/mpi.h"
#include "run/signals.h"

enum { TAG_WORK = 1, TAG_DONE = 2, STOP = -1 };

/* What a rank sends back: the run, its state (rc_sweep_status) and whether the sweep folder could be written. */
typedef struct done_message {
    int64_t run, state, error;
} done_message;

/* Rank 0's bookkeeping. */
typedef struct master {
    rc_sweep *sweep;
    int64_t next;      /* the next run index to look at */
    int64_t done_here; /* runs ended in this call */
    int64_t errors;    /* runs whose folders could not be written */
    double started;
    rc_sweep_progress p;
    rc_sweep_progress_fn *progress;
    void *user;
    double tables_written,
        tables_cost;     /* when rank 0 last wrote the tables while runs were out, and how long it took */
    bool tables_current; /* the tables written hold every report received */
} master;

/* Set by SIGCONT on rank 0 under rc_sweep_execute_mpi_guarded. mpirun tearing a job down (a rank was killed) sends
 * every process SIGCONT, SIGTERM a second later and SIGKILL some milliseconds after that: too soon to write the tables
 * at SIGTERM, but in time at SIGCONT. (A SIGCONT after a stop by job control only writes them once more.) */
static volatile sig_atomic_t continued;

static void on_continue(int number)
{
    (void)number;
    continued = 1;
}

static int64_t next_pending(master *m)
{
    while (m->next < rc_sweep_run_count(m->sweep) && rc_sweep_interrupt_signal(m->sweep) < 0) {
        int64_t k = m->next++;
        if (rc_sweep_state(m->sweep, k, NULL, 0) == RC_SWEEP_STATUS_PENDING) return k;
    }
    return STOP;
}

static void count(rc_sweep_progress *p, int64_t state)
{
    if (state == RC_SWEEP_STATUS_PENDING) return;
    p->done++;
    p->failed += state != RC_SWEEP_STATUS_OK;
}

static void tell(master *m)
{
    if (m->progress) m->progress(&m->p, m->user);
}

/* A run has ended (state) or could not write its folder (error): the counts and the time left. */
static void ended(master *m, int64_t state, bool error)
{
    m->errors += error;
    m->done_here += state != RC_SWEEP_STATUS_PENDING;
    count(&m->p, state);
    m->p.elapsed = MPI_Wtime() - m->started;
    m->p.eta = m->done_here ? m->p.elapsed * (double)(m->p.runs - m->p.done) / (double)m->done_here : -1;
}

/* Rank 0 waits for the next report, looking every millisecond for an interrupt (rc_sweep_interrupt, from SIGTERM or
 * SIGINT under rc_sweep_execute_mpi_guarded: when one rank is killed, mpirun sends SIGTERM to every other and SIGKILL a
 * second later); false when the interrupt came first. */
static bool wait_report(master *m, MPI_Comm comm, done_message *d, MPI_Status *status)
{
    MPI_Request request;
    MPI_Irecv(d, 3, MPI_INT64_T, MPI_ANY_SOURCE, TAG_DONE, comm, &request);
    for (;;) {
        int arrived = 0;
        MPI_Test(&request, &arrived, status);
        if (arrived) return true;
        if (continued) {
            continued = 0;
            m->tables_current = rc_sweep_write_tables(m->sweep) == RC_STATUS_OK;
        }
        if (rc_sweep_interrupt_signal(m->sweep) >= 0) {
            MPI_Cancel(&request);
            MPI_Request_free(&request);
            return false;
        }
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
}

/* The tables of what has ended so far, written while runs are out (after the first run ends, then at most every 2 s
 * and at most 5 % of the time): a rank killed ends the whole job, rank 0 with it a second after mpirun's SIGTERM,
 * which may be too soon for it to write them then (each file is written whole and renamed, so a kill leaves the last
 * complete one). A failure here is not the sweep's: the tables are written again at its end. */
static void write_now_and_then(master *m)
{
    double now = MPI_Wtime();
    if (m->p.running == 0 || now - m->tables_written < fmax(2, 20 * m->tables_cost)) return;
    m->tables_current = rc_sweep_write_tables(m->sweep) == RC_STATUS_OK;
    m->tables_written = MPI_Wtime();
    m->tables_cost = m->tables_written - now;
}

/* Rank 0 with others: the first run for every rank, then one more for each that reports, until none is left or an
 * interrupt (the runs out on other ranks then stay pending: the tables are written without them). */
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
        if (!wait_report(m, comm, &d, &status)) return;
        m->tables_current = false;
        m->p.running--;
        ended(m, d.state, d.error != 0);
        int64_t k = next_pending(m);
        MPI_Send(&k, 1, MPI_INT64_T, status.MPI_SOURCE, TAG_WORK, comm);
        m->p.running += k != STOP;
        write_now_and_then(m);
    }
}

/* One rank alone runs every run itself, in order. */
static void run_alone(master *m)
{
    for (int64_t k; (k = next_pending(m)) != STOP;) {
        m->p.running = 1;
        tell(m);
        rc_sweep_status state = RC_SWEEP_STATUS_PENDING;
        rc_status s = rc_sweep_execute_run(m->sweep, k, &state);
        m->p.running = 0;
        ended(m, state, s != RC_STATUS_OK);
    }
}

/* Every other rank: run what rank 0 hands out until it says stop; the first failure to write a folder is returned. */
static rc_status work(rc_sweep *sweep, MPI_Comm comm)
{
    rc_status first = RC_STATUS_OK;
    for (;;) {
        int64_t k;
        MPI_Recv(&k, 1, MPI_INT64_T, 0, TAG_WORK, comm, MPI_STATUS_IGNORE);
        if (k == STOP) return first;
        rc_sweep_status state = RC_SWEEP_STATUS_PENDING;
        rc_status s = rc_sweep_execute_run(sweep, k, &state);
        if (s && !first) first = rc_fail(s, "run %lld: %s", (long long)k, rc_error_get());
        done_message d = {k, state, s != RC_STATUS_OK};
        MPI_Send(&d, 3, MPI_INT64_T, 0, TAG_DONE, comm);
    }
}

rc_status rc_sweep_execute_mpi(rc_sweep *sweep, MPI_Comm comm, rc_sweep_progress_fn *progress, void *user,
                               rc_sweep_progress *counts)
{
    if (!sweep) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_execute_mpi: NULL sweep");
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
    master m = {sweep,    0,    0,         0, MPI_Wtime(), {rc_sweep_run_count(sweep), 0, 0, 0, 0, 0, -1},
                progress, user, -INFINITY, 0, false};
    for (int64_t k = 0; k < m.p.runs; k++) count(&m.p, rc_sweep_state(sweep, k, NULL, 0));
    m.p.skipped = m.p.done;
    if (ranks > 1) hand_out(&m, comm, ranks);
    else run_alone(&m);
    tell(&m);
    m.p.elapsed = MPI_Wtime() - m.started;
    if (counts) *counts = m.p;
    /* interrupted, with the tables written since the last report: the caller has milliseconds left (above) */
    bool current = m.tables_current && rc_sweep_interrupt_signal(sweep) >= 0;
    rc_status s = current ? RC_STATUS_OK : rc_sweep_write_tables(sweep);
    if (!s && m.errors) s = rc_fail(RC_STATUS_IO_ERROR, "%lld runs could not write their folders", (long long)m.errors);
    return s;
}

/* rc_sweep_execute_mpi's arguments, for the guard. */
typedef struct mpi_call {
    rc_sweep *sweep;
    MPI_Comm comm;
    rc_sweep_progress_fn *progress;
    void *user;
    rc_sweep_progress *counts;
} mpi_call;

static rc_status execute_call(void *context)
{
    mpi_call *c = context;
    return rc_sweep_execute_mpi(c->sweep, c->comm, c->progress, c->user, c->counts);
}

static void interrupt_sweep(void *sweep, int signal) { rc_sweep_interrupt(sweep, signal); }

rc_status rc_sweep_execute_mpi_guarded(rc_sweep *sweep, MPI_Comm comm, rc_sweep_progress_fn *progress, void *user,
                                       rc_sweep_progress *counts)
{
    if (!sweep) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_execute_mpi_guarded: NULL sweep");
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    mpi_call c = {sweep, comm, progress, user, counts};
    /* the other ranks keep the default action: a run ended by it goes on later from its last periodic checkpoint */
    if (rank != 0) return execute_call(&c);
    struct sigaction action, old;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_continue;
    sigemptyset(&action.sa_mask);
    continued = 0;
    sigaction(SIGCONT, &action, &old);
    rc_status s = rc_signals_guard(execute_call, &c, interrupt_sweep, sweep);
    sigaction(SIGCONT, &old, NULL);
    return s;
}
