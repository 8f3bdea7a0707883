/* SPDX-License-Identifier: MIT */
/* What the harnesses that take scene text share (fuzz/run.c, fuzz/run_scene.c; docs/fuzzing.md, "The harnesses'
 * caps"): the work of one input capped at any depth of a JSON document, so that an input costs milliseconds and a
 * mutated count does not make a scene of thousands of particles that is slow, not wrong. */
#ifndef RC_FUZZ_CAP_H
#define RC_FUZZ_CAP_H

#include <cjson/cJSON.h>

#include "harness.h"

/* The caps; a zero leaves its members as they are. */
typedef struct fuzz_caps {
    double count;        /* every "count": placements, species */
    double random_count; /* the "count" of a random placement (an object whose "lattice" is "random") */
    double grid;         /* every entry of "counts": grids of bodies */
    int list;            /* lists (particles, bodies, a hull's points): entries kept */
    double iterations;   /* every "max_iterations" (0, no budget, too) */
    double every;        /* floors of "every", "every_collisions", "checkpoint_every" */
    double every_collisions;
    double checkpoint_every;
} fuzz_caps;

/* Sets a number item to limit when it lies beyond it (above when upper, else below; a zero limit is none); NaN
 * stays. True when it changed. */
static inline bool fuzz_bound(cJSON *item, double limit, bool upper)
{
    if (limit == 0 || !cJSON_IsNumber(item) || !(upper ? item->valuedouble > limit : item->valuedouble < limit))
        return false;
    cJSON_SetNumberValue(item, limit);
    return true;
}

/* The caps applied to every member of the document, at any depth; true when anything changed. */
static inline bool fuzz_cap(cJSON *node, const fuzz_caps *c)
{
    bool changed = false;
    const cJSON *lattice = cJSON_IsObject(node) ? cJSON_GetObjectItemCaseSensitive(node, "lattice") : NULL;
    bool random = cJSON_IsString(lattice) && strcmp(lattice->valuestring, "random") == 0;
    if (c->list > 0 && cJSON_IsArray(node))
        while (cJSON_GetArraySize(node) > c->list) cJSON_DeleteItemFromArray(node, c->list), changed = true;
    for (cJSON *item = node->child; item; item = item->next) {
        const char *key = cJSON_IsObject(node) ? item->string : NULL;
        if (key && strcmp(key, "count") == 0) changed |= fuzz_bound(item, c->count, true);
        if (key && strcmp(key, "count") == 0 && random) changed |= fuzz_bound(item, c->random_count, true);
        if (key && strcmp(key, "counts") == 0 && cJSON_IsArray(item))
            for (cJSON *g = item->child; g; g = g->next) changed |= fuzz_bound(g, c->grid, true);
        if (key && strcmp(key, "max_iterations") == 0 && c->iterations > 0) {
            if (cJSON_IsNumber(item) && item->valuedouble < 1)
                cJSON_SetNumberValue(item, c->iterations), changed = true;
            changed |= fuzz_bound(item, c->iterations, true);
        }
        if (key && strcmp(key, "every") == 0) changed |= fuzz_bound(item, c->every, false);
        if (key && strcmp(key, "every_collisions") == 0) changed |= fuzz_bound(item, c->every_collisions, false);
        if (key && strcmp(key, "checkpoint_every") == 0) changed |= fuzz_bound(item, c->checkpoint_every, false);
        changed |= fuzz_cap(item, c);
    }
    return changed;
}

/* The text with its work capped (a new string, printed again) when it is a JSON object the caps change; otherwise
 * the text itself, byte for byte (its syntax errors, spellings of numbers and the like stay paths of the readers). */
static inline char *fuzz_capped(char *text, const fuzz_caps *c)
{
    cJSON *scene = cJSON_Parse(text);
    char *out = NULL;
    if (cJSON_IsObject(scene) && fuzz_cap(scene, c)) out = cJSON_PrintUnformatted(scene);
    cJSON_Delete(scene);
    if (!out) return text;
    free(text);
    return out;
}

#endif
