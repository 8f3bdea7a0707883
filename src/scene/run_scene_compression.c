/* SPDX-License-Identifier: MIT */
/* The "compression" of a scene file (docs/formats.md, "Compression"; Lubachevsky and Stillinger 1990, docs/edmd.md):
 * the growth rate, the one target of "until" (packing_fraction, reduced_pressure or jammed), the jamming pressure, the
 * window between rescalings, and what the run does at the target ("then": "stop" or "continue"). The engine checks
 * the numbers against the placed particles (a target below the start). */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const compression_keys[] = {"rate", "until", "jamming_pressure", "window", "then", NULL};
static const char *const until_keys[] = {"packing_fraction", "reduced_pressure", "jammed", NULL};

static rc_status read_until(const cJSON *section, rc_edmd_compression *c)
{
    const cJSON *until;
    rc_status s = rc_json_section(section, "compression", "until", until_keys, &until);
    if (s) return s;
    if (!until)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression.until is missing: give {\"packing_fraction\": phi}, "
                                                   "{\"reduced_pressure\": Z} or {\"jammed\": true}");
    if (cJSON_GetArraySize(until) != 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "compression.until: give exactly one of packing_fraction, "
                       "reduced_pressure, jammed (%d given)",
                       cJSON_GetArraySize(until));
    if (cJSON_HasObjectItem(until, "packing_fraction")) {
        s = rc_json_positive(until, "compression.until", "packing_fraction", true, &c->packing_fraction);
        if (!s && !(c->packing_fraction < 1))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression.until.packing_fraction: %g is not below 1",
                        c->packing_fraction);
        return s;
    }
    if (cJSON_HasObjectItem(until, "reduced_pressure"))
        return rc_json_positive(until, "compression.until", "reduced_pressure", true, &c->reduced_pressure);
    s = rc_json_flag(until, "compression.until", "jammed", &c->jammed);
    if (!s && !c->jammed) s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression.until.jammed: only true is a target");
    return s;
}

rc_status rc_run_read_compression(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *section;
    const char *then = NULL;
    scene->settings.compression_stops = false;
    rc_status s = rc_json_section(root, "", "compression", compression_keys, &section);
    if (s || !section) return s;
    rc_edmd_compression *c = &scene->def.compression;
    s = rc_json_positive(section, "compression", "rate", true, &c->rate);
    if (!s) s = read_until(section, c);
    if (!s && cJSON_HasObjectItem(section, "jamming_pressure"))
        s = rc_json_positive(section, "compression", "jamming_pressure", true, &c->jamming_pressure);
    if (!s && cJSON_HasObjectItem(section, "window"))
        s = rc_json_positive(section, "compression", "window", true, &c->window);
    if (!s) s = rc_json_string(section, "compression", "then", false, &then);
    if (!s && then && strcmp(then, "stop") != 0 && strcmp(then, "continue") != 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "compression.then: \"%s\" is not stop or continue", then);
    scene->settings.compression_stops = !then || strcmp(then, "stop") == 0;
    return s;
}
