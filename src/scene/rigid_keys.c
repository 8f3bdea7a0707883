/* SPDX-License-Identifier: MIT */
/* The rigid-body keys shared by problem files and time-stepping scenes (rigid_keys.h; docs/formats.md, "A rigid
 * body" and "bodies"): one spelling for both, the old scene spellings "half" and "angle" still read with a
 * deprecation warning, both spellings at once an error naming both. */
#include "scene/rigid_keys.h"

#include <stdio.h>

#include "core/status.h"
#include "core/vec.h"
#include "json/json_fields.h"

/* Which of key and its deprecated spelling `old` the item has: *chosen is NULL when neither. */
static rc_status spelling(const cJSON *item, const char *name, const char *key, const char *old, const char **chosen)
{
    bool has_key = cJSON_HasObjectItem(item, key), has_old = cJSON_HasObjectItem(item, old);
    *chosen = has_key ? key : has_old ? old : NULL;
    if (has_key && has_old)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: give \"%s\" or the deprecated \"%s\", not both", name, key,
                       old);
    if (has_old) rc_warn(old, "%s.%s: \"%s\" is deprecated; write \"%s\"", name, old, old, key);
    return RC_STATUS_OK;
}

rc_status rc_json_half_extents(const cJSON *item, const char *name, int d, bool required, double *half)
{
    const char *key;
    char why[32];
    snprintf(why, sizeof why, "dimension is %d", d);
    rc_status s = spelling(item, name, "half_extents", "half", &key);
    if (!s) s = rc_json_vector(item, name, key ? key : "half_extents", d, why, required, half);
    char entry[RC_FIELD_NAME_SIZE], field[RC_FIELD_NAME_SIZE];
    rc_field_name(field, name, key ? key : "half_extents");
    for (int k = 0; k < d && !s && (key || required); k++) {
        rc_field_index(entry, field, k);
        s = rc_size_check(entry, half[k]);
    }
    return s;
}

rc_status rc_json_orientation(const cJSON *item, const char *name, int d, double *q, double *angle)
{
    if (d == 3) {
        if (cJSON_HasObjectItem(item, "angle"))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "%s.angle: a 3D orientation is a quaternion; give \"orientation\": "
                           "[w, x, y, z]",
                           name);
        return rc_json_vector(item, name, "orientation", 4, "a quaternion [w, x, y, z] has 4", false, q);
    }
    const char *key;
    rc_status s = spelling(item, name, "orientation", "angle", &key);
    if (!s && key) s = rc_json_number(item, name, key, true, angle);
    if (!s) rc_quat_from_angle(*angle, q);
    return s;
}

rc_status rc_json_mass(const cJSON *item, const char *name, double *mass, double *density)
{
    if (cJSON_HasObjectItem(item, "mass") && cJSON_HasObjectItem(item, "density"))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: give mass or density, not both", name);
    /* a mass is checked here: the engine takes 0 for "from the density", which a file cannot mean */
    rc_status s = cJSON_HasObjectItem(item, "mass") ? rc_json_size(item, name, "mass", true, mass) : RC_STATUS_OK;
    return s ? s : rc_json_size(item, name, "density", false, density);
}
