/* SPDX-License-Identifier: MIT */
/* The stepped pair potentials of a scene (docs/formats.md, "interactions"; the engine's rules in docs/edmd.md,
 * "Stepped potentials"): "interactions", a list of {"species": [a, b]} entries with one of "steps" ([[radius,
 * energy], ...], radii as multiples of the pair's contact distance), "square_well" ({"lambda", "depth"}),
 * "square_shoulder" ({"lambda", "height"}) or "discretise" (a continuous potential made into steps by
 * rc_potential_discretise, at the pair's contact distance from its species' diameters), and "mixing" for the pairs
 * without an entry. An entry with none of these but a "tangential_restitution" or "coulomb" is a pair's rough rule
 * only (read by run_scene_rough.c) and makes no potential. The engine checks the order
 * of the radii, the species' range and the pairs left without an entry, in the same terms. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const entry_keys[] = {
    "species", "steps", "square_well", "square_shoulder", "discretise", "tangential_restitution", "coulomb", NULL};
static const char *const forms[] = {"steps", "square_well", "square_shoulder", "discretise"};
static const char *const discretise_keys[] = {"potential", "epsilon", "sigma", "kappa",
                                              "cutoff",    "steps",   "table", NULL};
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
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.lambda: %g is not above 1 (the core)", where, step->radius);
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
    return RC_STATUS_OK;
}

/* The pair's contact distance: the sum of the radii of its two species, which must each have one radius. */
static rc_status contact_distance(const rc_edmd_scene *scene, const char *where, const int32_t species[2],
                                  double *contact)
{
    double radius[2] = {0, 0};
    const rc_edmd_def *d = &scene->def;
    for (int side = 0; side < 2; side++) {
        for (int32_t i = 0; i < d->count; i++) {
            if ((d->species ? d->species[i] : 0) != species[side]) continue;
            if (radius[side] == 0) radius[side] = d->radii[i];
            else if (d->radii[i] != radius[side])
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "%s: species %d has more than one diameter (%g and %g): a "
                               "discretised potential needs one contact distance per pair",
                               where, (int)species[side], 2 * radius[side], 2 * d->radii[i]);
        }
        if (radius[side] == 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: species %d has no particles to take a diameter from", where,
                           (int)species[side]);
    }
    *contact = radius[0] + radius[1];
    return RC_STATUS_OK;
}

/* "discretise" of entry `name`: a continuous potential (its "table" rows in *table, which the caller frees) made
 * into steps at the pair's contact distance. */
static rc_status read_discretise(const cJSON *entry, const char *name, const rc_edmd_scene *scene,
                                 const int32_t species[2], rc_step *steps, int32_t *count, double (**table)[2])
{
    const cJSON *form, *rows = NULL;
    const char *kind = NULL;
    char where[RC_FIELD_NAME_SIZE], row_name[RC_FIELD_NAME_SIZE];
    rc_field_name(where, name, "discretise");
    rc_potential p = {.steps = 0};
    uint64_t n = 0;
    rc_status s = rc_json_section(entry, name, "discretise", discretise_keys, &form);
    if (!s) s = rc_json_string(form, where, "potential", true, &kind);
    if (!s) s = rc_potential_kind_parse(kind, &p.kind);
    bool tabled = p.kind == RC_POTENTIAL_KIND_TABLE;
    if (!s) s = rc_json_count(form, where, "steps", true, 1000000, &n, NULL);
    if (!s) s = rc_json_number(form, where, "epsilon", !tabled, &p.epsilon);
    if (!s) s = rc_json_number(form, where, "sigma", !tabled, &p.sigma);
    if (!s) s = rc_json_number(form, where, "kappa", p.kind == RC_POTENTIAL_KIND_YUKAWA, &p.kappa);
    if (!s)
        s = rc_json_number(form, where, "cutoff",
                           p.kind == RC_POTENTIAL_KIND_LENNARD_JONES || p.kind == RC_POTENTIAL_KIND_YUKAWA, &p.cutoff);
    if (!s) s = rc_json_list(form, where, "table", tabled, &rows);
    if (!s && rows && !tabled)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.table: only the potential \"table\" takes one", where);
    if (s) return s;
    p.steps = (int32_t)n;
    if (rows) {
        int length = cJSON_GetArraySize(rows), k = 0;
        if (!(*table = calloc((size_t)(length > 0 ? length : 1), sizeof **table)))
            return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for %s.table", where);
        for (const cJSON *row = rows->child; row && !s; row = row->next, k++) {
            rc_field_index(row_name, where, k);
            s = rc_json_item_vector(row, row_name, 2, "a row is [r, u]", (*table)[k]);
        }
        p.table = (const double(*)[2]) * table;
        p.table_count = length;
    }
    double contact = 0;
    if (!s) s = contact_distance(scene, where, species, &contact);
    if (!s && (s = rc_potential_discretise(&p, scene->def.dimension, contact, steps)) != RC_STATUS_OK) {
        char why[512]; /* the library names the field from "discretise" on: the entry goes in front */
        snprintf(why, sizeof why, "%s", rc_error_get());
        return rc_fail(s, "%s.%s", name, why);
    }
    if (!s) *count = p.steps;
    return s;
}

