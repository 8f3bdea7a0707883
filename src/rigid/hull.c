/* SPDX-License-Identifier: MIT */
/* Convex hulls and their mass properties (hull.h). 3D: incremental construction from a starting tetrahedron; a
 * point sees a face when it lies beyond the face's plane by more than a rounding tolerance, so points on the hull's
 * faces or inside are dropped. Mass properties: the solid is the union of the tetrahedra from an interior point to
 * each outward triangle; a tetrahedron (0, a, b, c) with det = a.(b x c) has volume det/6 and second moment
 * int x x^T = det/120 (a a^T + b b^T + c c^T + s s^T), s = a + b + c. 2D: Andrew's monotone chain, then the polygon's
 * area, centroid and polar moment by the shoelace sums. (docs/design.md, "The time-stepped engine".) */
#include "rigid/hull.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "core/vec.h"

typedef struct face {
    int v[3];
    double n[3], d; /* outward unit normal and offset: n.x = d on the plane */
    int alive;
} face;

typedef struct builder {
    const double *p;
    face *faces;
    int count, capacity;
    double eps;
} builder;

static rc_status add_face(builder *b, int i, int j, int k, const double *inside)
{
    rc_status s = RC_GROW(b->faces, b->capacity, b->count + 1);
    if (s) return s;
    face *f = &b->faces[b->count++];
    const double *a = b->p + 3 * i, *c = b->p + 3 * j, *e = b->p + 3 * k;
    double u[3], w[3];
    rc_v3_axpy(c, -1, a, u);
    rc_v3_axpy(e, -1, a, w);
    rc_v3_cross(u, w, f->n);
    double len = rc_v3_norm(f->n);
    for (int q = 0; q < 3; q++) f->n[q] /= len;
    f->v[0] = i, f->v[1] = j, f->v[2] = k;
    f->d = rc_v3_dot(f->n, a);
    f->alive = 1;
    if (inside && rc_v3_dot(f->n, inside) > f->d) { /* wrong way round: flip */
        f->v[1] = k, f->v[2] = j;
        for (int q = 0; q < 3; q++) f->n[q] = -f->n[q];
        f->d = -f->d;
    }
    return RC_STATUS_OK;
}

/* The index of the point farthest from the previous picks: from picked[0] (picks = 1), from the line through two
 * (picks = 2), from the plane through three (picks = 3). */
static int farthest(const double *p, int n, const int *picked, int picks)
{
    int best = -1;
    double most = -1;
    for (int i = 0; i < n; i++) {
        const double *x = p + 3 * i, *a = p + 3 * picked[0];
        double u[3], m;
        rc_v3_axpy(x, -1, a, u);
        if (picks == 1) {
            m = rc_v3_dot(u, u);
        } else {
            double e[3], c[3];
            rc_v3_axpy(p + 3 * picked[1], -1, a, e);
            if (picks == 2) {
                rc_v3_cross(e, u, c);
                m = rc_v3_dot(c, c);
            } else {
                double g[3];
                rc_v3_axpy(p + 3 * picked[2], -1, a, g);
                rc_v3_cross(e, g, c);
                m = fabs(rc_v3_dot(c, u));
            }
        }
        if (m > most) most = m, best = i;
    }
    return best;
}

/* Is the directed edge (a, c) of a visible face shared, reversed, with another of the first count faces that is
 * visible? */
static int shared(const builder *b, const char *visible, int count, int a, int c)
{
    for (int f = 0; f < count; f++) {
        if (!visible[f]) continue;
        for (int e = 0; e < 3; e++)
            if (b->faces[f].v[e] == c && b->faces[f].v[(e + 1) % 3] == a) return 1;
    }
    return 0;
}

static rc_status add_point(builder *b, int point, const double *inside, char **visible, int *visible_capacity)
{
    const double *x = b->p + 3 * point;
    int any = 0, count = b->count;
    rc_status s = RC_GROW(*visible, *visible_capacity, count);
    if (s) return s;
    for (int f = 0; f < count; f++) {
        (*visible)[f] = (char)(b->faces[f].alive && rc_v3_dot(b->faces[f].n, x) - b->faces[f].d > b->eps);
        any |= (*visible)[f];
    }
    for (int f = 0; f < count && any && !s; f++) {
        if (!(*visible)[f]) continue;
        for (int e = 0; e < 3 && !s; e++) {
            int a = b->faces[f].v[e], c = b->faces[f].v[(e + 1) % 3];
            if (!shared(b, *visible, count, a, c)) s = add_face(b, a, c, point, inside);
        }
    }
    for (int f = 0; f < count && !s; f++)
        if ((*visible)[f]) b->faces[f].alive = 0;
    return s;
}

