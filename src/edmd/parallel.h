/* SPDX-License-Identifier: MIT */
/* The threads a definition asks for against the domains the system cuts into (parallel.c; docs/edmd.md, "Parallel"). */
#ifndef RC_EDMD_PARALLEL_H
#define RC_EDMD_PARALLEL_H

#include "edmd/engine.h"

/* The threads a definition asked for against what the engine can do (docs/edmd.md, "Parallel"):
 * RC_STATUS_INVALID_ARGUMENT naming "threads" for a count below 1 or above the domains; otherwise e->threads and
 * e->parallel_note set. After every feature is made (it reads them). */
rc_status rc_edmd_parallel_plan(rc_edmd *e, const rc_edmd_def *d);

#endif
