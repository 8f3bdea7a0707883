/* SPDX-License-Identifier: MIT */
/* HOOMD-blue's description of a turning body (core/principal.h), for the GSD writer: the principal axes of the
 * inertia tensor by Jacobi rotations (core/symmetric.c), the orientation of the principal frame, and the angular
 * momentum quaternion p = 2 q ⊗ (0, L) of HOOMD's integrators (Kamberaj, Low and Neal, J. Chem. Phys. 122, 224114
 * (2005), as HOOMD's md.methods document it). */
#include "core/principal.h"

#include <math.h>
#include <string.h>

#include "core/quat.h"
#include "core/symmetric.h"

/* The unit quaternion of a proper rotation matrix r (row-major), by the largest of its four squares (Shepperd). */
static void quat_of_matrix(const double *r, double *q)
{
    double trace = r[0] + r[4] + r[8];
    if (trace >= r[0] && trace >= r[4] && trace >= r[8]) {
        double w = 0.5 * sqrt(1 + trace);
        q[0] = w, q[1] = (r[7] - r[5]) / (4 * w), q[2] = (r[2] - r[6]) / (4 * w), q[3] = (r[3] - r[1]) / (4 * w);
    } else if (r[0] >= r[4] && r[0] >= r[8]) {
        double x = 0.5 * sqrt(1 + r[0] - r[4] - r[8]);
        q[1] = x, q[0] = (r[7] - r[5]) / (4 * x), q[2] = (r[1] + r[3]) / (4 * x), q[3] = (r[2] + r[6]) / (4 * x);
    } else if (r[4] >= r[8]) {
        double y = 0.5 * sqrt(1 - r[0] + r[4] - r[8]);
        q[2] = y, q[0] = (r[2] - r[6]) / (4 * y), q[1] = (r[1] + r[3]) / (4 * y), q[3] = (r[5] + r[7]) / (4 * y);
    } else {
        double z = 0.5 * sqrt(1 - r[0] - r[4] + r[8]);
        q[3] = z, q[0] = (r[3] - r[1]) / (4 * z), q[1] = (r[2] + r[6]) / (4 * z), q[2] = (r[5] + r[7]) / (4 * z);
    }
    rc_quat_normalise(q);
}

void rc_principal_hoomd(int dimension, const double inertia[9], const double *orientation, const double momentum[3],
                        double moments[3], double principal[4], double angmom[4])
{
    double q[4] = {1, 0, 0, 0}, axes[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    if (orientation) memcpy(q, orientation, sizeof q);
    if (dimension == 2) { /* turning about z only: the frame's own axes are principal for it */
        moments[0] = moments[1] = 0, moments[2] = inertia[8];
    } else {
        double a[9];
        memcpy(a, inertia, sizeof a);
        rc_symmetric_eigen(3, a, axes);
        for (int i = 0; i < 3; i++) moments[i] = a[4 * i];
        double det = axes[0] * (axes[4] * axes[8] - axes[5] * axes[7]) -
                     axes[1] * (axes[3] * axes[8] - axes[5] * axes[6]) +
                     axes[2] * (axes[3] * axes[7] - axes[4] * axes[6]);
        if (det < 0) /* a proper rotation: the third axis turned round */
            for (int i = 0; i < 3; i++) axes[3 * i + 2] = -axes[3 * i + 2];
    }
    double qp[4], r[9], body[3], l[4] = {0, 0, 0, 0};
    quat_of_matrix(axes, qp);
    rc_quat_multiply(q, qp, principal);
    rc_quat_matrix(principal, r); /* principal frame to lab: L_principal = r^T L */
    for (int i = 0; i < 3; i++) body[i] = r[i] * momentum[0] + r[3 + i] * momentum[1] + r[6 + i] * momentum[2];
    for (int i = 0; i < 3; i++) l[i + 1] = body[i];
    rc_quat_multiply(principal, l, angmom);
    for (int i = 0; i < 4; i++) angmom[i] *= 2;
}
