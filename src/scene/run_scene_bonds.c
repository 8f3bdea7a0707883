/* SPDX-License-Identifier: MIT */
/* The bonds of a scene (docs/formats.md, "bonds" and "particles.chains"; the engine's rules in docs/edmd.md, "Bonds"):
 * "bonds", one group {"pairs": [[a, b], ...], "inner", "outer"} or a list of groups (one bond type each), and
 * "particles.chains" {"length", "bond": {"inner", "outer"}}, which cuts a placement's count particles into linear
 * chains and places each as a random walk of bonds without overlap (retried; a melt too dense to grow is refused
 * with the advice to place it dilute and compress). Checks here name the file's keys; the engine checks again. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "core/status.h"
#include "scene/run_scene.h"
#include "json/json_fields.h"

static const char *const group_keys[] = {"pairs", "inner", "outer", NULL};
static const char *const chain_keys[] = {"length", "bond", "number", NULL};
static const char *const bond_keys[] = {"inner", "outer", NULL};

/* "inner" (default 1) and "outer" of the object named where. */
static rc_status read_type(const cJSON *object, const char *where, rc_bond_type *type)
{
    *type = (rc_bond_type){1, 0, 0, NULL};
    rc_status s = rc_json_number(object, where, "inner", false, &type->inner);
    if (!s) s = rc_json_number(object, where, "outer", true, &type->outer);
    if (!s && !(type->inner >= 1))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "%s.inner: %g is below 1 (the pair's contact distance: bonded beads do not "
                    "overlap)",
                    where, type->inner);
    if (!s && !(type->outer > type->inner))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "%s.outer: %g is not beyond inner %g (the outer wall would overlap the "
                    "core)",
                    where, type->outer, type->inner);
    return s;
}

/* Room for `more` bonds and one more type. */
static rc_status grow(rc_edmd_scene *scene, int64_t more)
{
    rc_edmd_def *d = &scene->def;
    int64_t bonds = (int64_t)d->bond_count + more;
    if (bonds > INT32_MAX) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "bonds: more than %d bonds", INT32_MAX);
    rc_edmd_bond *b = realloc(scene->bonds, (size_t)(bonds > 0 ? bonds : 1) * sizeof *b);
    if (b) scene->bonds = b;
    rc_bond_type *t = realloc(scene->bond_types, (size_t)(d->bond_type_count + 1) * sizeof *t);
    if (t) scene->bond_types = t;
    if (!b || !t) return rc_fail(RC_STATUS_NO_MEMORY, "bonds: out of memory for %lld bonds", (long long)bonds);
    d->bonds = scene->bonds, d->bond_types = scene->bond_types;
    return RC_STATUS_OK;
}

/* The squared distance of positions a and b, minimum image along the periodic axes. */
static double distance2(const rc_edmd_def *d, const double *a, const double *b)
{
    double rr = 0;
    for (int c = 0; c < d->dimension; c++) {
        double r = a[c] - b[c];
        if (d->periodic[c]) r -= d->box[c] * round(r / d->box[c]);
        rr += r * r;
    }
    return rr;
}

/* One pair of a group (the item called name; the group called where, of bond type `type`), appended to the bonds. */
static rc_status read_pair(const cJSON *item, const char *name, const char *where, const rc_bond_type *type,
                           rc_edmd_scene *scene)
{
    rc_edmd_def *d = &scene->def;
    double pair[2];
    rc_status s = rc_json_item_vector(item, name, 2, "a bond is [a, b], two particle indices", pair);
    if (s) return s;
    for (int side = 0; side < 2; side++)
        if (!(pair[side] >= 0 && pair[side] < d->count && pair[side] == floor(pair[side])))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: particle %g does not exist (particles 0 to %d)", name,
                           pair[side], (int)d->count - 1);
    int32_t a = (int32_t)pair[0], b = (int32_t)pair[1];
    if (a == b) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: particle %d is bonded to itself", name, (int)a);
    double sigma = d->radii[a] + d->radii[b], r = sqrt(distance2(d, d->positions + 3 * a, d->positions + 3 * b));
    if (r > type->outer * sigma * (1 + RC_EDMD_OVERLAP_TOLERANCE))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s: particles %d and %d start %g apart, outside their outer wall at %g "
                       "(%s.outer %g times the contact distance %g)",
                       name, (int)a, (int)b, r, type->outer * sigma, where, type->outer, sigma);
    if (r * (1 + RC_EDMD_OVERLAP_TOLERANCE) < type->inner * sigma)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: particles %d and %d start %g apart, inside their core at %g",
                       name, (int)a, (int)b, r, type->inner * sigma);
    scene->bonds[d->bond_count++] = (rc_edmd_bond){a, b, d->bond_type_count};
    return RC_STATUS_OK;
}

