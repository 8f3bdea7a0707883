/* SPDX-License-Identifier: MIT */
/* Building and tearing down the time-stepped engine (ricochet/rigid.h): the definition's defaults, its checks (every
 * message names the body or static shape and the field; a body's own checks and mass properties are body.c's), and
 * the impact solvers of a step (Vouga et al. 2017, section 2; docs/rigid.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/range.h"
#include "core/status.h"
#include "core/vec.h"
#include "impact/interrupt.h"
#include "impact/velocities_only.h"
#include "rigid/body.h"
#include "rigid/engine.h"

/* The size and placement fields bodies and static shapes share: unit size, identity orientation. */
static void unit_shape(double *radius, double *half, double *orientation)
{
    *radius = 1;
    half[0] = half[1] = half[2] = 1;
    orientation[0] = 1;
}

rc_rigid_body_def rc_rigid_default_body_def(void)
{
    rc_rigid_body_def b = {.shape = RC_RIGID_SHAPE_SPHERE, .density = 1};
    unit_shape(&b.radius, b.half, b.orientation);
    return b;
}

rc_rigid_static_def rc_rigid_default_static_def(void)
{
    rc_rigid_static_def s = {.shape = RC_RIGID_SHAPE_PLANE, .normal = {0, 0, 1}};
    unit_shape(&s.radius, s.half, s.orientation);
    return s;
}

rc_rigid_def rc_rigid_default_def(void)
{
    rc_rigid_def d;
    memset(&d, 0, sizeof d);
    d.dimension = 3;
    d.time_step = 1e-3;
    d.impact = rc_impact_default_options();
    d.margin = 1e-3;
    d.sleep = true;
    d.sleep_time = 0.5;
    return d;
}

static void invert3(const double *m, double *out)
{
    double c[9] = {m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
                   m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
                   m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]};
    double det = m[0] * c[0] + m[1] * c[3] + m[2] * c[6];
    for (int i = 0; i < 9; i++) out[i] = c[i] / det;
}

static rc_status add_body(rc_rigid *e, int32_t i, const rc_rigid_body_def *b)
{
    char name[48];
    snprintf(name, sizeof name, "bodies[%d]", (int)i);
    rc_rigid_body_properties p;
    rc_status s = rc_rigid_body_prepare(e->d, b, name, &e->pool, &p);
    if (s) return s;
    e->geometry[i] = p.geometry;
    memcpy(e->q + 4 * i, p.orientation, sizeof p.orientation);
    e->ball[i] = b->ball;
    e->species[i] = b->species;
    e->mass[i] = p.mass;
    memcpy(e->inertia_body + 9 * i, p.inertia, sizeof p.inertia);
    if (e->d == 3) invert3(e->inertia_body + 9 * i, e->inverse_body + 9 * i);
    else e->inverse_body[9 * i + 8] = 1 / e->inertia_body[9 * i + 8];
    memcpy(e->x + 3 * i, b->position, 3 * sizeof(double));
    memcpy(e->v + 3 * i, b->velocity, 3 * sizeof(double));
    if (!b->ball) memcpy(e->w + 3 * i, b->angular_velocity, 3 * sizeof(double));
    rc_rigid_orient(e, i);
    return RC_STATUS_OK;
}

