/* SPDX-License-Identifier: MIT */
/* Sweep files (ricochet/sweep.h; docs/formats.md, "Sweep files"): the base scene (a path or an inline object), the
 * varied keys by dotted path checked against it (the key exists, each value has its JSON type), grid or zip
 * expansion into points, replicas with derived seeds (splitmix64 of the base seed and the replica), and the scene of
 * run k with the point's values and the replica's seed set. Everything is checked before any run starts. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/status.h"
#include "run/files.h"
#include "run/sweep.h"
#include "json/json_document.h"
#include "json/json_fields.h"

static const char *const sweep_keys[] = {"comment",          "scene", "vary", "mode", "replicas", "directory",
                                         "checkpoint_every", NULL};

/* The item a dotted path names in root (a component of digits indexes a list), or NULL; *missing is the first
 * component not found (its offset in path). */
static cJSON *find_path(cJSON *root, const char *path, size_t *missing)
{
    cJSON *at = root;
    for (const char *p = path; at;) {
        size_t length = strcspn(p, ".");
        char component[RC_FIELD_NAME_SIZE];
        if (length == 0 || length >= sizeof component) break;
        memcpy(component, p, length);
        component[length] = '\0';
        *missing = (size_t)(p - path);
        cJSON *next = NULL;
        if (cJSON_IsArray(at) && strspn(component, "0123456789") == length && length < 9)
            next = cJSON_GetArrayItem(at, atoi(component));
        else if (cJSON_IsObject(at)) next = cJSON_GetObjectItemCaseSensitive(at, component);
        if (!p[length]) return next;
        at = next;
        p += length + 1;
    }
    return NULL;
}

/* The key of the scene object at path's first `missing` characters nearest to the component of path that follows them
 * (rc_name_suggest), or NULL: for "did you mean" when a varied key is not in the scene. */
static const char *nearest_key(cJSON *root, const char *path, size_t missing)
{
    char parent[RC_FIELD_NAME_SIZE], component[RC_FIELD_NAME_SIZE];
    size_t length = strcspn(path + missing, ".");
    if (missing >= sizeof parent || length >= sizeof component) return NULL;
    snprintf(parent, sizeof parent, "%.*s", missing ? (int)missing - 1 : 0, path);
    snprintf(component, sizeof component, "%.*s", (int)length, path + missing);
    size_t unused;
    const cJSON *object = missing ? find_path(root, parent, &unused) : root;
    const char *names[64];
    int count = 0;
    for (const cJSON *item = cJSON_IsObject(object) ? object->child : NULL; item && count < 64; item = item->next)
        names[count++] = item->string;
    return rc_name_suggest(component, names, count);
}

/* The JSON kind of a value, for messages and the type check: true and false are one kind. */
static const char *kind(const cJSON *item)
{
    return cJSON_IsNumber(item)   ? "a number"
           : cJSON_IsString(item) ? "a string"
           : cJSON_IsBool(item)   ? "true or false"
           : cJSON_IsArray(item)  ? "a list"
           : cJSON_IsObject(item) ? "an object"
                                  : "null";
}

uint64_t rc_seed_derive_replica(uint64_t base, int64_t replica)
{
    if (replica == 0) return base;
    uint64_t z = base + (uint64_t)replica + 0x9e3779b97f4a7c15u;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (z ^ (z >> 31)) >> 11;
}

/* The base scene: an object inline, or the file a string names (relative to base_directory). */
static rc_status read_scene(rc_sweep *w, const cJSON *item, const char *base_directory)
{
    if (cJSON_IsObject(item)) {
        w->scene = cJSON_Duplicate(item, true);
        return w->scene ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    }
    if (!cJSON_IsString(item) || !item->valuestring[0])
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "scene: neither a file name nor a scene object {...}");
    const char *name = item->valuestring;
    char *path = name[0] != '/' && base_directory ? rc_run_join(base_directory, name) : strdup(name);
    if (!path) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (access(path, F_OK) != 0 &&
        access(name, F_OK) == 0) { /* not beside the sweep file: from the working directory */
        free(path);
        if (!(path = strdup(name))) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    }
    char *text = NULL;
    rc_status s = rc_text_create_from_file(path, &text);
    if (!s && (s = rc_json_parse(text, &w->scene))) s = rc_fail(s, "scene: %s: %s", path, rc_error_get());
    if (!s && !cJSON_IsObject(w->scene))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "scene: %s is not one JSON object", path);
    free(text);
    free(path);
    return s;
}

