/* SPDX-License-Identifier: MIT */
/* Linear complementarity problems through Siconos numerics: find z >= 0 with w = A z + q >= 0 and z.w = 0, A
 * symmetric positive semidefinite with a unit diagonal (the normalised Delassus matrix N^T M^-1 N). Used by
 * Generalized Reflections (Vouga et al. 2017, Algorithm 4) and by the inelastic answer (section 6.2). */
#ifndef RC_IMPACT_LCP_H
#define RC_IMPACT_LCP_H

#include <stdbool.h>
#include <stddef.h>

#include "ricochet/impact.h"

typedef struct rc_lcp {
    double *a; /* n*n, column-major (symmetric, so either order) */
    double *q; /* n */
    double *z; /* n: the solution */
    double *w; /* n */
    size_t cap_a, cap_q, cap_z, cap_w;
    int *row_ptr, *col; /* the sparse form (CSR), used above RC_LCP_DENSE_LIMIT */
    double *val;
    size_t cap_row_ptr, cap_col, cap_val;
    void *lemke, *pgs; /* Siconos SolverOptions, created on first use */
    long solves, fallbacks;
} rc_lcp;

void rc_lcp_free(rc_lcp *lcp);
/* With RC_LCP_METHOD_PGS, problems larger than this are stored sparse and solved by the sparse projected Gauss-Seidel of
 * lcp_sparse.c: the dense matrix would need n^2 doubles (200 MB at n = 5,000) and Siconos's dense solvers n^2 work
 * per sweep. */
enum { RC_LCP_DENSE_LIMIT = 1000 };

/* Makes room for a problem of size n (q, z, w and, when dense, the n x n matrix; contents not kept). */
rc_status rc_lcp_reserve(rc_lcp *lcp, int n, bool dense);
/* Makes room for nonzeros entries of the sparse form. */
rc_status rc_lcp_reserve_sparse(rc_lcp *lcp, int n, size_t nonzeros);
/* Projected Gauss-Seidel on the sparse form: start sets z = 0 (and keeps the diagonal in w); each sweep updates
 * every z_i once. */
rc_status rc_lcp_sparse_start(rc_lcp *lcp, int n);
void rc_lcp_sparse_sweep(rc_lcp *lcp, int n);
/* Solves the sparse problem in row_ptr/col/val and q (projected Gauss-Seidel, unit diagonal expected). */
rc_status rc_lcp_solve_sparse(rc_lcp *lcp, int n);
/* Solves the dense problem held in lcp->a and lcp->q (RC_LCP_METHOD_AUTO means Lemke here, except that one contact is
 * solved in closed form, -q (1 / a), Lemke's own arithmetic, without loading Siconos); if the chosen method fails
 * or returns an inaccurate answer, the other is tried. Returns RC_STATUS_INTERNAL when none succeeds. */
rc_status rc_lcp_solve(rc_lcp *lcp, int n, rc_lcp_method method);
/* RC_LCP_METHOD_AUTO: exact lexicographic Lemke (dense, Siconos) up to RC_LCP_LEMKE_LIMIT, the sparse projected
 * Gauss-Seidel of lcp_sparse.c above. Measured by bench/bench_lcp.c (bench/RESULTS.md): the sparse PGS is 2x
 * faster than Lemke at n = 32, 50x at 256 and 800x at 1,024, with answers accurate to 1e-12 instead of 1e-15;
 * below 64 Lemke keeps GR's mirror symmetry to rounding in small clusters (Bernoulli's problem, a pool break),
 * which an ordered sweep would break at its 1e-12 tolerance. */
enum { RC_LCP_LEMKE_LIMIT = 64 };
bool rc_lcp_auto_is_dense(int n);

#endif
