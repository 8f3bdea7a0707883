/* SPDX-License-Identifier: MIT */
/* Continuous potentials made into steps (src/edmd/discretise.c, rc_potential_discretise). Oracles:
 * - the mean-field integral: the steps keep the integral of u r^(d-1) from the core to the cut-off, against its closed
 *   form for Lennard-Jones in 3D and 2D, to 1e-12;
 * - a table that is linear (u = 2 - r) gives each step the closed-form average of u over its shell;
 * - WCA's default cut-off is 2^(1/6) sigma, and every step of it is repulsive;
 * - convergence: the second virial coefficient of the stepped Lennard-Jones at T = 2 approaches the continuous one
 *   (an independent adaptive Simpson quadrature of the same cut potential with the same core) as the steps double, the
 *   error falling by more than 3 a doubling (second order: each shell's Boltzmann factor is off by its width squared);
 * - bad definitions refused naming the field: no step, a cut-off inside the core, a table that does not increase or
 *   does not span the shells, sigma 0, kappa < 0. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "core/status.h"
#include "ricochet/ricochet.h"

static const double pi = 3.14159265358979323846;

/* The closed form of the integral of 4 (r^-12 - r^-6) r^(d-1) over [a, b] (epsilon = sigma = 1). */
static double lj_integral(int d, double a, double b)
{
    if (d == 3) return 4 * ((pow(a, -9) - pow(b, -9)) / 9 - (pow(a, -3) - pow(b, -3)) / 3);
    return 4 * ((pow(a, -10) - pow(b, -10)) / 10 - (pow(a, -4) - pow(b, -4)) / 4);
}

static double stepped_integral(int d, double contact, const rc_step *steps, int n)
{
    double sum = 0, from = contact;
    for (int k = 0; k < n; k++) {
        double to = steps[k].radius * contact;
        sum += steps[k].energy * (d == 3 ? (to * to * to - from * from * from) / 3 : (to * to - from * from) / 2);
        from = to;
    }
    return sum;
}

/* The Mayer integrand of B2 in 3D: -(1/2)(exp(-u/T) - 1) 4 pi r^2. */
static double mayer(const rc_potential *p, double r, double t)
{
    return -0.5 * (exp(-rc_potential_energy(p, r) / t) - 1) * 4 * pi * r * r;
}

static double simpson(const rc_potential *p, double t, double a, double b, double fa, double fm, double fb,
                      double whole, int depth)
{
    double m = 0.5 * (a + b), lm = 0.5 * (a + m), rm = 0.5 * (m + b);
    double flm = mayer(p, lm, t), frm = mayer(p, rm, t);
    double left = (m - a) / 6 * (fa + 4 * flm + fm), right = (b - m) / 6 * (fm + 4 * frm + fb);
    if (depth > 40 || fabs(left + right - whole) <= 1e-13) return left + right + (left + right - whole) / 15;
    return simpson(p, t, a, m, fa, flm, fm, left, depth + 1) + simpson(p, t, m, b, fm, frm, fb, right, depth + 1);
}

/* B2 of the continuous cut potential with a hard core at contact, at temperature t. */
static double b2_continuous(const rc_potential *p, double contact, double t)
{
    double core = 2 * pi * contact * contact * contact / 3, a = contact, b = p->cutoff, m = 0.5 * (a + b);
    double fa = mayer(p, a, t), fm = mayer(p, m, t), fb = mayer(p, b, t);
    return core + simpson(p, t, a, b, fa, fm, fb, (b - a) / 6 * (fa + 4 * fm + fb), 0);
}

static double b2_stepped(const rc_step *steps, int n, double contact, double t)
{
    double sum = 2 * pi * contact * contact * contact / 3, from = contact;
    for (int k = 0; k < n; k++) {
        double to = steps[k].radius * contact;
        sum += -0.5 * (exp(-steps[k].energy / t) - 1) * 4 * pi / 3 * (to * to * to - from * from * from);
        from = to;
    }
    return sum;
}

