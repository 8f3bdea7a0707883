/* Building and tearing down the time-stepped engine (ricochet/rigid.h): the definition's defaults, its checks (every
 * message names the body or static shape and the field), the shapes with their mass from density and inertia tensor
 * (Vouga et al. 2017, section 2), and the two impact solvers of a step (docs/rigid.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "rigid/engine.h"
#include "rigid/vec.h"

/* The size and placement fields bodies and static shapes share: unit size, identity orientation. */
static void unit_shape(double *radius, double *half, double *orientation)
{
    *radius = 1;
    half[0] = half[1] = half[2] = 1;
    orientation[0] = 1;
}

rc_rigid_body_def rc_rigid_default_body(void)
{
    rc_rigid_body_def b = {.shape = RC_RIGID_SPHERE, .density = 1};
    unit_shape(&b.radius, b.half, b.orientation);
    return b;
}

rc_rigid_static_def rc_rigid_default_static(void)
{
    rc_rigid_static_def s = {.shape = RC_RIGID_PLANE, .normal = {0, 0, 1}};
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
    return d;
}

static bool all_finite(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return false;
    return true;
}

/* Checks a shape's size fields and builds its geometry; name is "bodies[3]" or "static[1]". */
static rc_status shape_of(rc_rigid *e, rc_rigid_shape shape, double radius, const double *half, const double *points,
                          int32_t count, const char *name, rc_rigid_geometry *g, double *centre)
{
    char field[96];
    if (shape == RC_RIGID_SPHERE && !(radius > 0 && isfinite(radius)))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.radius: %g is not a positive number", name, radius);
    for (int i = 0; shape == RC_RIGID_BOX && i < e->d; i++)
        if (!(half[i] > 0 && isfinite(half[i])))
            return rc_fail(RC_INVALID_ARGUMENT, "%s.half[%d]: %g is not a positive number", name, i, half[i]);
    if (shape == RC_RIGID_HULL && (!points || count < 0 || !all_finite(points, e->d * count)))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.points: missing or not finite", name);
    if ((unsigned)shape > RC_RIGID_HULL)
        return rc_fail(RC_INVALID_ARGUMENT, "%s.shape: %d is not a sphere, box or hull", name, (int)shape);
    snprintf(field, sizeof field, "%s.points", name);
    return rc_rigid_geometry_build(e->d, shape, radius, half, points, count, field, &e->pool, g, centre);
}

/* Checks a placement: finite, in the plane in 2D, a nonzero quaternion (normalised into q). */
static rc_status placement(int d, const char *name, const double *position, const double *orientation, double *q)
{
    if (!all_finite(position, 3)) return rc_fail(RC_INVALID_ARGUMENT, "%s.position: not finite", name);
    if (d == 2 && position[2] != 0) return rc_fail(RC_INVALID_ARGUMENT, "%s.position[2]: %g in 2D", name, position[2]);
    double len = sqrt(orientation[0] * orientation[0] + orientation[1] * orientation[1] +
                      orientation[2] * orientation[2] + orientation[3] * orientation[3]);
    if (!all_finite(orientation, 4) || !(len > 0))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.orientation: not a nonzero quaternion", name);
    if (d == 2 && (orientation[1] != 0 || orientation[2] != 0))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.orientation: a 2D rotation is about z only (x = y = 0)", name);
    for (int i = 0; i < 4; i++) q[i] = orientation[i] / len;
    return RC_OK;
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
    double centre[3];
    rc_status s = placement(e->d, name, b->position, b->orientation, e->q + 4 * i);
    if (!s) s = shape_of(e, b->shape, b->radius, b->half, b->points, b->point_count, name, &e->geometry[i], centre);
    if (s) return s;
    if (!(b->density > 0 && isfinite(b->density)))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.density: %g is not a positive number", name, b->density);
    if (b->ball && b->shape != RC_RIGID_SPHERE)
        return rc_fail(RC_INVALID_ARGUMENT, "%s.ball: only a sphere can be a ball", name);
    if (!all_finite(b->velocity, 3) || !all_finite(b->angular_velocity, 3))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.velocity: not finite", name);
    if (e->d == 2 && (b->velocity[2] != 0 || b->angular_velocity[0] != 0 || b->angular_velocity[1] != 0))
        return rc_fail(RC_INVALID_ARGUMENT, "%s: a 2D body moves in the plane and turns about z only", name);
    e->ball[i] = b->ball;
    e->species[i] = b->species;
    e->mass[i] = b->density * e->geometry[i].measure;
    for (int k = 0; k < 9; k++) e->inertia_body[9 * i + k] = b->density * e->geometry[i].inertia[k];
    if (e->d == 3) invert3(e->inertia_body + 9 * i, e->inverse_body + 9 * i);
    else e->inverse_body[9 * i + 8] = 1 / e->inertia_body[9 * i + 8];
    memcpy(e->x + 3 * i, b->position, 3 * sizeof(double));
    memcpy(e->v + 3 * i, b->velocity, 3 * sizeof(double));
    if (!b->ball) memcpy(e->w + 3 * i, b->angular_velocity, 3 * sizeof(double));
    rc_rigid_orient(e, i);
    return RC_OK;
}

