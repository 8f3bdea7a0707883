/* SPDX-License-Identifier: MIT */
/* Restitution that depends on the normal impact speed (docs/edmd.md, "Restitution that depends on impact speed"): a
 * table of (v, e) points or the viscoelastic law (given its delta, or the material whose delta depends on each pair's
 * reduced mass and radius), checked, evaluated, and kept by the engine for its pairs and each
 * wall. The engine takes them where it takes a restitution, in rc_edmd_restitution (collapse.c), which measures the
 * approach speed; a law turns that path on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/collapse.h"
#include "edmd/engine.h"
#include "edmd/restitution_law.h"

/* The viscoelastic series' leading coefficients (Schwager and Poeschel 2008; C2 = 3 C1^2 / 5). */
#define C1 1.15344
#define C2 0.79826

rc_status rc_restitution_law_check(const rc_restitution_law *law, const char *name)
{
    switch (law->kind) {
    case RC_RESTITUTION_KIND_CONSTANT: return RC_STATUS_OK;
    case RC_RESTITUTION_KIND_VISCOELASTIC:
        if (!(law->delta > 0) || !isfinite(law->delta))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.viscoelastic.delta: %g is not a positive number", name,
                           law->delta);
        return RC_STATUS_OK;
    case RC_RESTITUTION_KIND_MATERIAL:
        if (!(law->young > 0) || !isfinite(law->young))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.viscoelastic.young: %g is not a positive number", name,
                           law->young);
        if (!(law->poisson > -1 && law->poisson <= 0.5))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.viscoelastic.poisson: %g is not in (-1, 0.5]", name,
                           law->poisson);
        if (!(law->dissipation > 0) || !isfinite(law->dissipation))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.viscoelastic.dissipation: %g is not a positive number", name,
                           law->dissipation);
        return RC_STATUS_OK;
    case RC_RESTITUTION_KIND_TABLE:
        if (law->points < 1 || law->points > RC_RESTITUTION_TABLE_MAX)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.table: %d points, not 1 to %d", name, (int)law->points,
                           RC_RESTITUTION_TABLE_MAX);
        for (int32_t i = 0; i < law->points; i++) {
            double v = law->table[i][0], e = law->table[i][1];
            if (!isfinite(v) || !(v >= 0))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.table[%d][0]: the speed %g is not a finite number >= 0",
                               name, (int)i, v);
            if (!(e >= 0 && e <= 1))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.table[%d][1]: the restitution %g is not in [0, 1]", name,
                               (int)i, e);
            if (i > 0 && !(v > law->table[i - 1][0]))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.table[%d][0]: the speeds must increase (%g after %g)",
                               name, (int)i, v, law->table[i - 1][0]);
        }
        return RC_STATUS_OK;
    }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %d is not a kind of restitution law", name, (int)law->kind);
}

/* The two-term series at x = delta v^(1/5), held at its least value beyond x = C1 / (2 C2). */
static double viscoelastic(double delta, double speed)
{
    double x = fmin(delta * pow(fmax(speed, 0), 0.2), C1 / (2 * C2));
    return 1 - C1 * x + C2 * x * x;
}

double rc_restitution_law_delta(const rc_restitution_law *law, double reduced_mass, double reduced_radius)
{
    double stiffness =
        pow(1.5, 1.5) * law->young * sqrt(reduced_radius) / (reduced_mass * (1 - law->poisson * law->poisson));
    return law->dissipation * pow(stiffness, 0.4);
}

double rc_restitution_law_value(const rc_restitution_law *law, double speed)
{
    if (law->kind == RC_RESTITUTION_KIND_VISCOELASTIC) return viscoelastic(law->delta, speed);
    if (law->kind == RC_RESTITUTION_KIND_MATERIAL) return NAN;
    const double(*t)[2] = law->table;
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
    bool any = d->restitution_law.kind != RC_RESTITUTION_KIND_CONSTANT;
    rc_status s = rc_restitution_law_check(&d->restitution_law, "restitution");
    for (int32_t w = 0; w < d->wall_count && s == RC_STATUS_OK; w++) {
        snprintf(name, sizeof name, "walls[%d].restitution", (int)w);
        s = rc_restitution_law_check(&d->walls[w].restitution_law, name);
        any |= d->walls[w].restitution_law.kind != RC_RESTITUTION_KIND_CONSTANT;
        if (s == RC_STATUS_OK && d->walls[w].restitution_law.kind != RC_RESTITUTION_KIND_CONSTANT &&
            d->walls[w].thermal.temperature > 0)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: a thermal wall takes no restitution", name);
    }
    if (s != RC_STATUS_OK || !any) return s;
    /* one law for the pairs, then one per wall (the box's keep their number) */
    e->laws = calloc((size_t)e->wall_count + 1, sizeof *e->laws);
    if (!e->laws) return rc_fail(RC_STATUS_NO_MEMORY, "restitution: out of memory");
    e->laws[0] = d->restitution_law;
    for (int32_t w = 0; w < d->wall_count; w++) e->laws[w + 1] = d->walls[w].restitution_law;
    e->collapse_rules = true; /* the path that measures the approach speed */
    return RC_STATUS_OK;
}

double rc_edmd_law_restitution(const rc_edmd *e, int32_t i, int32_t j, double speed, double constant)
{
    const rc_restitution_law *law = &e->laws[j >= 0 ? 0 : RC_EVENT_WALL0 - j + 1];
    if (law->kind == RC_RESTITUTION_KIND_CONSTANT) return constant;
    if (law->kind != RC_RESTITUTION_KIND_MATERIAL) return rc_restitution_law_value(law, speed);
    /* the pair's reduced mass and radius; a wall (or a fixed particle, j < 0 or infinite mass) adds none */
    double mass = rc_edmd_mass(e, i), radius = e->kin[i].radius;
    if (j >= 0 && !rc_edmd_is_fixed(e, j)) {
        double mj = rc_edmd_mass(e, j);
        mass = mass * mj / (mass + mj);
    }
    if (j >= 0) radius = radius * e->kin[j].radius / (radius + e->kin[j].radius);
    return viscoelastic(rc_restitution_law_delta(law, mass, radius), speed);
}
