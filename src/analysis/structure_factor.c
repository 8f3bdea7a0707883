/* SPDX-License-Identifier: MIT */
/* The static structure factor S(k) = |sum_j exp(i k.x_j)|^2 / N of all particles (Hansen and McDonald, "Theory of
 * Simple Liquids", 4th ed., section 4.1), summed directly over the wave vectors the periodic box allows,
 * k = 2 pi (n_x / L_x, n_y / L_y, n_z / L_z), one of each pair k, -k. The vectors are grouped in shells of |k| as wide
 * as the finest spacing 2 pi / L_max; a shell with more than per_shell vectors uses per_shell of them, spread evenly
 * through its list, so the cost is (shells x per_shell x N) per frame. The phases exp(i k.x) are products of each
 * axis's exp(i 2 pi n x / L), tabulated for chunks of particles by wave number (powers of exp(i 2 pi x / L), one
 * sincos per particle and axis), so that each wave vector runs through contiguous rows; the x-y product is reused by
 * the vectors that share (n_x, n_y), which the lattice walk lists one after another. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/structure_factor.h"
#include "analysis/table.h"
#include "core/memory.h"
#include "core/status.h"

enum { PHASE_CHUNK = 128 };

/* Whether n (not all zero) is the representative of n, -n: its first nonzero component is positive. */
static bool first_positive(const int n[3])
{
    for (int k = 0; k < 3; k++)
        if (n[k]) return n[k] > 0;
    return false;
}

/* The wave vector of the integers n in the cell of sf: k = 2 pi n / L along each axis, except that under a tilt t the
 * gradient component is 2 pi (n_g - n_f t / L_f) / L_g, so that k is 2 pi times an integer along every edge of the
 * leaning cell (k.a_g = 2 pi n_g with a_g = L_g e_g + t e_f). Its length. */
static double wave_vector(const rc_structure_factor *sf, int dimension, const int n[3], double k[3])
{
    double length = 0;
    for (int e = 0; e < 3; e++) k[e] = e < dimension ? 2 * M_PI * n[e] / sf->box[e] : 0;
    if (sf->tilt != 0)
        k[sf->gradient] -= 2 * M_PI * n[sf->flow] * sf->tilt / (sf->box[sf->flow] * sf->box[sf->gradient]);
    for (int e = 0; e < dimension; e++) length += k[e] * k[e];
    return sqrt(length);
}

/* Walks the lattice of wave vectors below k_max: counts per shell (pick false), or stores the picked ones. */
static int walk(rc_structure_factor *sf, int dimension, int *seen, const int *total, bool pick)
{
    int stored = 0, *top = sf->top;
    for (int a = -top[0]; a <= top[0]; a++)
        for (int b = -top[1]; b <= top[1]; b++)
            for (int c = -top[2]; c <= top[2]; c++) {
                int n[3] = {a, b, c};
                if (!first_positive(n)) continue;
                double k[3], length = wave_vector(sf, dimension, n, k);
                int shell = (int)floor(length / sf->shell_width + 0.5);
                if (length > sf->k_max || shell < 1 || shell > sf->shells) continue;
                int s = shell - 1, index = seen[s]++;
                if (!pick) continue;
                /* keep index when it is one of per_shell indices spread evenly through total[s] */
                int m = total[s] <= sf->per_shell ? index : -1;
                if (m < 0) {
                    int64_t q = (int64_t)index * sf->per_shell / total[s];
                    if ((q * total[s] + sf->per_shell - 1) / sf->per_shell == index) m = (int)q;
                }
                if (m < 0) continue;
                memcpy(sf->k + 3 * stored, k, sizeof k);
                memcpy(sf->n + 3 * stored, n, sizeof n);
                sf->shell_of[stored++] = s;
            }
    return stored;
}

/* The tilt of frame f brought into [-L_f / 2, L_f / 2] (the same cell: a_g less a whole a_f), or 0. */
static double reduced_tilt(const rc_frame *f)
{
    if (f->tilt == 0) return 0;
    double edge = f->box[f->tilt_flow];
    return f->tilt - edge * floor(f->tilt / edge + 0.5);
}

/* Chooses the wave vectors of the cell of frame f (its box and tilt): the integer ranges that reach k_max (under a
 * tilt the gradient integers reach further by n_f t / L_f) and the vectors of each shell. */
