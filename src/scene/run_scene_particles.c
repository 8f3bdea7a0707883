/* SPDX-License-Identifier: MIT */
/* The particles of a scene file (docs/formats.md, "Scene files for ricochet run"): a lattice or random placement
 * ({"lattice", "count", "packing_fraction", and the sizes: "diameter" or "radius" and "mass", "species" or
 * "size_distribution" (run_scene_sizes.c); the box sized by the packing fraction when it is given), an explicit list
 * of particles, or a saved state ({"file", "frame"}, run_scene_saved.c), then their velocities: Maxwell-Boltzmann at
 * "temperature" (seeded), or as listed or saved. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/status.h"
#include "core/vec.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const lattice_keys[] = {"lattice", "count",   "packing_fraction",  "diameter", "radius",
                                           "mass",    "species", "size_distribution", "inertia",  "chains",
                                           NULL};
static const char *const particle_keys[] = {"position", "velocity", "radius",           "diameter", "mass",
                                            "species",  "inertia",  "angular_velocity", "fixed",    NULL};

rc_status rc_run_allocate_particles(rc_edmd_scene *scene, int32_t count)
{
    size_t n = (size_t)count;
    scene->positions = calloc(3 * n, sizeof(double));
    scene->velocities = calloc(3 * n, sizeof(double));
    scene->radii = calloc(n, sizeof(double));
    scene->masses = calloc(n, sizeof(double));
    scene->species = calloc(n, sizeof(int32_t));
    if (!scene->positions || !scene->velocities || !scene->radii || !scene->masses || !scene->species)
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for %d particles", (int)count);
    rc_edmd_def *def = &scene->def;
    def->count = count;
    def->positions = scene->positions;
    def->velocities = scene->velocities;
    def->radii = scene->radii;
    def->masses = scene->masses;
    def->species = scene->species;
    return RC_STATUS_OK;
}

rc_status rc_run_read_radius(const cJSON *item, const char *name, double *radius)
{
    bool has_radius = cJSON_HasObjectItem(item, "radius"), has_diameter = cJSON_HasObjectItem(item, "diameter");
    if (has_radius && has_diameter)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: give radius or diameter, not both", name);
    if (!has_diameter) return rc_json_size(item, name, "radius", true, radius);
    double diameter = 0;
    rc_status s = rc_json_size(item, name, "diameter", true, &diameter);
    *radius = diameter / 2;
    return s;
}

static rc_status read_placement(const cJSON *particles, int dimension, rc_placement *placement)
{
    const char *name;
    rc_status s = rc_json_string(particles, "particles", "lattice", true, &name);
    if (s) return s;
    if (rc_placement_parse(name, placement))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles.lattice: \"%s\" is not fcc, simple_cubic, square, hexagonal "
                       "or random",
                       name);
    int needs = *placement == RC_PLACEMENT_FCC || *placement == RC_PLACEMENT_SIMPLE_CUBIC ? 3
                : *placement == RC_PLACEMENT_RANDOM                                       ? dimension
                                                                                          : 2;
    if (needs != dimension)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.lattice: %s needs dimension %d, the scene has %d", name,
                       needs, dimension);
    return RC_STATUS_OK;
}

/* Sizes the box to the packing fraction (keeping the shape of box.size, a cube or square without it). */
static rc_status size_box(const cJSON *particles, rc_edmd_scene *scene, double *fraction)
{
    rc_edmd_def *def = &scene->def;
    *fraction = 0;
    if (!cJSON_HasObjectItem(particles, "packing_fraction")) {
        if (scene->box_given) return RC_STATUS_OK;
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "box.size is missing: give it, or particles.packing_fraction to size the "
                       "box");
    }
    rc_status s = rc_json_positive(particles, "particles", "packing_fraction", true, fraction);
    if (!s && *fraction >= 1)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.packing_fraction: %g is not below 1", *fraction);
    if (!s && rc_box_scale_to_packing_fraction(def->dimension, def->count, scene->radii, *fraction, def->box)) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "particles.packing_fraction: %g cannot be placed", *fraction);
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %s", prefix, rc_error_get());
    }
    if (def->dimension == 2) def->box[2] = 1;
    return s;
}

static rc_status read_lattice(const cJSON *particles, rc_edmd_scene *scene)
{
    rc_edmd_def *def = &scene->def;
    rc_placement placement;
    uint64_t count = 0;
    double fraction;
    rc_status s = rc_json_check_keys(particles, "particles", lattice_keys, NULL);
    if (!s) s = read_placement(particles, def->dimension, &placement);
    if (!s) s = rc_json_count(particles, "particles", "count", true, INT32_MAX, &count, NULL);
    if (!s && count == 0) s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.count: 0 is not positive");
    if (!s) s = rc_run_allocate_particles(scene, (int32_t)count);
    if (!s) s = rc_run_read_sizes(particles, scene);
    if (!s) s = size_box(particles, scene, &fraction);
    if (!s && cJSON_HasObjectItem(particles, "chains")) return rc_run_place_chains(particles, scene, fraction);
    if (!s && rc_placement_fill(placement, def->dimension, def->box, def->periodic, def->count, scene->radii,
                                rc_rng_stream_seed(scene->seed, RC_RNG_STREAM_PLACEMENT), scene->positions)) {
        char prefix[128];
        if (fraction > 0)
            snprintf(prefix, sizeof prefix, "particles.packing_fraction: %g cannot be placed as %s", fraction,
                     rc_placement_name(placement));
        else
            snprintf(prefix, sizeof prefix, "particles.count: %d particles cannot be placed in the box as %s",
                     (int)def->count, rc_placement_name(placement));
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %s", prefix, rc_error_get());
    }
    return s;
}

