/* SPDX-License-Identifier: MIT */
/* Convex hulls of points and their mass properties: the 3D hull by incremental construction (triangles), the 2D hull
 * by Andrew's monotone chain, and the volume (area), centre of mass and inertia of the solid at unit density
 * (docs/design.md, "The time-stepped engine": convex hull bodies; Vouga et al. 2017, section 2: the inertia tensor). */
#ifndef RC_RIGID_HULL_H
#define RC_RIGID_HULL_H

#include "ricochet/core.h"

typedef struct rc_hull {
    int *vertices; /* indices into the input points of the hull's vertices (2D: counter-clockwise) */
    int vertex_count;
    double *normals; /* 3 per face: unit outward face normals, distinct (2D: edge normals with z = 0) */
    int normal_count;
    double measure;    /* volume (area in 2D) */
    double centre[3];  /* centre of mass of the uniform solid */
    double inertia[9]; /* inertia tensor about the centre at unit density (2D: only [8], about z) */
} rc_hull;

/* The hull of n points of `dimension` coordinates each. `name` prefixes the message on failure ("bodies[2].points:
 * all points lie in one plane"). Free with rc_hull_free. */
rc_status rc_hull_build(int dimension, const double *points, int n, const char *name, rc_hull *hull);
void rc_hull_free(rc_hull *hull);

#endif
