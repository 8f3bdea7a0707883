/* SPDX-License-Identifier: MIT */
/* The event loop (advance.c): one event as the serial loop processes it, what follows it, the first thermostat
 * time. */
#ifndef RC_EDMD_ADVANCE_H
#define RC_EDMD_ADVANCE_H

#include "edmd/engine.h"

/* One event of particle k, as the serial loop processes it; and what follows an event in the serial order (the stall
 * check, the renewal: *renewed when the clock's origin moved, *ended when a compression ended). */
rc_status rc_edmd_process_event(rc_edmd *e, int32_t k);
rc_status rc_edmd_after_event(rc_edmd *e, rc_status s, bool *renewed, bool *ended);
/* Draws the first thermostat time (INFINITY without a thermostat). */
void rc_edmd_start_thermostat(rc_edmd *e);
/* The thermostat's kick at its time, e->next_thermostat, and the next time drawn (a system event). */
void rc_edmd_thermostat_event(rc_edmd *e);

#endif
