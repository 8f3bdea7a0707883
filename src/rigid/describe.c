/* SPDX-License-Identifier: MIT */
/* What the bodies and static shapes of the time-stepped engine are (ricochet/rigid.h, rc_rigid_body_shape and
 * rc_rigid_static_shape): the kind, the radius or half extents, a hull's vertices in the body frame (a 2D polygon's
 * corners, taken from one face of the prism that contact detection keeps), and a static shape's pose, for pictures
 * and the run's DIRECTORY/shapes.json (docs/formats.md, "shapes.json"). */
#include <string.h>

#include "rigid/engine.h"

/* The kind, size and vertices of geometry g. A 2D hull's prism lists each corner twice, at -z then +z. */
static void describe(const rc_rigid *e, const rc_rigid_geometry *g, rc_rigid_shape_info *info, double *points)
{
    info->shape = g->shape;
    info->radius = g->shape == RC_RIGID_SHAPE_SPHERE ? g->radius : 0;
    for (int k = 0; k < 3; k++) info->half[k] = g->shape == RC_RIGID_SHAPE_BOX && k < e->d ? g->half[k] : 0;
    int stride = e->d == 2 ? 2 : 1;
    info->point_count = g->shape == RC_RIGID_SHAPE_HULL ? g->vertex_count / stride : 0;
    for (int32_t v = 0; points && v < info->point_count; v++) {
        memcpy(points + 3 * v, e->pool.vertices + 3 * (g->first_vertex + stride * v), 3 * sizeof *points);
        if (e->d == 2) points[3 * v + 2] = 0;
    }
}

int32_t rc_rigid_static_count(const rc_rigid *e) { return e->statics; }

void rc_rigid_body_shape(const rc_rigid *e, int32_t i, rc_rigid_shape_info *info, double *points)
{
    memset(info, 0, sizeof *info);
    describe(e, &e->geometry[i], info, points);
    info->ball = e->ball[i];
    memcpy(info->position, e->x + 3 * i, sizeof info->position);
    memcpy(info->orientation, e->q + 4 * i, sizeof info->orientation);
}

void rc_rigid_static_shape(const rc_rigid *e, int32_t s, rc_rigid_shape_info *info, double *points)
{
    memset(info, 0, sizeof *info);
    describe(e, &e->static_geometry[s], info, points);
    memcpy(info->position, e->sx + 3 * s, sizeof info->position);
    memcpy(info->orientation, e->sq + 4 * s, sizeof info->orientation);
    if (info->shape == RC_RIGID_SHAPE_PLANE) memcpy(info->normal, e->snormal + 3 * s, sizeof info->normal);
}
