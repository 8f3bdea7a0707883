/* SPDX-License-Identifier: MIT */
/* Reading the physical form of a problem file (docs/formats.md): "dimension", "contact_tolerance", and the lists
 * "balls", "walls" and "rigid_bodies" (the last through rigid_read.c), every field checked and named on failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "scene/problem.h"
#include "json/json_fields.h"

static const char *const ball_keys[] = {"position", "velocity", "mass", "radius", NULL};
static const char *const wall_keys[] = {"point", "normal", NULL};
rc_status rc_instant_vector(const cJSON *object, const char *name, const char *key, const rc_instant *instant,
                            bool required, double *out)
{
    char why[32];
    snprintf(why, sizeof why, "dimension is %d", instant->dimension);
    return rc_json_vector(object, name, key, instant->dimension, why, required, out);
}

static void init_body(rc_instant_body *b, rc_item_kind kind, int index)
{
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->index = index;
    b->mass = 1;
    for (int i = 0; i < 3; i++) b->rotation[4 * i] = 1;
}

static rc_status read_ball(const cJSON *item, const char *name, const rc_instant *instant, rc_instant_body *b)
{
    b->shape = RC_RIGID_SHAPE_SPHERE;
    rc_status s = rc_json_check_keys(item, name, ball_keys, NULL);
    if (!s) s = rc_instant_vector(item, name, "position", instant, true, b->position);
    if (!s) s = rc_instant_vector(item, name, "velocity", instant, false, b->velocity);
    if (!s) s = rc_json_size(item, name, "mass", false, &b->mass);
    if (!s) s = rc_json_size(item, name, "radius", true, &b->radius);
    return s;
}

static rc_status read_wall(const cJSON *item, const char *name, const rc_instant *instant, rc_instant_wall *w)
{
    memset(w, 0, sizeof *w);
    rc_status s = rc_json_check_keys(item, name, wall_keys, NULL);
    if (!s) s = rc_instant_vector(item, name, "point", instant, true, w->point);
    if (!s) s = rc_instant_vector(item, name, "normal", instant, true, w->normal);
    if (s) return s;
    double big = 0, sum = 0; /* the length, scaled so that no square overflows */
    for (int i = 0; i < instant->dimension; i++) big = fmax(big, fabs(w->normal[i]));
    if (big == 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s.normal: zero vector", name);
    for (int i = 0; i < instant->dimension; i++) sum += (w->normal[i] / big) * (w->normal[i] / big);
    for (int i = 0; i < instant->dimension; i++) w->normal[i] = w->normal[i] / big / sqrt(sum);
    return RC_STATUS_OK;
}

/* Reads every object of one list: balls and rigid bodies into instant->bodies from `first` on, or walls. */
static rc_status read_list(const cJSON *list, rc_item_kind kind, rc_instant *instant, int first)
{
    char name[RC_ITEM_NAME_SIZE];
    int i = 0;
    for (const cJSON *item = list ? list->child : NULL; item; item = item->next, i++) {
        rc_instant_item_name(name, kind, i);
        rc_status s = rc_json_expect_object(item, name);
        if (s) return s;
        if (kind == RC_ITEM_KIND_WALL) {
            s = read_wall(item, name, instant, &instant->walls[i]);
        } else {
            rc_instant_body *body = &instant->bodies[first + i];
            init_body(body, kind, i);
            s = kind == RC_ITEM_KIND_BALL ? read_ball(item, name, instant, body)
                                          : rc_instant_read_rigid(item, name, instant, body);
        }
        if (s) return s;
    }
    return RC_STATUS_OK;
}

static rc_status read_header(const cJSON *root, rc_instant *instant)
{
    double dimension = 0;
    rc_status s = rc_json_number(root, "", "dimension", true, &dimension);
    if (s) return s;
    if (dimension != 1 && dimension != 2 && dimension != 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension: %g is not 1, 2 or 3", dimension);
    instant->dimension = (int)dimension;
    instant->contact_tolerance = 1e-9;
    s = rc_json_number(root, "", "contact_tolerance", false, &instant->contact_tolerance);
    if (!s && instant->contact_tolerance < 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "contact_tolerance: %g is negative", instant->contact_tolerance);
    return s;
}

rc_status rc_instant_read(const cJSON *root, rc_instant *instant)
{
    memset(instant, 0, sizeof *instant);
    const cJSON *lists[3];
    rc_status s = read_header(root, instant);
    for (int k = 0; k < 3 && !s; k++) s = rc_json_list(root, "", rc_item_kind_name((rc_item_kind)k), false, &lists[k]);
    if (s) return s;
    instant->ball_count = cJSON_GetArraySize(lists[RC_ITEM_KIND_BALL]);
    instant->rigid_count = cJSON_GetArraySize(lists[RC_ITEM_KIND_RIGID_BODY]);
    instant->wall_count = cJSON_GetArraySize(lists[RC_ITEM_KIND_WALL]);
    if (instant->ball_count + instant->rigid_count == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "the problem has no balls and no rigid bodies");
    if (instant->rigid_count > 0 && instant->dimension == 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "rigid_bodies: rigid bodies need dimension 2 or 3, the problem has 1");
    instant->bodies = calloc((size_t)(instant->ball_count + instant->rigid_count), sizeof *instant->bodies);
    instant->walls = calloc((size_t)instant->wall_count + 1, sizeof *instant->walls);
    if (!instant->bodies || !instant->walls) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading the problem");
    s = read_list(lists[RC_ITEM_KIND_BALL], RC_ITEM_KIND_BALL, instant, 0);
    if (!s) s = read_list(lists[RC_ITEM_KIND_RIGID_BODY], RC_ITEM_KIND_RIGID_BODY, instant, instant->ball_count);
    if (!s) s = read_list(lists[RC_ITEM_KIND_WALL], RC_ITEM_KIND_WALL, instant, 0);
    return s;
}
