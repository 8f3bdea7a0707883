/* SPDX-License-Identifier: MIT */
/* Assembly of the impact system (Vouga et al. 2017, section 2: configuration velocity, block-diagonal mass matrix,
 * contact gradients with lever arms, normalisation n^T M^-1 n = 1) and the sparse operations on it. */
#include "impact/system.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/memory.h"
#include "core/status.h"

void rc_system_free(rc_system *sys)
{
    RC_FREE_ALL(sys->m_diag, sys->minv_diag, sys->block_of, sys->block_first, sys->block_m, sys->block_minv, sys->ptr,
                sys->idx, sys->grad, sys->wgrad, sys->scale, sys->dof_global, sys->contact_global);
    memset(sys, 0, sizeof *sys);
}

/* Arrays that share one capacity: each is grown from the same recorded capacity, to per times the need. */
typedef struct shared_array {
    void **array;
    size_t element_size, per;
} shared_array;

#define SHARED(a, per)                                                                                                 \
    {                                                                                                                  \
        (void **)&(a), sizeof *(a), per                                                                                \
    }

/* Grows every array of the group while s stays OK, and returns the capacity the last one was given (the same for
 * arrays grown by one per element, as rc_reserve's growth depends on the capacity and the need only). */
static size_t reserve_shared(const shared_array *group, int count, size_t capacity, size_t need, rc_status *s)
{
    size_t c = capacity;
    for (int k = 0; k < count && !*s; k++) {
        c = capacity;
        *s = rc_reserve_quick(group[k].array, &c, group[k].per * need, group[k].element_size);
    }
    return c;
}

rc_status rc_system_reserve(rc_system *sys, int n, int m, size_t nnz, int blocks)
{
    size_t un = (size_t)n + 1, um = (size_t)m + 1, ub = (size_t)blocks + 1;
    rc_status s = RC_STATUS_OK;
    if (un > sys->cap_n) {
        const shared_array group[] = {SHARED(sys->m_diag, 1), SHARED(sys->minv_diag, 1), SHARED(sys->block_of, 1),
                                      SHARED(sys->dof_global, 1)};
        sys->cap_n = reserve_shared(group, 4, sys->cap_n, un, &s);
    }
    if (um > sys->cap_m) {
        const shared_array group[] = {SHARED(sys->ptr, 1), SHARED(sys->scale, 1), SHARED(sys->contact_global, 1)};
        sys->cap_m = reserve_shared(group, 3, sys->cap_m, um, &s);
    }
    if (nnz + 1 > sys->cap_nnz) {
        const shared_array group[] = {SHARED(sys->idx, 1), SHARED(sys->grad, 1), SHARED(sys->wgrad, 1)};
        sys->cap_nnz = reserve_shared(group, 3, sys->cap_nnz, nnz + 1, &s);
    }
    if (ub > sys->cap_blocks) {
        const shared_array group[] = {SHARED(sys->block_first, 1), SHARED(sys->block_m, 9), SHARED(sys->block_minv, 9)};
        reserve_shared(group, 3, sys->cap_blocks, ub, &s);
        sys->cap_blocks = ub;
    }
    if (s) {
        rc_system_free(sys);
        return s;
    }
    sys->n = n;
    sys->m = m;
    sys->block_count = blocks;
    return RC_STATUS_OK;
}

/* Inverse of a symmetric positive definite 3x3 matrix by cofactors. */
static void invert3(const double *a, double *inv)
{
    double c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6];
    double det = a[0] * c00 + a[1] * c01 + a[2] * c02;
    inv[0] = c00 / det;
    inv[1] = (a[2] * a[7] - a[1] * a[8]) / det;
    inv[2] = (a[1] * a[5] - a[2] * a[4]) / det;
    inv[3] = c01 / det;
    inv[4] = (a[0] * a[8] - a[2] * a[6]) / det;
    inv[5] = (a[2] * a[3] - a[0] * a[5]) / det;
    inv[6] = c02 / det;
    inv[7] = (a[1] * a[6] - a[0] * a[7]) / det;
    inv[8] = (a[0] * a[4] - a[1] * a[3]) / det;
}

