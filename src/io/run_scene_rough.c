/* SPDX-License-Identifier: MIT */
/* The rough-particle keys of a scene file (docs/formats.md, "Rough particles"): "tangential_restitution" at the top
 * level, in "box" and per wall, Walton's "coulomb" section, the reduced moment "inertia" of the particles (at the
 * placement's level, per species or per explicit particle) and the "angular_velocity" of explicit particles. Read
 * after the world and the particles, so that the walls, the species labels and the particle arrays exist. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/status.h"
#include "io/json_fields.h"
#include "io/run_scene.h"

static const char *const coulomb_keys[] = {"friction", "tangential_restitution", NULL};

/* A reduced moment q in (0, 2/3] (3D) or (0, 1] (2D), named where.inertia. */
static rc_status read_inertia(const cJSON *item, const char *where, int dimension, double *q)
{
    double most = dimension == 3 ? 2.0 / 3 : 1;
    rc_status s = rc_json_range(item, where, "inertia", false, -INFINITY, INFINITY, q);
    if (!s && !(*q > 0 && *q <= most))
        s = rc_fail(RC_INVALID_ARGUMENT, "%s%sinertia: %g is not in (0, %s]", where, *where ? "." : "", *q,
                    dimension == 3 ? "2/3" : "1");
    return s;
}

static rc_status read_walls(const cJSON *root, rc_run_scene *scene)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "walls");
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_OK;
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
static rc_status read_inertias(const cJSON *root, rc_run_scene *scene)
{
    const cJSON *particles = cJSON_GetObjectItemCaseSensitive(root, "particles");
    int dimension = scene->def.dimension;
    int32_t n = scene->def.count;
    double fallback = dimension == 3 ? 0.4 : 0.5;
    scene->inertias = malloc((n > 0 ? (size_t)n : 1) * sizeof *scene->inertias);
    if (!scene->inertias) return rc_fail(RC_NO_MEMORY, "out of memory for %d moments of inertia", (int)n);
    for (int32_t k = 0; k < n; k++) scene->inertias[k] = fallback;
    scene->def.inertias = scene->inertias;
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_OK;
    if (cJSON_IsArray(particles)) { /* explicit particles */
        int32_t k = 0;
        for (const cJSON *item = particles->child; item && !s; item = item->next, k++) {
            rc_field_index(name, "particles", k);
            s = read_inertia(item, name, dimension, &scene->inertias[k]);
        }
        return s;
    }
    if (!cJSON_IsObject(particles)) return RC_OK;
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
static rc_status read_spins(const cJSON *root, rc_run_scene *scene)
{
    const cJSON *particles = cJSON_GetObjectItemCaseSensitive(root, "particles");
    if (!cJSON_IsArray(particles)) return RC_OK;
    int stride = scene->def.dimension == 3 ? 3 : 1;
    int32_t n = scene->def.count, k = 0;
    bool any = false;
    for (const cJSON *item = particles->child; item; item = item->next) any |= cJSON_HasObjectItem(item, "angular_velocity");
    if (!any) return RC_OK;
    scene->spins = calloc((n > 0 ? (size_t)n : 1) * (size_t)stride, sizeof *scene->spins);
    if (!scene->spins) return rc_fail(RC_NO_MEMORY, "out of memory for %d spins", (int)n);
    scene->def.angular_velocities = scene->spins;
    char name[RC_FIELD_NAME_SIZE];
    rc_status s = RC_OK;
    for (const cJSON *item = particles->child; item && !s; item = item->next, k++) {
        rc_field_index(name, "particles", k);
        if (stride == 3) s = rc_run_vector(item, name, "angular_velocity", 3, false, scene->spins + 3 * k);
        else s = rc_json_number(item, name, "angular_velocity", false, scene->spins + k);
    }
    return s;
}

rc_status rc_run_read_rough(const cJSON *root, rc_run_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    const cJSON *coulomb, *box = cJSON_GetObjectItemCaseSensitive(root, "box");
    rc_status s = rc_json_range(root, "", "tangential_restitution", false, -1, 1, &def->tangential_restitution);
    if (!s && cJSON_IsObject(box))
        s = rc_json_range(box, "box", "tangential_restitution", false, -1, 1, &def->box_tangential_restitution);
    if (!s) s = rc_json_section(root, "", "coulomb", coulomb_keys, &coulomb);
    if (!s && coulomb) {
        def->coulomb.on = true;
        s = rc_json_range(coulomb, "coulomb", "friction", true, 0, INFINITY, &def->coulomb.friction);
        if (!s) s = rc_json_range(coulomb, "coulomb", "tangential_restitution", false, -1, 1,
                                  &def->coulomb.tangential_restitution);
        if (!s && cJSON_HasObjectItem(root, "tangential_restitution"))
            s = rc_fail(RC_INVALID_ARGUMENT, "coulomb: replaces the top-level tangential_restitution (give "
                                             "coulomb.tangential_restitution); give one or the other");
    }
    if (!s) s = read_walls(root, scene);
    if (!s) s = read_inertias(root, scene);
    if (!s) s = read_spins(root, scene);
    return s;
}
