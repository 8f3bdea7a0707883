/* SPDX-License-Identifier: MIT */
/* Fixed obstacles in the event-driven engine (docs/edmd.md, "Fixed obstacles"): particles of infinite mass that never
 * move, untouched by gravity, the thermostat and every impulse, so that pins, porous media and Galton boards can be
 * built of spheres. A fixed particle is held asleep for good (the state sleeping gives a particle at rest on its
 * supports, collapse.c): it predicts no event, the others predict their events with it as a static sphere (a
 * quartic under gravity, schedule.c), a cluster takes it for a static body like a wall (cluster.c), and nothing
 * wakes it. A binary hit on it is the wall rule along the centre line. */
#include <math.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/fixed.h"
#include "edmd/rough.h"

rc_status rc_edmd_fixed_create(rc_edmd *e, const rc_edmd_def *d)
{
    int32_t count = 0;
    for (int32_t k = 0; d->fixed && k < d->count; k++) count += d->fixed[k] != 0;
    if (count == 0) return RC_STATUS_OK;
    const char *other = d->compression.rate != 0                   ? "compression"
                        : d->shear.on                              ? "box.shear"
                        : d->barostat.pressure != 0                ? "barostat"
                        : d->interaction_count > 0                 ? "interactions (stepped potentials)"
                        : d->transport                             ? "transport"
                        : d->detection == RC_EVENT_DETECTION_NAIVE ? "the naive event detection"
                                                                   : NULL;
    if (other) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "fixed: fixed particles with %s are not built", other);
    for (int32_t k = 0; k < d->count; k++) {
        const double *v = d->velocities + 3 * k;
        if (d->fixed[k] && (v[0] != 0 || v[1] != 0 || v[2] != 0))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "fixed: particle %d is fixed but has a velocity (%g, %g, %g)",
                           (int)k, v[0], v[1], v[2]);
        if (d->fixed[k] && d->angular_velocities && e->spin) {
            for (int a = 0; a < e->spin_stride; a++)
                if (d->angular_velocities[e->spin_stride * k + a] != 0)
                    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "fixed: particle %d is fixed but spins", (int)k);
        }
    }
    size_t n = e->n > 0 ? (size_t)e->n : 1;
    e->fixed = calloc(n, 1);
    if (!e->hold) e->hold = calloc(n, 1); /* the hold states, which collapse.c keeps only under gravity otherwise */
    if (!e->fixed || !e->hold) return rc_fail(RC_STATUS_NO_MEMORY, "fixed: out of memory for %d particles", (int)e->n);
    for (int32_t k = 0; k < e->n; k++) { /* slots are input order until the first renewal */
        if (!d->fixed[k]) continue;
        e->fixed[k] = 1;
        e->hold[k] = RC_ASLEEP;
        e->held++, e->sleeping++;
    }
    e->fixed_count = count;
    return RC_STATUS_OK;
}

void rc_edmd_fixed_destroy(rc_edmd *e)
{
    free(e->fixed);
    e->fixed = NULL;
}

bool rc_edmd_fixed_pair(rc_edmd *e, int32_t i, int32_t j, double restitution)
{
    if (!e->fixed || (!e->fixed[i] && !e->fixed[j])) return false;
    if (e->fixed[i]) { /* i moves, j is the obstacle */
        int32_t swap = i;
        i = j, j = swap;
    }
    if (e->fixed[i]) return true; /* two obstacles never meet (neither predicts) */
    const rc_kin *p = &e->kin[i], *q = &e->kin[j];
    double r[3] = {p->x[0] - q->x[0], p->x[1] - q->x[1], p->x[2] - q->x[2]};
    rc_edmd_minimum_image(e, r);
    double d = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]), n[3] = {r[0] / d, r[1] / d, r[2] / d};
    double b = n[0] * p->v[0] + n[1] * p->v[1] + n[2] * p->v[2];
    if (b >= 0) return true; /* receding: no impulse, as the pair rule */
    rc_edmd_bounce(e, i, n, restitution);
    if (e->spin) rc_edmd_rough_obstacle(e, i, j, n, -(1 + restitution) * rc_edmd_mass(e, i) * b);
    return true;
}