static void set_masses(rc_system *sys, const rc_impact_problem *problem)
{
    int blocks = 0;
    for (int i = 0; i < problem->dof_count; i++) {
        sys->m_diag[i] = problem->dof_mass[i];
        sys->minv_diag[i] = 1.0 / problem->dof_mass[i];
        sys->block_of[i] = -1;
        sys->dof_global[i] = i;
    }
    for (int b = 0; b < problem->body_count; b++) {
        const rc_body *body = &problem->bodies[b];
        if (body->kind != RC_BODY_KIND_RIGID || body->dimension != 3) continue;
        int first = body->first_dof + 3;
        sys->block_first[blocks] = first;
        memcpy(sys->block_m + 9 * blocks, body->inertia, 9 * sizeof(double));
        invert3(body->inertia, sys->block_minv + 9 * blocks);
        for (int i = 0; i < 3; i++) sys->block_of[first + i] = blocks;
        blocks++;
    }
}

static int count_blocks(const rc_impact_problem *problem)
{
    int blocks = 0;
    for (int b = 0; b < problem->body_count; b++)
        blocks += problem->bodies[b].kind == RC_BODY_KIND_RIGID && problem->bodies[b].dimension == 3;
    return blocks;
}

int rc_system_body_entries(const rc_impact_problem *problem, int body, const double *point, const double *direction,
                           double sign, int *idx, double *val)
{
    const rc_body *b = &problem->bodies[body];
    int d = b->dimension, count = 0;
    for (int i = 0; i < d; i++) {
        idx[count] = b->first_dof + i;
        val[count++] = sign * direction[i];
    }
    if (b->kind != RC_BODY_KIND_RIGID) return count;
    double r[3] = {0, 0, 0};
    for (int i = 0; i < d; i++) r[i] = point[i] - b->position[i];
    const double *n = direction;
    if (d == 2) {
        idx[count] = b->first_dof + 2;
        val[count++] = sign * (r[0] * n[1] - r[1] * n[0]);
    } else {
        double cross[3] = {r[1] * n[2] - r[2] * n[1], r[2] * n[0] - r[0] * n[2], r[0] * n[1] - r[1] * n[0]};
        for (int i = 0; i < 3; i++) {
            idx[count] = b->first_dof + 3 + i;
            val[count++] = sign * cross[i];
        }
    }
    return count;
}

rc_status rc_system_build(rc_system *sys, const rc_impact_problem *problem)
{
    size_t nnz = 0;
    for (int k = 0; k < problem->contact_count; k++) {
        const rc_contact *c = &problem->contacts[k];
        if (c->body_a < 0) nnz += (size_t)c->nonzeros;
        else
            nnz += (size_t)problem->bodies[c->body_a].dof_count +
                   (c->body_b >= 0 ? (size_t)problem->bodies[c->body_b].dof_count : 0);
    }
    rc_status s = rc_system_reserve(sys, problem->dof_count, problem->contact_count, nnz, count_blocks(problem));
    if (s) return s;
    set_masses(sys, problem);
    int at = 0;
    for (int k = 0; k < problem->contact_count; k++) {
        const rc_contact *c = &problem->contacts[k];
        sys->ptr[k] = at;
        sys->contact_global[k] = k;
        if (c->body_a < 0) {
            memcpy(sys->idx + at, problem->nonzero_dof + c->first_nonzero, (size_t)c->nonzeros * sizeof(int));
            memcpy(sys->grad + at, problem->nonzero_value + c->first_nonzero, (size_t)c->nonzeros * sizeof(double));
            at += c->nonzeros;
        } else {
            at += rc_system_body_entries(problem, c->body_a, c->point, c->normal, 1.0, sys->idx + at, sys->grad + at);
            if (c->body_b >= 0)
                at += rc_system_body_entries(problem, c->body_b, c->point, c->normal, -1.0, sys->idx + at,
                                             sys->grad + at);
        }
        sys->ptr[k + 1] = at;
        rc_system_normalise(sys, k);
    }
    return RC_STATUS_OK;
}