/* One group of "bonds" (named where), its pairs bonded by a new type. */
static rc_status read_group(const cJSON *group, const char *where, rc_edmd_scene *scene)
{
    const cJSON *pairs;
    rc_bond_type type;
    rc_status s = rc_json_expect_object(group, where);
    if (!s) s = rc_json_check_keys(group, where, group_keys, NULL);
    if (!s) s = read_type(group, where, &type);
    if (!s) s = rc_json_list(group, where, "pairs", true, &pairs);
    if (!s) s = grow(scene, cJSON_GetArraySize(pairs));
    char list[RC_FIELD_NAME_SIZE], name[RC_FIELD_NAME_SIZE];
    rc_field_name(list, where, "pairs");
    int index = 0;
    for (const cJSON *item = s ? NULL : pairs->child; item && !s; item = item->next) {
        rc_field_index(name, list, index++);
        s = read_pair(item, name, where, &type, scene);
    }
    if (!s) scene->bond_types[scene->def.bond_type_count++] = type;
    return s;
}

rc_status rc_run_read_bonds(const cJSON *root, rc_edmd_scene *scene)
{
    const cJSON *bonds = cJSON_GetObjectItemCaseSensitive(root, "bonds");
    if (!bonds) return RC_STATUS_OK;
    if (cJSON_IsObject(bonds)) return read_group(bonds, "bonds", scene);
    if (!cJSON_IsArray(bonds) || cJSON_GetArraySize(bonds) == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "bonds: not a group {\"pairs\", \"inner\", \"outer\"} or a list of them");
    char name[RC_FIELD_NAME_SIZE];
    int k = 0;
    for (const cJSON *group = bonds->child; group; group = group->next, k++) {
        rc_field_index(name, "bonds", k);
        rc_status s = read_group(group, name, scene);
        if (s) return s;
    }
    return RC_STATUS_OK;
}

/* ---- chains: a random walk of bonds with retries, on a grid of cells at least a diameter wide ---- */

typedef struct grid {
    int32_t cells[3];
    double size[3];
    int32_t *head, *next;
} grid;

static int32_t cell_of(const grid *g, const rc_edmd_def *d, const double *x, int a)
{
    int32_t c = (int32_t)floor(x[a] / g->size[a]);
    if (d->periodic[a]) c %= g->cells[a], c += c < 0 ? g->cells[a] : 0;
    return c < 0 ? 0 : c >= g->cells[a] ? g->cells[a] - 1 : c;
}

static int32_t cell_index(const grid *g, const int32_t c[3])
{
    return (c[2] * g->cells[1] + c[1]) * g->cells[0] + c[0];
}

/* Whether position x of radius r is inside the box (a radius from closed faces) and clear of every placed bead. */
static bool free_at(const grid *g, const rc_edmd_def *d, const double *x, double r)
{
    for (int a = 0; a < d->dimension; a++)
        if (d->periodic[a] ? !(x[a] >= 0 && x[a] < d->box[a]) : !(x[a] >= r && x[a] <= d->box[a] - r)) return false;
    int32_t home[3] = {0, 0, 0}, low[3] = {0, 0, 0}, high[3] = {0, 0, 0};
    for (int a = 0; a < d->dimension; a++) {
        home[a] = cell_of(g, d, x, a);
        bool all = g->cells[a] < 3; /* a narrow axis: every cell, each once */
        low[a] = all ? 0 : home[a] - 1, high[a] = all ? g->cells[a] - 1 : home[a] + 1;
    }
    for (int32_t i = low[0]; i <= high[0]; i++)
        for (int32_t j = low[1]; j <= high[1]; j++)
            for (int32_t k = low[2]; k <= high[2]; k++) {
                int32_t c[3] = {i, j, k};
                bool outside = false;
                for (int a = 0; a < 3; a++) {
                    if (d->periodic[a] && a < d->dimension) c[a] = (c[a] % g->cells[a] + g->cells[a]) % g->cells[a];
                    outside |= c[a] < 0 || c[a] >= g->cells[a];
                }
                if (outside) continue;
                for (int32_t m = g->head[cell_index(g, c)]; m >= 0; m = g->next[m]) {
                    double sigma = r + d->radii[m];
                    if (distance2(d, x, d->positions + 3 * m) < sigma * sigma) return false;
                }
            }
    return true;
}