/* Volume, centre and inertia of the solid bounded by the live faces, about `o` then shifted to the centre. */
static void mass3(const builder *b, const double *o, rc_hull *hull)
{
    double vol = 0, c[3] = {0, 0, 0}, m[9] = {0};
    for (int f = 0; f < b->count; f++) {
        if (!b->faces[f].alive) continue;
        double v[3][3], s[3], x[3];
        for (int k = 0; k < 3; k++) rc_v3_axpy(b->p + 3 * b->faces[f].v[k], -1, o, v[k]);
        rc_v3_cross(v[1], v[2], x);
        double det = rc_v3_dot(v[0], x);
        for (int i = 0; i < 3; i++) s[i] = v[0][i] + v[1][i] + v[2][i];
        vol += det / 6;
        for (int i = 0; i < 3; i++) c[i] += det / 24 * s[i];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                m[3 * i + j] += det / 120 * (v[0][i] * v[0][j] + v[1][i] * v[1][j] + v[2][i] * v[2][j] + s[i] * s[j]);
    }
    for (int i = 0; i < 3; i++) c[i] /= vol;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) m[3 * i + j] -= vol * c[i] * c[j];
    double trace = m[0] + m[4] + m[8];
    for (int i = 0; i < 9; i++) hull->inertia[i] = (i % 4 == 0 ? trace : 0) - m[i];
    hull->measure = vol;
    rc_v3_axpy(o, 1, c, hull->centre);
}

/* The distinct normals and the vertices used by the live faces. */
static rc_status collect3(const builder *b, int n, rc_hull *hull)
{
    hull->vertices = malloc((size_t)n * sizeof *hull->vertices);
    hull->normals = malloc((size_t)b->count * 3 * sizeof *hull->normals);
    char *used = calloc((size_t)n, 1);
    if (!hull->vertices || !hull->normals || !used) {
        free(used);
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory building a convex hull of %d points", n);
    }
    for (int f = 0; f < b->count; f++) {
        if (!b->faces[f].alive) continue;
        for (int k = 0; k < 3; k++) used[b->faces[f].v[k]] = 1;
        int seen = 0;
        for (int q = 0; q < hull->normal_count && !seen; q++)
            seen = rc_v3_dot(hull->normals + 3 * q, b->faces[f].n) > 1 - 1e-12;
        if (!seen) memcpy(hull->normals + 3 * hull->normal_count++, b->faces[f].n, 3 * sizeof(double));
    }
    for (int i = 0; i < n; i++)
        if (used[i]) hull->vertices[hull->vertex_count++] = i;
    free(used);
    return RC_STATUS_OK;
}

static rc_status hull3(const double *p, int n, const char *name, rc_hull *hull)
{
    double scale = 0;
    for (int i = 0; i < 3 * n; i++) scale = fmax(scale, fabs(p[i]));
    int pick[4] = {0};
    for (int k = 1; k < 4; k++) pick[k] = farthest(p, n, pick, k);
    double e[3], g[3], u[3], c[3];
    rc_v3_axpy(p + 3 * pick[1], -1, p, e);
    rc_v3_axpy(p + 3 * pick[2], -1, p, g);
    rc_v3_axpy(p + 3 * pick[3], -1, p, u);
    rc_v3_cross(e, g, c);
    if (!(fabs(rc_v3_dot(c, u)) > 1e-9 * scale * scale * scale))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the points lie in one plane; a hull needs volume", name);
    double inside[3] = {0, 0, 0};
    for (int k = 0; k < 4; k++) rc_v3_axpy(inside, 0.25, p + 3 * pick[k], inside);
    builder b = {.p = p, .eps = 1e-12 * scale};
    rc_status s = RC_STATUS_OK;
    for (int k = 0; k < 4 && !s; k++) s = add_face(&b, pick[k], pick[(k + 1) % 4], pick[(k + 2) % 4], inside);
    char *visible = NULL;
    int visible_capacity = 0;
    for (int i = 0; i < n && !s; i++)
        if (i != pick[0] && i != pick[1] && i != pick[2] && i != pick[3])
            s = add_point(&b, i, inside, &visible, &visible_capacity);
    if (!s) {
        mass3(&b, inside, hull);
        s = collect3(&b, n, hull);
    }
    free(visible);
    free(b.faces);
    return s;
}

