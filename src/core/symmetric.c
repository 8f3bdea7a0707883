/* SPDX-License-Identifier: MIT */
/* Eigen-decomposition of a small symmetric matrix by cyclic Jacobi rotations (Golub and Van Loan, section 8.5),
 * and the pseudo-inverse solve built on it. */
#include "core/symmetric.h"

#include <math.h>
#include <string.h>

enum { MAX_SWEEPS = 100 };

/* On return a is diagonal (the eigenvalues) and v holds the eigenvectors as columns (row-major). */
static void jacobi(int n, double *a, double *v)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) v[i * n + j] = i == j;
    for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
        double off = 0, total = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                total += a[i * n + j] * a[i * n + j];
                if (i != j) off += a[i * n + j] * a[i * n + j];
            }
        if (off <= 1e-30 * total) return;
        for (int p = 0; p < n; p++)
            for (int q = p + 1; q < n; q++) {
                double apq = a[p * n + q];
                if (apq == 0) continue;
                double theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
                double t = (theta >= 0 ? 1.0 : -1.0) / (fabs(theta) + sqrt(theta * theta + 1));
                double c = 1 / sqrt(t * t + 1), s = t * c;
                for (int k = 0; k < n; k++) { /* columns p and q */
                    double akp = a[k * n + p], akq = a[k * n + q];
                    a[k * n + p] = c * akp - s * akq;
                    a[k * n + q] = s * akp + c * akq;
                }
                for (int k = 0; k < n; k++) { /* rows p and q */
                    double apk = a[p * n + k], aqk = a[q * n + k];
                    a[p * n + k] = c * apk - s * aqk;
                    a[q * n + k] = s * apk + c * aqk;
                }
                for (int k = 0; k < n; k++) {
                    double vkp = v[k * n + p], vkq = v[k * n + q];
                    v[k * n + p] = c * vkp - s * vkq;
                    v[k * n + q] = s * vkp + c * vkq;
                }
            }
    }
}

void rc_symmetric_eigen(int n, double *a, double *v) { jacobi(n, a, v); }

void rc_symmetric_pinv_solve(int n, double *a, const double *b, double *x, double relative_cutoff, double *work)
{
    double *v = work, *coef = work + (size_t)n * (size_t)n;
    jacobi(n, a, v);
    double largest = 0;
    for (int i = 0; i < n; i++) largest = fmax(largest, fabs(a[i * n + i]));
    for (int j = 0; j < n; j++) {
        double lambda = a[j * n + j], dot = 0;
        for (int i = 0; i < n; i++) dot += v[i * n + j] * b[i];
        coef[j] = fabs(lambda) > relative_cutoff * largest && lambda != 0 ? dot / lambda : 0.0;
    }
    memset(x, 0, (size_t)n * sizeof *x);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) x[i] += v[i * n + j] * coef[j];
}
