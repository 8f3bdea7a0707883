/* SPDX-License-Identifier: MIT */
/* Small dense symmetric matrices: the eigen-decomposition by cyclic Jacobi rotations and the pseudo-inverse
 * applied to a vector, for the handful of implicit-equality contacts of one island and the principal axes of a
 * body's inertia. */
#ifndef RC_CORE_SYMMETRIC_H
#define RC_CORE_SYMMETRIC_H

/* Solves x = A^+ b for a symmetric positive semidefinite n x n matrix a (row-major; destroyed). Eigenvalues below
 * relative_cutoff times the largest count as zero. work must hold n*n + n doubles. */
void rc_symmetric_pinv_solve(int n, double *a, const double *b, double *x, double relative_cutoff, double *work);

/* The eigen-decomposition of a symmetric n x n matrix a (row-major; on return diagonal, the eigenvalues on it): v
 * gets the eigenvectors as columns (row-major). A diagonal a is left as it is, v the identity. */
void rc_symmetric_eigen(int n, double *a, double *v);

#endif
