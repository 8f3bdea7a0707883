/* SPDX-License-Identifier: MIT */
/* Fixed obstacles (fixed.c; docs/edmd.md, "Fixed obstacles"). */
#ifndef RC_EDMD_FIXED_H
#define RC_EDMD_FIXED_H

#include "edmd/engine.h"

/* Fixed obstacles (docs/edmd.md, "Fixed obstacles"), made with the particles (before the definition's
 * arrays may be released); the hold array is made here when some particle is fixed. */
rc_status rc_edmd_fixed_create(rc_edmd *e, const rc_edmd_def *d);
void rc_edmd_fixed_destroy(rc_edmd *e);
/* A binary collision of i and j when one of them is fixed: the wall rule for the other along the centre line (and
 * the tangential rule of rough particles). Returns false, doing nothing, when neither is fixed. */
bool rc_edmd_fixed_pair(rc_edmd *e, int32_t i, int32_t j, double restitution);

#endif
