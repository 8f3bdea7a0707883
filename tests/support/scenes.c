/* SPDX-License-Identifier: MIT */
/* Shared problem builders for the impact tests (see scenes.h): seeded random numbers, the scene record kept beside
 * the rc_impact_problem, boxes, random problems, and resolving into an outcome. The measures are in
 * scene_measures.c. */
#include "scenes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

/* ---- random numbers ---------------------------------------------------------------------------------------- */

void scene_seed(scene_rng *rng, uint64_t seed) { rng->state = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL; }

static uint64_t next_bits(scene_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double scene_uniform(scene_rng *rng, double low, double high)
{
    return low + (high - low) * ((double)(next_bits(rng) >> 11) * 0x1.0p-53);
}

double scene_normal(scene_rng *rng)
{
    double u = scene_uniform(rng, 0x1.0p-53, 1.0), w = scene_uniform(rng, 0.0, 1.0);
    return sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * w);
}

int scene_below(scene_rng *rng, int n) { return (int)(next_bits(rng) % (uint64_t)n); }

void scene_unit_vector(scene_rng *rng, int dimension, double *u)
{
    double length;
    do {
        for (int i = 0; i < dimension; i++) u[i] = scene_normal(rng);
        length = sqrt(scene_dot(dimension, u, u));
    } while (length < 1e-3);
    for (int i = 0; i < dimension; i++) u[i] /= length;
}

/* ---- vectors ----------------------------------------------------------------------------------------------- */

double scene_dot(int dimension, const double *a, const double *b)
{
    double sum = 0;
    for (int i = 0; i < dimension; i++) sum += a[i] * b[i];
    return sum;
}

void scene_cross(const double *a, const double *b, double *out)
{
    double x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
    out[0] = x, out[1] = y, out[2] = z;
}

double scene_cross2(const double *a, const double *b) { return a[0] * b[1] - a[1] * b[0]; }

void scene_mat_vec(const double *r, const double *x, double *out)
{
    double y[3];
    for (int i = 0; i < 3; i++) y[i] = r[3 * i] * x[0] + r[3 * i + 1] * x[1] + r[3 * i + 2] * x[2];
    memcpy(out, y, sizeof y);
}

void scene_rotation(const double *axis, double angle, double *r)
{
    double c = cos(angle), s = sin(angle), t = 1 - c, x = axis[0], y = axis[1], z = axis[2];
    double m[9] = {t * x * x + c,     t * x * y - s * z, t * x * z + s * y, t * x * y + s * z, t * y * y + c,
                   t * y * z - s * x, t * x * z - s * y, t * y * z + s * x, t * z * z + c};
    memcpy(r, m, sizeof m);
}

static double det3(const double *a)
{
    return a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
}

void scene_solve3(const double *a, const double *b, double *x)
{
    double d = det3(a), out[3];
    for (int col = 0; col < 3; col++) {
        double m[9];
        memcpy(m, a, sizeof m);
        for (int row = 0; row < 3; row++) m[3 * row + col] = b[row];
        out[col] = det3(m) / d;
    }
    memcpy(x, out, sizeof out);
}

/* ---- the scene --------------------------------------------------------------------------------------------- */

scene *scene_create(void)
{
    scene *s = calloc(1, sizeof *s);
    if (!s || rc_impact_problem_create(&s->problem) != RC_STATUS_OK) abort();
    return s;
}

void scene_destroy(scene *s)
{
    if (!s) return;
    rc_impact_problem_destroy(s->problem);
    free(s);
}

void scene_clear(scene *s)
{
    rc_impact_problem_clear(s->problem);
    s->dimension = s->body_count = s->dof_count = s->contact_count = s->nonzero_count = 0;
}

static int record_body(scene *s, rc_body_kind kind, int dimension, int dofs, double mass, const double *position,
                       rc_status status, int index)
{
    CHECK(status == RC_STATUS_OK, "adding body %d: %s", s->body_count, rc_error_get());
    if (status != RC_STATUS_OK || s->body_count >= SCENE_MAX_BODIES || s->dof_count + dofs > SCENE_MAX_DOFS) abort();
    CHECK(index == s->body_count, "body index %d, expected %d", index, s->body_count);
    scene_body *b = &s->body[s->body_count];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->dimension = dimension;
    b->first_dof = s->dof_count;
    b->dofs = dofs;
    b->mass = mass;
    for (int i = 0; i < dimension && position; i++) b->position[i] = position[i];
    CHECK(rc_impact_problem_body_first_dof(s->problem, index) == b->first_dof, "first dof of body %d", index);
    CHECK(rc_impact_problem_body_dof_count(s->problem, index) == dofs, "dof count of body %d", index);
    for (int i = 0; i < dofs; i++) s->dof_body[b->first_dof + i] = s->body_count;
    if (dimension > 0) s->dimension = dimension;
    s->dof_count += dofs;
    return s->body_count++;
}