static rc_status add_static(rc_rigid *e, int32_t t, const rc_rigid_static_def *b)
{
    char name[48];
    snprintf(name, sizeof name, "static[%d]", (int)t);
    double q[4], centre[3], *n = e->snormal + 3 * t, offset[3];
    rc_status s = rc_rigid_placement_check(e->d, name, b->position, b->orientation, q);
    if (s) return s;
    memcpy(e->sq + 4 * t, q, sizeof q);
    rc_quat_matrix(q, e->srot + 9 * t);
    memcpy(e->sx + 3 * t, b->position, 3 * sizeof(double));
    rc_rigid_geometry *g = &e->static_geometry[t];
    if (b->shape != RC_RIGID_SHAPE_PLANE) {
        s = rc_rigid_shape_prepare(e->d, b->shape, b->radius, b->half, b->points, b->point_count, name, &e->pool, g,
                                   centre);
        rc_m3_apply(e->srot + 9 * t, centre, offset);
        rc_v3_axpy(e->sx + 3 * t, 1, offset, e->sx + 3 * t);
        return s;
    }
    double len = rc_v3_norm(b->normal);
    if (!rc_vn_finite(b->normal, 3) || !(len > 0) || (e->d == 2 && b->normal[2] != 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.normal: not a nonzero vector%s", name,
                       e->d == 2 ? " in the plane" : "");
    memset(g, 0, sizeof *g);
    g->shape = RC_RIGID_SHAPE_PLANE;
    g->bound = INFINITY;
    for (int i = 0; i < 3; i++) n[i] = b->normal[i] / len;
    return RC_STATUS_OK;
}

static rc_status allocate(rc_rigid *e)
{
    size_t n = e->n > 0 ? (size_t)e->n : 1, m = e->statics > 0 ? (size_t)e->statics : 1;
    void **arrays[] = {(void **)&e->x,
                       (void **)&e->q,
                       (void **)&e->v,
                       (void **)&e->w,
                       (void **)&e->mass,
                       (void **)&e->rot,
                       (void **)&e->inertia_body,
                       (void **)&e->inertia_world,
                       (void **)&e->inverse_body,
                       (void **)&e->reach,
                       (void **)&e->shift,
                       (void **)&e->v_collided,
                       (void **)&e->sx,
                       (void **)&e->sq,
                       (void **)&e->srot,
                       (void **)&e->snormal};
    size_t sizes[] = {3 * n, 4 * n, 3 * n, 3 * n, n,     9 * n, 9 * n, 9 * n,
                      9 * n, n,     4 * n, 3 * n, 3 * m, 4 * m, 9 * m, 3 * m};
    bool ok = true;
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++)
        ok &= (*arrays[k] = calloc(sizes[k], sizeof(double))) != NULL;
    ok &= (e->geometry = calloc(n, sizeof *e->geometry)) != NULL;
    ok &= (e->static_geometry = calloc(m, sizeof *e->static_geometry)) != NULL;
    ok &= (e->ball = calloc(n, sizeof *e->ball)) != NULL;
    ok &= (e->moved = calloc(n, sizeof *e->moved)) != NULL;
    int32_t **ints[] = {&e->species,          &e->parent,        &e->island_of,   &e->local,
                        &e->bodies_of_island, &e->warm.first,    &e->asleep,      &e->rest_steps,
                        &e->settle_index,     &e->settle_bodies, &e->island_slot, &e->settle_dof};
    for (size_t k = 0; k < sizeof ints / sizeof *ints; k++) ok &= (*ints[k] = calloc(n + 1, sizeof(int32_t))) != NULL;
    return ok ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory for %d bodies", (int)e->n);
}

