/* SPDX-License-Identifier: MIT */
/* The transport of a mixture (docs/formats.md, "Transport of mixtures"), alongside the MSD of all particles
 * (correlator.c) from the same unwrapped positions:
 *   - each species' self-diffusion coefficient D_s, from the MSD of that species' particles alone (a multiple-tau
 *     correlator fed with their positions in index order, so that it is the D of a trajectory holding only them);
 *   - the interdiffusion (mutual diffusion) coefficient of two species a and b, in its thermodynamic-factor-free
 *     (kinetic) form, from the Einstein relation of the interdiffusion displacement
 *         X(t) = x_b sum_{i in a} r_i(t) - x_a sum_{j in b} r_j(t),   x_s = N_s / (N_a + N_b),
 *         D_ab = lim (1 / (2 d (N_a + N_b) x_a x_b)) d/dt <|X(t) - X(0)|^2>,
 *     the time integral of the interdiffusion current J = dX/dt (Green-Kubo: D_ab = (1 / (d N x_a x_b))
 *     int <J(t) . J(0)> dt). J is Galilean invariant (a common drift cancels), so no frame of reference is chosen.
 *     Written with the centres of mass, X = N_a (R_a(t) - R(t)) with R the centre of all N_a + N_b particles: the
 *     displacement of a species' centre of mass relative to the total. Without cross-correlations between
 *     particles D_ab is the self-diffusion; Fick's D_12 is D_ab times the thermodynamic factor
 *     Q = 1 + x_a (d ln gamma_a / d x_a), 1 for labels on identical particles (Erpenbeck, Phys. Rev. A 39, 4718
 *     (1989); Zhou and Miller, Phys. Rev. E 53, 1587 (1996)). With equal masses and the total momentum conserved,
 *     sum_i v_i = 0 makes each cross-correlation -1/(N - 1) of the self one, so D_ab = D_self N / (N - 1).
 * X is one collective number per frame: its series (time and three components, 32 bytes a frame) is kept, and at
 * the finish a multiple-tau correlator with the frames cut into as many blocks of time as the analysis has groups
 * gives the curve and, from the blocks' own slopes, the error (block averages, Flyvbjerg and Petersen, J. Chem. Phys.
 * 91, 461 (1989)). The series and the per-species correlators ride in a run's checkpoints (rc_mixture_walk). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "analysis/correlator.h"
#include "analysis/mixture_diffusion.h"
#include "analysis/table.h"
#include "core/grow.h"
#include "core/status.h"

/* "A,B": two different species labels. */
rc_status rc_mixture_pair_parse(const char *key, const char *value, int pair[2])
{
    char *end;
    long a = strtol(value, &end, 10), b = -1;
    bool ok = end != value && *end == ',' && a >= 0 && a < 1000000;
    if (ok) {
        const char *second = end + 1;
        b = strtol(second, &end, 10);
        ok = end != second && *end == '\0' && b >= 0 && b < 1000000;
    }
    if (!ok)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" is not A,B with two species labels (whole numbers)", key,
                       value);
    if (a == b)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: \"%s\" names species %ld twice, not two species", key, value,
                       a);
    pair[0] = (int)a, pair[1] = (int)b;
    return RC_STATUS_OK;
}

/* The species of the interdiffusion: the pair asked for (pair[0] >= 0), which must both have particles, else the two
 * species of a binary mixture, else none (pair -1, -1). */
static rc_status choose_pair(rc_mixture *m, const int asked[2])
{
    m->pair[0] = m->pair[1] = -1;
    if (asked[0] < 0) {
        int present = 0, first = -1, second = -1;
        for (int s = 0; s < m->species; s++)
            if (m->members[s]) {
                present++;
                if (first < 0) first = s;
                else if (second < 0) second = s;
            }
        if (present == 2) m->pair[0] = first, m->pair[1] = second;
        return RC_STATUS_OK;
    }
    for (int k = 0; k < 2; k++)
        if (asked[k] >= m->species || !m->members[asked[k]]) {
            int present = 0;
            for (int s = 0; s < m->species; s++) present += m->members[s] > 0;
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "interdiffusion: the frames have no particle of species %d (%d species "
                           "present%s)",
                           asked[k], present,
                           present == 1 ? ": a one-species system has no "
                                          "interdiffusion"
                                        : "");
        }
    m->pair[0] = asked[0], m->pair[1] = asked[1];
    return RC_STATUS_OK;
}