int scene_ball(scene *s, int dimension, double mass, const double *position, const double *velocity)
{
    int index = -1;
    rc_status st = rc_impact_problem_add_ball(s->problem, dimension, mass, position, velocity, &index);
    int body = record_body(s, RC_BODY_KIND_BALL, dimension, dimension, mass, position, st, index);
    memcpy(s->velocity + s->body[body].first_dof, velocity, (size_t)dimension * sizeof *velocity);
    return body;
}

int scene_rigid(scene *s, int dimension, double mass, const double *inertia, const double *position,
                const double *velocity, const double *angular_velocity)
{
    int index = -1, angular = dimension == 2 ? 1 : 3;
    rc_status st =
        rc_impact_problem_add_rigid(s->problem, dimension, mass, inertia, position, velocity, angular_velocity, &index);
    int body = record_body(s, RC_BODY_KIND_RIGID, dimension, dimension + angular, mass, position, st, index);
    scene_body *b = &s->body[body];
    memcpy(b->inertia, inertia, (size_t)(dimension == 2 ? 1 : 9) * sizeof *inertia);
    memcpy(s->velocity + b->first_dof, velocity, (size_t)dimension * sizeof *velocity);
    memcpy(s->velocity + b->first_dof + dimension, angular_velocity, (size_t)angular * sizeof *velocity);
    return body;
}

int scene_dofs(scene *s, int count, const double *masses, const double *velocity)
{
    int first = -1, index = s->body_count;
    rc_status st = rc_impact_problem_add_dofs(s->problem, count, masses, velocity, &first);
    record_body(s, RC_BODY_KIND_DOFS, 0, count, 0.0, NULL, st, index);
    CHECK(first == s->body[index].first_dof, "first dof %d, expected %d", first, s->body[index].first_dof);
    memcpy(s->dof_mass + first, masses, (size_t)count * sizeof *masses);
    memcpy(s->velocity + first, velocity, (size_t)count * sizeof *velocity);
    return first;
}

static int record_contact(scene *s, rc_status status, int index)
{
    CHECK(status == RC_STATUS_OK, "adding contact %d: %s", s->contact_count, rc_error_get());
    if (status != RC_STATUS_OK || s->contact_count >= SCENE_MAX_CONTACTS) abort();
    CHECK(index == s->contact_count, "contact index %d, expected %d", index, s->contact_count);
    return s->contact_count++;
}

int scene_contact_add(scene *s, int a, int b, const double *point, const double *normal)
{
    int index = -1, d = s->dimension;
    rc_status st = rc_impact_problem_add_contact(s->problem, a, b, point, normal, &index);
    int k = record_contact(s, st, index);
    scene_contact *c = &s->contact[k];
    memset(c, 0, sizeof *c);
    c->a = a;
    c->b = b;
    double length = sqrt(scene_dot(d, normal, normal));
    for (int i = 0; i < d; i++) {
        c->point[i] = point[i];
        c->normal[i] = normal[i] / length;
    }
    return k;
}

int scene_touch(scene *s, int a, int b, double rb)
{
    int d = s->dimension;
    const double *xa = s->body[a].position, *xb = s->body[b].position;
    double n[3] = {0, 0, 0}, p[3] = {0, 0, 0};
    for (int i = 0; i < d; i++) n[i] = xa[i] - xb[i];
    double length = sqrt(scene_dot(d, n, n));
    for (int i = 0; i < d; i++) {
        n[i] /= length;
        p[i] = xb[i] + rb * n[i];
    }
    return scene_contact_add(s, a, b, p, n);
}

