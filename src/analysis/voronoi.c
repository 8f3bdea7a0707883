/* SPDX-License-Identifier: MIT */
/* Voronoi neighbours (local_order.h): two particles are neighbours when their Voronoi cells share a face (an edge in
 * 2D) of non-zero size, that is when they are joined by an edge of the Delaunay tessellation whose dual face does
 * not shrink to a point. qhull computes the tessellation ("d Qt Qbb": Delaunay, triangulated, scaled paraboloid).
 * Periodic boundaries: the images of the particles within a margin of the box (3 mean spacings, doubled until no
 * simplex that touches a particle of the box reaches beyond it) are added as ghosts, and a bond to a ghost is a bond
 * to its particle with the ghost's displacement. Where points are cospherical (a perfect lattice) the triangulation
 * adds edges whose dual face is a point: every simplex around such an edge has the same circumcentre, and the edge is
 * dropped (faces smaller than 1e-6 of the mean spacing count as none). Edges on the hull of a box without periodic
 * boundaries have open faces and are kept. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/local_order.h"
#include "analysis/qhull_symbols.h"
#include "core/dense_solve.h"
#include "core/status.h"

enum { SHIFTS = 5 }; /* image offsets -2..2 per axis (2 for a tilted cell's flow axis) */

/* The points handed to qhull: the particles (wrapped into the box), then their ghosts. */
typedef struct points {
    int dimension;
    size_t count, capacity;
    double *xyz;    /* dimension per point */
    int32_t *owner; /* the particle of each point */
    int *shift;     /* the image code of each point: sum over axes of (offset + 2) 5^k; the box's own is CENTRE */
} points;

static int centre_code(void) { return 2 + 2 * SHIFTS + 2 * SHIFTS * SHIFTS; }

static rc_status add_point(points *p, const double *x, int32_t owner, int shift)
{
    if (p->count == p->capacity) {
        size_t next = p->capacity ? 2 * p->capacity : 1024;
        double *xyz = realloc(p->xyz, next * (size_t)p->dimension * sizeof *xyz);
        if (xyz) p->xyz = xyz;
        int32_t *o = realloc(p->owner, next * sizeof *o);
        if (o) p->owner = o;
        int *s = realloc(p->shift, next * sizeof *s);
        if (s) p->shift = s;
        if (!xyz || !o || !s) return rc_fail(RC_STATUS_NO_MEMORY, "voronoi: out of memory for %zu points", next);
        p->capacity = next;
    }
    memcpy(p->xyz + p->count * (size_t)p->dimension, x, (size_t)p->dimension * sizeof *x);
    p->owner[p->count] = owner, p->shift[p->count] = shift;
    p->count++;
    return RC_STATUS_OK;
}

/* The particles and their images within margin of the box along periodic axes. */
static rc_status make_points(points *p, const rc_frame *f, double margin)
{
    int dim = f->dimension, reach[3] = {0, 0, 0};
    for (int k = 0; k < dim; k++) reach[k] = f->periodic[k] ? 1 + (f->tilt != 0 && k == f->tilt_flow) : 0;
    p->count = 0;
    for (int32_t i = 0; i < f->count; i++) {
        double home[3];
        for (int k = 0; k < dim; k++) {
            double x = f->positions[3 * i + k], edge = f->box[k];
            home[k] = f->periodic[k] ? x - edge * floor(x / edge) : x;
        }
        rc_status s = add_point(p, home, i, centre_code());
        for (int a = -reach[0]; a <= reach[0] && !s; a++)
            for (int b = -reach[1]; b <= reach[1] && !s; b++)
                for (int c = -reach[2]; c <= reach[2] && !s; c++) {
                    int o[3] = {a, b, c};
                    if (!a && !b && !c) continue;
                    double x[3];
                    bool near = true;
                    for (int k = 0; k < dim; k++) x[k] = home[k] + o[k] * f->box[k];
                    if (f->tilt != 0) x[f->tilt_flow] += o[f->tilt_gradient] * f->tilt;
                    for (int k = 0; k < dim; k++)
                        near &= !f->periodic[k] || (x[k] >= -margin && x[k] <= f->box[k] + margin);
                    if (near) s = add_point(p, x, i, (a + 2) + (b + 2) * SHIFTS + (c + 2) * SHIFTS * SHIFTS);
                }
        if (s) return s;
    }
    return RC_STATUS_OK;
}

