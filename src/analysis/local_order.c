/* SPDX-License-Identifier: MIT */
/* Order per particle, frame by frame (docs/formats.md, "Order per particle"). In 2D the local hexatic order of each
 * disk, psi6_i = (1 / n_i) sum over its n_i neighbours j of exp(6 i theta_ij) (Nelson and Halperin; with Voronoi
 * neighbours as in Bernard and Krauth, Phys. Rev. Lett. 107, 155704 (2011)), written as |psi6_i| and its argument,
 * and its correlation g6(r) = < Re psi6_i conj(psi6_j) > over the pairs at distance r, whose decay gives the hexatic
 * correlation length. In 3D Steinhardt's local q4, q6 and w6 of each sphere from q_lm(i) = (1 / n_i) sum_j Y_lm(r_ij)
 * (the local invariants of Steinhardt, Nelson and Ronchetti as used by ten Wolde, Ruiz-Montero and Frenkel, J. Chem.
 * Phys. 104, 9932 (1996); not the neighbour-averaged ones of Lechner and Dellago), and the solid-like spheres of ten
 * Wolde and Frenkel: two neighbours are connected when the product of their normalised q6 vectors,
 * sum_m q6m(i) conj(q6m(j)) / (|q6(i)| |q6(j)|), exceeds solid_bond (0.7), and a sphere with at least solid_bonds (7)
 * connections is solid-like (the thresholds of Auer and Frenkel, Nature 409, 1020 (2001), for hard spheres). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/local_order.h"
#include "analysis/pairs.h"
#include "analysis/table.h"
#include "core/grow.h"
#include "core/status.h"

enum { STRIDE = 12 }; /* per sphere q4_0..4 then q6_0..6; per disk psi6 alone */

static const char *const names_2d[] = {"frame", "id", "psi6_abs", "psi6_arg"};
static const char *const names_3d[] = {"frame", "id", "q4", "q6", "w6", "solid"};

int rc_local_order_columns(int dimension, const char *const **names)
{
    *names = dimension == 2 ? names_2d : names_3d;
    return dimension == 2 ? 4 : 6;
}

/* psi6 of every disk from its bonds; the mean |psi6|. */
static double disks(rc_local_order *o, int32_t count)
{
    const rc_neighbours *n = &o->neighbours;
    double sum = 0;
    for (int32_t i = 0; i < count; i++) {
        double complex psi = 0;
        for (int32_t b = n->start[i]; b < n->start[i + 1]; b++) {
            const double *d = n->d + 3 * b;
            double complex u = (d[0] + I * d[1]) / hypot(d[0], d[1]), u2 = u * u;
            psi += u2 * u2 * u2;
        }
        int32_t bonds = n->start[i + 1] - n->start[i];
        o->q[i] = bonds ? psi / bonds : 0;
        sum += cabs(o->q[i]);
    }
    return sum / count;
}

/* q4m and q6m of every sphere from its bonds. */
static void spheres(rc_local_order *o, int32_t count)
{
    const rc_neighbours *n = &o->neighbours;
    for (int32_t i = 0; i < count; i++) {
        double complex *q = o->q + (size_t)i * STRIDE, y[STRIDE];
        memset(q, 0, STRIDE * sizeof *q);
        int32_t bonds = n->start[i + 1] - n->start[i];
        for (int32_t b = n->start[i]; b < n->start[i + 1]; b++) {
            rc_spherical_harmonics(4, n->d + 3 * b, y);
            rc_spherical_harmonics(6, n->d + 3 * b, y + 5);
            for (int m = 0; m < STRIDE; m++) q[m] += y[m];
        }
        for (int m = 0; m < STRIDE && bonds; m++) q[m] /= bonds;
    }
}

/* The connections of sphere i: neighbours whose normalised q6 vector's product with its own exceeds solid_bond. */
static int connections(const rc_local_order *o, int32_t i)
{
    const rc_neighbours *n = &o->neighbours;
    const double complex *qi = o->q + (size_t)i * STRIDE + 5;
    double own = sqrt(rc_harmonics_dot(6, qi, qi));
    int connected = 0;
    for (int32_t b = n->start[i]; b < n->start[i + 1]; b++) {
        const double complex *qj = o->q + (size_t)n->to[b] * STRIDE + 5;
        double other = sqrt(rc_harmonics_dot(6, qj, qj));
        connected += own > 0 && other > 0 && rc_harmonics_dot(6, qi, qj) / (own * other) > o->solid_bond;
    }
    return connected;
}

static void add_g6_pair(void *context, int32_t i, int32_t j, const double d[3], double r2)
{
    (void)d;
    rc_local_order *o = context;
    int bin = (int)(sqrt(r2) / o->g6_width);
    if (bin >= o->bins) return;
    o->g6_sum[bin] += creal(o->q[i] * conj(o->q[j]));
    o->g6_pairs[bin]++;
}

