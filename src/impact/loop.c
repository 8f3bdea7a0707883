/* SPDX-License-Identifier: MIT */
/* Workspace and shared pieces of the impact loop (Vouga et al. 2017, Algorithms 1, 3, 4): the contact adjacency,
 * fresh relative velocities, the Delassus matrix N^T M^-1 N of a subset of contacts, and the dispatch to the
 * chosen operator. */
#include "impact/loop.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/memory.h"

void rc_loop_free(rc_loop *loop)
{
    RC_FREE_ALL(loop->r, loop->adj_ptr, loop->adj, loop->stamp, loop->neighbours, loop->violated, loop->vlist,
                loop->vpos, loop->bits, loop->dense);
    rc_lcp_free(&loop->lcp);
    memset(loop, 0, sizeof *loop);
}

rc_status rc_loop_prepare(rc_loop *loop, const rc_system *sys)
{
    size_t n = (size_t)sys->n, m = (size_t)sys->m, nnz = (size_t)sys->ptr[sys->m];
    rc_status s = RC_RESERVE(loop->r, loop->cap_r, m + 1);
    if (!s) s = RC_RESERVE(loop->adj_ptr, loop->cap_adj_ptr, n + 2);
    if (!s) s = RC_RESERVE(loop->adj, loop->cap_adj, nnz + 1);
    if (!s) s = RC_RESERVE(loop->stamp, loop->cap_stamp, m + 1);
    if (!s) s = RC_RESERVE(loop->neighbours, loop->cap_neighbours, m + 1);
    if (!s) s = RC_RESERVE(loop->violated, loop->cap_violated, m + 1);
    if (!s) s = RC_RESERVE(loop->vlist, loop->cap_vlist, m + 1);
    if (!s) s = RC_RESERVE(loop->vpos, loop->cap_vpos, m + 1);
    if (!s) s = RC_RESERVE(loop->bits, loop->cap_bits, m / 64 + 2);
    if (!s) s = RC_RESERVE(loop->dense, loop->cap_dense, n + 1);
    if (s) return s;
    loop->adjacency_ready = false;
    memset(loop->stamp, 0, (m + 1) * sizeof(int));
    loop->stamp_now = 0;
    memset(loop->dense, 0, (n + 1) * sizeof(double));
    return RC_STATUS_OK;
}

double rc_loop_refresh(rc_loop *loop, const rc_system *sys, const double *v)
{
    for (int k = 0; k < sys->m; k++) loop->r[k] = rc_system_dot(sys, k, v);
    return rc_system_energy_norm2(sys, v);
}

/* Calls visit(j, a_ij) for every contact j of the subset coupled to subset contact k (position[j] >= 0), with
 * a_ij = n_j^T M^-1 n_k, each j once. */
typedef void (*coupling_visit)(void *context, int row, int column, double value);

/* dof -> contacts, in contact order (room reserved by rc_loop_prepare) */
static void build_adjacency(rc_loop *loop, const rc_system *sys)
{
    size_t n = (size_t)sys->n, nnz = (size_t)sys->ptr[sys->m];
    memset(loop->adj_ptr, 0, (n + 2) * sizeof(int));
    for (size_t p = 0; p < nnz; p++) loop->adj_ptr[sys->idx[p] + 2]++;
    for (size_t i = 2; i < n + 2; i++) loop->adj_ptr[i] += loop->adj_ptr[i - 1];
    for (int k = 0; k < sys->m; k++)
        for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) loop->adj[loop->adj_ptr[sys->idx[p] + 1]++] = k;
    loop->adjacency_ready = true;
}

int rc_loop_neighbours(rc_loop *loop, const rc_system *sys, int k)
{
    if (!loop->adjacency_ready) build_adjacency(loop, sys);
    if (++loop->stamp_now == 0) {
        memset(loop->stamp, 0, (size_t)sys->m * sizeof(int));
        loop->stamp_now = 1;
    }
    int count = 0;
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) {
        int dof = sys->idx[p];
        for (int q = loop->adj_ptr[dof]; q < loop->adj_ptr[dof + 1]; q++) {
            int j = loop->adj[q];
            if (loop->stamp[j] == loop->stamp_now) continue;
            loop->stamp[j] = loop->stamp_now;
            loop->neighbours[count++] = j;
        }
    }
    return count;
}

static void for_each_coupling(rc_loop *loop, const rc_system *sys, int k, const int *position, coupling_visit visit,
                              void *context)
{
    double *x = loop->dense;
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) x[sys->idx[p]] = sys->wgrad[p];
    int count = rc_loop_neighbours(loop, sys, k);
    for (int i = 0; i < count; i++) {
        int j = loop->neighbours[i];
        if (position[j] >= 0) visit(context, position[k], position[j], rc_system_dot(sys, j, x));
    }
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) x[sys->idx[p]] = 0.0;
}

