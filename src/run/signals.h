/* SPDX-License-Identifier: MIT */
/* SIGINT and SIGTERM caught for the length of one call, on request (signals.c): what rc_run_execute_guarded,
 * rc_sweep_execute_guarded and rc_exchange_execute_guarded share. */
#ifndef RC_RUN_SIGNALS_H
#define RC_RUN_SIGNALS_H

#include "ricochet/core.h"

/* What a signal asks of the thing running: its async-signal-safe interrupt (rc_run_interrupt, ...). */
typedef void rc_interrupt_fn(void *target, int signal);
typedef rc_status rc_guarded_fn(void *context);

/* Calls call(context) with SIGINT and SIGTERM caught: the first one calls interrupt(target, signal), a second one ends
 * the process at once (the signal's default action); the handlers in place before are put back when call returns.
 * One such call at a time per process: another one meanwhile is refused (RC_STATUS_INVALID_ARGUMENT). */
rc_status rc_signals_guard(rc_guarded_fn *call, void *context, rc_interrupt_fn *interrupt, void *target);

#endif
