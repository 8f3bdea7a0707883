/* SPDX-License-Identifier: MIT */
/* General convex pairs of the narrow phase through libccd (docs/design.md, "The time-stepped engine": libccd's GJK/EPA
 * for convex pairs). Both shapes are inflated by half the contact threshold (their support points pushed out along
 * the search direction), so GJK-EPA finds touching and nearly touching pairs alike: the gap is the threshold minus
 * the penetration depth. A normal within a small angle of a face normal of either body is snapped to it, so that a
 * face resting on a face pushes straight; the points come from the contact manifold (manifold.c). */
#include <ccd/ccd.h>
#include <math.h>

#include "core/vec.h"
#include "rigid/engine.h"

typedef struct support_object {
    const rc_rigid_view *view;
    double inflate;
} support_object;

static void support(const void *object, const ccd_vec3_t *dir, ccd_vec3_t *out)
{
    const support_object *o = object;
    const rc_rigid_view *v = o->view;
    double len = rc_v3_norm(dir->v), u[3] = {dir->v[0] / len, dir->v[1] / len, dir->v[2] / len}, local[3], p[3];
    if (v->g->shape == RC_RIGID_SHAPE_SPHERE) {
        rc_v3_axpy(v->x, v->g->radius + o->inflate, u, out->v);
        return;
    }
    rc_m3_apply_transpose(v->rot, u, local);
    int best = 0;
    double most = -INFINITY;
    for (int k = 0; k < v->g->vertex_count; k++) {
        double s = rc_v3_dot(v->vertices + 3 * k, local);
        if (s > most) most = s, best = k;
    }
    rc_m3_apply(v->rot, v->vertices + 3 * best, p);
    rc_v3_axpy(p, 1, v->x, p);
    rc_v3_axpy(p, o->inflate, u, out->v);
}

static void centre(const void *object, ccd_vec3_t *out)
{
    const rc_rigid_view *v = ((const support_object *)object)->view;
    for (int i = 0; i < 3; i++) out->v[i] = v->x[i];
}

/* Replaces n by the closest face normal of the view (sign: +1 for b's outward normals, -1 for a's) when it is
 * within the snapping angle. */
static void snap(const rc_rigid_view *v, double sign, double *n, double *best)
{
    for (int k = 0; k < v->g->normal_count; k++) {
        double f[3];
        rc_m3_apply(v->rot, v->normals + 3 * k, f);
        for (int i = 0; i < 3; i++) f[i] *= sign;
        double c = rc_v3_dot(f, n);
        if (c > *best) {
            *best = c;
            for (int i = 0; i < 3; i++) n[i] = f[i];
        }
    }
}

rc_status rc_rigid_collide_convex(int d, const rc_rigid_view *a, const rc_rigid_view *b, double threshold, int32_t ai,
                                  int32_t bi, rc_rigid_contacts *list)
{
    (void)d;
    support_object oa = {a, threshold / 2}, ob = {b, threshold / 2};
    ccd_t ccd;
    CCD_INIT(&ccd);
    ccd.support1 = support;
    ccd.support2 = support;
    ccd.center1 = centre;
    ccd.center2 = centre;
    ccd.max_iterations = 200;
    double scale = fmin(a->g->bound, b->g->bound);
    ccd.epa_tolerance = 1e-10 * scale;
    ccd.mpr_tolerance = 1e-10 * scale;
    ccd_real_t depth;
    ccd_vec3_t dir, pos;
    /* obj1 = b, obj2 = a: moving a by depth along dir separates them, so dir points from b to a */
    if (ccdMPRPenetration(&ob, &oa, &ccd, &depth, &dir, &pos) != 0) return RC_STATUS_OK;
    double n[3] = {dir.v[0], dir.v[1], dir.v[2]}, len = rc_v3_norm(n);
    if (!(len > 0)) return RC_STATUS_OK;
    for (int i = 0; i < 3; i++) n[i] /= len;
    double gap = threshold - depth, best = cos(1e-2), snapped[3] = {n[0], n[1], n[2]};
    snap(b, 1, snapped, &best);
    snap(a, -1, snapped, &best);
    if (a->g->shape == RC_RIGID_SHAPE_SPHERE || b->g->shape == RC_RIGID_SHAPE_SPHERE)
        return rc_rigid_contacts_push(list, ai, bi, pos.v, snapped, gap);
    return rc_rigid_manifold(a, b, snapped, gap, threshold, pos.v, ai, bi, list);
}