int scene_constraint(scene *s, int nonzeros, const int *dofs, const double *values)
{
    int index = -1;
    rc_status st = rc_impact_problem_add_constraint(s->problem, nonzeros, dofs, values, &index);
    int k = record_contact(s, st, index);
    if (s->nonzero_count + nonzeros > SCENE_MAX_NONZEROS) abort();
    scene_contact *c = &s->contact[k];
    memset(c, 0, sizeof *c);
    c->a = c->b = -1;
    c->first_nonzero = s->nonzero_count;
    c->nonzeros = nonzeros;
    memcpy(s->nonzero_dof + s->nonzero_count, dofs, (size_t)nonzeros * sizeof *dofs);
    memcpy(s->nonzero_value + s->nonzero_count, values, (size_t)nonzeros * sizeof *values);
    s->nonzero_count += nonzeros;
    return k;
}

void scene_chain(scene *s, int count, const double *masses, const double *velocities)
{
    for (int i = 0; i < count; i++) {
        double x = 2.0 * i;
        scene_ball(s, 1, masses[i], &x, &velocities[i]);
    }
    for (int i = 0; i + 1 < count; i++) scene_touch(s, i, i + 1, 1.0);
}

/* ---- boxes ------------------------------------------------------------------------------------------------- */

double scene_box2_inertia(double mass, double hx, double hy) { return mass * (hx * hx + hy * hy) / 3.0; }

void scene_box2_corners(const double *centre, double hx, double hy, double angle, double corners[4][2])
{
    double c = cos(angle), s = sin(angle);
    const double sx[4] = {1, -1, -1, 1}, sy[4] = {1, 1, -1, -1};
    for (int i = 0; i < 4; i++) {
        double x = sx[i] * hx, y = sy[i] * hy;
        corners[i][0] = centre[0] + c * x - s * y;
        corners[i][1] = centre[1] + s * x + c * y;
    }
}

void scene_box3_inertia(double mass, const double *half, const double *r, double *inertia)
{
    double body[3] = {mass * (half[1] * half[1] + half[2] * half[2]) / 3.0,
                      mass * (half[0] * half[0] + half[2] * half[2]) / 3.0,
                      mass * (half[0] * half[0] + half[1] * half[1]) / 3.0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) sum += r[3 * i + k] * body[k] * r[3 * j + k];
            inertia[3 * i + j] = sum;
        }
    /* exactly symmetric, as the library requires */
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++) inertia[3 * j + i] = inertia[3 * i + j];
}

void scene_box3_corners(const double *centre, const double *half, const double *r, double corners[8][3])
{
    for (int i = 0; i < 8; i++) {
        double local[3] = {(i & 1 ? 1 : -1) * half[0], (i & 2 ? 1 : -1) * half[1], (i & 4 ? 1 : -1) * half[2]};
        scene_mat_vec(r, local, corners[i]);
        for (int j = 0; j < 3; j++) corners[i][j] += centre[j];
    }
}

int scene_extreme_corner(int dimension, const double *corners, int count, const double *direction)
{
    int best = 0;
    for (int i = 1; i < count; i++)
        if (scene_dot(dimension, corners + i * dimension, direction) <
            scene_dot(dimension, corners + best * dimension, direction))
            best = i;
    return best;
}

int scene_box_corners(int dimension, const double *centre, const double *half, const double *rotation, double *corners)
{
    if (dimension == 2) {
        double c2[4][2];
        scene_box2_corners(centre, half[0], half[1], atan2(rotation[3], rotation[0]), c2);
        memcpy(corners, c2, sizeof c2);
        return 4;
    }
    double c3[8][3];
    scene_box3_corners(centre, half, rotation, c3);
    memcpy(corners, c3, sizeof c3);
    return 8;
}

void scene_box_on_floor(scene *s, int dimension, double m, const double *half, const double *rotation, const double *v,
                        const double *w)
{
    double corners[24], zero[3] = {0, 0, 0}, up[3] = {0, 1, 0}, centre[3] = {0, 0, 0}, inertia[9];
    int count = scene_box_corners(dimension, zero, half, rotation, corners);
    int low = scene_extreme_corner(dimension, corners, count, up);
    for (int i = 0; i < dimension; i++) centre[i] = -corners[low * dimension + i];
    if (dimension == 2) inertia[0] = scene_box2_inertia(m, half[0], half[1]);
    else scene_box3_inertia(m, half, rotation, inertia);
    scene_clear(s);
    scene_rigid(s, dimension, m, inertia, centre, v, w);
    scene_contact_add(s, 0, -1, zero, up);
}

/* ---- random problems --------------------------------------------------------------------------------------- */

