/* SPDX-License-Identifier: MIT */
/* The shapes of rigid bodies, for the time-stepped engine and for problem files alike: geometry in the body frame
 * (radius, half extents, vertices, face normals, bounding radius) and mass properties, from a density or a given
 * mass (docs/design.md, "The time-stepped engine": shapes and inertia; Vouga et al. 2017, section 2). A 2D box or polygon
 * is kept for contact detection as a prism along z, thick enough that no contact normal can point along z; its
 * dynamics stay 2D (docs/rigid.md, "2D"). */
#ifndef RC_RIGID_SHAPE_H
#define RC_RIGID_SHAPE_H

#include <stdint.h>

#include "ricochet/rigid.h"

typedef struct rc_rigid_geometry {
    rc_rigid_shape shape;
    double radius;                      /* sphere */
    double half[3];                     /* box: half extents (2D: the prism's [2] is 1) */
    double bound;                       /* bounding radius about the centre (2D: in the plane) */
    int32_t first_vertex, vertex_count; /* body-frame vertices in the pool (boxes and hulls) */
    int32_t first_normal, normal_count; /* body-frame outward face normals in the pool */
    double measure;                     /* volume (area in 2D) */
    double inertia[9];                  /* body-frame inertia about the centre at unit density (2D: [8]) */
} rc_rigid_geometry;

/* Vertices and face normals of every shape of an engine, 3 doubles each (capacities count doubles). */
typedef struct rc_rigid_pool {
    double *vertices, *normals;
    int vertex_count, vertex_capacity, normal_count, normal_capacity;
} rc_rigid_pool;

/* Builds the geometry of one shape (not a plane). A hull's points are moved so that its centre of mass is the
 * body-frame origin; *centre receives where that was in the points' frame. `name` prefixes failure messages. */
rc_status rc_rigid_geometry_build(int dimension, rc_rigid_shape shape, double radius, const double *half,
                                  const double *points, int32_t point_count, const char *name, rc_rigid_pool *pool,
                                  rc_rigid_geometry *g, double *centre);
/* The mass and body-frame inertia about the centre of mass (2D: inertia[8]) of a body of geometry g (not a plane):
 * the given mass when mass > 0, else density times the volume (area in 2D). */
void rc_rigid_mass_properties(int dimension, const rc_rigid_geometry *g, double mass, double density, double *out_mass,
                              double *inertia);
void rc_rigid_pool_free(rc_rigid_pool *pool);

#endif