double rc_system_weigh(rc_system *sys, int k)
{
    int lo = sys->ptr[k], hi = sys->ptr[k + 1];
    const int *idx = sys->idx;
    const double *grad = sys->grad;
    for (int p = lo; p < hi;) {
        int dof = idx[p], b = sys->block_of[dof];
        if (b < 0) {
            sys->wgrad[p] = sys->minv_diag[dof] * grad[p];
            p++;
            continue;
        }
        /* a 3x3 block: its three dofs are stored together in every gradient that touches it, so the entry of the
           block's first dof starts them; the three rows of M^-1 are summed in the order of the entries */
        int base = p - (dof - sys->block_first[b]), first = sys->block_first[b];
        const double *a = sys->block_minv + 9 * b;
        int c0 = idx[base] - first, c1 = idx[base + 1] - first, c2 = idx[base + 2] - first;
        for (; p < base + 3; p++) {
            const double *line = a + 3 * (idx[p] - first);
            sys->wgrad[p] = 0.0 + line[c0] * grad[base] + line[c1] * grad[base + 1] + line[c2] * grad[base + 2];
        }
    }
    double norm2 = 0;
    for (int p = lo; p < hi; p++) norm2 += grad[p] * sys->wgrad[p];
    return sys->scale[k] = sqrt(norm2);
}

double rc_system_normalise(rc_system *sys, int k)
{
    double norm = rc_system_weigh(sys, k);
    if (norm > 0)
        for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) {
            sys->grad[p] /= norm;
            sys->wgrad[p] /= norm;
        }
    return norm;
}

rc_status rc_system_extract(rc_system *dst, const rc_system *src, const int *contacts, int count, int *dof_map)
{
    int n = 0, blocks = 0;
    size_t nnz = 0;
    for (int i = 0; i < count; i++) {
        int k = contacts[i];
        for (int p = src->ptr[k]; p < src->ptr[k + 1]; p++) {
            int dof = src->idx[p];
            if (dof_map[dof] >= 0) continue;
            dof_map[dof] = n++;
            if (src->block_of[dof] >= 0 && src->block_first[src->block_of[dof]] == dof) blocks++;
        }
        nnz += (size_t)(src->ptr[k + 1] - src->ptr[k]);
    }
    rc_status s = rc_system_reserve(dst, n, count, nnz, blocks);
    if (s) return s;
    int at = 0;
    for (int i = 0; i < count; i++) {
        int k = contacts[i];
        dst->ptr[i] = at;
        dst->scale[i] = src->scale[k];
        dst->contact_global[i] = src->contact_global[k];
        for (int p = src->ptr[k]; p < src->ptr[k + 1]; p++, at++) {
            int local = dof_map[src->idx[p]];
            dst->idx[at] = local;
            dst->grad[at] = src->grad[p];
            dst->wgrad[at] = src->wgrad[p];
            dst->dof_global[local] = src->idx[p]; /* the source dof for now; made global below */
        }
    }
    dst->ptr[count] = at;
    /* the three dofs of a block are numbered consecutively: every gradient lists them together, in order */
    int block = 0;
    for (int local = 0; local < n; local++) {
        int dof = dst->dof_global[local], b = src->block_of[dof];
        dst->m_diag[local] = src->m_diag[dof];
        dst->minv_diag[local] = src->minv_diag[dof];
        dst->block_of[local] = b >= 0 ? block - 1 : -1;
        if (b >= 0 && src->block_first[b] == dof) {
            dst->block_first[block] = local;
            memcpy(dst->block_m + 9 * block, src->block_m + 9 * b, 9 * sizeof(double));
            memcpy(dst->block_minv + 9 * block, src->block_minv + 9 * b, 9 * sizeof(double));
            dst->block_of[local] = block++;
        }
        dof_map[dof] = -1;
        dst->dof_global[local] = src->dof_global[dof];
    }
    return RC_STATUS_OK;
}

double rc_system_dot(const rc_system *sys, int k, const double *v)
{
    double sum = 0;
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) sum += sys->grad[p] * v[sys->idx[p]];
    return sum;
}