typedef struct dense_fill {
    double *a;
    size_t n;
} dense_fill;

static void dense_visit(void *context, int row, int column, double value)
{
    dense_fill *f = context;
    f->a[(size_t)column * f->n + (size_t)row] = value;
}

/* A subset of at most ALL_PAIRS contacts (most islands: a box on the floor has four) is assembled by reading every
 * contact of the subset against column i's M^-1 n_k instead of finding its neighbours through the dofs: fewer
 * operations for a few contacts, and the same matrix bit for bit (a contact sharing no dof with k reads zeros, and
 * a sum of zero products is +0, the value the dense matrix starts from). */
enum { ALL_PAIRS = 8 };

static void column_of_pairs(rc_loop *loop, const rc_system *sys, const int *subset, int count, int i, double *a)
{
    double *x = loop->dense;
    int k = subset[i];
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) x[sys->idx[p]] = sys->wgrad[p];
    for (int j = 0; j < count; j++) a[(size_t)j * (size_t)count + (size_t)i] = rc_system_dot(sys, subset[j], x);
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) x[sys->idx[p]] = 0.0;
}

typedef struct sparse_fill {
    rc_lcp *lcp;
    int at;
} sparse_fill;

static void sparse_visit(void *context, int row, int column, double value)
{
    sparse_fill *f = context;
    (void)row;
    f->lcp->col[f->at] = column;
    f->lcp->val[f->at++] = value;
}

rc_status rc_loop_assemble(rc_loop *loop, const rc_system *sys, const int *subset, int count, double factor,
                           int *position, bool dense)
{
    rc_lcp *lcp = &loop->lcp;
    rc_status s = rc_lcp_reserve(lcp, count, dense);
    if (s) return s;
    for (int i = 0; i < count; i++) {
        position[subset[i]] = i;
        lcp->q[i] = factor * loop->r[subset[i]];
    }
    if (dense) {
        dense_fill fill = {lcp->a, (size_t)count};
        memset(lcp->a, 0, (size_t)count * (size_t)count * sizeof *lcp->a);
        for (int i = 0; i < count; i++)
            if (count <= ALL_PAIRS) column_of_pairs(loop, sys, subset, count, i, lcp->a);
            else for_each_coupling(loop, sys, subset[i], position, dense_visit, &fill);
    } else {
        /* a row has at most as many entries as the contacts sharing a dof with it, and at most one per subset
         * contact: the second bound is the one that holds for the dense rows of a lineality projection */
        size_t bound = 0, square = (size_t)count * (size_t)count;
        if (!loop->adjacency_ready) build_adjacency(loop, sys);
        for (int i = 0; i < count && bound < square; i++)
            for (int p = sys->ptr[subset[i]]; p < sys->ptr[subset[i] + 1]; p++)
                bound += (size_t)(loop->adj_ptr[sys->idx[p] + 1] - loop->adj_ptr[sys->idx[p]]);
        if (bound > square) bound = square;
        if ((s = rc_lcp_reserve_sparse(lcp, count, bound))) return s;
        sparse_fill fill = {lcp, 0};
        for (int i = 0; i < count; i++) {
            lcp->row_ptr[i] = fill.at;
            for_each_coupling(loop, sys, subset[i], position, sparse_visit, &fill);
        }
        lcp->row_ptr[count] = fill.at;
    }
    for (int i = 0; i < count; i++) position[subset[i]] = -1;
    return RC_STATUS_OK;
}

rc_status rc_loop_solve_lcp(rc_loop *loop, const rc_system *sys, const int *subset, int count, double factor,
                            int *position, rc_lcp_method method)
{
    bool dense = method == RC_LCP_METHOD_LEMKE || (method == RC_LCP_METHOD_AUTO && rc_lcp_auto_is_dense(count)) ||
                 (method == RC_LCP_METHOD_PGS && count <= RC_LCP_DENSE_LIMIT);
    rc_status s = rc_loop_assemble(loop, sys, subset, count, factor, position, dense);
    if (s) return s;
    return dense ? rc_lcp_solve(&loop->lcp, count, method) : rc_lcp_solve_sparse(&loop->lcp, count);
}

rc_status rc_loop_run(rc_loop *loop, const rc_system *sys, double *v, const rc_impact_options *options, int64_t budget,
                      double *impulse, int64_t *iterations)
{
    rc_status s = rc_loop_prepare(loop, sys);
    if (s) return s;
    if (options->op == RC_IMPACT_OPERATOR_GS)
        return rc_gauss_seidel_run(loop, sys, v, options, budget, impulse, iterations);
    return rc_reflections_run(loop, sys, v, options, budget, impulse, iterations);
}