static double distance(int d, const double *a, const double *b)
{
    double sum = 0;
    for (int i = 0; i < d; i++) sum += (a[i] - b[i]) * (a[i] - b[i]);
    return sqrt(sum);
}

/* A unit vector orthogonal to the unit vector e (d = 2: its perpendicular, either way; d = 3: random). */
static void random_perpendicular(scene_rng *rng, int d, const double *e, double *out)
{
    if (d == 2) {
        double sign = scene_below(rng, 2) ? 1.0 : -1.0;
        out[0] = -sign * e[1], out[1] = sign * e[0];
        return;
    }
    double u[3], along;
    do {
        scene_unit_vector(rng, 3, u);
        along = scene_dot(3, u, e);
    } while (fabs(along) > 0.9);
    for (int i = 0; i < 3; i++) u[i] -= along * e[i];
    double length = sqrt(scene_dot(3, u, u));
    for (int i = 0; i < 3; i++) out[i] = u[i] / length;
}

/* A centre for a new ball of radius r touching ball j (or balls j and k), overlapping none of the placed ones. */
static bool place_ball(scene_rng *rng, int d, double (*x)[3], const double *radius, int placed, double r, double *p)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        int j = scene_below(rng, placed), k = scene_below(rng, placed);
        double e[3] = {0, 0, 0}, perp[3] = {0, 0, 0};
        double rj = r + radius[j], rk = r + radius[k], dist = distance(d, x[j], x[k]);
        if (k != j && scene_below(rng, 2) && fabs(dist - (radius[j] + radius[k])) < 1e-9 * dist) {
            /* touching both: the intersection of two spheres about x[j] and x[k] */
            for (int i = 0; i < d; i++) e[i] = (x[k][i] - x[j][i]) / dist;
            double a = (rj * rj - rk * rk + dist * dist) / (2 * dist), h = sqrt(fmax(rj * rj - a * a, 0.0));
            random_perpendicular(rng, d, e, perp);
            for (int i = 0; i < d; i++) p[i] = x[j][i] + a * e[i] + h * perp[i];
        } else {
            scene_unit_vector(rng, d, e);
            for (int i = 0; i < d; i++) p[i] = x[j][i] + rj * e[i];
        }
        bool clear = true;
        for (int i = 0; i < placed && clear; i++) clear = distance(d, p, x[i]) >= (r + radius[i]) * (1 - 1e-9);
        if (clear) return true;
    }
    return false;
}

static void random_velocity(scene_rng *rng, int n, double *v, double rest)
{
    bool still = scene_uniform(rng, 0, 1) < rest;
    for (int i = 0; i < n; i++) v[i] = still ? 0.0 : scene_normal(rng);
}

void scene_random_balls(scene *s, scene_rng *rng, int d, int count, int walls)
{
    static double x[SCENE_MAX_BODIES][3], radius[SCENE_MAX_BODIES];
    int placed = 0;
    scene_clear(s);
    memset(x, 0, sizeof x);
    for (int tries = 0; placed < count && tries < 4 * count; tries++) {
        double r = scene_uniform(rng, 0.5, 1.5);
        if (placed > 0 && !place_ball(rng, d, x, radius, placed, r, x[placed])) continue;
        radius[placed++] = r;
    }
    for (int i = 0; i < placed; i++) {
        double v[3];
        random_velocity(rng, d, v, 0.3);
        scene_ball(s, d, scene_uniform(rng, 0.3, 3.0), x[i], v);
    }
    for (int i = 0; i < placed; i++)
        for (int j = i + 1; j < placed; j++)
            if (fabs(distance(d, x[i], x[j]) - (radius[i] + radius[j])) <= 1e-9 * (radius[i] + radius[j])) {
                if (scene_below(rng, 2)) scene_touch(s, i, j, radius[j]);
                else scene_touch(s, j, i, radius[i]);
            }
    for (int w = 0; w < walls; w++) {
        int i = scene_below(rng, placed);
        double u[3], p[3];
        scene_unit_vector(rng, d, u);
        for (int j = 0; j < d; j++) p[j] = x[i][j] - radius[i] * u[j];
        scene_contact_add(s, i, -1, p, u);
    }
}

typedef struct random_body {
    bool box;
    double half[3], rotation[9], radius;
} random_body;