/* An edge of a simplex: its two points (the first a particle of the box), the simplex's circumcentre, and whether
 * the simplex is on the upper hull (its dual vertex at infinity). */
typedef struct edge {
    int a, b;
    double centre[3];
    bool open;
} edge;

static int edge_order(const void *x, const void *y)
{
    const edge *e = x, *g = y;
    return e->a != g->a ? (e->a > g->a) - (e->a < g->a) : (e->b > g->b) - (e->b < g->b);
}

/* The circumcentre of the simplex of dimension + 1 points; its radius, infinite for a flat simplex. */
static double circumcentre(const points *p, const int *ids, double *centre)
{
    int dim = p->dimension;
    const double *x0 = p->xyz + (size_t)ids[0] * dim;
    double matrix[9], right[3];
    for (int r = 0; r < dim; r++) {
        const double *x = p->xyz + (size_t)ids[r + 1] * dim;
        right[r] = 0;
        for (int k = 0; k < dim; k++) {
            matrix[r * dim + k] = 2 * (x[k] - x0[k]);
            right[r] += (x[k] - x0[k]) * (x[k] - x0[k]);
        }
    }
    for (int r = 0; r < dim; r++) { /* rows of unit length: the solver's pivot test is at the unit scale */
        double norm = 0;
        for (int k = 0; k < dim; k++) norm += matrix[r * dim + k] * matrix[r * dim + k];
        norm = sqrt(norm);
        if (!(norm > 0)) return INFINITY;
        for (int k = 0; k < dim; k++) matrix[r * dim + k] /= norm;
        right[r] /= norm;
    }
    if (!rc_dense_solve(matrix, right, dim)) return INFINITY;
    double r2 = 0;
    for (int k = 0; k < dim; k++) centre[k] = x0[k] + right[k], r2 += right[k] * right[k];
    return sqrt(r2);
}

/* Whether a bond a-b is listed from a's side: a is a particle of the box, and b's particle (then image) comes
 * after a's, so that each bond between two particles (or a particle and its own image) is listed once. */
static bool listed_from(const points *p, int a, int b)
{
    if (p->shift[a] != centre_code()) return false;
    return p->owner[b] != p->owner[a] ? p->owner[b] > p->owner[a] : p->shift[b] > p->shift[a];
}

typedef struct tessellation {
    edge *edges;
    size_t count, capacity;
    bool too_near; /* a simplex touching the box reaches beyond the ghosts' margin */
} tessellation;

/* The edges of the facet's simplex that are listed, with its circumcentre; too_near when it reaches out of
 * [-margin, box + margin] along a periodic axis. */
static rc_status facet_edges(tessellation *t, const points *p, const rc_frame *f, const int *ids, bool open,
                             double margin)
{
    int dim = p->dimension;
    double centre[3] = {0, 0, 0}, radius = open ? 0 : circumcentre(p, ids, centre);
    bool touches = false;
    for (int v = 0; v <= dim; v++) touches |= p->shift[ids[v]] == centre_code();
    if (!touches) return RC_STATUS_OK;
    for (int k = 0; k < dim && !open; k++)
        if (f->periodic[k] && (centre[k] - radius < -margin || centre[k] + radius > f->box[k] + margin))
            t->too_near = true;
    for (int u = 0; u <= dim; u++)
        for (int v = 0; v <= dim; v++) {
            if (u == v || !listed_from(p, ids[u], ids[v])) continue;
            if (t->count == t->capacity) {
                size_t next = t->capacity ? 2 * t->capacity : 4096;
                edge *e = realloc(t->edges, next * sizeof *e);
                if (!e) return rc_fail(RC_STATUS_NO_MEMORY, "voronoi: out of memory for %zu edges", next);
                t->edges = e, t->capacity = next;
            }
            t->edges[t->count++] = (edge){ids[u], ids[v], {centre[0], centre[1], centre[2]}, open};
        }
    return RC_STATUS_OK;
}

