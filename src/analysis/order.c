/* SPDX-License-Identifier: MIT */
/* Bond-orientational order: Steinhardt, Nelson and Ronchetti's Q6 in 3D (Phys. Rev. B 28, 784 (1983), eqs. 1.3-1.5)
 * and the hexatic psi6 in 2D (Nelson and Halperin, Phys. Rev. B 19, 2457 (1979)). A bond joins two particles nearer
 * than the cutoff. Q6 = sqrt(4 pi / 13 sum_m |Q6m|^2), Q6m the mean of Y6m over all bonds (0.5745 for a perfect FCC
 * lattice, near 0 for a liquid of many particles); the local q6 averages the same per particle over its own bonds.
 * psi6 = |mean of exp(6 i theta) over all bonds| (1 for a perfect triangular lattice). Y6m(r) is written as
 * N6m (d^m P6 / dx^m)(z / r) ((x + i y) / r)^m, which needs neither angles nor trigonometry; m < 0 adds the same
 * |Q6m|^2 as m > 0. Results are the means over frames. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/order.h"
#include "analysis/pairs.h"
#include "core/grow.h"
#include "core/status.h"

enum { HARMONICS = 7 };

/* N6m (d^m P6 / dx^m)(x), N6m = sqrt(13 / (4 pi) (6 - m)! / (6 + m)!). */
static double legendre(int m, double x)
{
    static const double factorial[13] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800, 479001600};
    double x2 = x * x, p;
    switch (m) {
    case 0: p = ((231 * x2 - 315) * x2 + 105) * x2 - 5; break;
    case 1: p = ((1386 * x2 - 1260) * x2 + 210) * x; break;
    case 2: p = (6930 * x2 - 3780) * x2 + 210; break;
    case 3: p = (27720 * x2 - 7560) * x; break;
    case 4: p = 83160 * x2 - 7560; break;
    case 5: p = 166320 * x; break;
    default: p = 166320; break;
    }
    return sqrt(13 / (4 * M_PI) * factorial[6 - m] / factorial[6 + m]) * p / 16;
}

static void add_bond(void *context, int32_t i, int32_t j, const double d[3], double r2)
{
    rc_order *o = context;
    double r = sqrt(r2);
    double complex u = (d[0] + I * d[1]) / r, power = 1;
    double complex *qi = (double complex *)o->q + (size_t)i * HARMONICS,
                   *qj = (double complex *)o->q + (size_t)j * HARMONICS;
    o->bonds[i]++, o->bonds[j]++;
    if (o->dimension == 2) { /* exp(6 i theta) of the bond, the same both ways */
        double complex u2 = u * u, six = u2 * u2 * u2;
        qi[0] += six, qj[0] += six;
        return;
    }
    for (int m = 0; m < HARMONICS; m++, power *= u) { /* Y6m(-r) = Y6m(r): l is even */
        double complex y = legendre(m, d[2] / r) * power;
        qi[m] += y, qj[m] += y;
    }
}

/* 4 pi / 13 sum over m = -6..6 of |q_m|^2, from m = 0..6. */
static double harmonic_norm(const double complex *q)
{
    double sum = creal(q[0]) * creal(q[0]) + cimag(q[0]) * cimag(q[0]);
    for (int m = 1; m < HARMONICS; m++) sum += 2 * (creal(q[m]) * creal(q[m]) + cimag(q[m]) * cimag(q[m]));
    return 4 * M_PI / 13 * sum;
}

rc_status rc_order_add(rc_order *o, rc_cells *cells, const rc_frame *f)
{
    size_t n = (size_t)f->count;
    if (RC_RESERVE(o->q, o->capacity, 2 * HARMONICS * n + 1)) return RC_STATUS_NO_MEMORY;
    free(o->bonds);
    o->bonds = calloc(n + 1, sizeof *o->bonds);
    if (!o->bonds) return rc_fail(RC_STATUS_NO_MEMORY, "order: out of memory");
    memset(o->q, 0, 2 * HARMONICS * n * sizeof *o->q);
    o->dimension = f->dimension;
    rc_status s = rc_cells_pairs(cells, f, o->cutoff, add_bond, o);
    if (s) return s;
    const double complex *q = (const double complex *)o->q;
    double complex total[HARMONICS] = {0};
    double local = 0;
    int64_t bonds = 0, bonded = 0;
    for (size_t i = 0; i < n; i++) {
        if (!o->bonds[i]) continue;
        double complex own[HARMONICS];
        for (int m = 0; m < HARMONICS; m++) {
            total[m] += q[i * HARMONICS + m];
            own[m] = q[i * HARMONICS + m] / o->bonds[i];
        }
        local += f->dimension == 2 ? cabs(own[0]) : sqrt(harmonic_norm(own));
        bonds += o->bonds[i];
        bonded++;
    }
    for (int m = 0; m < HARMONICS && bonds; m++) total[m] /= (double)bonds;
    o->global_sum += !bonds ? 0 : f->dimension == 2 ? cabs(total[0]) : sqrt(harmonic_norm(total));
    o->local_sum += bonded ? local / (double)bonded : 0;
    o->bond_sum += n ? (double)bonds / (double)n : 0;
    o->frames++;
    return RC_STATUS_OK;
}

void rc_order_result(const rc_order *o, double *global, double *local, double *bonds)
{
    *global = o->frames ? o->global_sum / o->frames : NAN;
    *local = o->frames ? o->local_sum / o->frames : NAN;
    *bonds = o->frames ? o->bond_sum / o->frames : NAN;
}

void rc_order_release(rc_order *o)
{
    free(o->q);
    free(o->bonds);
    o->q = NULL;
    o->bonds = NULL;
    o->capacity = 0;
}