int main(void)
{
    rc_step steps[160];
    rc_potential lj = {.kind = RC_POTENTIAL_KIND_LENNARD_JONES, .epsilon = 1, .sigma = 1, .cutoff = 2.5, .steps = 20};
    for (int d = 2; d <= 3; d++) {
        CHECK(rc_potential_discretise(&lj, d, 0.9, steps) == RC_STATUS_OK, "LJ in %dD: %s", d, rc_error_get());
        double want = lj_integral(d, 0.9, 2.5), got = stepped_integral(d, 0.9, steps, 20);
        CHECK(fabs(got - want) <= 1e-12 * fabs(want), "%dD: the steps' integral %.17g, the closed form %.17g", d, got,
              want);
        CHECK(fabs(steps[19].radius * 0.9 - 2.5) <= 1e-15 && fabs(steps[0].radius - (1 + 1.6 / 20 / 0.9)) < 1e-15,
              "%dD: radii %.17g ... %.17g", d, steps[0].radius, steps[19].radius);
    }

    /* a linear table, u = 2 - r on [0.5, 3]: a shell's volume average of r in 3D is (3/4)(b^4 - a^4)/(b^3 - a^3) */
    const double rows[3][2] = {{0.5, 1.5}, {1.7, 0.3}, {3.0, -1.0}};
    rc_potential table = {.kind = RC_POTENTIAL_KIND_TABLE, .steps = 4, .table = rows, .table_count = 3};
    CHECK(rc_potential_discretise(&table, 3, 1.0, steps) == RC_STATUS_OK, "table: %s", rc_error_get());
    for (int k = 0; k < 4; k++) {
        double a = 1 + 0.5 * k, b = a + 0.5, mean_r = 0.75 * (pow(b, 4) - pow(a, 4)) / (pow(b, 3) - pow(a, 3));
        CHECK(fabs(steps[k].energy - (2 - mean_r)) <= 1e-14, "table step %d: %.17g, want %.17g", k, steps[k].energy,
              2 - mean_r);
    }

    rc_potential wca = {.kind = RC_POTENTIAL_KIND_WCA, .epsilon = 1, .sigma = 1, .steps = 5};
    CHECK(rc_potential_discretise(&wca, 3, 1.0, steps) == RC_STATUS_OK, "WCA: %s", rc_error_get());
    CHECK(fabs(steps[4].radius - pow(2.0, 1.0 / 6.0)) <= 1e-15, "WCA cut-off %.17g", steps[4].radius);
    for (int k = 0; k < 5; k++) CHECK(steps[k].energy > 0, "WCA step %d energy %g", k, steps[k].energy);

    /* B2 of the steps converges to the continuous potential's, at second order */
    double t = 2.0, exact = b2_continuous(&lj, 0.9, t), last = 0;
    for (int n = 10; n <= 160; n *= 2) {
        lj.steps = n;
        CHECK(rc_potential_discretise(&lj, 3, 0.9, steps) == RC_STATUS_OK, "%d steps: %s", n, rc_error_get());
        double error = fabs(b2_stepped(steps, n, 0.9, t) - exact);
        printf("B2(T = 2) with %3d steps: error %.3e (B2 %.6f)\n", n, error, exact);
        if (last > 0) CHECK(error < last / 3, "%d steps: error %g, not below a third of %g", n, error, last);
        last = error;
    }

    struct {
        rc_potential p;
        double contact;
        const char *names;
    } bad[] = {
        {{.kind = RC_POTENTIAL_KIND_LENNARD_JONES, .epsilon = 1, .sigma = 1, .cutoff = 2.5, .steps = 0}, 0.9, "steps"},
        {{.kind = RC_POTENTIAL_KIND_LENNARD_JONES, .epsilon = 1, .sigma = 1, .cutoff = 0.8, .steps = 4}, 0.9, "cutoff"},
        {{.kind = RC_POTENTIAL_KIND_LENNARD_JONES, .epsilon = 1, .sigma = 0, .cutoff = 2.5, .steps = 4}, 0.9, "sigma"},
        {{.kind = RC_POTENTIAL_KIND_YUKAWA, .epsilon = 1, .sigma = 1, .kappa = -1, .cutoff = 3, .steps = 4},
         1,
         "kappa"},
        {{.kind = RC_POTENTIAL_KIND_TABLE, .steps = 4, .table = rows, .table_count = 3}, 0.4, "table"},
        {{.kind = RC_POTENTIAL_KIND_TABLE, .steps = 4, .cutoff = 3.5, .table = rows, .table_count = 3}, 1, "table"},
    };
    const double flat[2][2] = {{1, 0}, {1, 1}};
    rc_potential backwards = {.kind = RC_POTENTIAL_KIND_TABLE, .steps = 1, .table = flat, .table_count = 2};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        rc_status s = rc_potential_discretise(&bad[k].p, 3, bad[k].contact, steps);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), bad[k].names), "bad %zu: %d, \"%s\"", k, (int)s,
              rc_error_get());
    }
    CHECK(rc_potential_discretise(&backwards, 3, 0.5, steps) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "does not increase"),
          "a table whose r does not increase: \"%s\"", rc_error_get());
    return check_finish();
}
