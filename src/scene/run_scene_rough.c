/* SPDX-License-Identifier: MIT */
/* The rough-particle keys of a scene file (docs/formats.md, "Rough particles"): "tangential_restitution" at the top
 * level, in "box", per wall and per pair of species (an "interactions" entry), Walton's "coulomb" section (top level
 * and per pair), the reduced moment "inertia" of the particles (at the
 * placement's level, per species or per explicit particle) and the "angular_velocity" of explicit particles. Read
 * after the world and the particles, so that the walls, the species labels and the particle arrays exist. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const coulomb_keys[] = {"friction", "tangential_restitution", NULL};

/* A reduced moment q in (0, 2/3] (3D) or (0, 1] (2D), named where.inertia. */
static rc_status read_inertia(const cJSON *item, const char *where, int dimension, double *q)
{
    double most = dimension == 3 ? 2.0 / 3 : 1;
    rc_status s = rc_json_range(item, where, "inertia", false, -INFINITY, INFINITY, q);
    if (!s && !(*q > 0 && *q <= most))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s%sinertia: %g is not in (0, %s]", where, *where ? "." : "", *q,
                    dimension == 3 ? "2/3" : "1");
    return s;
}

static rc_status read_walls(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "walls");
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_STATUS_OK;
    for (int32_t i = 0; i < scene->def.wall_count && !s; i++) {
        const cJSON *item = cJSON_GetArrayItem(list, i);
        rc_wall *w = &scene->walls[i];
        rc_field_index(name, "walls", i);
        w->tangential_restitution = -1;
        s = rc_json_range(item, name, "tangential_restitution", false, -1, 1, &w->tangential_restitution);
        w->rough = w->tangential_restitution > -1;
    }
    return s;
}

/* The per-particle moments, from the placement's "inertia", its species' or the explicit particles'. */
static rc_status read_inertias(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *particles = cJSON_GetObjectItemCaseSensitive(root, "particles");
    int dimension = scene->def.dimension;
    int32_t n = scene->def.count;
    double fallback = dimension == 3 ? 0.4 : 0.5;
    scene->inertias = malloc((n > 0 ? (size_t)n : 1) * sizeof *scene->inertias);
    if (!scene->inertias) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for %d moments of inertia", (int)n);
    for (int32_t k = 0; k < n; k++) scene->inertias[k] = fallback;
    scene->def.inertias = scene->inertias;
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_STATUS_OK;
    if (cJSON_IsArray(particles)) { /* explicit particles */
        int32_t k = 0;
        for (const cJSON *item = particles->child; item && !s; item = item->next, k++) {
            rc_field_index(name, "particles", k);
            s = read_inertia(item, name, dimension, &scene->inertias[k]);
        }
        return s;
    }
    if (!cJSON_IsObject(particles)) return RC_STATUS_OK;
    double q = fallback;
    s = read_inertia(particles, "particles", dimension, &q);
    for (int32_t k = 0; k < n; k++) scene->inertias[k] = q;
    const cJSON *species = cJSON_GetObjectItemCaseSensitive(particles, "species");
    int kinds = cJSON_IsArray(species) ? cJSON_GetArraySize(species) : 0;
    for (int kind = 0; kind < kinds && !s; kind++) {
        rc_field_index(name, "particles.species", kind);
        double own = fallback;
        s = read_inertia(cJSON_GetArrayItem(species, kind), name, dimension, &own);
        for (int32_t k = 0; k < n && !s; k++)
            if (scene->species[k] == kind) scene->inertias[k] = own;
    }
    return s;
}

