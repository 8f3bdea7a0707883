/* SPDX-License-Identifier: MIT */
/* Contact detection of one step (docs/design.md, "The time-stepped engine"; docs/rigid.md, "Contacts"): every pair that
 * is closer than the margin, or could close within the step at the speeds its bodies may have after the step's
 * impacts, goes through the narrow phase: body pairs from the broad phase, then every body against every static shape whose bounds it reaches. Sleeping bodies (sleep.c) meet only awake bodies. */
#include <math.h>

#include "core/vec.h"
#include "rigid/engine.h"

/* Entry k of a pool of vectors of three, or NULL when the pool is empty (scenes of balls only): NULL + 0 is undefined
 * behaviour in C, which fuzz/run.c found. */
static const double *pool_at(const double *pool, int32_t k) { return pool ? pool + 3 * k : NULL; }

rc_rigid_view rc_rigid_body_view(const rc_rigid *e, int32_t i)
{
    const rc_rigid_geometry *g = &e->geometry[i];
    return (rc_rigid_view){g,
                           e->x + 3 * i,
                           e->rot + 9 * i,
                           pool_at(e->pool.vertices, g->first_vertex),
                           pool_at(e->pool.normals, g->first_normal),
                           NULL};
}

rc_rigid_view rc_rigid_static_view(const rc_rigid *e, int32_t s)
{
    const rc_rigid_geometry *g = &e->static_geometry[s];
    return (rc_rigid_view){g,
                           e->sx + 3 * s,
                           e->srot + 9 * s,
                           pool_at(e->pool.vertices, g->first_vertex),
                           pool_at(e->pool.normals, g->first_normal),
                           g->shape == RC_RIGID_SHAPE_PLANE ? e->snormal + 3 * s : NULL};
}

double rc_rigid_body_speed(const rc_rigid *e, int32_t i)
{
    return rc_v3_norm(e->v + 3 * i) + rc_v3_norm(e->w + 3 * i) * e->geometry[i].bound;
}

/* How far body i's surface may move in this step: at its own speed, plus the fastest body's speed (an impact can
 * hand a body at rest up to twice the speed of the body that hits it, and the pair's two travels add up), plus
 * what gravity adds in a step. */
static double travel(const rc_rigid *e, int32_t i, double fastest)
{
    return e->h * (rc_rigid_body_speed(e, i) + fastest + e->h * rc_v3_norm(e->gravity));
}

/* Could body i reach static shape s within threshold? */
static bool near_static(const rc_rigid *e, int32_t i, int32_t s, double threshold)
{
    double u[3];
    rc_v3_axpy(e->x + 3 * i, -1, e->sx + 3 * s, u);
    double bound = e->geometry[i].bound + threshold;
    if (e->static_geometry[s].shape == RC_RIGID_SHAPE_PLANE) return rc_v3_dot(u, e->snormal + 3 * s) <= bound;
    return rc_v3_norm(u) <= bound + e->static_geometry[s].bound;
}

rc_status rc_rigid_detect(rc_rigid *e)
{
    e->contacts.count = 0;
    e->prepared = false;
    double fastest = 0;
    for (int32_t i = 0; i < e->n; i++) fastest = fmax(fastest, rc_rigid_body_speed(e, i));
    for (int32_t i = 0; i < e->n; i++) e->reach[i] = e->geometry[i].bound + travel(e, i, fastest) + e->margin / 2;
    rc_status s = rc_rigid_broad_pairs(e, e->reach);
    for (int k = 0; k < e->broad.pair_count && !s; k++) {
        int32_t i = e->broad.pairs[k][0], j = e->broad.pairs[k][1];
        rc_rigid_view a = rc_rigid_body_view(e, i), b = rc_rigid_body_view(e, j);
        s = rc_rigid_collide(e->d, &a, &b, e->margin + travel(e, i, fastest) + travel(e, j, fastest), i, j,
                             &e->contacts);
    }
    for (int32_t i = 0; i < e->n && !s; i++) {
        if (e->asleep[i] >= 0) continue; /* a sleeping body rests on its supports until woken */
        double threshold = e->margin + travel(e, i, fastest);
        for (int32_t t = 0; t < e->statics && !s; t++) {
            if (!near_static(e, i, t, threshold)) continue;
            rc_rigid_view a = rc_rigid_body_view(e, i), b = rc_rigid_static_view(e, t);
            s = rc_rigid_collide(e->d, &a, &b, threshold, i, -1 - t, &e->contacts);
        }
    }
    return s;
}
