/* SPDX-License-Identifier: MIT */
/* The LCP adapter to Siconos numerics (lexicographic Lemke, projected Gauss-Seidel). Inputs are checked before
 * Siconos sees them, its verbosity is off, and every answer is verified here: z >= 0, w >= 0 and complementarity to
 * a relative tolerance, so a solver that quietly fails is caught and the other one tried. Siconos's enumeration
 * method is not offered: in 4.4 it leaks the enumeration state it allocates on every call. */
#include "impact/lcp.h"

#include <math.h>
#include <stdlib.h>

#include "core/dense_solve.h"
#include "core/grow.h"
#include "core/memory.h"
#include "core/status.h"
#include "impact/siconos_symbols.h"

static void delete_options(void *options)
{
    if (!options) return;
    solver_options_delete(options);
    free(options); /* Siconos 4.4 does not free the struct itself */
}

void rc_lcp_free(rc_lcp *lcp)
{
    RC_FREE_ALL(lcp->a, lcp->q, lcp->z, lcp->w, lcp->row_ptr, lcp->col, lcp->val);
    delete_options(lcp->lemke);
    delete_options(lcp->pgs);
    *lcp = (rc_lcp){0};
}

rc_status rc_lcp_reserve(rc_lcp *lcp, int n, bool dense)
{
    size_t size = n > 0 ? (size_t)n : 1;
    rc_status s = dense ? RC_RESERVE(lcp->a, lcp->cap_a, size * size) : RC_STATUS_OK;
    if (!s) s = RC_RESERVE(lcp->q, lcp->cap_q, size);
    if (!s) s = RC_RESERVE(lcp->z, lcp->cap_z, size);
    if (!s) s = RC_RESERVE(lcp->w, lcp->cap_w, size);
    return s;
}

bool rc_lcp_auto_is_dense(int n) { return n <= RC_LCP_LEMKE_LIMIT; }

/* The relative accuracy an answer must reach: violations and complementarity below this times the scale. */
static const double ACCURACY = 1e-9;

static double problem_scale(const rc_lcp *lcp, int n)
{
    double scale = 0;
    for (int i = 0; i < n; i++) scale = fmax(scale, fabs(lcp->q[i]));
    return scale;
}

/* Recomputes w = A z + q from scratch and checks the answer to `accuracy` relative to the scale. */
static bool accurate_to(rc_lcp *lcp, int n, double scale, double accuracy)
{
    double tol = accuracy * (scale > 0 ? scale : 1.0);
    for (int i = 0; i < n; i++) {
        double wi = lcp->q[i];
        for (int j = 0; j < n; j++) wi += lcp->a[(size_t)j * (size_t)n + (size_t)i] * lcp->z[j];
        lcp->w[i] = wi;
    }
    for (int i = 0; i < n; i++) {
        double zi = lcp->z[i], wi = lcp->w[i];
        if (!isfinite(zi) || zi < -tol || wi < -tol) return false;
        if (fabs(zi * wi) > tol * (fabs(zi) + 1.0) && fmin(fabs(zi), fabs(wi)) > tol) return false;
    }
    return true;
}

static bool accurate(rc_lcp *lcp, int n, double scale) { return accurate_to(lcp, n, scale, ACCURACY); }

static void *options_for(rc_lcp *lcp, rc_lcp_method method, int n)
{
    void **slot = method == RC_LCP_METHOD_LEMKE ? &lcp->lemke : &lcp->pgs;
    int id = method == RC_LCP_METHOD_LEMKE ? SICONOS_LCP_LEMKE : SICONOS_LCP_PGS;
    if (!*slot) {
        numerics_set_verbose(0);
        *slot = solver_options_create(id);
    }
    SolverOptions *options = *slot;
    if (method == RC_LCP_METHOD_LEMKE) options->iparam[SICONOS_IPARAM_MAX_ITER] = 10 * n + 100;
    if (method == RC_LCP_METHOD_PGS) {
        options->iparam[SICONOS_IPARAM_MAX_ITER] = 100000;
        options->dparam[SICONOS_DPARAM_TOL] = 1e-14;
    }
    return options;
}

