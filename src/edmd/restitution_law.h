/* SPDX-License-Identifier: MIT */
/* Restitution laws of the event-driven engine (restitution_law.c): the pairs' and each wall's, kept when some law
 * depends on the impact speed. */
#ifndef RC_EDMD_RESTITUTION_LAW_H
#define RC_EDMD_RESTITUTION_LAW_H

#include <stdint.h>

#include "ricochet/edmd.h"

/* Checks the definition's laws (messages name "restitution..." or "walls[i].restitution...") and keeps them in
 * e->laws when some law is not a constant (NULL otherwise); turns on the path that measures approach speeds. */
rc_status rc_edmd_restitution_laws_create(rc_edmd *e, const rc_edmd_def *d);
/* The restitution of particle i's collision with j (a particle, or RC_EVENT_WALL0 - w) at normal approach speed
 * `speed`: its law's (a material law's at the pair's reduced mass and radius), or `constant` where its law is a
 * constant. e->laws must be kept. */
double rc_edmd_law_restitution(const rc_edmd *e, int32_t i, int32_t j, double speed, double constant);

#endif