static rc_status add_static(rc_rigid *e, int32_t t, const rc_rigid_static_def *b)
{
    char name[48];
    snprintf(name, sizeof name, "static[%d]", (int)t);
    double q[4], centre[3], *n = e->snormal + 3 * t, offset[3];
    rc_status s = placement(e->d, name, b->position, b->orientation, q);
    if (s) return s;
    rc_quat_matrix(q, e->srot + 9 * t);
    memcpy(e->sx + 3 * t, b->position, 3 * sizeof(double));
    rc_rigid_geometry *g = &e->static_geometry[t];
    if (b->shape != RC_RIGID_PLANE) {
        s = shape_of(e, b->shape, b->radius, b->half, b->points, b->point_count, name, g, centre);
        rc_m3_apply(e->srot + 9 * t, centre, offset);
        rc_v3_axpy(e->sx + 3 * t, 1, offset, e->sx + 3 * t);
        return s;
    }
    double len = rc_v3_norm(b->normal);
    if (!all_finite(b->normal, 3) || !(len > 0) || (e->d == 2 && b->normal[2] != 0))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.normal: not a nonzero vector%s", name, e->d == 2 ? " in the plane" : "");
    memset(g, 0, sizeof *g);
    g->shape = RC_RIGID_PLANE;
    g->bound = INFINITY;
    for (int i = 0; i < 3; i++) n[i] = b->normal[i] / len;
    return RC_OK;
}

static rc_status allocate(rc_rigid *e)
{
    size_t n = e->n > 0 ? (size_t)e->n : 1, m = e->statics > 0 ? (size_t)e->statics : 1;
    void **arrays[] = {(void **)&e->x, (void **)&e->q, (void **)&e->v, (void **)&e->w, (void **)&e->mass,
                       (void **)&e->rot, (void **)&e->inertia_body, (void **)&e->inertia_world,
                       (void **)&e->inverse_body, (void **)&e->reach, (void **)&e->shift, (void **)&e->v_collided, (void **)&e->sx,
                       (void **)&e->srot, (void **)&e->snormal};
    size_t sizes[] = {3 * n, 4 * n, 3 * n, 3 * n, n, 9 * n, 9 * n, 9 * n, 9 * n, n, 4 * n, 3 * n, 3 * m, 9 * m, 3 * m};
    bool ok = true;
    for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) ok &= (*arrays[k] = calloc(sizes[k], sizeof(double))) != NULL;
    ok &= (e->geometry = calloc(n, sizeof *e->geometry)) != NULL;
    ok &= (e->static_geometry = calloc(m, sizeof *e->static_geometry)) != NULL;
    ok &= (e->ball = calloc(n, sizeof *e->ball)) != NULL;
    int32_t **ints[] = {&e->species, &e->parent, &e->island_of, &e->local, &e->bodies_of_island, &e->warm.first};
    for (size_t k = 0; k < sizeof ints / sizeof *ints; k++) ok &= (*ints[k] = calloc(n + 1, sizeof(int32_t))) != NULL;
    return ok ? RC_OK : rc_fail(RC_NO_MEMORY, "out of memory for %d bodies", (int)e->n);
}

