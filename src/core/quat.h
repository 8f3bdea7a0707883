/* SPDX-License-Identifier: MIT */
/* Unit quaternions (w, x, y, z) as rotations, shared by the time-stepped engine (core/vec.h) and the files that
 * write turning bodies (core/principal.c): the rotation matrix (row-major double[9]), the Hamilton product, and
 * normalisation. */
#ifndef RC_CORE_QUAT_H
#define RC_CORE_QUAT_H

#include <math.h>

/* The rotation matrix of a unit quaternion. */
static inline void rc_quat_matrix(const double *q, double *r)
{
    double w = q[0], x = q[1], y = q[2], z = q[3];
    r[0] = 1 - 2 * (y * y + z * z), r[1] = 2 * (x * y - w * z), r[2] = 2 * (x * z + w * y);
    r[3] = 2 * (x * y + w * z), r[4] = 1 - 2 * (x * x + z * z), r[5] = 2 * (y * z - w * x);
    r[6] = 2 * (x * z - w * y), r[7] = 2 * (y * z + w * x), r[8] = 1 - 2 * (x * x + y * y);
}

/* out = a b (Hamilton product) */
static inline void rc_quat_multiply(const double *a, const double *b, double *out)
{
    double c[4] = {
        a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3], a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
        a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1], a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]};
    for (int i = 0; i < 4; i++) out[i] = c[i];
}

static inline void rc_quat_normalise(double *q)
{
    double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    for (int i = 0; i < 4; i++) q[i] /= n;
}

#endif