static void random_orientation(scene_rng *rng, int d, double *r)
{
    double axis[3] = {0, 0, 1};
    if (d == 3) scene_unit_vector(rng, 3, axis);
    scene_rotation(axis, scene_uniform(rng, -M_PI, M_PI), r);
}

static int add_random_body(scene *s, scene_rng *rng, random_body *rb, const double *centre)
{
    int d = s->dimension ? s->dimension : 2;
    double v[3], w[3], mass = scene_uniform(rng, 0.3, 3.0);
    random_velocity(rng, d, v, 0.2);
    random_velocity(rng, 3, w, 0.3);
    if (!rb->box) return scene_ball(s, d, mass, centre, v);
    if (d == 2) {
        double inertia = scene_box2_inertia(mass, rb->half[0], rb->half[1]);
        return scene_rigid(s, 2, mass, &inertia, centre, v, w);
    }
    double inertia[9];
    scene_box3_inertia(mass, rb->half, rb->rotation, inertia);
    return scene_rigid(s, 3, mass, inertia, centre, v, w);
}

void scene_random_rigid(scene *s, scene_rng *rng, int d, int count, int walls)
{
    static random_body rb[SCENE_MAX_BODIES];
    double corners[8 * 3];
    scene_clear(s);
    s->dimension = d;
    for (int i = 0; i < count; i++) {
        random_body *b = &rb[i];
        b->box = i == 0 || scene_uniform(rng, 0, 1) < 0.75;
        b->radius = scene_uniform(rng, 0.3, 1.0);
        for (int j = 0; j < 3; j++) b->half[j] = scene_uniform(rng, 0.3, 1.5);
        random_orientation(rng, d, b->rotation);
        double centre[3] = {0, 0, 0}, point[3] = {0, 0, 0}, normal[3] = {0, 0, 0};
        int other = -1;
        if (i > 0) {
            do other = scene_below(rng, i);
            while (!rb[other].box);
            /* a point on a random face of the other box, and that face's outward normal */
            int axis = scene_below(rng, d);
            double sign = scene_below(rng, 2) ? 1.0 : -1.0, local[3] = {0, 0, 0}, e[3] = {0, 0, 0};
            for (int j = 0; j < d; j++) local[j] = scene_uniform(rng, -0.8, 0.8) * rb[other].half[j];
            local[axis] = sign * rb[other].half[axis];
            e[axis] = sign;
            scene_mat_vec(rb[other].rotation, local, point);
            scene_mat_vec(rb[other].rotation, e, normal);
            for (int j = 0; j < d; j++) point[j] += s->body[other].position[j];
            if (b->box) {
                /* the new box's corner deepest along -normal sits on the point */
                double relative[8 * 3], zero[3] = {0, 0, 0};
                int n = scene_box_corners(d, zero, b->half, b->rotation, relative);
                int corner = scene_extreme_corner(d, relative, n, normal);
                for (int j = 0; j < d; j++) centre[j] = point[j] - relative[corner * d + j];
            } else {
                for (int j = 0; j < d; j++) centre[j] = point[j] + b->radius * normal[j];
            }
        }
        int body = add_random_body(s, rng, b, centre);
        if (other >= 0) scene_contact_add(s, body, other, point, normal);
    }
    for (int w = 0; w < walls; w++) {
        int i = scene_below(rng, count);
        double u[3], p[3];
        scene_unit_vector(rng, d, u);
        if (rb[i].box && scene_uniform(rng, 0, 1) < 0.4) {
            /* a wall flat against a face: one contact per corner of the face (and sometimes the opposite face too,
             * which pins the box between two parallel walls: implicit equalities) */
            int axis = scene_below(rng, d), sides = scene_uniform(rng, 0, 1) < 0.4 ? 2 : 1;
            double sign = scene_below(rng, 2) ? 1.0 : -1.0;
            for (int side = 0; side < sides; side++, sign = -sign) {
                double e[3] = {0, 0, 0}, inward[3];
                e[axis] = -sign;
                scene_mat_vec(rb[i].rotation, e, inward);
                for (int corner = 0; corner < (1 << d); corner++) {
                    double local[3] = {0, 0, 0}, world[3];
                    for (int j = 0; j < d; j++) local[j] = (corner >> j & 1 ? 1 : -1) * rb[i].half[j];
                    if (local[axis] * sign < 0) continue;
                    scene_mat_vec(rb[i].rotation, local, world);
                    for (int j = 0; j < d; j++) world[j] += s->body[i].position[j];
                    scene_contact_add(s, i, -1, world, inward);
                }
            }
            continue;
        }
        if (rb[i].box) {
            int n = scene_box_corners(d, s->body[i].position, rb[i].half, rb[i].rotation, corners);
            int corner = scene_extreme_corner(d, corners, n, u);
            memcpy(p, corners + corner * d, (size_t)d * sizeof *p);
        } else {
            for (int j = 0; j < d; j++) p[j] = s->body[i].position[j] - rb[i].radius * u[j];
        }
        scene_contact_add(s, i, -1, p, u);
    }
}

