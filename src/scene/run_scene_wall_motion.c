/* SPDX-License-Identifier: MIT */
/* What a scene wall does besides standing still (docs/formats.md, "walls"; docs/edmd.md, "Oscillating walls", "Thermal
 * walls"): its "oscillation", the plate's displacement along its normal, amplitude sin(angular_frequency t + phase),
 * the frequency given as angular_frequency or as period (2 pi / period), into the wall's rc_wall_oscillation; and its
 * "thermal" section, a temperature and an accommodation coefficient, into rc_wall_thermal (such a wall takes no
 * restitution). The engine checks the combinations with the rest of the scene. */
#include <math.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const oscillation_keys[] = {"amplitude", "angular_frequency", "period", "phase", NULL};
static const char *const thermal_keys[] = {"temperature", "accommodation", NULL};

static rc_status read_thermal(const cJSON *item, const char *name, rc_wall *wall)
{
    const cJSON *section;
    rc_status s = rc_json_section(item, name, "thermal", thermal_keys, &section);
    if (s || !section) return s;
    char where[RC_FIELD_NAME_SIZE];
    rc_field_name(where, name, "thermal");
    if (cJSON_HasObjectItem(item, "restitution"))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.restitution: a thermal wall takes no restitution", name);
    s = rc_json_positive(section, where, "temperature", true, &wall->thermal.temperature);
    if (!s && cJSON_HasObjectItem(section, "accommodation")) {
        s = rc_json_positive(section, where, "accommodation", true, &wall->thermal.accommodation);
        if (!s && wall->thermal.accommodation > 1)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.accommodation: %g is not in (0, 1]", where,
                        wall->thermal.accommodation);
    }
    return s;
}

rc_status rc_run_read_wall_motion(const cJSON *item, const char *name, rc_wall *wall)
{
    rc_status s = read_thermal(item, name, wall);
    if (s) return s;
    const cJSON *section;
    s = rc_json_section(item, name, "oscillation", oscillation_keys, &section);
    if (s || !section) return s;
    char where[RC_FIELD_NAME_SIZE];
    rc_field_name(where, name, "oscillation");
    rc_wall_oscillation *o = &wall->oscillation;
    bool by_frequency = cJSON_HasObjectItem(section, "angular_frequency"),
         by_period = cJSON_HasObjectItem(section, "period");
    if (by_frequency == by_period)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: give one of angular_frequency and period", where);
    s = rc_json_positive(section, where, "amplitude", true, &o->amplitude);
    if (!s && by_frequency) s = rc_json_positive(section, where, "angular_frequency", true, &o->angular_frequency);
    if (!s && by_period) {
        double period = 0;
        s = rc_json_positive(section, where, "period", true, &period);
        o->angular_frequency = 2 * M_PI / period;
    }
    if (!s) s = rc_json_number(section, where, "phase", false, &o->phase);
    return s;
}
