/* SPDX-License-Identifier: MIT */
/* The "barostat" of a scene file (docs/formats.md, "Barostat"; docs/edmd.md, "Barostat"): constant pressure through
 * Monte Carlo volume moves in ln V, into scene->def.barostat. The engine checks it against the rest of the scene
 * (periodic box, no walls, gravity, shear, compression or interactions, elastic collisions). */
#include <math.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const barostat_keys[] = {"pressure", "interval", "max_log_volume_step", "adapt_until", NULL};

rc_status rc_run_read_barostat(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *section;
    rc_status s = rc_json_section(root, "", "barostat", barostat_keys, &section);
    if (s || !section) return s;
    rc_edmd_barostat *b = &scene->def.barostat;
    s = rc_json_positive(section, "barostat", "pressure", true, &b->pressure);
    if (!s) s = rc_json_positive(section, "barostat", "interval", true, &b->interval);
    if (!s && cJSON_HasObjectItem(section, "max_log_volume_step"))
        s = rc_json_positive(section, "barostat", "max_log_volume_step", true, &b->max_log_volume_step);
    if (!s) s = rc_json_range(section, "barostat", "adapt_until", false, 0, INFINITY, &b->adapt_until);
    return s;
}
