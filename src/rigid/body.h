/* SPDX-License-Identifier: MIT */
/* One rigid body from its definition, for the time-stepped engine and for problem files alike: checks, geometry,
 * orientation, mass and inertia (body.c; Vouga et al. 2017, section 2). */
#ifndef RC_RIGID_BODY_H
#define RC_RIGID_BODY_H

#include "ricochet/rigid.h"
#include "rigid/shape.h"

/* What a body definition makes. */
typedef struct rc_rigid_body_properties {
    rc_rigid_geometry geometry; /* its vertices and normals in the pool */
    double orientation[4];      /* the definition's quaternion, normalised */
    double mass;
    double inertia[9]; /* body frame, about the centre of mass; 2D: inertia[8] */
} rc_rigid_body_properties;

/* Checks a shape's size fields and builds its geometry into pool (not a plane); name is "bodies[3]", "static[1]" or
 * "rigid_bodies[0]". centre: as for rc_rigid_geometry_build. */
rc_status rc_rigid_shape_prepare(int dimension, rc_rigid_shape shape, double radius, const double *half,
                                 const double *points, int32_t count, const char *name, rc_rigid_pool *pool,
                                 rc_rigid_geometry *g, double *centre);
/* Checks a placement: finite, in the plane in 2D, a nonzero quaternion (about z in 2D), normalised into q. */
rc_status rc_rigid_placement_check(int dimension, const char *name, const double *position, const double *orientation,
                                   double *q);
/* Checks every field of body b (rc_error_get() names it: "bodies[3].radius: -1 is not a positive number") and
 * makes its properties. */
rc_status rc_rigid_body_prepare(int dimension, const rc_rigid_body_def *b, const char *name, rc_rigid_pool *pool,
                                rc_rigid_body_properties *out);

#endif