static rc_status choose_vectors(rc_structure_factor *sf, const rc_frame *f)
{
    int d = f->dimension;
    sf->tilt = reduced_tilt(f), sf->flow = f->tilt_flow, sf->gradient = f->tilt_gradient;
    double lattice = 1;
    for (int e = 0; e < 3; e++) {
        sf->top[e] = e < d ? (int)floor(sf->k_max * f->box[e] / (2 * M_PI)) : 0;
        if (sf->tilt != 0 && e == sf->gradient) sf->top[e] += (sf->top[sf->flow] + 1) / 2;
        lattice *= 2 * sf->top[e] + 1;
    }
    if (!(lattice <= 1e8))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "k_max: %g gives too many wave vectors for this box", sf->k_max);
    int *seen = calloc((size_t)sf->shells, sizeof *seen);
    free(sf->k), free(sf->n), free(sf->shell_of);
    sf->k = NULL, sf->n = NULL, sf->shell_of = NULL;
    rc_status s = seen ? RC_STATUS_OK : RC_STATUS_NO_MEMORY;
    if (!s) {
        memset(sf->used, 0, (size_t)sf->shells * sizeof *sf->used);
        walk(sf, d, sf->used, NULL, false);
        int64_t keep = 0;
        for (int k = 0; k < sf->shells; k++) keep += sf->used[k] < sf->per_shell ? sf->used[k] : sf->per_shell;
        sf->k = malloc(3 * (size_t)keep * sizeof *sf->k + 1);
        sf->n = malloc(3 * (size_t)keep * sizeof *sf->n + 1);
        sf->shell_of = malloc((size_t)keep * sizeof *sf->shell_of + 1);
        if (!sf->k || !sf->n || !sf->shell_of) s = RC_STATUS_NO_MEMORY;
        else sf->vectors = walk(sf, d, seen, sf->used, true);
    }
    free(seen);
    return s ? rc_fail(RC_STATUS_NO_MEMORY, "structure_factor: out of memory") : RC_STATUS_OK;
}

rc_status rc_structure_factor_start(rc_structure_factor *sf, const rc_frame *f, double k_max, int per_shell)
{
    double longest = 0;
    for (int e = 0; e < f->dimension; e++) {
        if (!f->periodic[e])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "structure_factor: the box is not periodic along axis %d", e);
        longest = fmax(longest, f->box[e]);
        sf->box[e] = f->box[e];
    }
    sf->k_max = k_max;
    sf->per_shell = per_shell;
    sf->shell_width = 2 * M_PI / longest;
    if (!(k_max / sf->shell_width >= 0.5))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "k_max: %g gives no wave vectors for this box", k_max);
    sf->shells = (int)floor(k_max / sf->shell_width + 0.5);
    sf->sum = calloc((size_t)sf->shells, sizeof *sf->sum);
    sf->k_sum = calloc((size_t)sf->shells, sizeof *sf->k_sum);
    sf->samples = calloc((size_t)sf->shells, sizeof *sf->samples);
    sf->used = calloc((size_t)sf->shells, sizeof *sf->used);
    if (!sf->sum || !sf->k_sum || !sf->samples || !sf->used)
        return rc_fail(RC_STATUS_NO_MEMORY, "structure_factor: out of memory");
    return choose_vectors(sf, f);
}

/* The phases of a chunk of particles along one axis, stored by wave number: re[(top + n) * chunk + i] + i im[...] is
 * exp(i 2 pi n x_i / L) of particle from + i, so that one wave vector reads each axis's row of the chunk in order. */
typedef struct phase_rows {
    double *re, *im;
} phase_rows;

/* exp(i 2 pi n x / L) for n = -top .. top of the particles from..from+count along axis e, by repeated products (one
 * sincos per particle and axis); an axis beyond the frame's dimension is all ones. Under a tilt t the flow axis takes
 * x_f - t x_g / L_g, the coordinate along the cell's flow edge, which with wave_vector's k gives k.x. */
static void phases(const rc_structure_factor *sf, const rc_frame *f, int32_t from, int32_t count, int32_t chunk, int e,
                   phase_rows out)
{
    int top = sf->top[e];
    for (int32_t i = 0; i < count; i++) {
        const double *x = f->positions + 3 * (from + i);
        double along = x[e];
        if (sf->tilt != 0 && e == sf->flow) along -= sf->tilt * x[sf->gradient] / sf->box[sf->gradient];
        double angle = 2 * M_PI * along / f->box[e];
        double c = e < f->dimension ? cos(angle) : 1, s = e < f->dimension ? sin(angle) : 0, re = 1, im = 0;
        out.re[(size_t)top * chunk + i] = 1, out.im[(size_t)top * chunk + i] = 0;
        for (int n = 1; n <= top; n++) {
            double next_re = re * c - im * s, next_im = re * s + im * c;
            re = next_re, im = next_im;
            out.re[(size_t)(top + n) * chunk + i] = re, out.im[(size_t)(top + n) * chunk + i] = im;
            out.re[(size_t)(top - n) * chunk + i] = re, out.im[(size_t)(top - n) * chunk + i] = -im;
        }
    }
}

