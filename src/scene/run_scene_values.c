/* SPDX-License-Identifier: MIT */
/* Vectors of an event-driven scene's dimension (2 or 3 entries, the rest zeroed), every failure naming the field. */
#include <stdio.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

rc_status rc_run_vector(const cJSON *object, const char *where, const char *key, int dimension, bool required,
                        double out[3])
{
    char why[32];
    snprintf(why, sizeof why, "dimension is %d", dimension);
    rc_status s = rc_json_vector(object, where, key, dimension, why, required, out);
    for (int k = dimension; k < 3; k++) out[k] = 0;
    return s;
}