/* One varied key: the path exists in the scene (or is the top-level seed of an event-driven scene) and every value
 * has its kind. */
static rc_status check_key(rc_sweep *w, const cJSON *list, sweep_key *key)
{
    const char *path = list->string;
    if (!path[0]) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary: an empty path");
    if (!cJSON_IsArray(list)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary.%s: not a list of values [...]", path);
    key->path = path;
    key->values = list;
    key->count = cJSON_GetArraySize(list);
    if (key->count == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary.%s: an empty list: the sweep would have no points", path);
    size_t missing = 0;
    const cJSON *there = find_path(w->scene, path, &missing);
    bool seed = strcmp(path, "seed") == 0 && w->engine->seeded;
    if (!there && !seed) {
        const char *near = nearest_key(w->scene, path, missing);
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "vary.%s: unknown key: the scene has no \"%.*s\"%s%s%s (a varied key must be in the base scene; "
                       "write it there with its default)",
                       path, (int)(strcspn(path + missing, ".") + missing), path, near ? "; did you mean \"" : "",
                       near ? near : "", near ? "\"?" : "");
    }
    int i = 0;
    for (const cJSON *v = list->child; v; v = v->next, i++) {
        const char *want = there ? kind(there) : "a number", *got = kind(v);
        if (strcmp(want, got) != 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary.%s[%d]: %s where the scene's %s is %s", path, i, got, path,
                           want);
    }
    return RC_STATUS_OK;
}

/* points = the product of the lengths (grid) or the common length (zip), at most RC_SWEEP_MAX_RUNS runs. */
static rc_status count_points(rc_sweep *w)
{
    w->points = 1;
    for (int j = 0; j < w->key_count; j++) {
        const sweep_key *k = &w->keys[j];
        if (w->zip && j > 0 && k->count != w->keys[0].count)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "vary.%s: %d values where vary.%s has %d: zipped lists must have one "
                           "length",
                           k->path, k->count, w->keys[0].path, w->keys[0].count);
        if (!w->zip || j == 0) w->points *= k->count;
        if (w->points * w->replicas > RC_SWEEP_MAX_RUNS)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary: more than %d runs (points x replicas)",
                           RC_SWEEP_MAX_RUNS);
    }
    w->runs = w->points * w->replicas;
    return RC_STATUS_OK;
}

