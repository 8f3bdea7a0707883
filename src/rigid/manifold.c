/* SPDX-License-Identifier: MIT */
/* The contact manifold of two polytopes (docs/design.md, "The time-stepped engine": several contact points per face
 * contact so that stacks rest stably). Given the normal n from b to a: a's feature is its vertices within the
 * tolerance of its lowest point along n, b's feature its vertices within the tolerance of its highest; both are
 * projected on the plane across n and put in convex (counter-clockwise) order. The overlap of the two (one clipped
 * by the other, Sutherland-Hodgman) gives the points: a face on a face yields the corners of their overlap, a vertex
 * or an edge on a face yields that vertex or the clipped edge. Two crossing edges (no feature with area) keep the
 * single point found by GJK-EPA. Points sit halfway between the two features' planes. */
#include <math.h>
#include <stdlib.h>

#include "core/vec.h"
#include "rigid/engine.h"

enum { MAX_FEATURE = 32, MAX_CLIPPED = 4 * MAX_FEATURE };

typedef struct plane_frame {
    double n[3], u[3], w[3];
} plane_frame;

typedef struct polygon {
    double p[MAX_CLIPPED][2];
    int count;
    double area;
} polygon;

static plane_frame frame_of(const double *n)
{
    plane_frame f = {{n[0], n[1], n[2]}, {0, 0, 0}, {0, 0, 0}};
    int least = 0;
    for (int i = 1; i < 3; i++)
        if (fabs(n[i]) < fabs(n[least])) least = i;
    double e[3] = {0, 0, 0};
    e[least] = 1;
    rc_v3_cross(n, e, f.u);
    double len = rc_v3_norm(f.u);
    for (int i = 0; i < 3; i++) f.u[i] /= len;
    rc_v3_cross(n, f.u, f.w);
    return f;
}

static double angle_about(const double *p, const double *c) { return atan2(p[1] - c[1], p[0] - c[0]); }

static int by_angle(const void *x, const void *y, void *centre)
{
    double a = angle_about(x, centre), b = angle_about(y, centre);
    return (a > b) - (a < b);
}

/* Puts the points in counter-clockwise order about their centroid and measures the area. A feature without area
 * is reduced to its two farthest points (an edge) or one point. */
static void order(polygon *g, double scale)
{
    double c[2] = {0, 0};
    for (int k = 0; k < g->count; k++) c[0] += g->p[k][0] / g->count, c[1] += g->p[k][1] / g->count;
    qsort_r(g->p, (size_t)g->count, sizeof g->p[0], by_angle, c);
    g->area = 0;
    for (int k = 0; k < g->count; k++) {
        const double *a = g->p[k], *b = g->p[(k + 1) % g->count];
        g->area += (a[0] * b[1] - b[0] * a[1]) / 2;
    }
    if (g->area > 1e-9 * scale * scale) return;
    int i0 = 0, j0 = 0;
    double far = -1;
    for (int i = 0; i < g->count; i++)
        for (int j = i + 1; j < g->count; j++) {
            double dx = g->p[i][0] - g->p[j][0], dy = g->p[i][1] - g->p[j][1];
            if (dx * dx + dy * dy > far) far = dx * dx + dy * dy, i0 = i, j0 = j;
        }
    double a[2] = {g->p[i0][0], g->p[i0][1]}, b[2] = {g->p[j0][0], g->p[j0][1]};
    g->p[0][0] = a[0], g->p[0][1] = a[1], g->p[1][0] = b[0], g->p[1][1] = b[1];
    g->count = far > 1e-18 * scale * scale ? 2 : 1;
    g->area = 0;
}

/* The feature of view v facing the other body: sign -1 for a (lowest along n), +1 for b (highest). Returns false
 * when the feature has too many points to clip. *height is its level along n. */
static bool feature(const rc_rigid_view *v, const plane_frame *f, double sign, double tolerance, polygon *g,
                    double *height)
{
    double top = -INFINITY, world[3];
    for (int pass = 0; pass < 2; pass++) {
        g->count = 0;
        for (int k = 0; k < v->g->vertex_count; k++) {
            rc_m3_apply(v->rot, v->vertices + 3 * k, world);
            rc_v3_axpy(world, 1, v->x, world);
            double level = sign * rc_v3_dot(f->n, world);
            if (pass == 0) top = fmax(top, level);
            else if (level >= top - tolerance) {
                if (g->count == MAX_FEATURE) return false;
                g->p[g->count][0] = rc_v3_dot(f->u, world);
                g->p[g->count++][1] = rc_v3_dot(f->w, world);
            }
        }
    }
    *height = sign * top;
    order(g, v->g->bound);
    return true;
}

static double side(const double *a, const double *b, const double *p)
{
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
}

/* Clips subject (a polygon, an edge or a point) by the convex counter-clockwise polygon clip, in place. */
static void clip_by(polygon *subject, const polygon *clip, double scale)
{
    polygon out;
    double eps = 1e-12 * scale * scale;
    for (int e = 0; e < clip->count && subject->count > 0; e++) {
        const double *c0 = clip->p[e], *c1 = clip->p[(e + 1) % clip->count];
        out.count = 0;
        for (int i = 0; i < subject->count && out.count + 2 <= MAX_CLIPPED; i++) {
            const double *cur = subject->p[i], *prev = subject->p[(i + subject->count - 1) % subject->count];
            double sc = side(c0, c1, cur), sp = side(c0, c1, prev);
            bool in_cur = sc >= -eps, in_prev = sp >= -eps;
            if (in_cur != in_prev) {
                double t = sp / (sp - sc);
                out.p[out.count][0] = prev[0] + t * (cur[0] - prev[0]);
                out.p[out.count++][1] = prev[1] + t * (cur[1] - prev[1]);
            }
            if (in_cur) out.p[out.count][0] = cur[0], out.p[out.count++][1] = cur[1];
        }
        *subject = out;
    }
}

rc_status rc_rigid_manifold(const rc_rigid_view *a, const rc_rigid_view *b, const double *n, double gap,
                            double tolerance, const double *fallback, int32_t a_id, int32_t b_id,
                            rc_rigid_contacts *list)
{
    plane_frame f = frame_of(n);
    polygon fa, fb;
    double ha, hb, scale = fmin(a->g->bound, b->g->bound);
    bool ok = feature(a, &f, -1, tolerance, &fa, &ha) && feature(b, &f, 1, tolerance, &fb, &hb);
    ok = ok && (fa.area > 0 || fb.area > 0);
    if (ok && fb.area > 0) clip_by(&fa, &fb, scale);
    else if (ok) clip_by(&fb, &fa, scale), fa = fb;
    if (!ok || fa.count == 0) return rc_rigid_contacts_push(list, a_id, b_id, fallback, n, gap);
    rc_status s = RC_STATUS_OK;
    int first = list->count;
    for (int k = 0; k < fa.count && !s; k++) {
        double p[3];
        for (int i = 0; i < 3; i++) p[i] = fa.p[k][0] * f.u[i] + fa.p[k][1] * f.w[i] + (ha + hb) / 2 * f.n[i];
        bool twin = false;
        for (int j = first; j < list->count && !twin; j++) {
            double dd[3];
            rc_v3_axpy(list->items[j].point, -1, p, dd);
            twin = rc_v3_norm(dd) <= 1e-9 * scale;
        }
        if (!twin) s = rc_rigid_contacts_push(list, a_id, b_id, p, n, gap);
    }
    return s;
}
