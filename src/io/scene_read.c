/* Reading the physical form of a problem file (docs/formats.md): "dimension", "contact_tolerance", and the lists
 * "balls", "walls" and "rigid_bodies" (the last through rigid_read.c), every field checked and named on failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/json_fields.h"
#include "io/scene.h"

static const char *const ball_keys[] = {"position", "velocity", "mass", "radius", NULL};
static const char *const wall_keys[] = {"point", "normal", NULL};
static const char *const item_lists[] = {"balls", "rigid_bodies", "walls"};

void rc_scene_item_name(char *out, rc_item_kind kind, int index)
{
    rc_field_index(out, item_lists[kind], index);
}

const char *rc_item_kind_name(rc_item_kind kind) { return (unsigned)kind <= RC_ITEM_WALL ? item_lists[kind] : "?"; }

rc_status rc_scene_vector(const cJSON *object, const char *name, const char *key, const rc_scene *scene,
                          bool required, double *out)
{
    char why[32];
    snprintf(why, sizeof why, "dimension is %d", scene->dimension);
    return rc_json_vector(object, name, key, scene->dimension, why, required, out);
}

static void init_body(rc_scene_body *b, rc_item_kind kind, int index)
{
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->index = index;
    b->mass = 1;
    for (int i = 0; i < 3; i++) b->rotation[4 * i] = 1;
}

static rc_status read_ball(const cJSON *item, const char *name, const rc_scene *scene, rc_scene_body *b)
{
    b->shape = RC_SHAPE_ROUND;
    rc_status s = rc_json_check_keys(item, name, ball_keys, NULL);
    if (!s) s = rc_scene_vector(item, name, "position", scene, true, b->position);
    if (!s) s = rc_scene_vector(item, name, "velocity", scene, false, b->velocity);
    if (!s) s = rc_json_positive(item, name, "mass", false, &b->mass);
    if (!s) s = rc_json_positive(item, name, "radius", true, &b->radius);
    return s;
}

static rc_status read_wall(const cJSON *item, const char *name, const rc_scene *scene, rc_scene_wall *w)
{
    memset(w, 0, sizeof *w);
    rc_status s = rc_json_check_keys(item, name, wall_keys, NULL);
    if (!s) s = rc_scene_vector(item, name, "point", scene, true, w->point);
    if (!s) s = rc_scene_vector(item, name, "normal", scene, true, w->normal);
    if (s) return s;
    double big = 0, sum = 0; /* the length, scaled so that no square overflows */
    for (int i = 0; i < scene->dimension; i++) big = fmax(big, fabs(w->normal[i]));
    if (big == 0) return rc_fail(RC_INVALID_ARGUMENT, "%s.normal: zero vector", name);
    for (int i = 0; i < scene->dimension; i++) sum += (w->normal[i] / big) * (w->normal[i] / big);
    for (int i = 0; i < scene->dimension; i++) w->normal[i] = w->normal[i] / big / sqrt(sum);
    return RC_OK;
}

/* Reads every object of one list: balls and rigid bodies into scene->bodies from `first` on, or walls. */
static rc_status read_list(const cJSON *list, rc_item_kind kind, rc_scene *scene, int first)
{
    char name[RC_FIELD_NAME_SIZE];
    int i = 0;
    for (const cJSON *item = list ? list->child : NULL; item; item = item->next, i++) {
        rc_scene_item_name(name, kind, i);
        rc_status s = rc_json_expect_object(item, name);
        if (s) return s;
        if (kind == RC_ITEM_WALL) {
            s = read_wall(item, name, scene, &scene->walls[i]);
        } else {
            rc_scene_body *body = &scene->bodies[first + i];
            init_body(body, kind, i);
            s = kind == RC_ITEM_BALL ? read_ball(item, name, scene, body) : rc_scene_read_rigid(item, name, scene, body);
        }
        if (s) return s;
    }
    return RC_OK;
}

static rc_status read_header(const cJSON *root, rc_scene *scene)
{
    double dimension = 0;
    rc_status s = rc_json_number(root, "", "dimension", true, &dimension);
    if (s) return s;
    if (dimension != 1 && dimension != 2 && dimension != 3)
        return rc_fail(RC_INVALID_ARGUMENT, "dimension: %g is not 1, 2 or 3", dimension);
    scene->dimension = (int)dimension;
    scene->contact_tolerance = 1e-9;
    s = rc_json_number(root, "", "contact_tolerance", false, &scene->contact_tolerance);
    if (!s && scene->contact_tolerance < 0)
        s = rc_fail(RC_INVALID_ARGUMENT, "contact_tolerance: %g is negative", scene->contact_tolerance);
    return s;
}

rc_status rc_scene_read(const cJSON *root, rc_scene *scene)
{
    memset(scene, 0, sizeof *scene);
    const cJSON *lists[3];
    rc_status s = read_header(root, scene);
    for (int k = 0; k < 3 && !s; k++) s = rc_json_list(root, "", item_lists[k], false, &lists[k]);
    if (s) return s;
    scene->ball_count = cJSON_GetArraySize(lists[RC_ITEM_BALL]);
    scene->rigid_count = cJSON_GetArraySize(lists[RC_ITEM_RIGID_BODY]);
    scene->wall_count = cJSON_GetArraySize(lists[RC_ITEM_WALL]);
    if (scene->ball_count + scene->rigid_count == 0)
        return rc_fail(RC_INVALID_ARGUMENT, "the problem has no balls and no rigid bodies");
    if (scene->rigid_count > 0 && scene->dimension == 1)
        return rc_fail(RC_INVALID_ARGUMENT, "rigid_bodies: rigid bodies need dimension 2 or 3, the problem has 1");
    scene->bodies = calloc((size_t)(scene->ball_count + scene->rigid_count), sizeof *scene->bodies);
    scene->walls = calloc((size_t)scene->wall_count + 1, sizeof *scene->walls);
    if (!scene->bodies || !scene->walls) return rc_fail(RC_NO_MEMORY, "out of memory reading the problem");
    s = read_list(lists[RC_ITEM_BALL], RC_ITEM_BALL, scene, 0);
    if (!s) s = read_list(lists[RC_ITEM_RIGID_BODY], RC_ITEM_RIGID_BODY, scene, scene->ball_count);
    if (!s) s = read_list(lists[RC_ITEM_WALL], RC_ITEM_WALL, scene, 0);
    return s;
}

void rc_scene_free(rc_scene *scene)
{
    free(scene->bodies);
    free(scene->walls);
    memset(scene, 0, sizeof *scene);
}