static rc_status read_options(rc_sweep *w, const cJSON *root)
{
    const cJSON *mode = cJSON_GetObjectItemCaseSensitive(root, "mode");
    const cJSON *replicas = cJSON_GetObjectItemCaseSensitive(root, "replicas");
    const cJSON *directory = cJSON_GetObjectItemCaseSensitive(root, "directory");
    const cJSON *every = cJSON_GetObjectItemCaseSensitive(root, "checkpoint_every");
    if (mode && (!cJSON_IsString(mode) || (strcmp(mode->valuestring, "grid") && strcmp(mode->valuestring, "zip"))))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "mode: \"grid\" (every combination) or \"zip\" (the lists side by side)");
    w->zip = mode && strcmp(mode->valuestring, "zip") == 0;
    w->replicas = 1;
    if (replicas) {
        double r = cJSON_IsNumber(replicas) ? replicas->valuedouble : NAN;
        if (!(r >= 1 && r <= RC_SWEEP_MAX_RUNS && r == floor(r)))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "replicas: not a whole number from 1 to %d", RC_SWEEP_MAX_RUNS);
        w->replicas = (int64_t)r;
    }
    if (w->replicas > 1 && !w->engine->seeded)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "replicas: a %s scene has no seed: its replicas would be one run",
                       w->engine->dynamics);
    if (directory && (!cJSON_IsString(directory) || !directory->valuestring[0]))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "directory: not a folder name");
    if (!(w->directory = strdup(directory ? directory->valuestring : "sweep")))
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (every && !(cJSON_IsNumber(every) && every->valuedouble > 0 && isfinite(every->valuedouble)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint_every: not a positive number");
    w->checkpoint_every = every ? every->valuedouble : 0;
    return RC_STATUS_OK;
}

static rc_status read_sweep(rc_sweep *w, const char *text, const char *base_directory)
{
    rc_status s = rc_json_parse(text, &w->document);
    if (s) return s;
    const cJSON *root = w->document;
    if (!cJSON_IsObject(root)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "a sweep file is one JSON object {...}");
    if ((s = rc_json_check_keys(root, "", sweep_keys, NULL))) return s;
    const cJSON *scene = cJSON_GetObjectItemCaseSensitive(root, "scene");
    const cJSON *vary = cJSON_GetObjectItemCaseSensitive(root, "vary");
    if (!scene) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "scene: missing: a scene file name or a scene object");
    if (!vary)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary: missing: an object of dotted scene keys and their lists");
    if (!cJSON_IsObject(vary))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary: not an object {\"key.path\": [values], ...}");
    if ((s = read_scene(w, scene, base_directory))) return s;
    w->engine = rc_run_engine_find(w->scene);
    if ((s = read_options(w, root))) return s;
    w->key_count = cJSON_GetArraySize(vary);
    if (w->key_count && !(w->keys = calloc((size_t)w->key_count, sizeof *w->keys)))
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    int j = 0;
    for (const cJSON *list = vary->child; list; list = list->next, j++) {
        for (const cJSON *other = vary->child; other != list; other = other->next)
            if (strcmp(other->string, list->string) == 0)
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "vary.%s: the key appears twice", list->string);
        if ((s = check_key(w, list, &w->keys[j]))) return s;
    }
    return count_points(w);
}

rc_status rc_sweep_create_from_text(const char *text, const char *base_directory, rc_sweep **out)
{
    if (!out || !text) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_create_from_text: NULL argument");
    rc_sweep *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    w->interrupt_signal = -1;
    rc_status s = read_sweep(w, text, base_directory);
    if (s) {
        rc_sweep_destroy(w);
        w = NULL;
    }
    *out = w;
    return s;
}