/* The products of the x and y phases of `count` particles for the wave numbers (a, b), into xy. */
static void plane_phases(const phase_rows *axis, const int top[3], int32_t chunk, int32_t count, int a, int b,
                         phase_rows xy)
{
    const double *ar = axis[0].re + (size_t)(top[0] + a) * chunk, *ai = axis[0].im + (size_t)(top[0] + a) * chunk;
    const double *br = axis[1].re + (size_t)(top[1] + b) * chunk, *bi = axis[1].im + (size_t)(top[1] + b) * chunk;
    for (int32_t i = 0; i < count; i++)
        xy.re[i] = ar[i] * br[i] - ai[i] * bi[i], xy.im[i] = ar[i] * bi[i] + ai[i] * br[i];
}

rc_status rc_structure_factor_add(rc_structure_factor *sf, const rc_frame *f)
{
    for (int e = 0; e < f->dimension; e++)
        if (f->box[e] != sf->box[e])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "structure_factor: the box changes (axis %d: %g, first frame %g)", e, f->box[e], sf->box[e]);
    if (reduced_tilt(f) != sf->tilt ||
        (sf->tilt != 0 && (f->tilt_flow != sf->flow || f->tilt_gradient != sf->gradient))) {
        rc_status s = choose_vectors(sf, f); /* a sheared cell leans further every frame */
        if (s) return s;
    }
    size_t rows = 1; /* the xy products */
    for (int e = 0; e < 3; e++) rows += (size_t)(2 * sf->top[e] + 1);
    int32_t chunk = PHASE_CHUNK < f->count ? PHASE_CHUNK : f->count;
    double *table = malloc(2 * rows * (size_t)(chunk ? chunk : 1) * sizeof *table);
    double *sums = calloc(2 * (size_t)sf->vectors + 1, sizeof *sums); /* real, imaginary of each vector */
    if (!table || !sums) {
        free(table);
        free(sums);
        return rc_fail(RC_STATUS_NO_MEMORY, "structure_factor: out of memory");
    }
    phase_rows axis[3], xy;
    double *next = table;
    for (int e = 0; e < 3; e++) {
        axis[e] = (phase_rows){next, next + (size_t)(2 * sf->top[e] + 1) * chunk};
        next += 2 * (size_t)(2 * sf->top[e] + 1) * chunk;
    }
    xy = (phase_rows){next, next + chunk};
    for (int32_t from = 0; from < f->count; from += chunk) {
        int32_t count = f->count - from < chunk ? f->count - from : chunk;
        for (int e = 0; e < 3; e++) phases(sf, f, from, count, chunk, e, axis[e]);
        for (int v = 0; v < sf->vectors; v++) {
            const int *m = sf->n + 3 * v;
            if (v == 0 || m[0] != m[-3] || m[1] != m[-2]) plane_phases(axis, sf->top, chunk, count, m[0], m[1], xy);
            const double *cr = axis[2].re + (size_t)(sf->top[2] + m[2]) * chunk;
            const double *ci = axis[2].im + (size_t)(sf->top[2] + m[2]) * chunk;
            double re = 0, im = 0;
            for (int32_t i = 0; i < count; i++)
                re += xy.re[i] * cr[i] - xy.im[i] * ci[i], im += xy.re[i] * ci[i] + xy.im[i] * cr[i];
            sums[2 * v] += re, sums[2 * v + 1] += im;
        }
    }
    for (int v = 0; v < sf->vectors; v++) {
        const double *k = sf->k + 3 * v;
        int s = sf->shell_of[v];
        sf->sum[s] += (sums[2 * v] * sums[2 * v] + sums[2 * v + 1] * sums[2 * v + 1]) / f->count;
        sf->k_sum[s] += sqrt(k[0] * k[0] + k[1] * k[1] + k[2] * k[2]);
        sf->samples[s] += 1;
    }
    free(table);
    free(sums);
    sf->frames++;
    return RC_STATUS_OK;
}

rc_status rc_structure_factor_finish(const rc_structure_factor *sf, rc_table *t)
{
    int rows = 0;
    for (int s = 0; s < sf->shells; s++) rows += sf->samples[s] > 0;
    rc_status status = rc_table_make(t, rows, 3);
    if (status) return status;
    const char *names[3] = {"k", "S", "vectors"};
    for (int c = 0; c < 3; c++)
        if (!(t->names[c] = strdup(names[c]))) return rc_fail(RC_STATUS_NO_MEMORY, "structure_factor: out of memory");
    for (int s = 0, r = 0; s < sf->shells; s++) {
        if (!(sf->samples[s] > 0)) continue; /* the test that counted the rows (a restored count may be negative) */
        double *row = t->values + 3 * r++;
        row[0] = sf->k_sum[s] / sf->samples[s];
        row[1] = sf->sum[s] / sf->samples[s];
        row[2] = sf->samples[s] / sf->frames; /* the vectors of one frame (under a tilt, their mean) */
    }
    return RC_STATUS_OK;
}

void rc_structure_factor_release(rc_structure_factor *sf)
{
    RC_FREE_ALL(sf->k, sf->n, sf->shell_of, sf->sum, sf->k_sum, sf->samples, sf->used);
    memset(sf, 0, sizeof *sf);
}
