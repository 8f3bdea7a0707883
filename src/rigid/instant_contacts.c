/* SPDX-License-Identifier: MIT */
/* Contact detection for a problem file's physical form (instant.h; docs/formats.md, "Contacts"): a pair is a
 * contact when the gap between its surfaces is at most the contact tolerance, however deep an overlap. Closed forms
 * for round pairs, a box and a round body (the box point closest to the centre) and vertices on walls; two boxes go
 * through the time-stepped engine's narrow phase (narrow.c: libccd and the contact manifold). The order is: ball
 * pairs (i < j, lexicographic), ball-wall pairs (ball-major), then for each rigid body its contacts with balls, with
 * later rigid bodies (two boxes: in the manifold's order) and with walls (a box: vertex by vertex). The normal points
 * from b to a; a is the body listed first. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "rigid/engine.h"
#include "rigid/instant.h"

typedef struct detector {
    const rc_instant *instant;
    int d;
    double tolerance;
    rc_contact_list *list;
} detector;

/* world = centre + R local, in the first `dimension` coordinates */
static void to_world(const rc_instant_body *b, int dimension, const double *local, double *world)
{
    for (int i = 0; i < dimension; i++) {
        double sum = b->position[i];
        for (int j = 0; j < dimension; j++) sum += b->rotation[3 * i + j] * local[j];
        world[i] = sum;
    }
}

/* Vertex v (0 .. 2^dimension - 1) of a box in world coordinates: along body axis i it sits at +half[i] when bit i
 * of v is set, at -half[i] otherwise. */
static void box_vertex(const rc_instant_body *box, int dimension, int v, double *out)
{
    double local[3];
    for (int i = 0; i < dimension; i++) local[i] = (v >> i) & 1 ? box->half[i] : -box->half[i];
    to_world(box, dimension, local, out);
}

/* The point of the box (surface or inside) closest to p; false when p is inside the box or on its surface. */
static bool box_closest_point(const rc_instant_body *box, int dimension, const double *p, double *out)
{
    double local[3] = {0, 0, 0}; /* the axes beyond dimension stay 0 */
    bool inside = true;
    for (int j = 0; j < dimension; j++) {
        double sum = 0; /* R^T (p - centre) */
        for (int i = 0; i < dimension; i++) sum += box->rotation[3 * i + j] * (p[i] - box->position[i]);
        local[j] = fmax(-box->half[j], fmin(box->half[j], sum));
        if (local[j] != sum) inside = false;
    }
    to_world(box, dimension, local, out);
    return !inside;
}

static rc_status push(detector *t, const rc_instant_body *a, rc_item_kind b_kind, int b_index, int vertex,
                      const double *point, const double *normal, double gap)
{
    rc_contact_list *list = t->list;
    rc_status s = RC_GROW(list->items, list->capacity, list->count + 1);
    if (s) return s;
    rc_contact_info *c = &list->items[list->count++];
    memset(c, 0, sizeof *c);
    c->a_kind = a->kind;
    c->a_index = a->index;
    c->b_kind = b_kind;
    c->b_index = b_index;
    c->vertex = vertex;
    c->gap = gap;
    memcpy(c->point, point, (size_t)t->d * sizeof *point);
    memcpy(c->normal, normal, (size_t)t->d * sizeof *normal);
    return RC_STATUS_OK;
}

/* u = x - y; returns |u| */
static double difference(int d, const double *x, const double *y, double *u)
{
    double sum = 0;
    for (int i = 0; i < d; i++) {
        u[i] = x[i] - y[i];
        sum += u[i] * u[i];
    }
    return sqrt(sum);
}

/* A contact along unit n from `from` (a point on b's side) across the gap: the point is halfway. */
static rc_status push_across(detector *t, const rc_instant_body *a, const rc_instant_body *b, const double *from,
                             const double *n, double gap)
{
    double point[3];
    for (int i = 0; i < t->d; i++) point[i] = from[i] + n[i] * gap / 2;
    return push(t, a, b->kind, b->index, -1, point, n, gap);
}

static rc_status fail_pair(const rc_instant_body *a, const rc_instant_body *b, const char *reason)
{
    char na[RC_ITEM_NAME_SIZE], nb[RC_ITEM_NAME_SIZE];
    rc_instant_item_name(na, a->kind, a->index);
    rc_instant_item_name(nb, b->kind, b->index);
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, reason, na, nb);
}

static rc_status round_pair(detector *t, const rc_instant_body *a, const rc_instant_body *b)
{
    double n[3], from[3];
    double distance = difference(t->d, a->position, b->position, n);
    double gap = distance - a->radius - b->radius;
    if (!(gap <= t->tolerance)) return RC_STATUS_OK;
    if (distance == 0)
        return fail_pair(a, b, "%s and %s have the same centre, so the normal of their contact is undefined");
    for (int i = 0; i < t->d; i++) {
        n[i] /= distance;
        from[i] = b->position[i] + n[i] * b->radius;
    }
    return push_across(t, a, b, from, n, gap);
}

