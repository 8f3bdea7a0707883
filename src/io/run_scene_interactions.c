/* SPDX-License-Identifier: MIT */
/* The stepped pair potentials of a scene (docs/formats.md, "interactions"; the engine's rules in docs/edmd.md,
 * "Stepped potentials"): "interactions", a list of {"species": [a, b]} entries with one of "steps" ([[radius,
 * energy], ...], radii as multiples of the pair's contact distance), "square_well" ({"lambda", "depth"}) or
 * "square_shoulder" ({"lambda", "height"}), and "mixing" for the pairs without an entry. The engine checks the order
 * of the radii, the species' range and the pairs left without an entry, in the same terms. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/json_fields.h"
#include "io/run_scene.h"

static const char *const entry_keys[] = {"species", "steps", "square_well", "square_shoulder", NULL};
static const char *const well_keys[] = {"lambda", "depth", NULL};
static const char *const shoulder_keys[] = {"lambda", "height", NULL};

/* "square_well" or "square_shoulder" (key) of entry `name`: one step at lambda > 1 of energy -depth or +height. */
static rc_status read_square(const cJSON *entry, const char *name, const char *key, rc_step *step)
{
    bool well = strcmp(key, "square_well") == 0;
    const cJSON *form;
    char where[RC_FIELD_NAME_SIZE];
    rc_field_name(where, name, key);
    rc_status s = rc_json_section(entry, name, key, well ? well_keys : shoulder_keys, &form);
    if (!s) s = rc_json_number(form, where, "lambda", true, &step->radius);
    if (!s && !(step->radius > 1))
        s = rc_fail(RC_INVALID_ARGUMENT, "%s.lambda: %g is not above 1 (the core)", where, step->radius);
    if (!s) s = rc_json_number(form, where, well ? "depth" : "height", true, &step->energy);
    if (well) step->energy = -step->energy;
    return s;
}

/* "steps": a list of [radius, energy] pairs, into steps (at most `room`). */
static rc_status read_steps(const cJSON *list, const char *name, rc_step *steps, int32_t *count)
{
    char where[RC_FIELD_NAME_SIZE], item_name[RC_FIELD_NAME_SIZE];
    rc_field_name(where, name, "steps");
    int32_t k = 0;
    for (const cJSON *item = list->child; item; item = item->next, k++) {
        double pair[2];
        rc_field_index(item_name, where, k);
        rc_status s = rc_json_item_vector(item, item_name, 2, "a step is [radius, energy]", pair);
        if (s) return s;
        steps[k] = (rc_step){pair[0], pair[1]};
    }
    *count = k;
    return RC_OK;
}

/* Entry k of the list: its species and steps (written from *next on, which moves past them). */
static rc_status read_entry(const cJSON *entry, int k, rc_interaction *out, rc_step *steps)
{
    char name[RC_FIELD_NAME_SIZE], field[RC_FIELD_NAME_SIZE];
    rc_field_index(name, "interactions", k);
    rc_status s = rc_json_expect_object(entry, name);
    if (!s) s = rc_json_check_keys(entry, name, entry_keys, NULL);
    double species[2];
    if (!s) s = rc_json_vector(entry, name, "species", 2, "a pair of species", true, species);
    for (int a = 0; a < 2 && !s; a++)
        if (!(species[a] >= 0 && species[a] <= INT32_MAX && species[a] == floor(species[a]))) {
            rc_field_name(field, name, "species");
            s = rc_fail(RC_INVALID_ARGUMENT, "%s[%d]: %g is not a species index (a whole number from 0)", field, a,
                        species[a]);
        }
    if (s) return s;
    out->species[0] = (int32_t)species[0], out->species[1] = (int32_t)species[1];
    out->steps = steps;
    int forms = cJSON_HasObjectItem(entry, "steps") + cJSON_HasObjectItem(entry, "square_well") +
                cJSON_HasObjectItem(entry, "square_shoulder");
    if (forms != 1)
        return rc_fail(RC_INVALID_ARGUMENT, "%s: give one of \"steps\", \"square_well\", \"square_shoulder\" (%d given)",
                       name, forms);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(entry, "steps");
    if (list) {
        rc_field_name(field, name, "steps");
        if (!cJSON_IsArray(list)) return rc_fail(RC_INVALID_ARGUMENT, "%s: not a list of [radius, energy] pairs", field);
        return read_steps(list, name, steps, &out->step_count);
    }
    out->step_count = 1;
    return read_square(entry, name, cJSON_HasObjectItem(entry, "square_well") ? "square_well" : "square_shoulder",
                       steps);
}

rc_status rc_run_read_interactions(const cJSON *root, rc_run_scene *scene)
{
    const cJSON *list;
    const char *mixing = NULL;
    rc_status s = rc_json_list(root, "", "interactions", false, &list);
    if (!s) s = rc_json_string(root, "", "mixing", false, &mixing);
    if (!s && mixing && (s = rc_mixing_parse(mixing, &scene->def.mixing)) != RC_OK) return s;
    if (s || !list) {
        if (!s && mixing) return rc_fail(RC_INVALID_ARGUMENT, "mixing: there are no interactions to mix");
        return s;
    }
    int entries = cJSON_GetArraySize(list), steps = 0;
    if (entries == 0) return rc_fail(RC_INVALID_ARGUMENT, "interactions: the list is empty (leave it out for hard "
                                                          "spheres)");
    for (const cJSON *entry = list->child; entry; entry = entry->next) {
        const cJSON *own = cJSON_GetObjectItemCaseSensitive(entry, "steps");
        steps += cJSON_IsArray(own) ? cJSON_GetArraySize(own) : 1;
    }
    scene->interactions = calloc((size_t)entries, sizeof *scene->interactions);
    scene->steps = calloc((size_t)(steps > 0 ? steps : 1), sizeof *scene->steps);
    if (!scene->interactions || !scene->steps) return rc_fail(RC_NO_MEMORY, "out of memory for the interactions");
    int k = 0, used = 0;
    for (const cJSON *entry = list->child; entry && !s; entry = entry->next, k++) {
        s = read_entry(entry, k, &scene->interactions[k], scene->steps + used);
        used += scene->interactions[k].step_count;
    }
    scene->def.interactions = scene->interactions;
    scene->def.interaction_count = entries;
    return s;
}