rc_status rc_mixture_start(rc_mixture *m, const rc_frame *f, int points, int groups, const int asked[2])
{
    memset(m, 0, sizeof *m);
    m->count = f->count;
    int top = 0;
    for (int32_t i = 0; i < f->count; i++) {
        if (f->species[i] < 0 || f->species[i] >= 1000000)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "msd: particle %d has species %d, not a label from 0 to 999999",
                           (int)i, (int)f->species[i]);
        if (f->species[i] >= top) top = f->species[i] + 1;
    }
    m->species = top;
    m->species_of = malloc((size_t)f->count * sizeof *m->species_of);
    m->members = calloc((size_t)top, sizeof *m->members);
    m->diffusion = malloc((size_t)top * sizeof *m->diffusion);
    m->diffusion_error = malloc((size_t)top * sizeof *m->diffusion_error);
    if (!m->species_of || !m->members || !m->diffusion || !m->diffusion_error)
        return rc_fail(RC_STATUS_NO_MEMORY, "msd: out of memory");
    memcpy(m->species_of, f->species, (size_t)f->count * sizeof *m->species_of);
    for (int32_t i = 0; i < f->count; i++) m->members[f->species[i]]++;
    for (int s = 0; s < top; s++) m->diffusion[s] = m->diffusion_error[s] = NAN;
    m->interdiffusion = m->interdiffusion_error = NAN;
    rc_status status = choose_pair(m, asked);
    if (status || top < 2) return status;
    /* each species' own correlator (one species: the MSD of all particles is its own) */
    m->self = calloc((size_t)top, sizeof *m->self);
    m->gathered = malloc(3 * (size_t)f->count * sizeof *m->gathered);
    if (!m->self || !m->gathered) return rc_fail(RC_STATUS_NO_MEMORY, "msd: out of memory");
    for (int s = 0; s < top && !status; s++)
        if (m->members[s]) status = rc_correlator_start(&m->self[s], false, points, groups, m->members[s]);
    return status;
}

/* X / sqrt((N_a + N_b) x_a x_b) of the unwrapped positions: scaled so that its mean squared change grows as 2 d D_ab t,
 * like one particle's. */
static void displacement(const rc_mixture *m, const double *unwrapped, double out[3])
{
    double n[2] = {m->members[m->pair[0]], m->members[m->pair[1]]}, total = n[0] + n[1];
    double weight[2] = {n[1] / total, -n[0] / total}, sums[2][3] = {{0}};
    for (int32_t i = 0; i < m->count; i++)
        for (int k = 0; k < 2; k++)
            if (m->species_of[i] == m->pair[k])
                for (int a = 0; a < 3; a++) sums[k][a] += unwrapped[3 * i + a];
    double scale = 1 / sqrt(n[0] * n[1] / total);
    for (int a = 0; a < 3; a++) out[a] = (weight[0] * sums[0][a] + weight[1] * sums[1][a]) * scale;
}

rc_status rc_mixture_add(rc_mixture *m, const rc_frame *f, const double *unwrapped, int64_t index)
{
    for (int32_t i = 0; i < f->count; i++)
        if (f->species[i] != m->species_of[i])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "msd: particle %d is species %d in frame %lld but %d in the first: the "
                           "species' own diffusion needs fixed labels",
                           (int)i, (int)f->species[i], (long long)index, (int)m->species_of[i]);
    rc_status s = RC_STATUS_OK;
    for (int sp = 0; m->self && sp < m->species && !s; sp++) {
        if (!m->members[sp]) continue;
        size_t n = 0;
        for (int32_t i = 0; i < m->count; i++)
            if (m->species_of[i] == sp) memcpy(m->gathered + 3 * n++, unwrapped + 3 * i, 3 * sizeof *m->gathered);
        s = rc_correlator_add(&m->self[sp], f->time, m->gathered);
    }
    if (s || m->pair[0] < 0) return s;
    if (m->frames >= (1 << 28)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interdiffusion: more than 2^28 frames");
    if (RC_GROW(m->series, m->capacity, 4 * (int)(m->frames + 1))) return RC_STATUS_NO_MEMORY;
    double *row = m->series + 4 * m->frames++;
    row[0] = f->time;
    displacement(m, unwrapped, row + 1);
    return RC_STATUS_OK;
}