static void insert(grid *g, const rc_edmd_def *d, int32_t m)
{
    int32_t c[3] = {0, 0, 0};
    for (int a = 0; a < d->dimension; a++) c[a] = cell_of(g, d, d->positions + 3 * m, a);
    g->next[m] = g->head[cell_index(g, c)];
    g->head[cell_index(g, c)] = m;
}

static void remove_last(grid *g, const rc_edmd_def *d, int32_t m)
{
    int32_t c[3] = {0, 0, 0};
    for (int a = 0; a < d->dimension; a++) c[a] = cell_of(g, d, d->positions + 3 * m, a);
    g->head[cell_index(g, c)] = g->next[m]; /* m was inserted last into its cell */
}

enum { BEAD_TRIES = 200, CHAIN_TRIES = 200 };

/* Places beads first .. first + length - 1 as one chain; false when every try failed. */
static bool place_chain(grid *g, rc_edmd_def *d, rc_rng *rng, int32_t first, int32_t length, const rc_bond_type *t)
{
    double *x = (double *)d->positions;
    for (int tries = 0; tries < CHAIN_TRIES; tries++) {
        int32_t placed = 0;
        for (int k = 0; k < BEAD_TRIES && placed == 0; k++) {
            for (int a = 0; a < 3; a++) x[3 * first + a] = a < d->dimension ? d->box[a] * rc_rng_uniform(rng) : 0;
            if (free_at(g, d, x + 3 * first, d->radii[first])) insert(g, d, first), placed = 1;
        }
        while (placed > 0 && placed < length) {
            int32_t m = first + placed;
            bool done = false;
            for (int k = 0; k < BEAD_TRIES && !done; k++) {
                double u[3] = {0, 0, 0}, norm = 0;
                for (int a = 0; a < d->dimension; a++) u[a] = rc_rng_normal(rng), norm += u[a] * u[a];
                if (!(norm > 0)) continue;
                /* strictly between the core and the wall */
                double sigma = d->radii[m] + d->radii[m - 1];
                double length_now = sigma * (t->inner + (t->outer - t->inner) * (0.02 + 0.96 * rc_rng_uniform(rng)));
                for (int a = 0; a < 3; a++) {
                    double y = x[3 * (m - 1) + a] + length_now * u[a] / sqrt(norm);
                    if (d->periodic[a] && a < d->dimension) y -= d->box[a] * floor(y / d->box[a]);
                    x[3 * m + a] = y;
                }
                if (free_at(g, d, x + 3 * m, d->radii[m])) insert(g, d, m), done = true;
            }
            if (!done) break;
            placed++;
        }
        if (placed == length) return true;
        for (int32_t m = first + placed - 1; m >= first; m--) remove_last(g, d, m);
    }
    return false;
}