/* "angular_velocity" of explicit particles: a 3-vector in 3D, a number (the z component) in 2D. */
static rc_status read_spins(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *particles = cJSON_GetObjectItemCaseSensitive(root, "particles");
    if (!cJSON_IsArray(particles)) return RC_STATUS_OK;
    int stride = scene->def.dimension == 3 ? 3 : 1;
    int32_t n = scene->def.count, k = 0;
    bool any = false;
    for (const cJSON *item = particles->child; item; item = item->next)
        any |= cJSON_HasObjectItem(item, "angular_velocity");
    if (!any) return RC_STATUS_OK;
    scene->spins = calloc((n > 0 ? (size_t)n : 1) * (size_t)stride, sizeof *scene->spins);
    if (!scene->spins) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for %d spins", (int)n);
    scene->def.angular_velocities = scene->spins;
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_STATUS_OK;
    for (const cJSON *item = particles->child; item && !s; item = item->next, k++) {
        rc_field_index(name, "particles", k);
        if (stride == 3) s = rc_run_vector(item, name, "angular_velocity", 3, false, scene->spins + 3 * k);
        else s = rc_json_number(item, name, "angular_velocity", false, scene->spins + k);
    }
    return s;
}

/* The "tangential_restitution" and "coulomb" of item (named name, "" at the top level) into beta and *coulomb. */
static rc_status read_rule(const cJSON *item, const char *name, double *beta, rc_edmd_coulomb *coulomb)
{
    const cJSON *section;
    char where[RC_FIELD_NAME_SIZE];
    rc_field_name(where, name, "coulomb");
    rc_status s = rc_json_range(item, name, "tangential_restitution", false, -1, 1, beta);
    if (!s) s = rc_json_section(item, name, "coulomb", coulomb_keys, &section);
    if (s || !section) return s;
    coulomb->on = true;
    coulomb->tangential_restitution = 1;
    s = rc_json_range(section, where, "friction", true, 0, INFINITY, &coulomb->friction);
    if (!s) s = rc_json_range(section, where, "tangential_restitution", false, -1, 1, &coulomb->tangential_restitution);
    if (!s && cJSON_HasObjectItem(item, "tangential_restitution"))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "%s: replaces the %s tangential_restitution (give "
                    "%s.tangential_restitution); give one or the other",
                    where, *name ? name : "top-level", where);
    return s;
}

/* The rough rules of the "interactions" entries that give one: per pair of species. */
static rc_status read_pairs(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "interactions");
    int entries = cJSON_IsArray(list) ? cJSON_GetArraySize(list) : 0, k = 0, count = 0;
    if (entries == 0) return RC_STATUS_OK;
    scene->pair_roughness = calloc((size_t)entries, sizeof *scene->pair_roughness);
    if (!scene->pair_roughness) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for the interactions");
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_STATUS_OK;
    for (const cJSON *entry = list->child; entry && !s; entry = entry->next, k++) {
        if (!cJSON_HasObjectItem(entry, "tangential_restitution") && !cJSON_HasObjectItem(entry, "coulomb")) continue;
        rc_field_index(name, "interactions", k);
        rc_pair_roughness *p = &scene->pair_roughness[count++];
        double species[2] = {0, 0}; /* checked by the interactions' reader */
        s = rc_json_vector(entry, name, "species", 2, "a pair of species", true, species);
        p->species[0] = (int32_t)species[0], p->species[1] = (int32_t)species[1];
        p->tangential_restitution = -1;
        if (!s) s = read_rule(entry, name, &p->tangential_restitution, &p->coulomb);
    }
    scene->def.pair_roughness = count > 0 ? scene->pair_roughness : NULL;
    scene->def.pair_roughness_count = count;
    return s;
}

rc_status rc_run_read_rough(const cJSON *root, rc_edmd_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    const cJSON *box = cJSON_GetObjectItemCaseSensitive(root, "box");
    rc_status s = read_rule(root, "", &def->tangential_restitution, &def->coulomb);
    if (!s && cJSON_IsObject(box))
        s = rc_json_range(box, "box", "tangential_restitution", false, -1, 1, &def->box_tangential_restitution);
    if (!s) s = read_pairs(root, scene);
    if (!s) s = read_walls(root, scene);
    if (!s) s = read_inertias(root, scene);
    if (!s) s = read_spins(root, scene);
    return s;
}
