/* SPDX-License-Identifier: MIT */
/* The checks of an initial state: overlaps through the cell list of core/cells.h (check.c). */
#ifndef RC_EDMD_CHECK_H
#define RC_EDMD_CHECK_H

#include "edmd/engine.h"

/* Whether two particles of def overlap beyond RC_EDMD_OVERLAP_TOLERANCE (core/cells.h; def needs only the
 * dimension, box, periodic flags, count, positions and radii). RC_STATUS_NO_MEMORY only. */
rc_status rc_edmd_find_overlap(const rc_edmd_def *def, bool *overlaps);

#endif
