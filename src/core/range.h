/* SPDX-License-Identifier: MIT */
/* The range of the numbers an engine takes from a scene or a checkpoint and keeps in its state: magnitudes up to
 * 2^40 (about 1.1e12). Beyond it positions lose the digits contact detection needs, squares and energies head for
 * overflow (a velocity of 1e200 gave infinite energies, gravity 1e300 NaN orientations), and a run could write
 * checkpoints that no restore takes back. Both engines check their definitions (velocities, gravity, box edges) and
 * restored states against this one bound, and the time-stepped engine its state after every step. */
#ifndef RC_CORE_RANGE_H
#define RC_CORE_RANGE_H

#include <stdbool.h>

#include "ricochet/core.h"

#define RC_RANGE 0x1p40

/* Whether each of the n entries of v is a number of magnitude at most RC_RANGE (false for NaN and infinities). */
bool rc_in_range(const double *v, int n);

/* RC_STATUS_OK when rc_in_range(v, n); else RC_STATUS_INVALID_ARGUMENT with "NAME: entry K is X, beyond 2^40 (about 1.1e12)"
 * naming the first entry out of range (NAME as the caller writes the field, e.g. "particle 3.velocity"). */
rc_status rc_range_check(const char *name, const double *v, int n);

/* A value of `want` numbers given as n (a parameter changed at run time, src/edmd/live.c, src/rigid/live.c): RC_STATUS_OK
 * when n is want and every entry finite and within RC_RANGE; else RC_STATUS_INVALID_ARGUMENT naming NAME ("gravity: 3
 * numbers given, it takes 2", "restitution: nan is not a finite number within 2^40"). */
rc_status rc_range_check_count(const char *name, const double *v, int n, int want);

#endif
