/* SPDX-License-Identifier: MIT */
/* Small dense linear systems: Gaussian elimination with partial pivoting, for the handful of unknowns of an LCP
 * basis or a support cone (src/impact/lcp.c, src/edmd/collapse.c). */
#ifndef RC_CORE_DENSE_SOLVE_H
#define RC_CORE_DENSE_SOLVE_H

#include <stdbool.h>

/* Solves the k x k system m x = r in place: m (row-major) is destroyed, r becomes x. Returns false, with r
 * undefined, when a pivot is below 1e-12 (singular or nearly so at the unit scale of normalised rows). */
bool rc_dense_solve(double *m, double *r, int k);

#endif