rc_status rc_sweep_create_from_file(const char *path, rc_sweep **out)
{
    if (!out || !path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_create_from_file: NULL argument");
    *out = NULL;
    char *text = NULL, *folder = strdup(path);
    if (!folder) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    char *slash = strrchr(folder, '/');
    if (slash) slash[slash == folder ? 1 : 0] = '\0';
    rc_status s = rc_text_create_from_file(path, &text);
    if (!s) s = rc_sweep_create_from_text(text, slash ? folder : NULL, out);
    free(text);
    free(folder);
    return s;
}

void rc_sweep_destroy(rc_sweep *w)
{
    if (!w) return;
    cJSON_Delete(w->document);
    cJSON_Delete(w->scene);
    free(w->keys);
    if (w->locked) rc_run_lock_release(w->root, &w->lock);
    free(w->directory);
    free(w->root);
    free(w);
}

int64_t rc_sweep_points(const rc_sweep *w) { return w ? w->points : 0; }

int64_t rc_sweep_replicas(const rc_sweep *w) { return w ? w->replicas : 0; }

int64_t rc_sweep_run_count(const rc_sweep *w) { return w ? w->runs : 0; }

const char *rc_sweep_directory(const rc_sweep *w) { return w ? w->directory : NULL; }

rc_status rc_sweep_set_directory(rc_sweep *w, const char *directory)
{
    if (!w || !directory || !directory[0])
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_set_directory: no folder");
    char *copy = strdup(directory);
    if (!copy) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    free(w->directory);
    free(w->root);
    w->directory = copy;
    w->root = NULL;
    return RC_STATUS_OK;
}

void rc_sweep_set_checkpoint_every(rc_sweep *w, double every)
{
    if (w && every > 0 && isfinite(every)) w->checkpoint_every = every;
}

const cJSON *rc_sweep_value(const rc_sweep *w, int64_t point, int key)
{
    int64_t index = point;
    if (!w->zip) {
        for (int j = w->key_count - 1; j > key; j--) index /= w->keys[j].count;
        index %= w->keys[key].count;
    }
    return cJSON_GetArrayItem(w->keys[key].values, (int)index);
}

/* Sets item at path in scene to a copy of value (replacing what is there; the top-level seed may be new). */
static bool set_path(cJSON *scene, const char *path, const cJSON *value)
{
    cJSON *copy = cJSON_Duplicate(value, true);
    if (!copy) return false;
    const char *dot = strrchr(path, '.');
    size_t missing = 0;
    cJSON *parent = scene;
    if (dot) {
        char *head = strndup(path, (size_t)(dot - path));
        parent = head ? find_path(scene, head, &missing) : NULL;
        free(head);
    }
    const char *leaf = dot ? dot + 1 : path;
    if (cJSON_IsArray(parent)) return cJSON_ReplaceItemInArray(parent, atoi(leaf), copy);
    if (parent && cJSON_GetObjectItemCaseSensitive(parent, leaf))
        return cJSON_ReplaceItemInObjectCaseSensitive(parent, leaf, copy);
    if (parent && cJSON_AddItemToObject(parent, leaf, copy)) return true;
    cJSON_Delete(copy);
    return false;
}

bool rc_sweep_run_seed(const rc_sweep *w, int64_t k, uint64_t *seed)
{
    if (!w->engine->seeded) return false;
    const cJSON *given = cJSON_GetObjectItemCaseSensitive(w->scene, "seed");
    for (int j = 0; j < w->key_count; j++)
        if (strcmp(w->keys[j].path, "seed") == 0) given = rc_sweep_value(w, k / w->replicas, j);
    double base = given ? (cJSON_IsNumber(given) ? given->valuedouble : -1) : 1;
    if (!(base >= 0 && base < 0x1p64 && base == floor(base))) return false; /* the scene reader refuses it */
    *seed = rc_seed_derive_replica((uint64_t)base, k % w->replicas);
    return true;
}

cJSON *rc_sweep_scene_object(const rc_sweep *w, int64_t k)
{
    if (!w || k < 0 || k >= w->runs) return NULL;
    int64_t point = k / w->replicas, replica = k % w->replicas;
    cJSON *scene = cJSON_Duplicate(w->scene, true);
    bool ok = scene != NULL;
    for (int j = 0; ok && j < w->key_count; j++) ok = set_path(scene, w->keys[j].path, rc_sweep_value(w, point, j));
    uint64_t seed;
    if (ok && replica > 0 && rc_sweep_run_seed(w, k, &seed))
        ok = set_path(scene, "seed",
                      &(cJSON){.type = cJSON_Number,
                               .valuedouble = (double)seed,
                               .valueint = seed > INT_MAX ? INT_MAX : (int)seed});
    if (!ok) {
        cJSON_Delete(scene);
        return NULL;
    }
    return scene;
}

char *rc_sweep_scene(const rc_sweep *w, int64_t k)
{
    cJSON *scene = rc_sweep_scene_object(w, k);
    char *text = scene ? rc_json_print(scene, true) : NULL;
    cJSON_Delete(scene);
    return text;
}

void rc_sweep_run_name(const rc_sweep *w, int64_t k, char name[32])
{
    int width = 4;
    for (int64_t n = w ? w->runs - 1 : 0; n >= 10000; n /= 10) width++;
    snprintf(name, 32, "%0*lld", width, (long long)k);
}