/* Entry k of the list: its species and steps (written from *next on, which moves past them). */
static rc_status read_entry(const cJSON *entry, int k, const rc_edmd_scene *scene, rc_interaction *out, rc_step *steps)
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
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s[%d]: %g is not a species index (a whole number from 0)", field,
                        a, species[a]);
        }
    if (s) return s;
    out->species[0] = (int32_t)species[0], out->species[1] = (int32_t)species[1];
    out->steps = steps;
    int given = 0;
    for (int f = 0; f < 4; f++) given += cJSON_HasObjectItem(entry, forms[f]);
    bool rough = cJSON_HasObjectItem(entry, "tangential_restitution") || cJSON_HasObjectItem(entry, "coulomb");
    if (given == 0 && rough) { /* the pair's tangential rule only (run_scene_rough.c): no steps */
        out->step_count = -1;
        return RC_STATUS_OK;
    }
    if (given != 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s: give one of \"steps\", \"square_well\", \"square_shoulder\", "
                       "\"discretise\" (%d given), or only a tangential_restitution or coulomb",
                       name, given);
    if (cJSON_HasObjectItem(entry, "discretise")) {
        double(*table)[2] = NULL;
        s = read_discretise(entry, name, scene, out->species, steps, &out->step_count, &table);
        free(table);
        return s;
    }
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(entry, "steps");
    if (list) {
        rc_field_name(field, name, "steps");
        if (!cJSON_IsArray(list))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not a list of [radius, energy] pairs", field);
        return read_steps(list, name, steps, &out->step_count);
    }
    out->step_count = 1;
    return read_square(entry, name, cJSON_HasObjectItem(entry, "square_well") ? "square_well" : "square_shoulder",
                       steps);
}

rc_status rc_run_read_interactions(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *list;
    const char *mixing = NULL;
    rc_status s = rc_json_list(root, "", "interactions", false, &list);
    if (!s) s = rc_json_string(root, "", "mixing", false, &mixing);
    if (!s && mixing && (s = rc_mixing_parse(mixing, &scene->def.mixing)) != RC_STATUS_OK) return s;
    if (s || !list) {
        if (!s && mixing) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mixing: there are no interactions to mix");
        return s;
    }
    int entries = cJSON_GetArraySize(list), steps = 0;
    if (entries == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions: the list is empty (leave it out for hard "
                                                   "spheres)");
    for (const cJSON *entry = list->child; entry; entry = entry->next) {
        const cJSON *own = cJSON_GetObjectItemCaseSensitive(entry, "steps");
        const cJSON *made = cJSON_GetObjectItemCaseSensitive(entry, "discretise");
        const cJSON *wanted = cJSON_IsObject(made) ? cJSON_GetObjectItemCaseSensitive(made, "steps") : NULL;
        /* a count the reader refuses later (not whole, too large) reserves one step */
        int room = cJSON_IsNumber(wanted) && wanted->valuedouble >= 1 && wanted->valuedouble <= 1000000
                       ? (int)wanted->valuedouble
                       : 1;
        steps += cJSON_IsArray(own) ? cJSON_GetArraySize(own) : room;
    }
    scene->interactions = calloc((size_t)entries, sizeof *scene->interactions);
    scene->steps = calloc((size_t)(steps > 0 ? steps : 1), sizeof *scene->steps);
    if (!scene->interactions || !scene->steps)
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory for the interactions");
    int k = 0, used = 0, stepped = 0;
    for (const cJSON *entry = list->child; entry && !s; entry = entry->next, k++) {
        s = read_entry(entry, k, scene, &scene->interactions[stepped], scene->steps + used);
        if (s || scene->interactions[stepped].step_count < 0) continue; /* a rough rule only: not a potential */
        used += scene->interactions[stepped++].step_count;
    }
    if (!s && stepped == 0 && mixing)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mixing: there are no interactions to mix (only rough rules)");
    scene->def.interactions = stepped > 0 ? scene->interactions : NULL;
    scene->def.interaction_count = stepped;
    return s;
}
