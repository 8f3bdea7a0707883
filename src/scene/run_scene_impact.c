/* SPDX-License-Identifier: MIT */
/* The scene's simultaneous-contact and collapse settings (docs/formats.md, "Scene files for ricochet run"):
 * "contact_tolerance", the "impact" section (the impact options of ricochet resolve, less the restitution, which is
 * the colliding contact's) and the "collapse" section (docs/design.md, "Inelastic collapse"). */
#include <math.h>

#include "core/status.h"
#include "scene/option_values.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const collapse_keys[] = {"contact_time",   "elastic_speed", "sleep",        "sleep_speed",
                                            "sleep_friction", "kick_speed",    "stall_events", NULL};

static rc_status read_impact(const cJSON *root, rc_edmd_def *def)
{
    const cJSON *impact;
    rc_status s = rc_json_section(root, "", "impact", rc_option_names, &impact);
    if (s || !impact) return s;
    if (cJSON_HasObjectItem(impact, "restitution"))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "impact.restitution: a cluster takes the restitution of the collision "
                       "that starts it (the top-level \"restitution\" or the wall's)");
    return rc_json_impact_options(impact, "impact", &def->impact);
}

static rc_status read_collapse(const cJSON *root, rc_edmd_def *def)
{
    const cJSON *c;
    rc_edmd_collapse *out = &def->collapse;
    rc_status s = rc_json_section(root, "", "collapse", collapse_keys, &c);
    if (s || !c) return s;
    s = rc_json_range(c, "collapse", "contact_time", false, 0, INFINITY, &out->contact_time);
    if (!s) s = rc_json_range(c, "collapse", "elastic_speed", false, 0, INFINITY, &out->elastic_speed);
    if (!s) s = rc_json_flag(c, "collapse", "sleep", &out->sleep);
    if (!s) s = rc_json_range(c, "collapse", "sleep_speed", false, 0, INFINITY, &out->sleep_speed);
    if (!s) s = rc_json_range(c, "collapse", "sleep_friction", false, 0, INFINITY, &out->sleep_friction);
    if (!s) s = rc_json_range(c, "collapse", "kick_speed", false, 0, INFINITY, &out->kick_speed);
    if (!s) s = rc_json_count(c, "collapse", "stall_events", false, UINT64_MAX, &out->stall_events, NULL);
    return s;
}

rc_status rc_run_read_contacts(const cJSON *root, rc_edmd_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    rc_status s = rc_json_range(root, "", "contact_tolerance", false, 0, 0.1, &def->contact_tolerance);
    if (!s && def->contact_tolerance != 0 && def->contact_tolerance < 1e-12)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "contact_tolerance: %g is not 0 (no clusters) or at least 1e-12",
                    def->contact_tolerance);
    if (!s) s = read_impact(root, def);
    if (!s) s = read_collapse(root, def);
    return s;
}