/* The interdiffusion curve and D_ab: the series through a correlator of blocks of time. */
static rc_status finish_interdiffusion(rc_mixture *m, int dimension, int points, int groups, double t0, double t1,
                                       rc_table *table)
{
    rc_correlator c;
    int64_t block = (m->frames + groups - 1) / groups;
    rc_status s = rc_correlator_start_blocks(&c, false, points, groups, block, 1);
    for (int64_t f = 0; f < m->frames && !s; f++) s = rc_correlator_add(&c, m->series[4 * f], m->series + 4 * f + 1);
    if (!s) s = rc_correlator_finish(&c, "msd_interdiffusion", table);
    if (!s) rc_correlator_diffusion(&c, dimension, t0, t1, &m->interdiffusion, &m->interdiffusion_error);
    rc_correlator_release(&c);
    return s;
}

rc_status rc_mixture_finish(rc_mixture *m, int dimension, int points, int groups, double t0, double t1,
                            double diffusion, double error, rc_table *table)
{
    if (!m->self) m->diffusion[0] = diffusion, m->diffusion_error[0] = error;
    for (int s = 0; m->self && s < m->species; s++)
        if (m->members[s])
            rc_correlator_diffusion(&m->self[s], dimension, t0, t1, &m->diffusion[s], &m->diffusion_error[s]);
    return m->pair[0] >= 0 && m->frames ? finish_interdiffusion(m, dimension, points, groups, t0, t1, table)
                                        : RC_STATUS_OK;
}

void rc_mixture_release(rc_mixture *m)
{
    for (int s = 0; m->self && s < m->species; s++) rc_correlator_release(&m->self[s]);
    free(m->self);
    free(m->species_of);
    free(m->members);
    free(m->gathered);
    free(m->series);
    free(m->diffusion);
    free(m->diffusion_error);
    memset(m, 0, sizeof *m);
}

rc_status rc_mixture_walk(rc_bytes *b, rc_mixture *m)
{
    rc_status s = RC_STATUS_OK;
    for (int sp = 0; m->self && sp < m->species && !s; sp++)
        if (m->members[sp]) s = rc_correlator_walk(b, &m->self[sp]);
    if (s || m->pair[0] < 0) return s;
    RC_BYTES_FIELD(b, m->frames);
    if (b->mode == RC_BYTES_READ && !b->short_of_room) {
        /* the series that follows must be in what is left (read from outside data) */
        if (m->frames < 0 || (size_t)m->frames > b->left / (4 * sizeof *m->series))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "measure: a damaged interdiffusion series in the checkpoint");
        if (RC_GROW(m->series, m->capacity, 4 * (int)m->frames)) return RC_STATUS_NO_MEMORY;
    }
    rc_bytes_field(b, m->series, 4 * (size_t)m->frames * sizeof *m->series);
    for (int64_t i = 0; b->mode == RC_BYTES_READ && !b->short_of_room && i < 4 * m->frames; i++)
        if (!(fabs(m->series[i]) <= 0x1p400))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "measure: a damaged interdiffusion series in the checkpoint (a value "
                           "beyond 2^400 or not a number)");
    return RC_STATUS_OK;
}

/* A number, or null when it is not finite. */
static cJSON *number(double x) { return isfinite(x) ? cJSON_CreateNumber(x) : cJSON_CreateNull(); }

void rc_mixture_summary(const rc_mixture *m, cJSON *summary)
{
    cJSON *values = cJSON_CreateArray(), *errors = cJSON_CreateArray();
    for (int s = 0; s < m->species; s++) {
        cJSON_AddItemToArray(values, number(m->diffusion[s]));
        cJSON_AddItemToArray(errors, number(m->diffusion_error[s]));
    }
    cJSON_AddItemToObject(summary, "diffusion_coefficient_species", values);
    cJSON_AddItemToObject(summary, "diffusion_coefficient_species_error", errors);
    cJSON_AddItemToObject(summary, "interdiffusion_coefficient", number(m->interdiffusion));
    cJSON_AddItemToObject(summary, "interdiffusion_coefficient_error", number(m->interdiffusion_error));
    if (m->pair[0] < 0) cJSON_AddItemToObject(summary, "interdiffusion_species", cJSON_CreateNull());
    else cJSON_AddItemToObject(summary, "interdiffusion_species", cJSON_CreateIntArray(m->pair, 2));
}
