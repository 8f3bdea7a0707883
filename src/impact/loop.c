/* Workspace and shared pieces of the impact loop (Vouga et al. 2017, Algorithms 1, 3, 4): the contact adjacency,
 * fresh relative velocities, the Delassus matrix N^T M^-1 N of a subset of contacts, and the dispatch to the
 * chosen operator. */
#include "impact/loop.h"

#include <stdlib.h>
#include <string.h>

#include "core/grow.h"

void rc_loop_free(rc_loop *loop)
{
    free(loop->r);
    free(loop->adj_ptr);
    free(loop->adj);
    free(loop->stamp);
    free(loop->violated);
    free(loop->vlist);
    free(loop->vpos);
    free(loop->bits);
    free(loop->dense);
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
    if (!s) s = RC_RESERVE(loop->violated, loop->cap_violated, m + 1);
    if (!s) s = RC_RESERVE(loop->vlist, loop->cap_vlist, m + 1);
    if (!s) s = RC_RESERVE(loop->vpos, loop->cap_vpos, m + 1);
    if (!s) s = RC_RESERVE(loop->bits, loop->cap_bits, m / 64 + 2);
    if (!s) s = RC_RESERVE(loop->dense, loop->cap_dense, n + 1);
    if (s) return s;
    /* dof -> contacts, in contact order */
    memset(loop->adj_ptr, 0, (n + 2) * sizeof(int));
    for (size_t p = 0; p < nnz; p++) loop->adj_ptr[sys->idx[p] + 2]++;
    for (size_t i = 2; i < n + 2; i++) loop->adj_ptr[i] += loop->adj_ptr[i - 1];
    for (int k = 0; k < sys->m; k++)
        for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) loop->adj[loop->adj_ptr[sys->idx[p] + 1]++] = k;
    memset(loop->stamp, 0, (m + 1) * sizeof(int));
    loop->stamp_now = 0;
    memset(loop->dense, 0, (n + 1) * sizeof(double));
    return RC_OK;
}

double rc_loop_refresh(rc_loop *loop, const rc_system *sys, const double *v)
{
    for (int k = 0; k < sys->m; k++) loop->r[k] = rc_system_dot(sys, k, v);
    return rc_system_energy_norm2(sys, v);
}

rc_status rc_loop_delassus(rc_loop *loop, const rc_system *sys, const int *subset, int count, double factor,
                           int *position)
{
    rc_status s = rc_lcp_reserve(&loop->lcp, count);
    if (s) return s;
    double *a = loop->lcp.a, *x = loop->dense;
    memset(a, 0, (size_t)count * (size_t)count * sizeof *a);
    for (int i = 0; i < count; i++) position[subset[i]] = i;
    for (int i = 0; i < count; i++) {
        int k = subset[i];
        loop->lcp.q[i] = factor * loop->r[k];
        for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) x[sys->idx[p]] = sys->wgrad[p];
        if (++loop->stamp_now == 0) {
            memset(loop->stamp, 0, (size_t)sys->m * sizeof(int));
            loop->stamp_now = 1;
        }
        for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) {
            int dof = sys->idx[p];
            for (int q = loop->adj_ptr[dof]; q < loop->adj_ptr[dof + 1]; q++) {
                int j = loop->adj[q];
                if (position[j] < 0 || loop->stamp[j] == loop->stamp_now) continue;
                loop->stamp[j] = loop->stamp_now;
                a[(size_t)position[j] * (size_t)count + (size_t)i] = rc_system_dot(sys, j, x);
            }
        }
        for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) x[sys->idx[p]] = 0.0;
    }
    for (int i = 0; i < count; i++) position[subset[i]] = -1;
    return RC_OK;
}

rc_status rc_loop_run(rc_loop *loop, const rc_system *sys, double *v, const rc_impact_options *options,
                      int64_t budget, double *impulse, int64_t *iterations)
{
    rc_status s = rc_loop_prepare(loop, sys);
    if (s) return s;
    if (options->op == RC_OPERATOR_GS) return rc_gauss_seidel_run(loop, sys, v, options, budget, impulse, iterations);
    return rc_reflections_run(loop, sys, v, options, budget, impulse, iterations);
}
