/* SPDX-License-Identifier: MIT */
/* The scene of `ricochet run` (ricochet/scene.h) as the reader builds it, and the pieces of the reader: the run
 * settings (run_scene_settings.c), the world (run_scene_world.c), the particles (run_scene_particles.c, with the
 * sizes of a placement in run_scene_sizes.c and a saved state in run_scene_saved.c) and vectors of the scene's
 * dimension (run_scene_values.c); the typed fields it reads with (counts, ranges, flags, sections) are the JSON
 * layer's (json/json_fields.h). */
#ifndef RC_SCENE_RUN_SCENE_H
#define RC_SCENE_RUN_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "ricochet/scene.h"
#include "json/json_fields.h"

struct rc_edmd_scene {
    rc_edmd_def def;
    rc_edmd_run_settings settings;
    /* the arrays def points to */
    double *positions, *velocities, *radii, *masses;
    int32_t *species;
    double *inertias, *spins; /* rough particles' reduced moments and explicit spins (run_scene_rough.c), or NULL */
    bool *fixed;              /* the fixed flags of explicit particles (run_scene_fixed.c), or NULL */
    rc_wall *walls;
    rc_interaction *interactions;
    rc_step *steps;                    /* the interactions' steps, one array */
    rc_pair_roughness *pair_roughness; /* the interactions' rough rules per pair of species (run_scene_rough.c) */
    rc_edmd_bond *bonds;               /* run_scene_bonds.c: the chains' bonds, then the "bonds" groups' */
    rc_bond_type *bond_types;
    char *directory;
    /* read from the file for the particles */
    bool box_given;      /* "box.size" was in the file */
    bool periodic_given; /* "box.periodic" was in the file */
    uint64_t seed;       /* "seed" (default 1): the named streams of core/rng.h (placement, velocities, thermostat,
                          * sizes) are seeded from it by rc_rng_stream_seed */
};

/* "stop", "output" and "equilibration" into scene->settings. */
rc_status rc_run_read_settings(const cJSON *root, rc_edmd_scene *scene);
/* "output" into out; its directory string is a copy the caller frees (time-stepping scenes read it too). */
rc_status rc_run_read_output(const cJSON *root, rc_run_output *out, char **directory_copy);
/* "dynamics", "dimension", "box", "gravity", "walls", "restitution", "event_detection", "thermostat",
 * "neighbour_shell", "reorder_interval", "diagnostics", "seed" and "threads" into scene->def. */
rc_status rc_run_read_world(const cJSON *root, rc_edmd_scene *scene);
/* "particles" and "temperature": places the particles (sizing the box by the packing fraction when asked) and sets
 * their velocities, then checks the state. */
rc_status rc_run_read_particles(const cJSON *root, rc_edmd_scene *scene);
/* The particle arrays of the scene for count particles (zeroed), pointed to by scene->def. */
rc_status rc_run_allocate_particles(rc_edmd_scene *scene, int32_t count);
/* "radius" or "diameter" (one of them, required) of the object item called name, as a radius. */
rc_status rc_run_read_radius(const cJSON *item, const char *name, double *radius);
/* run_scene_sizes.c: the radii, masses and species of a placement's particles (allocated): "species",
 * "size_distribution" (with "mass"), or one "diameter"/"radius" and "mass". */
rc_status rc_run_read_sizes(const cJSON *particles, rc_edmd_scene *scene);
/* run_scene_saved.c: "particles": {"file", "frame"}: the particles, and the box and periodicity the scene does not
 * give, from a frame of a trajectory file. */
rc_status rc_run_read_saved(const cJSON *particles, rc_edmd_scene *scene);
/* run_scene_compression.c: "compression" into scene->def.compression and settings.compression_stops. */
rc_status rc_run_read_compression(const cJSON *root, rc_edmd_scene *scene);
/* run_scene_barostat.c: "barostat" into scene->def.barostat. */
rc_status rc_run_read_barostat(const cJSON *root, rc_edmd_scene *scene);
/* run_scene_rough.c: "tangential_restitution" (top level, box, walls), "coulomb", "inertia" and
 * "angular_velocity" of the particles; after the world and the particles. */
rc_status rc_run_read_rough(const cJSON *root, rc_edmd_scene *scene);
/* run_scene_fixed.c: "fixed" of explicit particles; after the particles. */
rc_status rc_run_read_fixed(const cJSON *root, rc_edmd_scene *scene);
/* run_scene_restitution.c: object's "restitution" (where names object), a number into *constant or a law into *law. */
rc_status rc_run_read_restitution(const cJSON *object, const char *where, double *constant, rc_restitution_law *law);
/* run_scene_wall_motion.c: the wall item's "thermal" and "oscillation" (name "walls[i]") into wall->thermal and
 * wall->oscillation. */
rc_status rc_run_read_wall_motion(const cJSON *item, const char *name, rc_wall *wall);
/* run_scene_interactions.c: "interactions" and "mixing" (stepped pair potentials). */
rc_status rc_run_read_interactions(const cJSON *root, rc_edmd_scene *scene);
/* run_scene_bonds.c: "bonds" (after the particles), and "particles.chains": the placement's particles cut into
 * chains and placed as random walks of bonds (box sized already; fraction the packing fraction, for the message). */
rc_status rc_run_read_bonds(const cJSON *root, rc_edmd_scene *scene);
rc_status rc_run_place_chains(const cJSON *particles, rc_edmd_scene *scene, double fraction);
/* run_scene_measure.c: "measure" into scene->settings.measure and def.transport. */
rc_status rc_run_read_measure(const cJSON *root, rc_edmd_scene *scene);
/* run_scene_impact.c: "contact_tolerance", "impact" and "collapse". */
rc_status rc_run_read_contacts(const cJSON *root, rc_edmd_scene *scene);

/* The engine's checks of the initial state (rc_edmd_def_check) in the file's terms (particles[i], walls[w]), with
 * a hint when placed particles overlap a wall (a placement fills the whole box). */
rc_status rc_run_check_state(rc_edmd_scene *scene, bool placed);

/* Frees the particles' arrays (positions, velocities, radii, masses, species) and clears the definition's pointers
 * to them, so that a run does not hold them twice. */
void rc_run_scene_drop_particles(rc_edmd_scene *scene);
/* The scene read from a document already parsed (the run driver parses the scene text once, then picks the reader
 * by its "dynamics"). */
rc_status rc_run_scene_from_json(const cJSON *root, rc_edmd_scene **scene);

/* The last failure (status s) of the engine built from the scene said again in the file's terms ("particle 12" is
 * particles[12]); returns s. */
rc_status rc_run_scene_failure(rc_status s);

/* A vector of the scene's dimension (2 or 3 entries; the rest of out, up to 3, is zeroed when present). */
rc_status rc_run_vector(const cJSON *object, const char *where, const char *key, int dimension, bool required,
                        double out[3]);

#endif