static rc_status check_def(const rc_rigid_def *d)
{
    if (d->dimension != 2 && d->dimension != 3)
        return rc_fail(RC_INVALID_ARGUMENT, "dimension: %d is not 2 or 3", d->dimension);
    if (!(d->time_step > 0 && isfinite(d->time_step)))
        return rc_fail(RC_INVALID_ARGUMENT, "time_step: %g is not a positive number", d->time_step);
    if (!all_finite(d->gravity, 3) || (d->dimension == 2 && d->gravity[2] != 0))
        return rc_fail(RC_INVALID_ARGUMENT, "gravity: not finite%s", d->dimension == 2 ? " and in the plane" : "");
    if (!(d->margin > 0 && d->margin < 1))
        return rc_fail(RC_INVALID_ARGUMENT, "margin: %g is not in (0, 1)", d->margin);
    if (d->body_count < 0 || (d->body_count > 0 && !d->bodies))
        return rc_fail(RC_INVALID_ARGUMENT, "bodies: %d bodies without an array", (int)d->body_count);
    if (d->static_count < 0 || (d->static_count > 0 && !d->statics))
        return rc_fail(RC_INVALID_ARGUMENT, "static: %d shapes without an array", (int)d->static_count);
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
    /* At restitution 0 the resolver's answer is the inelastic LCP's alone, which implicit equalities do not change
     * (they only serve the elastic loop's termination): their detection, an LP on large islands, is skipped. */
    rc_impact_options collide = d->impact, rest = d->impact;
    collide.lineality = d->impact.lineality && d->impact.restitution > 0;
    rest.restitution = 0;
    rest.lineality = false;
    if (!s) s = rc_impact_problem_create(&e->problem);
    if (!s) s = rc_impact_solver_create(&collide, &e->collide);
    if (!s) s = rc_impact_solver_create(&rest, &e->rest);
    rest.friction = 0;
    if (!s) s = rc_impact_solver_create(&rest, &e->project);
    return s;
}

rc_status rc_rigid_create(const rc_rigid_def *def, rc_rigid **engine)
{
    *engine = NULL;
    rc_status s = check_def(def);
    if (s) return s;
    rc_rigid *e = calloc(1, sizeof *e);
    if (!e) return rc_fail(RC_NO_MEMORY, "out of memory for the engine");
    s = build(e, def);
    if (s) {
        rc_rigid_destroy(e);
        return s;
    }
    rc_rigid_observables start;
    rc_rigid_measure(e, &start);
    e->initial_energy = start.energy;
    *engine = e;
    return RC_OK;
}

void rc_rigid_destroy(rc_rigid *e)
{
    if (!e) return;
    void *arrays[] = {e->x, e->q, e->v, e->w, e->mass, e->rot, e->inertia_body, e->inertia_world, e->inverse_body,
                      e->reach, e->shift, e->v_collided, e->sx, e->srot, e->snormal, e->geometry, e->static_geometry, e->ball,
                      e->species, e->parent, e->island_of, e->local, e->bodies_of_island, e->order,
                      e->contact_order, e->contacts.items, e->warm.key, e->warm.impulse, e->warm.first, e->guess};
    for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++) free(arrays[k]);
    rc_rigid_pool_free(&e->pool);
    rc_rigid_broad_free(&e->broad);
    rc_impact_problem_destroy(e->problem);
    rc_impact_solver_destroy(e->collide);
    rc_impact_solver_destroy(e->rest);
    rc_impact_solver_destroy(e->project);
    free(e);
}
