/* SPDX-License-Identifier: MIT */
/* The sizes of a placement's particles (docs/formats.md, "particles: a placement"): one "diameter" (or "radius") and
 * "mass" for all, a mixture of "species" ({"diameter" or "radius", "mass", "fraction"} each, counts by largest
 * remainders, labels shuffled), or a continuous "size_distribution" ({"kind", "polydispersity", "mean", "truncate"})
 * with one "mass"; drawn by the engine's helpers (src/edmd/sizes.c) with the scene's stream of sizes (core/rng.h). */
#include <stdio.h>
#include <stdlib.h>

#include "core/rng.h"
#include "core/status.h"
#include "io/elements.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const species_keys[] = {"diameter", "radius", "mass", "fraction", "inertia", NULL};
static const char *const distribution_keys[] = {"kind", "polydispersity", "mean", "truncate", NULL};

/* The keys of the placement that the sizes of `key` replace, when one is given too. */
static rc_status check_alone(const cJSON *particles, const char *key, const char *const *replaced)
{
    for (int k = 0; replaced[k]; k++)
        if (cJSON_HasObjectItem(particles, replaced[k]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.%s: it replaces particles.%s; give one or the other",
                           key, replaced[k]);
    return RC_STATUS_OK;
}

static rc_status read_one_species(const cJSON *item, const char *name, rc_species *out)
{
    out->mass = 1;
    rc_status s = rc_json_expect_object(item, name);
    if (!s) s = rc_json_check_keys(item, name, species_keys, NULL);
    if (!s) s = rc_run_read_radius(item, name, &out->radius);
    if (!s) s = rc_json_size(item, name, "mass", false, &out->mass);
    if (!s) s = rc_json_range(item, name, "fraction", true, 0, 1, &out->fraction);
    return s;
}

static rc_status read_species(const cJSON *particles, rc_edmd_scene *scene)
{
    static const char *const replaced[] = {"diameter", "radius", "mass", "size_distribution", NULL};
    const cJSON *list;
    rc_status s = check_alone(particles, "species", replaced);
    if (!s) s = rc_json_list(particles, "particles", "species", true, &list);
    if (s) return s;
    int kinds = cJSON_GetArraySize(list);
    if (kinds == 0 || kinds > RC_ELEMENT_COUNT)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles.species: %d species, not 1 to %d (the chemical symbols of the "
                       "trajectory)",
                       kinds, (int)RC_ELEMENT_COUNT);
    rc_species *species = calloc((size_t)kinds, sizeof *species);
    if (!species) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for %d species", kinds);
    char name[RC_FIELD_NAME_SIZE];
    int k = 0;
    for (const cJSON *item = list->child; item && !s; item = item->next, k++) {
        rc_field_index(name, "particles.species", k);
        s = read_one_species(item, name, &species[k]);
    }
    const rc_edmd_def *def = &scene->def; /* the fractions' sum is checked there: "species: the fractions sum ..." */
    if (!s && rc_species_fill(kinds, species, def->count, rc_rng_stream_seed(scene->seed, RC_RNG_STREAM_SIZES),
                              scene->species, scene->radii, scene->masses))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.%s", rc_error_get());
    free(species);
    scene->def.species_count = kinds; /* the range of the species indices of "interactions" */
    return s;
}

static rc_status read_distribution(const cJSON *particles, rc_edmd_scene *scene)
{
    static const char *const replaced[] = {"diameter", "radius", NULL};
    const char *where = "particles.size_distribution", *kind;
    const cJSON *section;
    rc_size_distribution sizes = {.mean = 1, .truncate = 3};
    double mass = 1;
    rc_status s = check_alone(particles, "size_distribution", replaced);
    if (!s) s = rc_json_section(particles, "particles", "size_distribution", distribution_keys, &section);
    if (!s) s = rc_json_string(section, where, "kind", true, &kind);
    if (!s && rc_size_kind_parse(kind, &sizes.kind))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.kind: \"%s\" is not uniform, lognormal or gaussian", where, kind);
    if (!s) s = rc_json_number(section, where, "polydispersity", true, &sizes.polydispersity);
    if (!s) s = rc_json_size(section, where, "mean", false, &sizes.mean);
    if (!s && sizes.kind == RC_SIZE_KIND_UNIFORM && cJSON_HasObjectItem(section, "truncate"))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.truncate: a uniform distribution is bounded, not truncated", where);
    if (!s) s = rc_json_number(section, where, "truncate", false, &sizes.truncate);
    if (!s) s = rc_json_size(particles, "particles", "mass", false, &mass);
    if (!s && rc_size_distribution_sample(&sizes, scene->def.count,
                                          rc_rng_stream_seed(scene->seed, RC_RNG_STREAM_SIZES), scene->radii))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.%s", where, rc_error_get());
    for (int32_t i = 0; i < scene->def.count && !s; i++) scene->masses[i] = mass;
    return s;
}

rc_status rc_run_read_sizes(const cJSON *particles, rc_edmd_scene *scene)
{
    if (cJSON_HasObjectItem(particles, "species")) return read_species(particles, scene);
    if (cJSON_HasObjectItem(particles, "size_distribution")) return read_distribution(particles, scene);
    double radius = 0, mass = 1;
    rc_status s = rc_run_read_radius(particles, "particles", &radius);
    if (!s) s = rc_json_size(particles, "particles", "mass", false, &mass);
    for (int32_t i = 0; i < scene->def.count && !s; i++) scene->radii[i] = radius, scene->masses[i] = mass;
    return s;
}
