/* SPDX-License-Identifier: MIT */
/* The narrow phase of the time-stepped engine (docs/design.md, "The time-stepped engine": closed forms for sphere pairs
 * and planes, libccd for convex pairs). A contact point sits halfway between the two surfaces, its normal points
 * from b to a, its gap is the distance between the surfaces (negative inside). Closed forms: sphere-sphere along
 * the centre line; sphere-plane; every vertex of a box or hull within the threshold of a plane (a face resting on a
 * plane gets one point per corner, so it rests stably); sphere-box by the box point closest to the centre. Other
 * pairs go to libccd (narrow_ccd.c). In 2D the points and normals are brought back into the plane z = 0 and the
 * copies of a point at both ends of a prism merged. */
#include <math.h>
#include <string.h>

#include "core/grow.h"
#include "core/vec.h"
#include "rigid/engine.h"

rc_status rc_rigid_contacts_push(rc_rigid_contacts *list, int32_t a, int32_t b, const double *point,
                                 const double *normal, double gap)
{
    rc_status s = RC_GROW(list->items, list->capacity, list->count + 1);
    if (s) return s;
    rc_rigid_contact *c = &list->items[list->count++];
    c->a = a, c->b = b, c->gap = gap, c->active = false, c->impulse = 0;
    memcpy(c->point, point, sizeof c->point);
    memcpy(c->normal, normal, sizeof c->normal);
    return RC_STATUS_OK;
}

/* a's surface point is at `from` + n gap: the contact point is halfway. */
static rc_status push_across(rc_rigid_contacts *list, int32_t a, int32_t b, const double *from, const double *n,
                             double gap)
{
    double p[3];
    rc_v3_axpy(from, gap / 2, n, p);
    return rc_rigid_contacts_push(list, a, b, p, n, gap);
}

static rc_status sphere_sphere(const rc_rigid_view *a, const rc_rigid_view *b, double threshold, int32_t ai, int32_t bi,
                               rc_rigid_contacts *list)
{
    double r[3], from[3];
    rc_v3_axpy(a->x, -1, b->x, r);
    double dist = rc_v3_norm(r), gap = dist - a->g->radius - b->g->radius;
    if (gap > threshold || dist == 0) return RC_STATUS_OK;
    for (int i = 0; i < 3; i++) r[i] /= dist;
    rc_v3_axpy(b->x, b->g->radius, r, from);
    return push_across(list, ai, bi, from, r, gap);
}

/* Body a (sphere, box or hull) against the static plane b. */
static rc_status plane(const rc_rigid_view *a, const rc_rigid_view *b, double threshold, int32_t ai, int32_t bi,
                       rc_rigid_contacts *list)
{
    const double *n = b->plane;
    rc_status s = RC_STATUS_OK;
    double u[3], p[3];
    if (a->g->shape == RC_RIGID_SHAPE_SPHERE) {
        rc_v3_axpy(a->x, -1, b->x, u);
        double gap = rc_v3_dot(n, u) - a->g->radius;
        rc_v3_axpy(a->x, -(a->g->radius + gap), n, p);
        return gap <= threshold ? push_across(list, ai, bi, p, n, gap) : RC_STATUS_OK;
    }
    for (int v = 0; v < a->g->vertex_count && !s; v++) {
        rc_m3_apply(a->rot, a->vertices + 3 * v, p);
        rc_v3_axpy(p, 1, a->x, p);
        rc_v3_axpy(p, -1, b->x, u);
        double gap = rc_v3_dot(n, u);
        rc_v3_axpy(p, -gap, n, p);
        if (gap <= threshold) s = push_across(list, ai, bi, p, n, gap);
    }
    return s;
}

/* The sphere `ball` against the box `box`: the normal points from the box to the sphere. */
static rc_status sphere_box(const rc_rigid_view *ball, const rc_rigid_view *box, double threshold, int32_t ai,
                            int32_t bi, bool ball_is_a, rc_rigid_contacts *list)
{
    const double *half = box->vertices + 3 * 7; /* the corner (+, +, +) */
    double u[3], p[3], q[3], nl[3] = {0, 0, 0}, n[3], from[3];
    rc_v3_axpy(ball->x, -1, box->x, u);
    rc_m3_apply_transpose(box->rot, u, p);
    bool outside = false;
    for (int i = 0; i < 3; i++) {
        q[i] = fmin(fmax(p[i], -half[i]), half[i]);
        outside |= q[i] != p[i];
    }
    double gap;
    if (outside) {
        double dist;
        rc_v3_axpy(p, -1, q, nl);
        dist = rc_v3_norm(nl);
        for (int i = 0; i < 3; i++) nl[i] /= dist;
        gap = dist - ball->g->radius;
    } else { /* the centre is inside: out through the nearest face */
        int axis = 0;
        for (int i = 1; i < 3; i++)
            if (half[i] - fabs(p[i]) < half[axis] - fabs(p[axis])) axis = i;
        nl[axis] = p[axis] < 0 ? -1 : 1;
        q[axis] = nl[axis] * half[axis];
        gap = -(half[axis] - fabs(p[axis])) - ball->g->radius;
    }
    if (gap > threshold) return RC_STATUS_OK;
    rc_m3_apply(box->rot, nl, n);
    rc_m3_apply(box->rot, q, from);
    rc_v3_axpy(from, 1, box->x, from);
    if (ball_is_a) return push_across(list, ai, bi, from, n, gap);
    for (int i = 0; i < 3; i++) n[i] = -n[i];
    rc_v3_axpy(from, -gap, n, from); /* the ball's surface point, on the b side */
    return push_across(list, ai, bi, from, n, gap);
}

/* In 2D: normals and points back in the plane, and the prism's doubled points merged. */
static void flatten(rc_rigid_contacts *list, int first, double scale)
{
    int kept = first;
    for (int k = first; k < list->count; k++) {
        rc_rigid_contact c = list->items[k];
        double len = hypot(c.normal[0], c.normal[1]);
        c.normal[0] /= len, c.normal[1] /= len, c.normal[2] = 0, c.point[2] = 0;
        bool twin = false;
        for (int j = first; j < kept && !twin; j++)
            twin = hypot(list->items[j].point[0] - c.point[0], list->items[j].point[1] - c.point[1]) <= 1e-9 * scale;
        if (!twin) list->items[kept++] = c;
    }
    list->count = kept;
}

rc_status rc_rigid_collide(int d, const rc_rigid_view *a, const rc_rigid_view *b, double threshold, int32_t ai,
                           int32_t bi, rc_rigid_contacts *list)
{
    int first = list->count;
    rc_rigid_shape sa = a->g->shape, sb = b->plane ? RC_RIGID_SHAPE_PLANE : b->g->shape;
    rc_status s;
    if (sb == RC_RIGID_SHAPE_PLANE) s = plane(a, b, threshold, ai, bi, list);
    else if (sa == RC_RIGID_SHAPE_SPHERE && sb == RC_RIGID_SHAPE_SPHERE)
        s = sphere_sphere(a, b, threshold, ai, bi, list);
    else if (sa == RC_RIGID_SHAPE_SPHERE && sb == RC_RIGID_SHAPE_BOX)
        s = sphere_box(a, b, threshold, ai, bi, true, list);
    else if (sa == RC_RIGID_SHAPE_BOX && sb == RC_RIGID_SHAPE_SPHERE)
        s = sphere_box(b, a, threshold, ai, bi, false, list);
    else s = rc_rigid_collide_convex(d, a, b, threshold, ai, bi, list);
    if (!s && d == 2 && list->count > first) flatten(list, first, a->g->bound);
    return s;
}
