/* SPDX-License-Identifier: MIT */
/* The renewal: particles renumbered along a space-filling curve, lists and events rebuilt (reorder.c). */
#ifndef RC_EDMD_REORDER_H
#define RC_EDMD_REORDER_H

#include "edmd/engine.h"

/* The renewal: every particle streamed to now, the clock origin moved to now, particles renumbered along
 * a space-filling curve, every list and event rebuilt. */
rc_status rc_edmd_reorder(rc_edmd *e);

#endif
