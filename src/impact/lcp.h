/* Linear complementarity problems through Siconos numerics: find z >= 0 with w = A z + q >= 0 and z.w = 0, A
 * symmetric positive semidefinite with a unit diagonal (the normalised Delassus matrix N^T M^-1 N). Used by
 * Generalized Reflections (Vouga et al. 2017, Algorithm 4) and by the inelastic answer (section 6.2). */
#ifndef RC_IMPACT_LCP_H
#define RC_IMPACT_LCP_H

#include <stdbool.h>
#include <stddef.h>

#include "ricochet/impact.h"

typedef struct rc_lcp {
    double *a;       /* n*n, column-major (symmetric, so either order) */
    double *q;       /* n */
    double *z;       /* n: the solution */
    double *w;       /* n */
    size_t cap_a, cap_q, cap_z, cap_w;
    int *row_ptr, *col;  /* the sparse form (CSR), used above RC_LCP_DENSE_LIMIT */
    double *val;
    size_t cap_row_ptr, cap_col, cap_val;
    void *lemke, *pgs;   /* Siconos SolverOptions, created on first use */
    long solves, fallbacks;
} rc_lcp;

void rc_lcp_free(rc_lcp *lcp);
/* Problems larger than this are stored sparse and solved by the sparse projected Gauss-Seidel of lcp_sparse.c:
 * the dense matrix would need n^2 doubles (200 MB at n = 5,000) and Siconos's dense solvers n^2 work per sweep. */
enum { RC_LCP_DENSE_LIMIT = 1000 };

/* Makes room for a problem of size n (q, z, w and, when dense, the n x n matrix; contents not kept). */
rc_status rc_lcp_reserve(rc_lcp *lcp, int n, bool dense);
/* Makes room for nonzeros entries of the sparse form. */
rc_status rc_lcp_reserve_sparse(rc_lcp *lcp, int n, size_t nonzeros);
/* Solves the sparse problem in row_ptr/col/val and q (projected Gauss-Seidel, unit diagonal expected). */
rc_status rc_lcp_solve_sparse(rc_lcp *lcp, int n);
/* Solves the problem held in lcp->a and lcp->q. The method RC_LCP_AUTO picks by size; if the chosen method fails
 * or returns an inaccurate answer, the other is tried. Returns RC_INTERNAL when none succeeds. */
rc_status rc_lcp_solve(rc_lcp *lcp, int n, rc_lcp_method method);
/* The method RC_LCP_AUTO uses for size n. */
rc_lcp_method rc_lcp_auto_method(int n);

#endif