static rc_status read_particle(const cJSON *item, const char *name, rc_edmd_scene *scene, int32_t i, bool *moving)
{
    int d = scene->def.dimension;
    uint64_t species = 0;
    scene->masses[i] = 1;
    rc_status s = rc_json_expect_object(item, name);
    if (!s) s = rc_json_check_keys(item, name, particle_keys, NULL);
    if (!s) s = rc_run_vector(item, name, "position", d, true, scene->positions + 3 * i);
    if (!s) s = rc_run_vector(item, name, "velocity", d, false, scene->velocities + 3 * i);
    if (!s) s = rc_run_read_radius(item, name, scene->radii + i);
    if (!s) s = rc_json_size(item, name, "mass", false, scene->masses + i);
    if (!s) s = rc_json_count(item, name, "species", false, INT32_MAX, &species, NULL);
    scene->species[i] = (int32_t)species;
    *moving = cJSON_HasObjectItem(item, "velocity");
    return s;
}

/* The explicit list; *moving is the index of the first particle with a velocity, or -1. */
static rc_status read_list(const cJSON *particles, rc_edmd_scene *scene, int32_t *moving)
{
    int count = cJSON_GetArraySize(particles);
    *moving = -1;
    if (count == 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles: the list is empty");
    if (!scene->box_given)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box.size is missing (an explicit particle list "
                                                   "needs the box)");
    rc_status s = rc_run_allocate_particles(scene, count);
    int32_t i = 0;
    char name[RC_FIELD_NAME_SIZE];
    for (const cJSON *item = particles->child; item && !s; item = item->next, i++) {
        bool has_velocity;
        rc_field_index(name, "particles", i);
        s = read_particle(item, name, scene, i, &has_velocity);
        if (has_velocity && *moving < 0) *moving = i;
    }
    return s;
}

/* "temperature": Maxwell-Boltzmann velocities, needed by placed particles, exclusive with listed velocities, in place
 * of a saved state's. */
static rc_status read_velocities(const cJSON *root, rc_edmd_scene *scene, bool placed, int32_t moving)
{
    rc_edmd_def *def = &scene->def;
    bool given = cJSON_HasObjectItem(root, "temperature");
    double temperature = 0;
    scene->settings.temperature = -1;
    if (!given && placed)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "temperature is missing: the particles of a lattice take their "
                                                   "velocities from it");
    if (!given) return RC_STATUS_OK;
    if (moving >= 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles[%d].velocity: the scene also gives a temperature; give one or "
                       "the other",
                       (int)moving);
    rc_status s = rc_json_range(root, "", "temperature", true, 0, INFINITY, &temperature);
    if (s) return s;
    scene->settings.temperature = temperature;
    /* its failures name the temperature already */
    s = rc_velocities_draw_maxwell_boltzmann(def->dimension, def->count, scene->masses, temperature,
                                             rc_rng_stream_seed(scene->seed, RC_RNG_STREAM_VELOCITIES),
                                             scene->velocities);
    if (!s) rc_edmd_def_add_shear_profile(def, scene->velocities); /* drawn at rest: they start on the shear profile */
    return s;
}

static double packing_fraction(const rc_edmd_def *def)
{
    double filled = 0, volume = 1;
    for (int32_t i = 0; i < def->count; i++) {
        double r = def->radii[i];
        filled += rc_ball_volume(def->dimension, r);
    }
    for (int k = 0; k < def->dimension; k++) volume *= def->box[k];
    return filled / volume;
}

rc_status rc_run_read_particles(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *particles = cJSON_GetObjectItemCaseSensitive(root, "particles");
    int32_t moving = -1;
    rc_status s;
    if (!particles) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles is missing");
    bool saved = cJSON_IsObject(particles) && cJSON_HasObjectItem(particles, "file");
    bool placed = cJSON_IsObject(particles) && !saved;
    if (saved) s = rc_run_read_saved(particles, scene);
    else if (placed) s = read_lattice(particles, scene);
    else if (cJSON_IsArray(particles)) s = read_list(particles, scene, &moving);
    else
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "particles: not a placement {...}, a saved state {\"file\": ...} or a "
                       "list of particles [...]");
    if (!s) s = read_velocities(root, scene, placed, moving);
    if (!s) s = rc_run_check_state(scene, placed);
    if (!s) scene->settings.packing_fraction = packing_fraction(&scene->def);
    return s;
}
