/* SPDX-License-Identifier: MIT */
/* Small inline vector, 3x3 matrix and quaternion helpers, and the measure of a ball, for every folder (the
 * event-driven engine's hot path keeps its own per-axis loops over the dimension). Rigid bodies use the 3x3 and
 * quaternion ones (docs/design.md, "The time-stepped engine": quaternions for 3D rotation, an angle in 2D). Matrices
 * are row-major double[9]; quaternions are (w, x, y, z). */
#ifndef RC_CORE_VEC_H
#define RC_CORE_VEC_H

#include <math.h>
#include <stdbool.h>

#include "core/quat.h"

/* The volume of a ball of radius r in 3D, its area in 2D (the one formula of packing fractions and compressions). */
static inline double rc_ball_volume(int dimension, double r)
{
    return dimension == 3 ? 4.0 / 3.0 * M_PI * r * r * r : M_PI * r * r;
}

/* Whether all n entries are finite. */
static inline bool rc_vn_finite(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return false;
    return true;
}

static inline double rc_v3_dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static inline void rc_v3_cross(const double *a, const double *b, double *out)
{
    double c[3] = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    out[0] = c[0], out[1] = c[1], out[2] = c[2];
}

/* out = a + s b */
static inline void rc_v3_axpy(const double *a, double s, const double *b, double *out)
{
    for (int i = 0; i < 3; i++) out[i] = a[i] + s * b[i];
}

static inline double rc_v3_norm(const double *a) { return sqrt(rc_v3_dot(a, a)); }

/* out = m a */
static inline void rc_m3_apply(const double *m, const double *a, double *out)
{
    double c[3];
    for (int i = 0; i < 3; i++) c[i] = m[3 * i] * a[0] + m[3 * i + 1] * a[1] + m[3 * i + 2] * a[2];
    out[0] = c[0], out[1] = c[1], out[2] = c[2];
}

/* out = m^T a */
static inline void rc_m3_apply_transpose(const double *m, const double *a, double *out)
{
    double c[3];
    for (int i = 0; i < 3; i++) c[i] = m[i] * a[0] + m[3 + i] * a[1] + m[6 + i] * a[2];
    out[0] = c[0], out[1] = c[1], out[2] = c[2];
}

/* out = r d r^T for a rotation r and a symmetric body-frame tensor d (world inertia from body inertia) */
static inline void rc_m3_rotate_tensor(const double *r, const double *d, double *out)
{
    double rd[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) rd[3 * i + j] = r[3 * i] * d[j] + r[3 * i + 1] * d[3 + j] + r[3 * i + 2] * d[6 + j];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            out[3 * i + j] = rd[3 * i] * r[3 * j] + rd[3 * i + 1] * r[3 * j + 1] + rd[3 * i + 2] * r[3 * j + 2];
}

/* A 2D orientation, the angle (radians, counter-clockwise) about z, as a unit quaternion and as a rotation matrix. */
static inline void rc_quat_from_angle(double angle, double *q)
{
    q[0] = cos(angle / 2), q[1] = q[2] = 0, q[3] = sin(angle / 2);
}

static inline void rc_m3_from_angle(double angle, double *r)
{
    double c = cos(angle), s = sin(angle);
    r[0] = c, r[1] = -s, r[2] = 0, r[3] = s, r[4] = c, r[5] = 0, r[6] = 0, r[7] = 0, r[8] = 1;
}

#endif