/* Runs one Siconos method; true when it returned an answer that passes the check. */
static bool run_method(rc_lcp *lcp, int n, rc_lcp_method method, double scale)
{
    SolverOptions *options = options_for(lcp, method, n);
    NumericsMatrix *matrix = NM_create_from_data(NM_DENSE, n, n, lcp->a);
    LinearComplementarityProblem problem = {.size = n, .M = matrix, .q = lcp->q};
    for (int i = 0; i < n; i++) lcp->z[i] = lcp->w[i] = 0.0;
    int info = -1;
    if (method == RC_LCP_METHOD_LEMKE) lcp_lexicolemke(&problem, lcp->z, lcp->w, &info, options);
    else lcp_pgs(&problem, lcp->z, lcp->w, &info, options);
    matrix->matrix0 = NULL; /* the data is ours */
    NM_free(matrix);        /* frees the struct too */
    if (info != 0) return false;
    for (int i = 0; i < n; i++) lcp->z[i] = fmax(lcp->z[i], 0.0);
    return accurate(lcp, n, scale);
}

/* The last resort for small degenerate problems (a singular A, where pivoting can cycle and PGS stall): try the
 * complementary bases one by one, fewest active entries first, solving A_SS z_S = -q_S by elimination with partial
 * pivoting and skipping singular ones, until one gives z >= 0 and w >= 0 to 1e-6 of the scale: a near-wedge (two
 * contacts almost opposite) has no closer answer of sensible size. 2^n bases: up to ENUMERATION_FIRST contacts
 * they are fewer than the sweeps PGS takes on such a problem, so enumeration comes before PGS there (the clusters
 * of a settling granular pile spent most of their time in PGS runs to 1e-14 on degenerate problems of 3-6). */
enum { ENUMERATION_FIRST = 6, ENUMERATION_LIMIT = 12 };

static bool run_enumeration(rc_lcp *lcp, int n, double scale)
{
    double m[ENUMERATION_LIMIT * ENUMERATION_LIMIT], r[ENUMERATION_LIMIT];
    int index[ENUMERATION_LIMIT];
    for (int size = 0; size <= n; size++)
        for (unsigned set = 0; set < 1u << n; set++) {
            if (__builtin_popcount(set) != size) continue;
            int k = 0;
            for (int i = 0; i < n; i++)
                if (set >> i & 1) index[k++] = i;
            for (int a = 0; a < k; a++) {
                r[a] = -lcp->q[index[a]];
                for (int b = 0; b < k; b++) m[a * k + b] = lcp->a[(size_t)index[b] * (size_t)n + (size_t)index[a]];
            }
            if (!rc_dense_solve(m, r, k)) continue;
            for (int i = 0; i < n; i++) lcp->z[i] = 0;
            for (int a = 0; a < k; a++) lcp->z[index[a]] = fmax(r[a], 0.0);
            if (accurate_to(lcp, n, scale, 1e-6)) return true;
        }
    return false;
}

rc_status rc_lcp_solve(rc_lcp *lcp, int n, rc_lcp_method method)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(lcp->q[i])) return rc_fail(RC_STATUS_INTERNAL, "LCP vector entry %d is not finite", i);
    lcp->solves++;
    double scale = problem_scale(lcp, n);
    if (scale == 0) { /* q = 0: z = 0 is the answer */
        for (int i = 0; i < n; i++) lcp->z[i] = lcp->w[i] = 0.0;
        return RC_STATUS_OK;
    }
    if (n == 1 && method == RC_LCP_METHOD_AUTO && lcp->a[0] > 0) { /* one contact: z = max(0, -q / a), Lemke's pivot */
        lcp->z[0] = lcp->q[0] < 0 ? -lcp->q[0] * (1.0 / lcp->a[0]) : 0.0;
        if (accurate(lcp, 1, scale)) return RC_STATUS_OK;
    }
    rc_status s = rc_library_open(&rc_siconos_library);
    if (s) return s;
    rc_lcp_method first = method == RC_LCP_METHOD_AUTO ? RC_LCP_METHOD_LEMKE : method;
    if (run_method(lcp, n, first, scale)) return RC_STATUS_OK;
    lcp->fallbacks++;
    if (n <= ENUMERATION_FIRST && run_enumeration(lcp, n, scale)) return RC_STATUS_OK;
    if (run_method(lcp, n, first == RC_LCP_METHOD_LEMKE ? RC_LCP_METHOD_PGS : RC_LCP_METHOD_LEMKE, scale))
        return RC_STATUS_OK;
    if (n > ENUMERATION_FIRST && n <= ENUMERATION_LIMIT && run_enumeration(lcp, n, scale)) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INTERNAL, "no LCP method of Siconos numerics solved a problem of size %d", n);
}
