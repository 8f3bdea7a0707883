/* SPDX-License-Identifier: MIT */
/* One rigid body from its definition (ricochet/rigid.h), for the time-stepped engine and for problem files alike:
 * the checks of its fields (every message names the body and the field), its shape's geometry, its unit orientation,
 * and its mass and inertia from its density or its given mass (Vouga et al. 2017, section 2; docs/rigid.md). */
#include "rigid/body.h"

#include <math.h>
#include <stdio.h>

#include "core/range.h"
#include "core/status.h"
#include "core/vec.h"

rc_status rc_rigid_shape_prepare(int d, rc_rigid_shape shape, double radius, const double *half, const double *points,
                                 int32_t count, const char *name, rc_rigid_pool *pool, rc_rigid_geometry *g,
                                 double *centre)
{
    char field[96];
    if (shape == RC_RIGID_SHAPE_SPHERE && !(radius > 0 && isfinite(radius)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.radius: %g is not a positive number", name, radius);
    for (int i = 0; shape == RC_RIGID_SHAPE_BOX && i < d; i++)
        if (!(half[i] > 0 && isfinite(half[i])))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.half_extents[%d]: %g is not a positive number", name, i,
                           half[i]);
    if (shape == RC_RIGID_SHAPE_HULL && (!points || count < 0 || !rc_vn_finite(points, d * count)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.points: missing or not finite", name);
    if ((unsigned)shape > RC_RIGID_SHAPE_HULL)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.shape: %d is not a sphere, box or hull", name, (int)shape);
    snprintf(field, sizeof field, "%s.points", name);
    return rc_rigid_geometry_build(d, shape, radius, half, points, count, field, pool, g, centre);
}

/* rc_range_check of name's field: the bound both engines share (core/range.h). */
static rc_status in_range(const char *name, const char *field, const double *v)
{
    char full[112];
    snprintf(full, sizeof full, "%s.%s", name, field);
    return rc_range_check(full, v, 3);
}

rc_status rc_rigid_placement_check(int d, const char *name, const double *position, const double *orientation,
                                   double *q)
{
    if (!rc_vn_finite(position, 3)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.position: not finite", name);
    rc_status s = in_range(name, "position", position);
    if (s) return s;
    if (d == 2 && position[2] != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.position[2]: %g in 2D", name, position[2]);
    double len = sqrt(orientation[0] * orientation[0] + orientation[1] * orientation[1] +
                      orientation[2] * orientation[2] + orientation[3] * orientation[3]);
    if (!rc_vn_finite(orientation, 4) || !(len > 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.orientation: not a nonzero quaternion", name);
    if (d == 2 && (orientation[1] != 0 || orientation[2] != 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.orientation: a 2D rotation is about z only (x = y = 0)", name);
    for (int i = 0; i < 4; i++) q[i] = orientation[i] / len;
    return RC_STATUS_OK;
}

rc_status rc_rigid_body_prepare(int d, const rc_rigid_body_def *b, const char *name, rc_rigid_pool *pool,
                                rc_rigid_body_properties *out)
{
    double centre[3];
    rc_status s = rc_rigid_placement_check(d, name, b->position, b->orientation, out->orientation);
    if (!s)
        s = rc_rigid_shape_prepare(d, b->shape, b->radius, b->half, b->points, b->point_count, name, pool,
                                   &out->geometry, centre);
    if (s) return s;
    if (!(b->mass >= 0 && isfinite(b->mass)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.mass: %g is not a positive number", name, b->mass);
    if (b->mass == 0 && !(b->density > 0 && isfinite(b->density)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.density: %g is not a positive number", name, b->density);
    if (b->ball && b->shape != RC_RIGID_SHAPE_SPHERE)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.ball: only a sphere can be a ball", name);
    if (!rc_vn_finite(b->velocity, 3) || !rc_vn_finite(b->angular_velocity, 3))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.velocity: not finite", name);
    s = in_range(name, "velocity", b->velocity);
    if (!s) s = in_range(name, "angular_velocity", b->angular_velocity);
    if (s) return s;
    if (d == 2 && (b->velocity[2] != 0 || b->angular_velocity[0] != 0 || b->angular_velocity[1] != 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: a 2D body moves in the plane and turns about z only", name);
    rc_rigid_mass_properties(d, &out->geometry, b->mass, b->density, &out->mass, out->inertia);
    if (!(out->mass > 0 && isfinite(out->mass)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.density: %g gives the mass %g, which is not a positive number",
                       name, b->density, out->mass);
    return RC_STATUS_OK;
}
