/* SPDX-License-Identifier: MIT */
/* Continuous pair potentials made into steps (docs/edmd.md, "Continuous potentials as steps"): Bannerman et al.
 * 2014, introduction, "potentials can be discretized to accurately approximate more conventional model systems, such
 * as Lennard-Jonesium". The rule: the shells between the hard core and the cut-off have equal widths, and each
 * step's energy is u averaged over its shell with the shell's volume as weight,
 *     e_k = integral_{r_(k-1)}^{r_k} u(r) r^(d-1) dr / integral_{r_(k-1)}^{r_k} r^(d-1) dr,
 * so that the integral of u over space (the mean-field energy, van der Waals's a) is kept exactly and the steps
 * converge to u as their number grows (the error of a shell's average is of the order of its width squared).
 * The integrals are Gauss-Legendre quadratures of QUADRATURE points, on each shell or, for a table, on each piece of
 * a shell between the table's rows (where u is linear, so the quadrature is exact). */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/edmd.h"

enum { QUADRATURE = 16 };

rc_status rc_potential_kind_parse(const char *name, rc_potential_kind *kind)
{
    static const char *const names[] = {"lennard_jones", "wca", "yukawa", "table"};
    for (int k = 0; k < 4; k++)
        if (name && strcmp(name, names[k]) == 0) {
            *kind = (rc_potential_kind)k;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "potential: \"%s\" is not one of \"lennard_jones\", \"wca\", \"yukawa\", "
                   "\"table\"",
                   name ? name : "");
}

static double lennard_jones(const rc_potential *p, double r)
{
    double x = p->sigma / r, x6 = x * x * x * x * x * x;
    return 4 * p->epsilon * (x6 * x6 - x6);
}

/* The table's u at r, linear between its rows (r within the table's range). */
static double tabled(const rc_potential *p, double r)
{
    int32_t hi = 1;
    while (hi < p->table_count - 1 && p->table[hi][0] < r) hi++;
    const double *a = p->table[hi - 1], *b = p->table[hi];
    return a[1] + (b[1] - a[1]) * (r - a[0]) / (b[0] - a[0]);
}

double rc_potential_energy(const rc_potential *p, double r)
{
    switch (p->kind) {
    case RC_POTENTIAL_KIND_LENNARD_JONES: return lennard_jones(p, r);
    case RC_POTENTIAL_KIND_WCA: return r < pow(2.0, 1.0 / 6.0) * p->sigma ? lennard_jones(p, r) + p->epsilon : 0.0;
    case RC_POTENTIAL_KIND_YUKAWA: return p->epsilon * p->sigma * exp(-p->kappa * (r - p->sigma)) / r;
    case RC_POTENTIAL_KIND_TABLE: return tabled(p, r);
    }
    return NAN;
}

/* The Gauss-Legendre nodes x and weights w on [-1, 1] (QUADRATURE of each, nodes in pairs +-x): Newton's method on
 * the Legendre polynomial from the usual first guesses, to rounding. */
static void legendre_nodes(double *x, double *w)
{
    const double pi = 3.14159265358979323846;
    int n = QUADRATURE;
    for (int i = 0; i < (n + 1) / 2; i++) {
        double z = cos(pi * (i + 0.75) / (n + 0.5)), dp = 1;
        for (int step = 0; step < 100; step++) {
            double p0 = 1, p1 = z;
            for (int k = 2; k <= n; k++) {
                double p2 = ((2 * k - 1) * z * p1 - (k - 1) * p0) / k;
                p0 = p1, p1 = p2;
            }
            dp = n * (z * p1 - p0) / (z * z - 1);
            double next = z - p1 / dp;
            bool done = fabs(next - z) <= 1e-16;
            z = next;
            if (done) break;
        }
        x[i] = -z, x[n - 1 - i] = z;
        w[i] = w[n - 1 - i] = 2 / ((1 - z * z) * dp * dp);
    }
}

/* The integral of u(r) r^(d-1) over [a, b]. */
static double weighted_integral(const rc_potential *p, int d, double a, double b, const double *x, const double *w)
{
    double half = 0.5 * (b - a), mid = 0.5 * (a + b), sum = 0;
    for (int i = 0; i < QUADRATURE; i++) {
        double r = mid + half * x[i];
        sum += w[i] * rc_potential_energy(p, r) * (d == 3 ? r * r : r);
    }
    return half * sum;
}