static rc_status box_round_pair(detector *t, const rc_instant_body *a, const rc_instant_body *b)
{
    const rc_instant_body *box = a->shape == RC_RIGID_SHAPE_BOX ? a : b, *round = box == a ? b : a;
    double closest[3], u[3], n[3];
    if (!box_closest_point(box, t->d, round->position, closest))
        return fail_pair(round, box, "the centre of %s is inside %s, so the normal of their contact is undefined");
    double distance = difference(t->d, round->position, closest, u);
    double gap = distance - round->radius;
    if (!(gap <= t->tolerance)) return RC_STATUS_OK;
    double sign = round == a ? 1 : -1; /* u points from the box to the round body; n from b to a */
    for (int i = 0; i < t->d; i++) {
        u[i] /= distance;
        n[i] = sign * u[i] + 0.0; /* no -0 in reports */
    }
    /* halfway between the box surface (closest) and the round surface (closest + u gap) */
    double point[3];
    for (int i = 0; i < t->d; i++) point[i] = closest[i] + u[i] * gap / 2;
    return push(t, a, b->kind, b->index, -1, point, n, gap);
}

/* The narrow phase's view of an instant's body: its geometry, pose and its vertices and normals in the pool. */
static rc_rigid_view view_of(const rc_rigid_pool *pool, const rc_instant_body *body)
{
    return (rc_rigid_view){&body->geometry,
                           body->position,
                           body->rotation,
                           pool->vertices + 3 * body->geometry.first_vertex,
                           pool->normals + 3 * body->geometry.first_normal,
                           NULL};
}

/* Two rigid bodies that are not both round, through the engine's narrow phase; a is listed first. */
static rc_status narrow_pair(detector *t, const rc_instant_body *a, const rc_instant_body *b)
{
    double u[3];
    if (difference(t->d, a->position, b->position, u) > a->geometry.bound + b->geometry.bound + t->tolerance)
        return RC_STATUS_OK;
    rc_rigid_view va = view_of(&t->instant->pool, a), vb = view_of(&t->instant->pool, b);
    rc_rigid_contacts found = {0};
    rc_status s = rc_rigid_collide(t->d, &va, &vb, t->tolerance, 0, 1, &found);
    for (int k = 0; k < found.count && !s; k++) {
        rc_rigid_contact *c = &found.items[k];
        for (int i = 0; i < 3; i++) c->normal[i] += 0.0, c->point[i] += 0.0; /* no -0 in reports */
        s = push(t, a, b->kind, b->index, -1, c->point, c->normal, c->gap);
    }
    free(found.items);
    return s;
}

static rc_status body_pair(detector *t, const rc_instant_body *a, const rc_instant_body *b)
{
    if (a->shape == RC_RIGID_SHAPE_SPHERE && b->shape == RC_RIGID_SHAPE_SPHERE) return round_pair(t, a, b);
    if (a->shape == RC_RIGID_SHAPE_BOX && b->shape == RC_RIGID_SHAPE_BOX) return narrow_pair(t, a, b);
    return box_round_pair(t, a, b);
}

/* The signed distance of x from the wall's plane. */
static double wall_distance(int d, const rc_instant_wall *w, const double *x)
{
    double sum = 0;
    for (int i = 0; i < d; i++) sum += w->normal[i] * (x[i] - w->point[i]);
    return sum;
}

static rc_status wall_pair(detector *t, const rc_instant_body *a, int wall)
{
    const rc_instant_wall *w = &t->instant->walls[wall];
    double point[3];
    if (a->shape == RC_RIGID_SHAPE_SPHERE) {
        double gap = wall_distance(t->d, w, a->position) - a->radius;
        if (!(gap <= t->tolerance)) return RC_STATUS_OK;
        for (int i = 0; i < t->d; i++) point[i] = a->position[i] - w->normal[i] * (a->radius + gap / 2);
        return push(t, a, RC_ITEM_KIND_WALL, wall, -1, point, w->normal, gap);
    }
    for (int v = 0; v < 1 << t->d; v++) {
        double vertex[3];
        box_vertex(a, t->d, v, vertex);
        double gap = wall_distance(t->d, w, vertex);
        if (!(gap <= t->tolerance)) continue;
        for (int i = 0; i < t->d; i++) point[i] = vertex[i] - w->normal[i] * gap / 2;
        rc_status s = push(t, a, RC_ITEM_KIND_WALL, wall, v, point, w->normal, gap);
        if (s) return s;
    }
    return RC_STATUS_OK;
}

rc_status rc_instant_contacts_detect(const rc_instant *instant, rc_contact_list *list)
{
    detector t = {instant, instant->dimension, instant->contact_tolerance, list};
    const rc_instant_body *bodies = instant->bodies;
    int balls = instant->ball_count, total = instant->ball_count + instant->rigid_count;
    rc_status s = RC_STATUS_OK;
    for (int i = 0; i < balls && !s; i++)
        for (int j = i + 1; j < balls && !s; j++) s = body_pair(&t, &bodies[i], &bodies[j]);
    for (int i = 0; i < balls && !s; i++)
        for (int w = 0; w < instant->wall_count && !s; w++) s = wall_pair(&t, &bodies[i], w);
    for (int r = balls; r < total && !s; r++) {
        for (int j = 0; j < balls && !s; j++) s = body_pair(&t, &bodies[j], &bodies[r]);
        for (int j = r + 1; j < total && !s; j++) s = body_pair(&t, &bodies[r], &bodies[j]);
        for (int w = 0; w < instant->wall_count && !s; w++) s = wall_pair(&t, &bodies[r], w);
    }
    return s;
}
