/* Contact detection for the physical form (docs/formats.md, "Contacts"): a pair is a contact when the gap between
 * its surfaces is at most the contact tolerance, however deep an overlap. The order is: ball pairs (i < j,
 * lexicographic), ball-wall pairs (ball-major), then for each rigid body its contacts with balls, with later rigid
 * bodies and with walls (a box: vertex by vertex). The normal points from b to a; a is the body listed first. */
#include "io/contacts.h"

#include <math.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "io/json_fields.h"
#include "io/shapes.h"

typedef struct detector {
    const rc_scene *scene;
    int d;
    double tolerance;
    rc_contact_list *list;
} detector;

static rc_status push(detector *t, const rc_scene_body *a, rc_item_kind b_kind, int b_index, int vertex,
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
    return RC_OK;
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
static rc_status push_across(detector *t, const rc_scene_body *a, const rc_scene_body *b, const double *from,
                             const double *n, double gap)
{
    double point[3];
    for (int i = 0; i < t->d; i++) point[i] = from[i] + n[i] * gap / 2;
    return push(t, a, b->kind, b->index, -1, point, n, gap);
}

static rc_status fail_pair(const rc_scene_body *a, const rc_scene_body *b, const char *reason)
{
    char na[RC_FIELD_NAME_SIZE], nb[RC_FIELD_NAME_SIZE];
    rc_scene_item_name(na, a->kind, a->index);
    rc_scene_item_name(nb, b->kind, b->index);
    return rc_fail(RC_INVALID_ARGUMENT, reason, na, nb);
}

static rc_status round_pair(detector *t, const rc_scene_body *a, const rc_scene_body *b)
{
    double n[3], from[3];
    double distance = difference(t->d, a->position, b->position, n);
    double gap = distance - a->radius - b->radius;
    if (!(gap <= t->tolerance)) return RC_OK;
    if (distance == 0)
        return fail_pair(a, b, "%s and %s have the same centre, so the normal of their contact is undefined");
    for (int i = 0; i < t->d; i++) {
        n[i] /= distance;
        from[i] = b->position[i] + n[i] * b->radius;
    }
    return push_across(t, a, b, from, n, gap);
}

static rc_status box_round_pair(detector *t, const rc_scene_body *a, const rc_scene_body *b)
{
    const rc_scene_body *box = a->shape == RC_SHAPE_BOX ? a : b, *round = box == a ? b : a;
    double closest[3], u[3], n[3];
    if (!rc_box_closest_point(box, t->d, round->position, closest))
        return fail_pair(round, box, "the centre of %s is inside %s, so the normal of their contact is undefined");
    double distance = difference(t->d, round->position, closest, u);
    double gap = distance - round->radius;
    if (!(gap <= t->tolerance)) return RC_OK;
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

static rc_status body_pair(detector *t, const rc_scene_body *a, const rc_scene_body *b)
{
    if (a->shape == RC_SHAPE_ROUND && b->shape == RC_SHAPE_ROUND) return round_pair(t, a, b);
    if (a->shape == RC_SHAPE_ROUND || b->shape == RC_SHAPE_ROUND) return box_round_pair(t, a, b);
    double u[3];
    double gap = difference(t->d, a->position, b->position, u) - rc_shape_bounding_radius(a, t->d) -
                 rc_shape_bounding_radius(b, t->d);
    if (gap <= t->tolerance)
        return fail_pair(a, b, "%s and %s are boxes closer than their bounding balls; contacts between two boxes "
                               "are not supported");
    return RC_OK;
}

/* The signed distance of x from the wall's plane. */
static double wall_distance(int d, const rc_scene_wall *w, const double *x)
{
    double sum = 0;
    for (int i = 0; i < d; i++) sum += w->normal[i] * (x[i] - w->point[i]);
    return sum;
}

static rc_status wall_pair(detector *t, const rc_scene_body *a, int wall)
{
    const rc_scene_wall *w = &t->scene->walls[wall];
    double point[3];
    if (a->shape == RC_SHAPE_ROUND) {
        double gap = wall_distance(t->d, w, a->position) - a->radius;
        if (!(gap <= t->tolerance)) return RC_OK;
        for (int i = 0; i < t->d; i++) point[i] = a->position[i] - w->normal[i] * (a->radius + gap / 2);
        return push(t, a, RC_ITEM_WALL, wall, -1, point, w->normal, gap);
    }
    for (int v = 0; v < 1 << t->d; v++) {
        double vertex[3];
        rc_box_vertex(a, t->d, v, vertex);
        double gap = wall_distance(t->d, w, vertex);
        if (!(gap <= t->tolerance)) continue;
        for (int i = 0; i < t->d; i++) point[i] = vertex[i] - w->normal[i] * gap / 2;
        rc_status s = push(t, a, RC_ITEM_WALL, wall, v, point, w->normal, gap);
        if (s) return s;
    }
    return RC_OK;
}

rc_status rc_contacts_detect(const rc_scene *scene, rc_contact_list *list)
{
    detector t = {scene, scene->dimension, scene->contact_tolerance, list};
    const rc_scene_body *bodies = scene->bodies;
    int balls = scene->ball_count, total = scene->ball_count + scene->rigid_count;
    rc_status s = RC_OK;
    for (int i = 0; i < balls && !s; i++)
        for (int j = i + 1; j < balls && !s; j++) s = body_pair(&t, &bodies[i], &bodies[j]);
    for (int i = 0; i < balls && !s; i++)
        for (int w = 0; w < scene->wall_count && !s; w++) s = wall_pair(&t, &bodies[i], w);
    for (int r = balls; r < total && !s; r++) {
        for (int j = 0; j < balls && !s; j++) s = body_pair(&t, &bodies[j], &bodies[r]);
        for (int j = r + 1; j < total && !s; j++) s = body_pair(&t, &bodies[r], &bodies[j]);
        for (int w = 0; w < scene->wall_count && !s; w++) s = wall_pair(&t, &bodies[r], w);
    }
    return s;
}