rc_status rc_run_place_chains(const cJSON *particles, rc_edmd_scene *scene, double fraction)
{
    rc_edmd_def *d = &scene->def;
    const cJSON *chains, *bond;
    uint64_t length = 0, number = 0;
    bool numbered = false;
    rc_bond_type type;
    rc_status s = rc_json_section(particles, "particles", "chains", chain_keys, &chains);
    if (!s) s = rc_json_count(chains, "particles.chains", "length", true, INT32_MAX, &length, NULL);
    if (!s && length < 2)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.chains.length: %d is below 2", (int)length);
    if (!s) s = rc_json_count(chains, "particles.chains", "number", false, INT32_MAX, &number, &numbered);
    if (!s && !numbered && d->count % (int32_t)length != 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.chains.length: particles.count %d is not a multiple of %d",
                    (int)d->count, (int)length);
    if (!s && numbered && (number == 0 || (double)number * (double)length > d->count))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "particles.chains.number: %llu chains of %d beads are not between 1 and "
                    "particles.count %d beads",
                    (unsigned long long)number, (int)length, (int)d->count);
    if (!s) s = rc_json_section(chains, "particles.chains", "bond", bond_keys, &bond);
    if (!s && !bond) s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "particles.chains.bond is missing");
    if (!s) s = read_type(bond, "particles.chains.bond", &type);
    int32_t count = numbered ? (int32_t)number : d->count / (int32_t)(length ? length : 1);
    if (!s) s = grow(scene, (int64_t)count * ((int64_t)length - 1));
    if (s) return s;
    grid g = {{1, 1, 1}, {1, 1, 1}, NULL, NULL};
    double widest = 0;
    for (int32_t k = 0; k < d->count; k++) widest = 2 * d->radii[k] > widest ? 2 * d->radii[k] : widest;
    size_t cells = 1;
    for (int a = 0; a < d->dimension; a++) {
        double n = floor(d->box[a] / widest);
        g.cells[a] = n < 1 ? 1 : n > 1024 ? 1024 : (int32_t)n;
        g.size[a] = d->box[a] / g.cells[a];
        cells *= (size_t)g.cells[a];
    }
    g.head = malloc(cells * sizeof *g.head);
    g.next = malloc((size_t)d->count * sizeof *g.next);
    if (!g.head || !g.next) s = rc_fail(RC_STATUS_NO_MEMORY, "particles.chains: out of memory for the placement grid");
    for (size_t c = 0; !s && c < cells; c++) g.head[c] = -1;
    rc_rng rng;
    rc_rng_seed(&rng, rc_rng_stream_seed(scene->seed, RC_RNG_STREAM_PLACEMENT));
    if (!(fraction > 0)) { /* the box was given: the fraction it makes */
        double filled = 0, volume = 1;
        for (int32_t k = 0; k < d->count; k++)
            filled += d->dimension == 3 ? 4 * M_PI / 3 * pow(d->radii[k], 3) : M_PI * d->radii[k] * d->radii[k];
        for (int a = 0; a < d->dimension; a++) volume *= d->box[a];
        fraction = filled / volume;
    }
    for (int32_t c = 0; !s && c < count; c++)
        if (!place_chain(&g, d, &rng, c * (int32_t)length, (int32_t)length, &type))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "particles.chains: chain %d of %d (length %d) cannot be placed at packing "
                        "fraction %g without overlap; place the chains at a lower packing_fraction and grow them to "
                        "this one with \"compression\": {\"rate\": 0.01, \"until\": {\"packing_fraction\": %g}}",
                        (int)c, (int)count, (int)length, fraction, fraction);
    /* the particles after the chains, free (a solvent), inserted at random among them */
    for (int32_t m = count * (int32_t)length; !s && m < d->count; m++) {
        bool placed = false;
        double *x = (double *)d->positions + 3 * m;
        for (int k = 0; k < BEAD_TRIES * CHAIN_TRIES && !placed; k++) {
            for (int a = 0; a < 3; a++) x[a] = a < d->dimension ? d->box[a] * rc_rng_uniform(&rng) : 0;
            if ((placed = free_at(&g, d, x, d->radii[m]))) insert(&g, d, m);
        }
        if (!placed)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                        "particles.chains: free particle %d cannot be placed among the chains at "
                        "packing fraction %g without overlap; place them at a lower packing_fraction and grow them "
                        "with \"compression\"",
                        (int)m, fraction);
    }
    free(g.head);
    free(g.next);
    if (s) return s;
    int32_t type_index = d->bond_type_count;
    for (int32_t c = 0; c < count; c++)
        for (int32_t k = 1; k < (int32_t)length; k++) {
            int32_t m = c * (int32_t)length + k;
            scene->bonds[d->bond_count++] = (rc_edmd_bond){m - 1, m, type_index};
        }
    scene->bond_types[d->bond_type_count++] = type;
    return RC_STATUS_OK;
}
