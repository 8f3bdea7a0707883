/* SPDX-License-Identifier: MIT */
/* The shapes of a run's bodies and static shapes as the renderer keeps them (src/render/render_shapes.c reads them from
 * DIRECTORY/shapes.json, docs/formats.md; src/render/render_solids.c draws them): spheres, convex polytopes (boxes and
 * hulls: their corners in the body frame, and in 3D their faces) and planes. */
#ifndef RC_RENDER_SHAPES_H
#define RC_RENDER_SHAPES_H

#include "render/cairo_symbols.h"

#include "ricochet/render.h"

typedef enum rc_solid_kind { RC_SOLID_SPHERE, RC_SOLID_POLYTOPE, RC_SOLID_PLANE } rc_solid_kind;

typedef struct rc_render_solid {
    rc_solid_kind kind;
    double radius;                      /* sphere */
    int point_count;                    /* polytope: corners, 3 coordinates each in the body frame (2D: the */
    double *points;                     /* polygon, counter-clockwise, z = 0) */
    int face_count;                     /* 3D polytope: face f is the corners face_corner[face_first[f] .. */
    int *face_first, *face_corner;      /* face_first[f + 1] - 1], counter-clockwise seen from outside */
    double position[3], orientation[4]; /* static shapes: the pose (w, x, y, z); a plane's point */
    double normal[3];                   /* plane: unit, out of the solid side */
} rc_render_solid;

struct rc_render_shapes {
    int dimension;
    int32_t body_count, static_count;
    rc_render_solid *bodies, *statics;
};

#endif
