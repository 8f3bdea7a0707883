/* SPDX-License-Identifier: MIT */
/* Spherical harmonics of a bond and the rotational invariants of bond order built from them (Steinhardt, Nelson and
 * Ronchetti, Phys. Rev. B 28, 784 (1983), eqs. 1.3-1.5): q_l from the sum of |q_lm|^2 and w_l from the Wigner 3j
 * symbols (Racah's formula), for the order per particle (local_order.c). Y_lm(r) is written as
 * (-1)^m N_lm (d^m P_l / dz^m)(z / r) ((x + i y) / r)^m, N_lm = sqrt((2l + 1) / (4 pi) (l - m)! / (l + m)!), which
 * needs neither angles nor trigonometry and holds at the poles; only m >= 0 is kept, m < 0 following from
 * Y_l,-m = (-1)^m conj(Y_lm). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "analysis/local_order.h"

enum { L_MAX = 6 };

static double factorial(int n)
{
    double f = 1;
    for (int k = 2; k <= n; k++) f *= k;
    return f;
}

static double binomial(int n, int k) { return factorial(n) / (factorial(k) * factorial(n - k)); }

/* (d^m P_l / dz^m)(z), from P_l(z) = 2^-l sum_k (-1)^k C(l, k) C(2l - 2k, l) z^(l - 2k). */
static double legendre_derivative(int l, int m, double z)
{
    double sum = 0;
    for (int k = 0; 2 * k <= l - m; k++) {
        int p = l - 2 * k; /* the power before the m derivatives */
        double c = (k % 2 ? -1 : 1) * binomial(l, k) * binomial(2 * l - 2 * k, l) * factorial(p) / factorial(p - m);
        sum += c * pow(z, p - m);
    }
    return sum / pow(2, l);
}

void rc_spherical_harmonics(int l, const double d[3], double complex *y)
{
    double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), z = d[2] / r;
    double complex u = (d[0] + I * d[1]) / r, power = 1;
    for (int m = 0; m <= l; m++, power *= u) {
        double norm = sqrt((2 * l + 1) / (4 * M_PI) * factorial(l - m) / factorial(l + m));
        y[m] = (m % 2 ? -1 : 1) * norm * legendre_derivative(l, m, z) * power;
    }
}

double rc_harmonics_dot(int l, const double complex *q, const double complex *p)
{
    double sum = creal(q[0] * conj(p[0]));
    for (int m = 1; m <= l; m++) sum += 2 * creal(q[m] * conj(p[m])); /* m and -m give the same */
    return sum;
}

double rc_harmonics_norm(int l, const double complex *q) { return 4 * M_PI / (2 * l + 1) * rc_harmonics_dot(l, q, q); }

/* The Wigner 3j symbol (l l l; m1 m2 m3) with m1 + m2 + m3 = 0, by Racah's formula. */
static double wigner_3j(int l, int m1, int m2, int m3)
{
    double triangle = pow(factorial(l), 3) / factorial(3 * l + 1);
    double front = sqrt(triangle * factorial(l + m1) * factorial(l - m1) * factorial(l + m2) * factorial(l - m2) *
                        factorial(l + m3) * factorial(l - m3));
    double sum = 0;
    for (int k = 0; k <= 3 * l; k++) {
        int a[6] = {k, l - k, l - m1 - k, l + m2 - k, m1 + k, -m2 + k};
        bool valid = true;
        for (int t = 0; t < 6; t++) valid &= a[t] >= 0;
        if (!valid) continue;
        double denominator = 1;
        for (int t = 0; t < 6; t++) denominator *= factorial(a[t]);
        sum += (k % 2 ? -1 : 1) / denominator;
    }
    return ((-m3) % 2 ? -1 : 1) * front * sum; /* (-1)^(j1 - j2 - m3) with j1 = j2 */
}

/* q_m for m = -l..l from q_0..q_l. */
static double complex component(const double complex *q, int m)
{
    return m >= 0 ? q[m] : ((-m) % 2 ? -1 : 1) * conj(q[-m]);
}

/* The symbols of every l up to L_MAX, made once per process. */
static double symbols[L_MAX + 1][2 * L_MAX + 1][2 * L_MAX + 1];
static pthread_once_t symbols_made = PTHREAD_ONCE_INIT;

static void make_symbols(void)
{
    for (int l = 0; l <= L_MAX; l++)
        for (int m1 = -l; m1 <= l; m1++)
            for (int m2 = -l; m2 <= l; m2++)
                symbols[l][m1 + l][m2 + l] = abs(m1 + m2) <= l ? wigner_3j(l, m1, m2, -m1 - m2) : 0;
}

double rc_harmonics_w(int l, const double complex *q)
{
    pthread_once(&symbols_made, make_symbols);
    double complex sum = 0;
    for (int m1 = -l; m1 <= l; m1++)
        for (int m2 = -l; m2 <= l; m2++)
            if (abs(m1 + m2) <= l)
                sum += symbols[l][m1 + l][m2 + l] * component(q, m1) * component(q, m2) * component(q, -m1 - m2);
    double square = rc_harmonics_dot(l, q, q);
    return square > 0 ? creal(sum) / pow(square, 1.5) : NAN;
}
