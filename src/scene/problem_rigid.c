/* SPDX-License-Identifier: MIT */
/* Reading one entry of "rigid_bodies" (docs/formats.md, "A rigid body"): a disk (2D), a sphere (3D) or a box, its
 * pose, velocity, angular velocity and mass or density in the keys time-stepping scenes share (rigid_keys.c); the
 * engine's vocabulary (src/rigid/instant.c) checks them and makes the mass and inertia. */
#include <string.h>

#include "core/status.h"
#include "scene/problem.h"
#include "scene/rigid_keys.h"
#include "json/json_fields.h"

static const char *const rigid_keys[] = {"shape", "position", "orientation", "angle", "velocity", "angular_velocity",
                                         "mass",  "density",  NULL};
static const char *const round_keys[] = {"radius", NULL};
static const char *const box_keys[] = {"half_extents", "half", NULL};

static rc_status read_shape(const cJSON *item, const char *name, int dimension, rc_rigid_body_def *b)
{
    const char *shape, *round = dimension == 2 ? "disk" : "sphere";
    rc_status s = rc_json_string(item, name, "shape", true, &shape);
    if (s) return s;
    if (strcmp(shape, "box") == 0) b->shape = RC_RIGID_SHAPE_BOX;
    else if (strcmp(shape, round) == 0) b->shape = RC_RIGID_SHAPE_SPHERE;
    else if (strcmp(shape, "disk") == 0 || strcmp(shape, "sphere") == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.shape: \"%s\" does not fit dimension %d; use \"%s\"", name,
                       shape, dimension, round);
    else return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.shape: \"%s\" is not %s or box", name, shape, round);
    s = rc_json_check_keys(item, name, rigid_keys, b->shape == RC_RIGID_SHAPE_BOX ? box_keys : round_keys);
    if (s) return s;
    if (b->shape == RC_RIGID_SHAPE_SPHERE) return rc_json_size(item, name, "radius", true, &b->radius);
    return rc_json_half_extents(item, name, dimension, true, b->half);
}

rc_status rc_instant_read_rigid(const cJSON *item, const char *name, rc_instant *instant, rc_instant_body *body)
{
    int d = instant->dimension;
    rc_rigid_body_def b = rc_rigid_default_body_def();
    double angle = 0;
    rc_status s = read_shape(item, name, d, &b);
    if (!s) s = rc_instant_vector(item, name, "position", instant, true, b.position);
    if (!s) s = rc_json_orientation(item, name, d, b.orientation, &angle);
    if (!s) s = rc_instant_vector(item, name, "velocity", instant, false, b.velocity);
    if (!s && d == 2) s = rc_json_number(item, name, "angular_velocity", false, &b.angular_velocity[2]);
    if (!s && d == 3)
        s = rc_json_vector(item, name, "angular_velocity", 3, "dimension is 3", false, b.angular_velocity);
    if (!s) s = rc_json_mass(item, name, &b.mass, &b.density);
    return s ? s : rc_instant_rigid_make(instant, &b, angle, name, body);
}