void rc_system_add_impulse(const rc_system *sys, int k, double lambda, double *v)
{
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) v[sys->idx[p]] += lambda * sys->wgrad[p];
}

static void apply_blocks(const rc_system *sys, const double *mats, const double *in, double *out)
{
    for (int b = 0; b < sys->block_count; b++) {
        int f = sys->block_first[b];
        const double *a = mats + 9 * b;
        for (int i = 0; i < 3; i++) out[f + i] = a[3 * i] * in[f] + a[3 * i + 1] * in[f + 1] + a[3 * i + 2] * in[f + 2];
    }
}

void rc_system_apply_minv(const rc_system *sys, const double *in, double *out)
{
    for (int i = 0; i < sys->n; i++) out[i] = sys->minv_diag[i] * in[i];
    apply_blocks(sys, sys->block_minv, in, out);
}

void rc_system_apply_m(const rc_system *sys, const double *in, double *out)
{
    for (int i = 0; i < sys->n; i++) out[i] = sys->m_diag[i] * in[i];
    apply_blocks(sys, sys->block_m, in, out);
}

double rc_system_energy_norm2(const rc_system *sys, const double *v)
{
    double sum = 0;
    for (int i = 0; i < sys->n; i++)
        if (sys->block_of[i] < 0) sum += sys->m_diag[i] * v[i] * v[i];
    for (int b = 0; b < sys->block_count; b++) {
        int f = sys->block_first[b];
        const double *a = sys->block_m + 9 * b;
        for (int i = 0; i < 3; i++)
            sum += v[f + i] * (a[3 * i] * v[f] + a[3 * i + 1] * v[f + 1] + a[3 * i + 2] * v[f + 2]);
    }
    return sum;
}

static int find_root(int *parent, int x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

int rc_system_islands(const rc_system *sys, int *label, int *scratch)
{
    int *parent = scratch, *root_label = scratch + sys->n;
    for (int i = 0; i < sys->n; i++) {
        parent[i] = i;
        root_label[i] = -1;
    }
    for (int k = 0; k < sys->m; k++) {
        int first = find_root(parent, sys->idx[sys->ptr[k]]);
        for (int p = sys->ptr[k] + 1; p < sys->ptr[k + 1]; p++) {
            int other = find_root(parent, sys->idx[p]);
            if (other != first) parent[other] = first;
        }
    }
    /* number the components in order of their first contact so that labels are deterministic */
    int count = 0;
    for (int k = 0; k < sys->m; k++) {
        int root = find_root(parent, sys->idx[sys->ptr[k]]);
        if (root_label[root] < 0) root_label[root] = count++;
        label[k] = root_label[root];
    }
    return count;
}

double rc_system_contact_energy(const rc_system *sys, int k, const double *v)
{
    double sum = 0;
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) {
        int dof = sys->idx[p], b = sys->block_of[dof];
        if (b < 0) {
            sum += sys->m_diag[dof] * v[dof] * v[dof];
        } else if (sys->block_first[b] == dof) {
            const double *a = sys->block_m + 9 * b;
            for (int i = 0; i < 3; i++)
                sum += v[dof + i] * (a[3 * i] * v[dof] + a[3 * i + 1] * v[dof + 1] + a[3 * i + 2] * v[dof + 2]);
        }
    }
    return sum;
}

void rc_system_copy_masses(rc_system *out, const rc_system *sys)
{
    size_t n = (size_t)sys->n;
    memcpy(out->m_diag, sys->m_diag, n * sizeof(double));
    memcpy(out->minv_diag, sys->minv_diag, n * sizeof(double));
    memcpy(out->block_of, sys->block_of, n * sizeof(int));
    memcpy(out->dof_global, sys->dof_global, n * sizeof(int));
    memcpy(out->block_first, sys->block_first, (size_t)sys->block_count * sizeof(int));
    memcpy(out->block_m, sys->block_m, 9 * (size_t)sys->block_count * sizeof(double));
    memcpy(out->block_minv, sys->block_minv, 9 * (size_t)sys->block_count * sizeof(double));
}
