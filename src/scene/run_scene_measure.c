/* SPDX-License-Identifier: MIT */
/* The "measure" section of a scene (docs/formats.md, "Transport and structure"): what a run measures as it goes
 * (diffusion, viscosity, thermal conductivity, g(r), S(k)), from when, how often, the correlators' length, the blocks
 * of the errors and the fit window. The engine keeps the Helfand moments (def.transport) when viscosity or thermal
 * conductivity is asked for; its checks refuse what conserves no momentum or energy. */
#include <math.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const measure_keys[] = {
    "diffusion", "viscosity", "thermal_conductivity", "rdf",    "structure_factor",
    "from",      "interval",  "structure_interval",   "points", "blocks",
    "fit",       NULL};
static const char *const rdf_keys[] = {"bins", "range", NULL};

/* "rdf": true, false or {"bins", "range"}. */
static rc_status read_rdf(const cJSON *section, rc_run_measure *m)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(section, "rdf");
    if (!item || cJSON_IsBool(item)) return rc_json_flag(section, "measure", "rdf", &m->rdf);
    if (!cJSON_IsObject(item))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.rdf: give true, false or {\"bins\": N, \"range\": R}");
    const cJSON *rdf;
    uint64_t bins = 0;
    rc_status s = rc_json_section(section, "measure", "rdf", rdf_keys, &rdf);
    if (!s) s = rc_json_count(rdf, "measure.rdf", "bins", false, 10000000, &bins, NULL);
    if (!s && cJSON_HasObjectItem(rdf, "bins") && bins == 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.rdf.bins: 0 is not positive");
    if (!s && cJSON_HasObjectItem(rdf, "range")) s = rc_json_positive(rdf, "measure.rdf", "range", true, &m->rdf_range);
    m->rdf = true;
    m->rdf_bins = (int)bins;
    return s;
}

static rc_status read_numbers(const cJSON *section, rc_run_measure *m)
{
    uint64_t points = 16, blocks = 10;
    rc_status s = rc_json_range(section, "measure", "from", false, 0, INFINITY, &m->from);
    if (!s && cJSON_HasObjectItem(section, "interval"))
        s = rc_json_positive(section, "measure", "interval", true, &m->interval);
    if (!s && cJSON_HasObjectItem(section, "structure_interval"))
        s = rc_json_positive(section, "measure", "structure_interval", true, &m->structure_interval);
    if (!s) s = rc_json_count(section, "measure", "points", false, 100000, &points, NULL);
    if (!s && (points < 4 || points % 2))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.points: %llu is not an even number of at least 4",
                    (unsigned long long)points);
    if (!s) s = rc_json_count(section, "measure", "blocks", false, 1000, &blocks, NULL);
    if (!s && blocks < 2)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.blocks: %llu is fewer than 2", (unsigned long long)blocks);
    if (!s && cJSON_HasObjectItem(section, "fit")) {
        s = rc_json_vector(section, "measure", "fit", 2, "[t0, t1]", true, m->fit);
        if (!s && !(m->fit[0] >= 0 && m->fit[1] > m->fit[0]))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.fit: [%g, %g] is not two lag times 0 <= t0 < t1",
                        m->fit[0], m->fit[1]);
    }
    m->points = (int)points, m->blocks = (int)blocks;
    return s;
}

rc_status rc_run_read_measure(const cJSON *root, rc_edmd_scene *scene)
{
    rc_run_measure *m = &scene->settings.measure;
    const cJSON *section;
    rc_status s = rc_json_section(root, "", "measure", measure_keys, &section);
    m->points = 16, m->blocks = 10;
    if (s || !section) return s;
    s = rc_json_flag(section, "measure", "diffusion", &m->diffusion);
    if (!s) s = rc_json_flag(section, "measure", "viscosity", &m->viscosity);
    if (!s) s = rc_json_flag(section, "measure", "thermal_conductivity", &m->thermal_conductivity);
    if (!s) s = rc_json_flag(section, "measure", "structure_factor", &m->structure_factor);
    if (!s) s = read_rdf(section, m);
    if (!s) s = read_numbers(section, m);
    if (s) return s;
    m->on = m->diffusion || m->viscosity || m->thermal_conductivity || m->rdf || m->structure_factor;
    scene->def.transport = m->viscosity || m->thermal_conductivity;
    bool periodic = true;
    for (int a = 0; a < scene->def.dimension; a++) periodic &= scene->def.periodic[a];
    if (m->structure_factor && !periodic)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure.structure_factor: S(k) needs every axis periodic");
    return RC_STATUS_OK;
}