static rc_status check_def(const rc_rigid_def *d)
{
    if (d->dimension != 2 && d->dimension != 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension: %d is not 2 or 3", d->dimension);
    if (!(d->time_step > 0 && isfinite(d->time_step)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "time_step: %g is not a positive number", d->time_step);
    if (!rc_vn_finite(d->gravity, 3) || (d->dimension == 2 && d->gravity[2] != 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gravity: not finite%s",
                       d->dimension == 2 ? " and in the plane" : "");
    rc_status s = rc_range_check("gravity", d->gravity, 3);
    if (s) return s;
    if (!(d->margin > 0 && d->margin < 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "margin: %g is not in (0, 1)", d->margin);
    if (d->body_count < 0 || (d->body_count > 0 && !d->bodies))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bodies: %d bodies without an array", (int)d->body_count);
    if (!(d->sleep_speed >= 0 && isfinite(d->sleep_speed)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "sleep_speed: %g is not a number >= 0", d->sleep_speed);
    if (!(d->sleep_time > 0 && d->sleep_time <= 1e9 * d->time_step))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "sleep_time: %g is not positive and at most 1e9 steps",
                       d->sleep_time);
    if (d->settle_sweeps < 0 || d->settle_sweeps > RC_RIGID_SETTLE_SWEEPS_MAX)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "settle_sweeps: %d is not a whole number from 0 to %d (0: the default, 50)",
                       (int)d->settle_sweeps, RC_RIGID_SETTLE_SWEEPS_MAX);
    if (d->static_count < 0 || (d->static_count > 0 && !d->statics))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "static: %d shapes without an array", (int)d->static_count);
    return rc_impact_options_validate(&d->impact);
}

static rc_status build(rc_rigid *e, const rc_rigid_def *d)
{
    e->d = d->dimension;
    e->h = d->time_step;
    memcpy(e->gravity, d->gravity, sizeof e->gravity);
    e->impact = d->impact;
    e->n = d->body_count;
    e->statics = d->static_count;
    rc_status s = allocate(e);
    double smallest = INFINITY;
    for (int32_t i = 0; i < e->n && !s; i++) {
        s = add_body(e, i, &d->bodies[i]);
        smallest = fmin(smallest, e->geometry[i].bound);
    }
    for (int32_t t = 0; t < e->statics && !s; t++) s = add_static(e, t, &d->statics[t]);
    e->margin = d->margin * (isfinite(smallest) ? smallest : 1);
    e->sleep = d->sleep;
    e->sleep_speed = d->sleep_speed > 0 ? d->sleep_speed : rc_v3_norm(d->gravity) * d->time_step;
    e->sleep_steps = (int32_t)ceil(d->sleep_time / d->time_step);
    e->settle_sweeps = d->settle_sweeps > 0 ? d->settle_sweeps : 50;
    for (int32_t i = 0; i < e->n; i++) e->asleep[i] = e->settle_index[i] = e->island_slot[i] = -1;
    /* At restitution 0 the resolver's answer is the inelastic LCP's alone, which implicit equalities do not change
     * (they only serve the elastic loop's termination): their detection, an LP on large islands, is skipped. */
    rc_impact_options collide = d->impact, rest = d->impact;
    collide.lineality = d->impact.lineality && d->impact.restitution > 0;
    rest.restitution = 0;
    rest.lineality = false;
    if (!s) s = rc_impact_problem_create(&e->problem);
    if (!s) s = rc_impact_problem_create(&e->settle_problem);
    if (!s) s = rc_impact_solver_create(&collide, &e->collide);
    if (!s) s = rc_impact_solver_create(&rest, &e->rest);
    rest.friction = 0;
    if (!s) s = rc_impact_solver_create(&rest, &e->project);
    if (!s) { /* an interrupt ends the step's resolves early (rc_rigid_interrupt) */
        rc_impact_solver_watch(e->collide, &e->interrupted);
        rc_impact_solver_watch(e->rest, &e->interrupted);
        rc_impact_solver_watch(e->project, &e->interrupted);
        rc_impact_solver_velocities_only(e->collide); /* the steps take the velocities alone */
        rc_impact_solver_velocities_only(e->rest);
        rc_impact_solver_velocities_only(e->project);
    }
    return s;
}

rc_status rc_rigid_create(const rc_rigid_def *def, rc_rigid **engine)
{
    *engine = NULL;
    rc_status s = check_def(def);
    if (s) return s;
    rc_rigid *e = calloc(1, sizeof *e);
    if (!e) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for the engine");
    s = build(e, def);
    if (s) {
        rc_rigid_destroy(e);
        return s;
    }
    rc_rigid_observables start;
    rc_rigid_measure(e, &start);
    e->initial_energy = start.energy;
    *engine = e;
    return RC_STATUS_OK;
}

void rc_rigid_destroy(rc_rigid *e)
{
    if (!e) return;
    void *arrays[] = {e->x,
                      e->q,
                      e->v,
                      e->w,
                      e->mass,
                      e->rot,
                      e->inertia_body,
                      e->inertia_world,
                      e->inverse_body,
                      e->reach,
                      e->shift,
                      e->v_collided,
                      e->sx,
                      e->sq,
                      e->srot,
                      e->snormal,
                      e->geometry,
                      e->static_geometry,
                      e->ball,
                      e->species,
                      e->parent,
                      e->island_of,
                      e->local,
                      e->bodies_of_island,
                      e->order,
                      e->contact_order,
                      e->order_island,
                      e->listed_island,
                      e->joined_list,
                      e->waiting,
                      e->contacts.items,
                      e->warm.key,
                      e->warm.impulse,
                      e->warm.first,
                      e->warm.spare_key,
                      e->warm.spare_impulse,
                      e->guess,
                      e->asleep,
                      e->rest_steps,
                      e->settle_index,
                      e->settle_bodies,
                      e->settle_v,
                      e->moved,
                      e->island_slot,
                      e->settle_dof,
                      e->settle_ends};
    for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++) free(arrays[k]);
    rc_rigid_pool_free(&e->pool);
    rc_rigid_broad_free(&e->broad);
    rc_impact_problem_destroy(e->problem);
    rc_impact_problem_destroy(e->settle_problem);
    rc_impact_solver_destroy(e->collide);
    rc_impact_solver_destroy(e->rest);
    rc_impact_solver_destroy(e->project);
    free(e);
}
