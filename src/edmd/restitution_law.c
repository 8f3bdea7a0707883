/* SPDX-License-Identifier: MIT */
/* Restitution that depends on the normal impact speed (docs/edmd.md, "Restitution that depends on impact speed"): a
 * table of (v, e) points or the viscoelastic law, checked, evaluated, and kept by the engine for its pairs and each
 * wall. The engine takes them where it takes a restitution, in rc_edmd_restitution (collapse.c), which measures the
 * approach speed; a law turns that path on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/restitution_law.h"

/* The viscoelastic series' leading coefficients (Schwager and Poeschel 2008; C2 = 3 C1^2 / 5). */
#define C1 1.15344
#define C2 0.79826

rc_status rc_restitution_law_check(const rc_restitution_law *law, const char *name)
{
    switch (law->kind) {
    case RC_RESTITUTION_CONSTANT: return RC_OK;
    case RC_RESTITUTION_VISCOELASTIC:
        if (!(law->delta > 0) || !isfinite(law->delta))
            return rc_fail(RC_INVALID_ARGUMENT, "%s.viscoelastic.delta: %g is not a positive number", name,
                           law->delta);
        return RC_OK;
    case RC_RESTITUTION_TABLE:
        if (law->points < 1 || law->points > RC_RESTITUTION_TABLE_MAX)
            return rc_fail(RC_INVALID_ARGUMENT, "%s.table: %d points, not 1 to %d", name, (int)law->points,
                           RC_RESTITUTION_TABLE_MAX);
        for (int32_t i = 0; i < law->points; i++) {
            double v = law->table[i][0], e = law->table[i][1];
            if (!isfinite(v) || !(v >= 0))
                return rc_fail(RC_INVALID_ARGUMENT, "%s.table[%d][0]: the speed %g is not a finite number >= 0",
                               name, (int)i, v);
            if (!(e >= 0 && e <= 1))
                return rc_fail(RC_INVALID_ARGUMENT, "%s.table[%d][1]: the restitution %g is not in [0, 1]", name,
                               (int)i, e);
            if (i > 0 && !(v > law->table[i - 1][0]))
                return rc_fail(RC_INVALID_ARGUMENT, "%s.table[%d][0]: the speeds must increase (%g after %g)", name,
                               (int)i, v, law->table[i - 1][0]);
        }
        return RC_OK;
    }
    return rc_fail(RC_INVALID_ARGUMENT, "%s: %d is not a kind of restitution law", name, (int)law->kind);
}

double rc_restitution_law_value(const rc_restitution_law *law, double speed)
{
    if (law->kind == RC_RESTITUTION_VISCOELASTIC) {
        double x = fmin(law->delta * pow(fmax(speed, 0), 0.2), C1 / (2 * C2));
        return 1 - C1 * x + C2 * x * x;
    }
    const double (*t)[2] = law->table;
    int32_t n = law->points;
    if (!(speed > t[0][0])) return t[0][1];
    if (speed >= t[n - 1][0]) return t[n - 1][1];
    int32_t i = 1;
    while (t[i][0] < speed) i++;
    double f = (speed - t[i - 1][0]) / (t[i][0] - t[i - 1][0]);
    return t[i - 1][1] + f * (t[i][1] - t[i - 1][1]);
}

rc_status rc_edmd_restitution_laws_create(rc_edmd *e, const rc_edmd_def *d)
{
    char name[48];
    bool any = d->restitution_law.kind != RC_RESTITUTION_CONSTANT;
    rc_status s = rc_restitution_law_check(&d->restitution_law, "restitution");
    for (int32_t w = 0; w < d->wall_count && s == RC_OK; w++) {
        snprintf(name, sizeof name, "walls[%d].restitution", (int)w);
        s = rc_restitution_law_check(&d->walls[w].restitution_law, name);
        any |= d->walls[w].restitution_law.kind != RC_RESTITUTION_CONSTANT;
        if (s == RC_OK && d->walls[w].restitution_law.kind != RC_RESTITUTION_CONSTANT && d->walls[w].thermal.temperature > 0)
            s = rc_fail(RC_INVALID_ARGUMENT, "%s: a thermal wall takes no restitution", name);
    }
    if (s != RC_OK || !any) return s;
    /* one law for the pairs, then one per wall (the box's keep their number) */
    e->laws = calloc((size_t)e->wall_count + 1, sizeof *e->laws);
    if (!e->laws) return rc_fail(RC_NO_MEMORY, "restitution: out of memory");
    e->laws[0] = d->restitution_law;
    for (int32_t w = 0; w < d->wall_count; w++) e->laws[w + 1] = d->walls[w].restitution_law;
    e->collapse_rules = true; /* the path that measures the approach speed */
    return RC_OK;
}

double rc_edmd_law_restitution(const rc_edmd *e, int32_t j, double speed, double constant)
{
    const rc_restitution_law *law = &e->laws[j >= 0 ? 0 : RC_EVENT_WALL0 - j + 1];
    return law->kind == RC_RESTITUTION_CONSTANT ? constant : rc_restitution_law_value(law, speed);
}
