/* SPDX-License-Identifier: MIT */
/* Small dense linear systems by Gaussian elimination with partial pivoting (see dense_solve.h). */
#include "core/dense_solve.h"

#include <math.h>

bool rc_dense_solve(double *m, double *r, int k)
{
    for (int c = 0; c < k; c++) {
        int p = c;
        for (int i = c + 1; i < k; i++)
            if (fabs(m[i * k + c]) > fabs(m[p * k + c])) p = i;
        if (!(fabs(m[p * k + c]) > 1e-12)) return false;
        for (int j = 0; j < k; j++) {
            double t = m[c * k + j];
            m[c * k + j] = m[p * k + j], m[p * k + j] = t;
        }
        double t = r[c];
        r[c] = r[p], r[p] = t;
        for (int i = c + 1; i < k; i++) {
            double f = m[i * k + c] / m[c * k + c];
            for (int j = c; j < k; j++) m[i * k + j] -= f * m[c * k + j];
            r[i] -= f * r[c];
        }
    }
    for (int c = k - 1; c >= 0; c--) {
        for (int j = c + 1; j < k; j++) r[c] -= m[c * k + j] * r[j];
        r[c] /= m[c * k + c];
    }
    return true;
}