static double cross2(const double *o, const double *a, const double *b)
{
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

static int by_xy(const void *x, const void *y, void *points)
{
    const double *p = points, *a = p + 2 * *(const int *)x, *b = p + 2 * *(const int *)y;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    return (a[1] > b[1]) - (a[1] < b[1]);
}

/* Area, centroid and polar moment about the centroid of the polygon of the hull's vertices; the sums run about the
 * first vertex, so that a polygon far from the origin loses no digits. */
static void mass2(const double *p, rc_hull *hull)
{
    int m = hull->vertex_count;
    const double *o = p + 2 * hull->vertices[0];
    double area = 0, cx = 0, cy = 0, j = 0;
    for (int i = 0; i < m; i++) {
        const double *pa = p + 2 * hull->vertices[i], *pb = p + 2 * hull->vertices[(i + 1) % m];
        double a[2] = {pa[0] - o[0], pa[1] - o[1]}, b[2] = {pb[0] - o[0], pb[1] - o[1]};
        double cr = a[0] * b[1] - b[0] * a[1];
        area += cr / 2;
        cx += (a[0] + b[0]) * cr / 6;
        cy += (a[1] + b[1]) * cr / 6;
        j += cr * (a[0] * a[0] + a[0] * b[0] + b[0] * b[0] + a[1] * a[1] + a[1] * b[1] + b[1] * b[1]) / 12;
    }
    hull->measure = area;
    cx /= area, cy /= area;
    memset(hull->inertia, 0, sizeof hull->inertia);
    hull->inertia[8] = j - area * (cx * cx + cy * cy);
    hull->centre[0] = o[0] + cx, hull->centre[1] = o[1] + cy, hull->centre[2] = 0;
}

static rc_status hull2(const double *p, int n, const char *name, rc_hull *hull)
{
    int *order = malloc((size_t)n * sizeof *order);
    hull->vertices = malloc((size_t)(2 * n + 1) * sizeof *hull->vertices);
    hull->normals = malloc((size_t)n * 3 * sizeof *hull->normals);
    if (!order || !hull->vertices || !hull->normals) {
        free(order);
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory building a convex polygon of %d points", n);
    }
    for (int i = 0; i < n; i++) order[i] = i;
    qsort_r(order, (size_t)n, sizeof *order, by_xy, (void *)p);
    int *h = hull->vertices, k = 0;
    for (int t = 0; t < n; t++) { /* lower hull, left to right */
        while (k >= 2 && cross2(p + 2 * h[k - 2], p + 2 * h[k - 1], p + 2 * order[t]) <= 0) k--;
        h[k++] = order[t];
    }
    for (int t = n - 2, lower = k + 1; t >= 0; t--) { /* upper hull, right to left */
        while (k >= lower && cross2(p + 2 * h[k - 2], p + 2 * h[k - 1], p + 2 * order[t]) <= 0) k--;
        h[k++] = order[t];
    }
    k--; /* the first point closed the loop */
    free(order);
    hull->vertex_count = k;
    if (k < 3) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: the points lie on one line; a polygon needs area", name);
    for (int i = 0; i < k; i++) {
        const double *a = p + 2 * h[i], *b = p + 2 * h[(i + 1) % k];
        double ex = b[0] - a[0], ey = b[1] - a[1], len = hypot(ex, ey);
        double *nn = hull->normals + 3 * hull->normal_count++;
        nn[0] = ey / len, nn[1] = -ex / len, nn[2] = 0;
    }
    mass2(p, hull);
    return RC_STATUS_OK;
}

rc_status rc_hull_build(int dimension, const double *points, int n, const char *name, rc_hull *hull)
{
    memset(hull, 0, sizeof *hull);
    if (n < dimension + 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: %d points cannot span a hull in %d dimensions", name, n,
                       dimension);
    rc_status s = dimension == 3 ? hull3(points, n, name, hull) : hull2(points, n, name, hull);
    if (s) rc_hull_free(hull);
    return s;
}

void rc_hull_free(rc_hull *hull)
{
    free(hull->vertices);
    free(hull->normals);
    memset(hull, 0, sizeof *hull);
}