/* The same over [a, b], split at the table's rows inside it (u is linear on each piece). */
static double shell_integral(const rc_potential *p, int d, double a, double b, const double *x, const double *w)
{
    if (p->kind != RC_POTENTIAL_KIND_TABLE) return weighted_integral(p, d, a, b, x, w);
    double sum = 0, from = a;
    for (int32_t k = 0; k < p->table_count; k++)
        if (p->table[k][0] > from && p->table[k][0] < b) {
            sum += weighted_integral(p, d, from, p->table[k][0], x, w);
            from = p->table[k][0];
        }
    return sum + weighted_integral(p, d, from, b, x, w);
}

/* The checks of p against a core at contact; the cut-off it uses in *cutoff. */
static rc_status check(const rc_potential *p, int dimension, double contact, double *cutoff)
{
    if (dimension != 2 && dimension != 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise: dimension %d is not 2 or 3", dimension);
    if (p->steps < 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise.steps: %d is fewer than one step", (int)p->steps);
    if (!(contact > 0 && isfinite(contact)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise: the pair's contact distance %g is not positive",
                       contact);
    bool table = p->kind == RC_POTENTIAL_KIND_TABLE;
    if (!table && !(p->sigma > 0 && isfinite(p->sigma)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise.sigma: %g is not a positive length", p->sigma);
    if (!table && !isfinite(p->epsilon))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise.epsilon: %g is not finite", p->epsilon);
    if (p->kind == RC_POTENTIAL_KIND_YUKAWA && !(p->kappa >= 0 && isfinite(p->kappa)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise.kappa: %g is not a finite number >= 0", p->kappa);
    if (table) {
        if (p->table_count < 2 || !p->table)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise.table: it needs at least two rows [r, u]");
        for (int32_t k = 0; k < p->table_count; k++) {
            if (!(isfinite(p->table[k][0]) && isfinite(p->table[k][1])))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise.table[%d]: not finite", (int)k);
            if (k > 0 && !(p->table[k][0] > p->table[k - 1][0]))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise.table[%d]: r %g does not increase", (int)k,
                               p->table[k][0]);
        }
    }
    *cutoff = p->cutoff;
    if (*cutoff == 0 && p->kind == RC_POTENTIAL_KIND_WCA) *cutoff = pow(2.0, 1.0 / 6.0) * p->sigma;
    if (*cutoff == 0 && table) *cutoff = p->table[p->table_count - 1][0];
    if (!(*cutoff > contact && isfinite(*cutoff)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "discretise.cutoff: %g is not beyond the core (the pair's contact "
                       "distance %g)",
                       *cutoff, contact);
    if (table && (p->table[0][0] > contact || p->table[p->table_count - 1][0] < *cutoff))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "discretise.table: its rows span [%g, %g], not the core %g to the "
                       "cut-off %g",
                       p->table[0][0], p->table[p->table_count - 1][0], contact, *cutoff);
    return RC_STATUS_OK;
}

rc_status rc_potential_discretise(const rc_potential *p, int dimension, double contact, rc_step *steps)
{
    if (!p || !steps) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_potential_discretise: NULL argument");
    double cutoff = 0;
    rc_status s = check(p, dimension, contact, &cutoff);
    if (s) return s;
    double x[QUADRATURE], w[QUADRATURE], width = (cutoff - contact) / p->steps;
    legendre_nodes(x, w);
    for (int32_t k = 0; k < p->steps; k++) {
        double a = contact + k * width, b = k == p->steps - 1 ? cutoff : contact + (k + 1) * width;
        double volume = dimension == 3 ? (b * b * b - a * a * a) / 3 : (b * b - a * a) / 2;
        double energy = shell_integral(p, dimension, a, b, x, w) / volume;
        if (!isfinite(energy))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "discretise: the energy of step %d (%g to %g) is not finite",
                           (int)k, a, b);
        steps[k] = (rc_step){b / contact, energy};
    }
    return RC_STATUS_OK;
}
