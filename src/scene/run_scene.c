/* SPDX-License-Identifier: MIT */
/* Scene files for `ricochet run` (ricochet/scene.h, docs/formats.md): parse the JSON, check the top-level keys, read
 * the world, the run settings and the particles into an engine definition the scene owns, and build the engine with
 * its failures named as the file names things. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_document.h"
#include "json/json_fields.h"

static const char *const top_keys[] = {"comment",
                                       "dynamics",
                                       "dimension",
                                       "box",
                                       "particles",
                                       "temperature",
                                       "seed",
                                       "gravity",
                                       "walls",
                                       "restitution",
                                       "event_detection",
                                       "thermostat",
                                       "neighbour_shell",
                                       "reorder_interval",
                                       "diagnostics",
                                       "stop",
                                       "output",
                                       "equilibration",
                                       "contact_tolerance",
                                       "impact",
                                       "collapse",
                                       "compression",
                                       "interactions",
                                       "mixing",
                                       "measure",
                                       "barostat",
                                       "tangential_restitution",
                                       "coulomb",
                                       "threads",
                                       "bonds",
                                       NULL};

static rc_status read_root(const cJSON *root, rc_edmd_scene *scene)
{
    if (!cJSON_IsObject(root))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "the scene file must hold one JSON object {...}");
    const char *comment;
    rc_status s = rc_json_check_kind(root, RC_FILE_SCENE);
    if (!s) s = rc_json_check_keys(root, "", top_keys, NULL);
    if (!s) s = rc_json_string(root, "", "comment", false, &comment);
    if (!s) s = rc_run_read_world(root, scene);
    if (!s) s = rc_run_read_settings(root, scene);
    if (!s) s = rc_run_read_contacts(root, scene);
    if (!s) s = rc_run_read_compression(root, scene);
    if (!s) s = rc_run_read_barostat(root, scene);
    if (!s) s = rc_run_read_particles(root, scene);
    if (!s) s = rc_run_read_interactions(root, scene);
    if (!s) s = rc_run_read_bonds(root, scene);
    if (!s) s = rc_run_read_rough(root, scene);
    if (!s) s = rc_run_read_fixed(root, scene);
    if (!s) s = rc_run_read_measure(root, scene);
    return s;
}

static void *scene_create(void)
{
    rc_edmd_scene *scene = calloc(1, sizeof *scene);
    if (scene) scene->def = rc_edmd_default_def(), scene->seed = 1;
    return scene;
}

static rc_status scene_read_root(const cJSON *root, void *scene) { return read_root(root, scene); }
static void scene_destroy(void *scene) { rc_edmd_scene_destroy(scene); }
static const rc_json_reader scene_reader = {"the scene", scene_create, scene_read_root, scene_destroy};

rc_status rc_edmd_scene_create_from_text(const char *text, rc_edmd_scene **scene)
{
    return rc_json_reader_parse(&scene_reader, text, scene);
}

rc_status rc_run_scene_from_json(const cJSON *root, rc_edmd_scene **scene)
{
    return rc_json_reader_take(&scene_reader, root, scene);
}

rc_status rc_edmd_scene_create_from_file(const char *path, rc_edmd_scene **scene)
{
    return rc_json_reader_read(&scene_reader, path, scene);
}

void rc_run_scene_drop_particles(rc_edmd_scene *scene)
{
    free(scene->positions);
    free(scene->velocities);
    free(scene->radii);
    free(scene->masses);
    free(scene->species);
    free(scene->inertias);
    free(scene->spins);
    free(scene->fixed);
    scene->inertias = scene->spins = NULL;
    scene->fixed = NULL;
    scene->def.inertias = scene->def.angular_velocities = NULL;
    scene->def.fixed = NULL;
    scene->positions = scene->velocities = scene->radii = scene->masses = NULL;
    scene->species = NULL;
    scene->def.positions = scene->def.velocities = scene->def.radii = scene->def.masses = NULL;
    scene->def.species = NULL;
}

void rc_edmd_scene_destroy(rc_edmd_scene *scene)
{
    if (!scene) return;
    rc_run_scene_drop_particles(scene);
    free(scene->walls);
    free(scene->interactions);
    free(scene->steps);
    free(scene->pair_roughness);
    free(scene->bonds);
    free(scene->bond_types);
    free(scene->directory);
    free(scene);
}

const rc_edmd_def *rc_edmd_scene_def(const rc_edmd_scene *scene) { return &scene->def; }
const rc_edmd_run_settings *rc_edmd_scene_settings(const rc_edmd_scene *scene) { return &scene->settings; }

/* The engine's names of things and the file's: "particle 12" is particles[12], "wall 1" is walls[1], "box[0]" is
 * box.size[0]. */
static const struct {
    const char *engine, *file;
    bool numbered; /* the engine's name is followed by a number, which goes in brackets */
} terms[] = {{"particle ", "particles", true}, {"wall ", "walls", true}, {"box[", "box.size[", false}};

/* Copies text to out (of size bytes) in the file's terms. */
static void file_terms(const char *text, char *out, size_t size)
{
    size_t n = 0;
    while (*text && n + 1 < size) {
        size_t t = 0, w = 0, digits = 0;
        bool word_start = n == 0 || !isalpha((unsigned char)out[n - 1]);
        for (; word_start && t < sizeof terms / sizeof *terms; t++) {
            w = strlen(terms[t].engine);
            digits = terms[t].numbered ? strspn(text + w, "0123456789") : 0;
            if (strncmp(text, terms[t].engine, w) == 0 && (digits > 0 || !terms[t].numbered)) break;
        }
        if (!word_start || t == sizeof terms / sizeof *terms) {
            out[n++] = *text++;
            continue;
        }
        int wrote = terms[t].numbered ? snprintf(out + n, size - n, "%s[%.*s]", terms[t].file, (int)digits, text + w)
                                      : snprintf(out + n, size - n, "%s", terms[t].file);
        if (wrote < 0 || (size_t)wrote >= size - n) break;
        n += (size_t)wrote;
        text += w + digits;
    }
    out[n] = '\0';
}

/* The last failure again in the file's terms, with an extra sentence when one is given. */
static rc_status in_file_terms(rc_status s, const char *extra)
{
    char message[512];
    file_terms(rc_error_get(), message, sizeof message);
    return rc_fail(s, "%s%s", message, extra ? extra : "");
}

rc_status rc_run_check_state(rc_edmd_scene *scene, bool placed)
{
    rc_status s = rc_edmd_def_check(&scene->def);
    if (!s) return RC_STATUS_OK;
    bool wall = strstr(rc_error_get(), " wall ") != NULL;
    return in_file_terms(s, placed && wall ? "; a placement fills the whole box and does not avoid walls: close that "
                                             "axis (box.periodic) instead of a wall on its face, or move the wall out "
                                             "of the box"
                                           : NULL);
}

rc_status rc_edmd_scene_create_engine(const rc_edmd_scene *scene, rc_edmd **engine)
{
    rc_status s = rc_edmd_create(&scene->def, engine);
    return s ? in_file_terms(s, NULL) : RC_STATUS_OK;
}

rc_status rc_run_scene_failure(rc_status s) { return in_file_terms(s, NULL); }