rc_status rc_local_order_add(rc_local_order *o, rc_cells *cells, const rc_frame *f, int64_t frame_index)
{
    int32_t count = f->count;
    rc_status s = o->voronoi ? rc_neighbours_by_voronoi(&o->neighbours, f)
                             : rc_neighbours_by_distance(&o->neighbours, cells, f, o->cutoff);
    if (s) return s;
    const char *const *names;
    int columns = rc_local_order_columns(f->dimension, &names);
    size_t need = (o->row_count + (size_t)count) * (size_t)columns;
    if (RC_RESERVE(o->q, o->q_capacity, (size_t)count * STRIDE) || need > INT32_MAX ||
        RC_GROW(o->rows, o->row_capacity, (int)need))
        return rc_fail(RC_STATUS_NO_MEMORY, "order: out of memory for %lld rows of order per particle",
                       (long long)(o->row_count + (size_t)count));
    double *row = o->rows + o->row_count * (size_t)columns;
    o->dimension = f->dimension;
    if (f->dimension == 2) {
        o->psi6_sum += disks(o, count);
        for (int32_t i = 0; i < count; i++, row += columns) {
            row[0] = (double)frame_index, row[1] = i;
            row[2] = cabs(o->q[i]), row[3] = carg(o->q[i]);
        }
        if (!o->bins && o->g6_range > 0) { /* g6_range 0: the rows alone */
            o->bins = (int)ceil(o->g6_range / o->g6_width);
            o->g6_sum = calloc((size_t)o->bins, sizeof *o->g6_sum);
            o->g6_pairs = calloc((size_t)o->bins, sizeof *o->g6_pairs);
            if (!o->g6_sum || !o->g6_pairs) return rc_fail(RC_STATUS_NO_MEMORY, "g6: out of memory");
        }
        s = o->bins ? rc_cells_pairs(cells, f, o->g6_range, add_g6_pair, o) : RC_STATUS_OK;
        if (s) return s;
    } else {
        spheres(o, count);
        int32_t solid = 0;
        for (int32_t i = 0; i < count; i++, row += columns) {
            const double complex *q = o->q + (size_t)i * STRIDE;
            bool bonded = o->neighbours.start[i + 1] > o->neighbours.start[i];
            row[0] = (double)frame_index, row[1] = i;
            row[2] = sqrt(rc_harmonics_norm(4, q)), row[3] = sqrt(rc_harmonics_norm(6, q + 5));
            row[4] = bonded ? rc_harmonics_w(6, q + 5) : 0;
            row[5] = connections(o, i) >= o->solid_bonds;
            solid += row[5] > 0;
        }
        o->solid_sum += (double)solid / count;
    }
    o->row_count += (size_t)count;
    o->frames++;
    return RC_STATUS_OK;
}

double rc_local_order_mean(const rc_local_order *o)
{
    if (!o->frames) return NAN;
    return (o->dimension == 2 ? o->psi6_sum : o->solid_sum) / o->frames;
}

int rc_local_order_g6(const rc_local_order *o, double *values)
{
    int rows = 0;
    for (int b = 0; b < o->bins; b++) {
        if (!o->g6_pairs[b]) continue;
        values[2 * rows] = (b + 0.5) * o->g6_width;
        values[2 * rows + 1] = o->g6_sum[b] / o->g6_pairs[b];
        rows++;
    }
    return rows;
}

double rc_local_order_length(const rc_local_order *o, double diameter)
{
    /* weighted least squares of ln g6 = a - r / xi over the bins from one diameter up to the first where g6 <= 0
     * (beyond it g6 is noise about zero) */
    double w = 0, wr = 0, wy = 0, wrr = 0, wry = 0;
    int used = 0;
    for (int b = 0; b < o->bins; b++) {
        double r = (b + 0.5) * o->g6_width, pairs = o->g6_pairs[b];
        if (r < diameter || !pairs) continue;
        if (!(o->g6_sum[b] > 0)) break;
        double y = log(o->g6_sum[b] / pairs);
        w += pairs, wr += pairs * r, wy += pairs * y, wrr += pairs * r * r, wry += pairs * r * y;
        used++;
    }
    if (used < 2) return NAN;
    double slope = (w * wry - wr * wy) / (w * wrr - wr * wr);
    return slope < 0 ? -1 / slope : INFINITY;
}

/* A table of `columns` named columns and `rows` rows copied from values. */
static rc_status table_of(rc_table *t, int rows, int columns, const char *const *names, const double *values)
{
    rc_status s = rc_table_make(t, rows, columns);
    for (int k = 0; k < columns && !s; k++)
        if (!(t->names[k] = strdup(names[k]))) s = rc_fail(RC_STATUS_NO_MEMORY, "order: out of memory");
    if (!s && rows) memcpy(t->values, values, (size_t)rows * (size_t)columns * sizeof *values);
    return s;
}

rc_status rc_local_order_tables(const rc_local_order *o, rc_table *particles, rc_table *g6)
{
    const char *const *names;
    int columns = rc_local_order_columns(o->dimension, &names);
    if (o->row_count > INT32_MAX) return rc_fail(RC_STATUS_NO_MEMORY, "order: %zu rows are too many", o->row_count);
    rc_status s = table_of(particles, (int)o->row_count, columns, names, o->rows);
    if (s || o->dimension != 2) return s;
    double *values = malloc(2 * (size_t)o->bins * sizeof *values);
    if (!values) return rc_fail(RC_STATUS_NO_MEMORY, "g6: out of memory");
    static const char *const g6_names[] = {"r", "g6"};
    s = table_of(g6, rc_local_order_g6(o, values), 2, g6_names, values);
    free(values);
    return s;
}

void rc_local_order_release(rc_local_order *o)
{
    rc_neighbours_release(&o->neighbours);
    free(o->q);
    free(o->rows);
    free(o->g6_sum);
    free(o->g6_pairs);
    o->q = NULL, o->rows = NULL, o->g6_sum = o->g6_pairs = NULL;
    o->q_capacity = 0, o->row_capacity = 0, o->row_count = 0, o->bins = 0;
}
