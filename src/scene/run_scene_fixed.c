/* SPDX-License-Identifier: MIT */
/* The "fixed" key of explicit particles in a scene file (docs/formats.md, "particles: an explicit list"; docs/edmd.md,
 * "Fixed obstacles"): a fixed particle never moves. A listed velocity on it is refused; velocities drawn from
 * "temperature" are set to zero on it. Read after the particles. */
#include <stdlib.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

rc_status rc_run_read_fixed(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *particles = cJSON_GetObjectItemCaseSensitive(root, "particles");
    if (!cJSON_IsArray(particles)) return RC_STATUS_OK;
    bool any = false;
    for (const cJSON *item = particles->child; item; item = item->next) any |= cJSON_HasObjectItem(item, "fixed");
    if (!any) return RC_STATUS_OK;
    int32_t n = scene->def.count, k = 0;
    scene->fixed = calloc(n > 0 ? (size_t)n : 1, sizeof *scene->fixed);
    if (!scene->fixed) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for %d fixed flags", (int)n);
    scene->def.fixed = scene->fixed;
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_STATUS_OK;
    for (const cJSON *item = particles->child; item && !s; item = item->next, k++) {
        rc_field_index(name, "particles", k);
        s = rc_json_flag(item, name, "fixed", &scene->fixed[k]);
        if (s || !scene->fixed[k]) continue;
        if (cJSON_HasObjectItem(item, "velocity"))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.velocity: a fixed particle never moves; give it no velocity",
                        name);
        for (int a = 0; a < 3; a++) scene->velocities[3 * k + a] = 0; /* drawn from the temperature */
    }
    return s;
}