void scene_random_cone(scene *s, scene_rng *rng, int n, int m, bool opposing)
{
    double masses[SCENE_MAX_DOFS], v[SCENE_MAX_DOFS], values[SCENE_MAX_DOFS], first[SCENE_MAX_DOFS];
    int dofs[SCENE_MAX_DOFS], first_dofs[SCENE_MAX_DOFS], first_count = 0;
    scene_clear(s);
    for (int i = 0; i < n; i++) {
        masses[i] = scene_uniform(rng, 0.3, 3.0);
        v[i] = scene_normal(rng);
    }
    scene_dofs(s, n, masses, v);
    for (int k = 0; k < m; k++) {
        int count = 0;
        if (opposing && k == m - 1 && k > 0) {
            double factor = -scene_uniform(rng, 0.5, 2.0);
            for (int i = 0; i < first_count; i++) values[i] = factor * first[i];
            scene_constraint(s, first_count, first_dofs, values);
            continue;
        }
        for (int i = 0; i < n; i++)
            if (scene_uniform(rng, 0, 1) < 0.6) dofs[count] = i, values[count++] = scene_normal(rng);
        if (count == 0) dofs[count] = scene_below(rng, n), values[count++] = scene_normal(rng);
        if (k == 0) {
            first_count = count;
            memcpy(first_dofs, dofs, (size_t)count * sizeof *dofs);
            memcpy(first, values, (size_t)count * sizeof *values);
        }
        scene_constraint(s, count, dofs, values);
    }
}

/* ---- resolving --------------------------------------------------------------------------------------------- */

rc_impact_options scene_options(rc_impact_operator op, rc_gauss_seidel_order order)
{
    rc_impact_options o = rc_impact_default_options();
    o.op = op;
    o.order = order;
    return o;
}

rc_status scene_resolve_with(rc_impact_solver *solver, const scene *s, scene_outcome *out)
{
    memset(&out->result, 0, sizeof out->result);
    out->status = rc_impact_solver_resolve(solver, s->problem, &out->result);
    rc_impact_result *r = &out->result;
    if (r->velocity) memcpy(out->velocity, r->velocity, (size_t)r->dof_count * sizeof(double));
    if (r->normal_impulse) memcpy(out->impulse, r->normal_impulse, (size_t)r->contact_count * sizeof(double));
    if (r->lineality) memcpy(out->lineality, r->lineality, (size_t)r->lineality_count * sizeof(int));
    r->velocity = r->normal_impulse = NULL;
    r->lineality = NULL;
    return out->status;
}

rc_status scene_resolve(const scene *s, const rc_impact_options *options, scene_outcome *out)
{
    rc_impact_solver *solver = NULL;
    rc_status st = rc_impact_solver_create(options, &solver);
    CHECK(st == RC_STATUS_OK, "creating a solver: %s", rc_error_get());
    if (st != RC_STATUS_OK) abort();
    st = scene_resolve_with(solver, s, out);
    rc_impact_solver_destroy(solver);
    return st;
}

rc_impact_options scene_operator(int which)
{
    static const rc_gauss_seidel_order orders[] = {RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC, RC_GAUSS_SEIDEL_ORDER_SWEEP,
                                                   RC_GAUSS_SEIDEL_ORDER_RANDOM, RC_GAUSS_SEIDEL_ORDER_MOST_VIOLATED};
    if (which < 4) return scene_options(RC_IMPACT_OPERATOR_GS, orders[which]);
    return scene_options(RC_IMPACT_OPERATOR_GR, RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC);
}

const char *scene_operator_name(int which)
{
    static const char *const names[] = {"gs-lexicographic", "gs-sweep", "gs-random", "gs-most-violated", "gr"};
    return which >= 0 && which < SCENE_OPERATOR_COUNT ? names[which] : "?";
}
