/* SPDX-License-Identifier: MIT */
/* Shapes of rigid bodies (shape.h): spheres (disks), boxes (rectangles) and convex hulls (polygons) with their
 * vertices, face normals, bounding radius, volume, and inertia at unit density or for a given mass: a sphere 2/5 r^2
 * per unit mass (a disk 1/2 r^2), a box (a^2 + b^2)/3 with half extents a, b, a hull by hull.c (docs/design.md, "The
 * time-stepped engine"; Vouga et al. 2017, section 2). */
#include "rigid/shape.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "core/vec.h"
#include "rigid/hull.h"

enum { PRISM = 4 }; /* a 2D prism's half thickness in bounding radii */

static rc_status push(double **array, int *count, int *capacity, const double *v)
{
    rc_status s = rc_grow((void **)array, capacity, 3 * (*count + 1), sizeof **array);
    if (!s) memcpy(*array + 3 * (*count)++, v, 3 * sizeof **array);
    return s;
}

static rc_status push_vertex(rc_rigid_pool *pool, const double *v)
{
    return push(&pool->vertices, &pool->vertex_count, &pool->vertex_capacity, v);
}

static rc_status push_normal(rc_rigid_pool *pool, const double *v)
{
    return push(&pool->normals, &pool->normal_count, &pool->normal_capacity, v);
}

/* The 2D prism's z: +-PRISM bounding radii (set after the in-plane bound is known). */
static void extrude(rc_rigid_pool *pool, const rc_rigid_geometry *g)
{
    for (int v = 0; v < g->vertex_count; v++) {
        double *x = pool->vertices + 3 * (g->first_vertex + v);
        x[2] = x[2] > 0 ? PRISM * g->bound : -PRISM * g->bound;
    }
}

/* The body-frame inertia about the centre of a sphere or box of mass m (at unit density m is the measure): a sphere
 * 2/5 m r^2 (a disk 1/2 m r^2), a box m (b^2 + c^2)/3, ... (a rectangle m (a^2 + b^2)/3; 2D: [8]). */
static void solid_inertia(int d, const rc_rigid_geometry *g, double m, double *inertia)
{
    memset(inertia, 0, 9 * sizeof *inertia);
    const double *h = g->half, r = g->radius;
    if (g->shape == RC_RIGID_SHAPE_SPHERE) {
        double k = d == 3 ? 0.4 : 0.5;
        for (int i = 0; i < 3; i++) inertia[4 * i] = d == 3 || i == 2 ? k * m * r * r : 0;
        return;
    }
    double sq[3] = {h[0] * h[0], h[1] * h[1], h[2] * h[2]};
    if (d == 3)
        for (int i = 0; i < 3; i++) inertia[4 * i] = m * (sq[(i + 1) % 3] + sq[(i + 2) % 3]) / 3;
    else inertia[8] = m * (sq[0] + sq[1]) / 3;
}

static rc_status box(int d, const double *half, rc_rigid_pool *pool, rc_rigid_geometry *g)
{
    rc_status s = RC_STATUS_OK;
    double *h = g->half;
    h[0] = half[0], h[1] = half[1], h[2] = d == 3 ? half[2] : 1;
    for (int v = 0; v < 8 && !s; v++) {
        double x[3] = {v & 1 ? h[0] : -h[0], v & 2 ? h[1] : -h[1], v & 4 ? h[2] : -h[2]};
        s = push_vertex(pool, x);
    }
    for (int axis = 0; axis < d && !s; axis++)
        for (int sign = -1; sign <= 1 && !s; sign += 2) {
            double n[3] = {0, 0, 0};
            n[axis] = sign;
            s = push_normal(pool, n);
        }
    g->measure = d == 3 ? 8 * h[0] * h[1] * h[2] : 4 * h[0] * h[1];
    solid_inertia(d, g, g->measure, g->inertia);
    g->bound = sqrt(h[0] * h[0] + h[1] * h[1] + (d == 3 ? h[2] * h[2] : 0));
    return s;
}

static rc_status hull(int d, const double *points, int32_t n, const char *name, rc_rigid_pool *pool,
                      rc_rigid_geometry *g, double *centre)
{
    rc_hull h;
    rc_status s = rc_hull_build(d, points, n, name, &h);
    if (s) return s;
    memcpy(centre, h.centre, sizeof h.centre);
    memcpy(g->inertia, h.inertia, sizeof h.inertia);
    g->measure = h.measure;
    for (int k = 0; k < h.vertex_count && !s; k++) {
        const double *p = points + d * h.vertices[k];
        double x[3] = {p[0] - h.centre[0], p[1] - h.centre[1], d == 3 ? p[2] - h.centre[2] : 0};
        g->bound = fmax(g->bound, rc_v3_norm(x));
        for (int side = 0; side < (d == 3 ? 1 : 2) && !s; side++) {
            if (d == 2) x[2] = side ? 1 : -1;
            s = push_vertex(pool, x);
        }
    }
    for (int k = 0; k < h.normal_count && !s; k++) s = push_normal(pool, h.normals + 3 * k);
    rc_hull_free(&h);
    return s;
}

rc_status rc_rigid_geometry_build(int d, rc_rigid_shape shape, double radius, const double *half, const double *points,
                                  int32_t point_count, const char *name, rc_rigid_pool *pool, rc_rigid_geometry *g,
                                  double *centre)
{
    memset(g, 0, sizeof *g);
    memset(centre, 0, 3 * sizeof *centre);
    g->shape = shape;
    g->first_vertex = pool->vertex_count;
    g->first_normal = pool->normal_count;
    rc_status s = RC_STATUS_OK;
    if (shape == RC_RIGID_SHAPE_SPHERE) {
        g->radius = g->bound = radius;
        g->measure = d == 3 ? 4 * M_PI / 3 * radius * radius * radius : M_PI * radius * radius;
        solid_inertia(d, g, g->measure, g->inertia);
    } else if (shape == RC_RIGID_SHAPE_BOX) {
        s = box(d, half, pool, g);
    } else {
        s = hull(d, points, point_count, name, pool, g, centre);
    }
    g->vertex_count = pool->vertex_count - g->first_vertex;
    g->normal_count = pool->normal_count - g->first_normal;
    if (!s && d == 2 && shape != RC_RIGID_SHAPE_SPHERE) extrude(pool, g);
    return s;
}

void rc_rigid_mass_properties(int d, const rc_rigid_geometry *g, double mass, double density, double *out_mass,
                              double *inertia)
{
    if (!(mass > 0)) {
        *out_mass = density * g->measure;
        for (int k = 0; k < 9; k++) inertia[k] = density * g->inertia[k];
    } else if (g->shape == RC_RIGID_SHAPE_HULL) {
        *out_mass = mass;
        for (int k = 0; k < 9; k++) inertia[k] = mass / g->measure * g->inertia[k];
    } else {
        *out_mass = mass;
        solid_inertia(d, g, mass, inertia);
    }
}

void rc_rigid_pool_free(rc_rigid_pool *pool)
{
    free(pool->vertices);
    free(pool->normals);
    memset(pool, 0, sizeof *pool);
}
