/* Reading one entry of "rigid_bodies" (docs/formats.md): a disk (2D), a sphere (3D) or a box, its pose, velocity,
 * angular velocity and mass (given, or from a density), and the inertia that follows from shape and mass. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/status.h"
#include "io/json_fields.h"
#include "io/scene.h"
#include "io/shapes.h"

static const char *const rigid_keys[] = {"shape", "position", "orientation", "velocity", "angular_velocity",
                                         "mass", "density", NULL};
static const char *const round_keys[] = {"radius", NULL};
static const char *const box_keys[] = {"half_extents", NULL};

static rc_status read_shape(const cJSON *item, const char *name, int dimension, rc_scene_body *b)
{
    const char *shape, *round = dimension == 2 ? "disk" : "sphere";
    rc_status s = rc_json_string(item, name, "shape", true, &shape);
    if (s) return s;
    if (strcmp(shape, "box") == 0) b->shape = RC_SHAPE_BOX;
    else if (strcmp(shape, round) == 0) b->shape = RC_SHAPE_ROUND;
    else if (strcmp(shape, "disk") == 0 || strcmp(shape, "sphere") == 0)
        return rc_fail(RC_INVALID_ARGUMENT, "%s.shape: \"%s\" does not fit dimension %d; use \"%s\"", name, shape,
                       dimension, round);
    else return rc_fail(RC_INVALID_ARGUMENT, "%s.shape: \"%s\" is not %s or box", name, shape, round);
    s = rc_json_check_keys(item, name, rigid_keys, b->shape == RC_SHAPE_BOX ? box_keys : round_keys);
    if (s) return s;
    if (b->shape == RC_SHAPE_ROUND) return rc_json_positive(item, name, "radius", true, &b->radius);
    char why[32], entry[RC_FIELD_NAME_SIZE];
    snprintf(why, sizeof why, "dimension is %d", dimension);
    if ((s = rc_json_vector(item, name, "half_extents", dimension, why, true, b->half))) return s;
    for (int i = 0; i < dimension; i++)
        if (!(b->half[i] > 0)) {
            rc_field_name(entry, name, "half_extents");
            return rc_fail(RC_INVALID_ARGUMENT, "%s[%d]: %g is not positive", entry, i, b->half[i]);
        }
    return RC_OK;
}

/* 2D: an angle in radians; 3D: a quaternion [w, x, y, z], normalised here. */
static rc_status read_orientation(const cJSON *item, const char *name, int dimension, rc_scene_body *b)
{
    if (dimension == 2) {
        double angle = 0;
        rc_status s = rc_json_number(item, name, "orientation", false, &angle);
        if (!s) rc_rotation_from_angle(angle, b->rotation);
        return s;
    }
    double q[4] = {1, 0, 0, 0}, norm = 0;
    rc_status s = rc_json_vector(item, name, "orientation", 4, "a quaternion [w, x, y, z] has 4", false, q);
    if (s) return s;
    for (int i = 0; i < 4; i++) norm += q[i] * q[i];
    norm = sqrt(norm);
    if (!(norm > 1e-150) || !isfinite(norm))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.orientation: the quaternion has length %g; it must be nonzero", name,
                       norm);
    for (int i = 0; i < 4; i++) q[i] /= norm;
    rc_rotation_from_quaternion(q, b->rotation);
    return RC_OK;
}

static rc_status read_mass(const cJSON *item, const char *name, int dimension, rc_scene_body *b)
{
    bool has_mass = cJSON_GetObjectItemCaseSensitive(item, "mass") != NULL;
    double density = 0;
    if (has_mass && cJSON_GetObjectItemCaseSensitive(item, "density"))
        return rc_fail(RC_INVALID_ARGUMENT, "%s: give mass or density, not both", name);
    if (has_mass || !cJSON_GetObjectItemCaseSensitive(item, "density"))
        return rc_json_positive(item, name, "mass", false, &b->mass);
    rc_status s = rc_json_positive(item, name, "density", true, &density);
    if (s) return s;
    b->mass = density * rc_shape_measure(b, dimension);
    if (!(b->mass > 0) || !isfinite(b->mass))
        return rc_fail(RC_INVALID_ARGUMENT, "%s.density: %g gives the mass %g, which is not positive and finite",
                       name, density, b->mass);
    return RC_OK;
}

rc_status rc_scene_read_rigid(const cJSON *item, const char *name, const rc_scene *scene, rc_scene_body *b)
{
    int d = scene->dimension;
    rc_status s = read_shape(item, name, d, b);
    if (!s) s = rc_scene_vector(item, name, "position", scene, true, b->position);
    if (!s) s = read_orientation(item, name, d, b);
    if (!s) s = rc_scene_vector(item, name, "velocity", scene, false, b->velocity);
    if (!s && d == 2) s = rc_json_number(item, name, "angular_velocity", false, &b->angular_velocity[0]);
    if (!s && d == 3) s = rc_json_vector(item, name, "angular_velocity", 3, "dimension is 3", false,
                                         b->angular_velocity);
    if (!s) s = read_mass(item, name, d, b);
    if (s) return s;
    rc_shape_inertia(b, d);
    return RC_OK;
}