/* qhull's Delaunay tessellation of the points, its simplices' edges into t. */
static rc_status delaunay(tessellation *t, const points *p, const rc_frame *f, double margin)
{
    char *message = NULL;
    size_t length = 0;
    FILE *errors = open_memstream(&message, &length); /* qhull writes its errors here: the library never prints */
    qhT *qh = calloc(1, sizeof *qh);
    if (!errors || !qh) {
        if (errors) fclose(errors);
        free(message);
        free(qh);
        return rc_fail(RC_STATUS_NO_MEMORY, "voronoi: out of memory");
    }
    char command[] = "qhull d Qt Qbb";
    qh_zero(qh, errors);
    int code = qh_new_qhull(qh, p->dimension, (int)p->count, p->xyz, False, command, errors, errors);
    rc_status s = RC_STATUS_OK;
    t->count = 0, t->too_near = false;
    if (code) {
        fflush(errors);
        size_t line = message ? strcspn(message, "\n") : 0; /* qhull's first line says why */
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "voronoi: qhull cannot tessellate the %zu points of the frame (are they all "
                    "on a plane or a line?): %.*s",
                    p->count, (int)(line < 300 ? line : 300), message ? message : "");
    } else {
        facetT *facet;
        vertexT *vertex, **vertexp;
        FORALLfacets
        {
            int ids[4], n = 0;
            FOREACHvertex_(facet->vertices) if (n < 4) ids[n++] = qh_pointid(qh, vertex->point);
            if (n != p->dimension + 1) continue;
            s = facet_edges(t, p, f, ids, facet->upperdelaunay, margin);
            if (s) break;
        }
    }
    int long_memory, total;
    qh_freeqhull(qh, !qh_ALL);
    qh_memfreeshort(qh, &long_memory, &total);
    free(qh);
    fclose(errors);
    free(message);
    return s;
}

/* The bonds of the sorted edges: one per point pair whose simplices' circumcentres spread over more than `tiny`,
 * or that has an open face. */
static rc_status bonds_of(rc_neighbours *n, const tessellation *t, const points *p, double tiny)
{
    int dim = p->dimension;
    for (size_t first = 0, last; first < t->count; first = last) {
        const edge *e = &t->edges[first];
        bool open = false;
        double spread = 0;
        for (last = first; last < t->count && t->edges[last].a == e->a && t->edges[last].b == e->b; last++) {
            double d2 = 0;
            for (int k = 0; k < dim; k++)
                d2 += (t->edges[last].centre[k] - e->centre[k]) * (t->edges[last].centre[k] - e->centre[k]);
            spread = fmax(spread, sqrt(d2));
            open |= t->edges[last].open;
        }
        if (!open && spread <= tiny) continue;
        double d[3] = {0, 0, 0};
        for (int k = 0; k < dim; k++) d[k] = p->xyz[(size_t)e->b * dim + k] - p->xyz[(size_t)e->a * dim + k];
        rc_status s = rc_neighbours_add(n, p->owner[e->a], p->owner[e->b], d);
        if (s) return s;
    }
    return RC_STATUS_OK;
}

rc_status rc_neighbours_by_voronoi(rc_neighbours *n, const rc_frame *f)
{
    rc_status s = rc_library_open(&rc_qhull_library);
    if (s) return s;
    double volume = 1, largest = 0;
    for (int k = 0; k < f->dimension; k++) volume *= f->box[k], largest = fmax(largest, f->box[k]);
    double spacing = pow(volume / f->count, 1.0 / f->dimension), margin = 3 * spacing;
    points p = {.dimension = f->dimension};
    tessellation t = {0};
    for (;;) {
        s = make_points(&p, f, margin);
        if (!s) s = delaunay(&t, &p, f, margin);
        if (s || !t.too_near || margin >= largest) break;
        margin = fmin(2 * margin, largest);
    }
    rc_neighbours_clear(n);
    if (!s) {
        qsort(t.edges, t.count, sizeof *t.edges, edge_order);
        s = bonds_of(n, &t, &p, 1e-6 * spacing);
    }
    if (!s) s = rc_neighbours_build(n, f->count);
    free(t.edges);
    free(p.xyz);
    free(p.owner);
    free(p.shift);
    return s;
}
