/* SPDX-License-Identifier: MIT */
/* SIGINT and SIGTERM caught for the length of one call, only when the caller asks (docs/architecture.md, "The run
 * driver"): the first one asks the thing running to end cleanly through its async-signal-safe interrupt
 * (rc_run_interrupt: a last frame, a checkpoint, the files closed; rc_sweep_interrupt; rc_exchange_interrupt), a second
 * one ends the process at once; the handlers the caller had (a front end's, Python's) are put back afterwards. The
 * guarded forms of the three executes, which `ricochet run`, `sweep` and `exchange` call, and of a run's advance, which
 * Python's Simulation.advance calls, are here. */
#include "run/signals.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/exchange.h"
#include "ricochet/sweep.h"
#include "run/run.h"

static rc_interrupt_fn *volatile interrupt_of;
static void *volatile target_of;
static volatile sig_atomic_t seen;
static atomic_flag busy = ATOMIC_FLAG_INIT;

static void on_signal(int number)
{
    if (seen) { /* the second one: the default action, once this handler returns and unblocks it */
        signal(number, SIG_DFL);
        raise(number);
        return;
    }
    seen = 1;
    interrupt_of(target_of, number);
}

rc_status rc_signals_guard(rc_guarded_fn *call, void *context, rc_interrupt_fn *interrupt, void *target)
{
    if (atomic_flag_test_and_set(&busy))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "signals: another call with SIGINT and SIGTERM caught is running in this "
                       "process (their handlers are the process's)");
    interrupt_of = interrupt;
    target_of = target;
    seen = 0;
    struct sigaction action, old_int, old_term;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int);
    sigaction(SIGTERM, &action, &old_term);
    rc_status s = call(context);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    atomic_flag_clear(&busy);
    return s;
}

static void interrupt_run(void *run, int signal) { rc_run_interrupt(run, signal); }
static rc_status execute_run(void *run) { return rc_run_execute(run); }

rc_status rc_run_execute_guarded(rc_run *run)
{
    if (!run) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_execute_guarded: NULL run");
    return rc_signals_guard(execute_run, run, interrupt_run, run);
}

/* rc_run_advance's arguments. */
typedef struct advance_call {
    rc_run *run;
    const rc_run_limits *until;
} advance_call;

static rc_status advance_run(void *context)
{
    advance_call *c = context;
    return rc_run_advance(c->run, c->until);
}

rc_status rc_run_advance_guarded(rc_run *run, const rc_run_limits *until)
{
    if (!run || !until) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_advance_guarded: NULL argument");
    /* an earlier guarded advance's interrupt ended that advance only: this one goes on from where it stopped */
    if (run->interrupt_signal >= 0 && !run->finished) {
        run->interrupt_signal = -1;
        if (run->stopped_by && strcmp(run->stopped_by, "interrupted") == 0) run->stopped_by = NULL;
    }
    advance_call c = {run, until};
    return rc_signals_guard(advance_run, &c, interrupt_run, run);
}

/* rc_sweep_execute's arguments. */
typedef struct sweep_call {
    rc_sweep *sweep;
    int jobs;
    rc_sweep_progress_fn *progress;
    void *user;
    rc_sweep_progress *counts;
} sweep_call;

static void interrupt_sweep(void *sweep, int signal) { rc_sweep_interrupt(sweep, signal); }

static rc_status execute_sweep(void *context)
{
    sweep_call *c = context;
    return rc_sweep_execute(c->sweep, c->jobs, c->progress, c->user, c->counts);
}

rc_status rc_sweep_execute_guarded(rc_sweep *sweep, int jobs, rc_sweep_progress_fn *progress, void *user,
                                   rc_sweep_progress *counts)
{
    if (!sweep) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_execute_guarded: NULL sweep");
    sweep_call c = {sweep, jobs, progress, user, counts};
    return rc_signals_guard(execute_sweep, &c, interrupt_sweep, sweep);
}

static void interrupt_exchange(void *exchange, int signal) { rc_exchange_interrupt(exchange, signal); }
static rc_status execute_exchange(void *exchange) { return rc_exchange_execute(exchange); }

rc_status rc_exchange_execute_guarded(rc_exchange *exchange)
{
    if (!exchange) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_exchange_execute_guarded: NULL exchange");
    return rc_signals_guard(execute_exchange, exchange, interrupt_exchange, exchange);
}
