/* SPDX-License-Identifier: MIT */
/* Removal of implicit equality constraints (Vouga et al. 2017, Algorithm 2): with E the gradients of the implicit
 * equalities, project the velocity and every gradient onto the M-orthogonal complement of span(M^-1 E),
 *     v <- v - M^-1 E (E^T M^-1 E)^+ E^T v,   n_k <- n_k - E (E^T M^-1 E)^+ E^T M^-1 n_k,
 * drop the gradients that vanish and renormalise the rest. The pseudo-inverse is never formed: an M-orthonormal
 * basis of span(M^-1 E) by modified Gram-Schmidt (twice, for stability) gives the same projector. */
#include "impact/lineality.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/memory.h"
#include "core/symmetric.h"

/* A direction whose M-norm falls below this after projection (gradients have M^-1-norm 1) has vanished. */
static const double VANISHED = 1e-9;
/* A projected velocity this small relative to the velocity before is rounding noise of the projection. */
static const double ROUNDING = 1e-13;

void rc_lineality_free(rc_lineality *lin)
{
    RC_FREE_ALL(lin->lp_row, lin->lp_col, lin->lp_val, lin->lambda, lin->member, lin->basis, lin->work, lin->kept,
                lin->kept_norm, lin->small);
    memset(lin, 0, sizeof *lin);
}

static double m_inner(const rc_system *sys, const double *a, const double *b, double *scratch)
{
    rc_system_apply_m(sys, b, scratch);
    double sum = 0;
    for (int i = 0; i < sys->n; i++) sum += a[i] * scratch[i];
    return sum;
}

/* Removes from x its components along the basis vectors, in the M inner product; returns |x|_M afterwards. */
static double project_out(const rc_lineality *lin, const rc_system *sys, double *x, double *scratch)
{
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j < lin->dimension; j++) {
            const double *u = lin->basis + (size_t)j * (size_t)sys->n;
            double c = m_inner(sys, u, x, scratch);
            for (int i = 0; i < sys->n; i++) x[i] -= c * u[i];
        }
    return sqrt(fmax(m_inner(sys, x, x, scratch), 0.0));
}

/* x <- M^-1 n_k as a dense vector */
static void scatter_w(const rc_system *sys, int k, double *x)
{
    memset(x, 0, (size_t)sys->n * sizeof *x);
    for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) x[sys->idx[p]] = sys->wgrad[p];
}

static rc_status build_basis(rc_lineality *lin, const rc_system *sys)
{
    size_t n = (size_t)sys->n;
    int members = 0;
    for (int k = 0; k < sys->m; k++) members += lin->member[k];
    rc_status s = RC_RESERVE(lin->basis, lin->cap_basis, (size_t)members * n + 1);
    if (!s) s = RC_RESERVE(lin->work, lin->cap_work, 2 * n + 1);
    if (s) return s;
    lin->dimension = 0;
    for (int k = 0; k < sys->m; k++) {
        if (!lin->member[k]) continue;
        double *u = lin->basis + (size_t)lin->dimension * n;
        scatter_w(sys, k, u);
        double norm = project_out(lin, sys, u, lin->work);
        if (norm < VANISHED) continue;
        for (size_t i = 0; i < n; i++) u[i] /= norm;
        lin->dimension++;
    }
    return RC_STATUS_OK;
}

rc_status rc_lineality_project(rc_lineality *lin, const rc_system *sys, double *velocity, rc_system *out)
{
    int n = sys->n;
    rc_status s = build_basis(lin, sys);
    if (!s) s = RC_RESERVE(lin->kept, lin->cap_kept, (size_t)sys->m + 1);
    if (!s) s = RC_RESERVE(lin->kept_norm, lin->cap_kept_norm, (size_t)sys->m + 1);
    if (!s) s = rc_system_reserve(out, n, sys->m, (size_t)sys->m * (size_t)n, sys->block_count);
    if (s) return s;
    rc_system_copy_masses(out, sys);
    double *x = lin->work + n, *scratch = lin->work;
    double before = sqrt(fmax(m_inner(sys, velocity, velocity, scratch), 0.0));
    double after = project_out(lin, sys, velocity, scratch);
    /* what is left below the projection's own rounding is no motion at all: a direction made of noise would
       otherwise be resolved as if it were real */
    if (after <= ROUNDING * before) memset(velocity, 0, (size_t)n * sizeof *velocity);
    int kept = 0;
    for (int k = 0; k < sys->m; k++) {
        if (lin->member[k]) continue;
        scatter_w(sys, k, x);
        double norm = project_out(lin, sys, x, scratch);
        if (norm < VANISHED) continue;
        size_t at = (size_t)kept * (size_t)n;
        out->ptr[kept] = (int)at;
        for (int i = 0; i < n; i++) {
            out->idx[at + (size_t)i] = i;
            out->wgrad[at + (size_t)i] = x[i] / norm;
        }
        rc_system_apply_m(sys, out->wgrad + at, out->grad + at);
        out->scale[kept] = sys->scale[k];
        out->contact_global[kept] = sys->contact_global[k];
        lin->kept_norm[kept] = norm;
        lin->kept[kept++] = k;
    }
    out->ptr[kept] = kept * n;
    out->m = kept;
    return RC_STATUS_OK;
}

rc_status rc_lineality_impulses(rc_lineality *lin, const rc_system *sys, const double *v0, const double *v1,
                                double *impulse)
{
    int n = sys->n, c = 0;
    for (int k = 0; k < sys->m; k++) c += lin->member[k];
    size_t cc = (size_t)c;
    rc_status s = RC_RESERVE(lin->small, lin->cap_small, 2 * cc * cc + 4 * cc + (size_t)n + 1);
    if (s) return s;
    double *p = lin->small, *a = p + n, *b = a + cc * cc, *x = b + cc, *work = x + cc;
    int *members = lin->kept; /* free once the loop's impulses are credited */
    for (int i = 0; i < n; i++) lin->work[i] = v1[i] - v0[i];
    rc_system_apply_m(sys, lin->work, p);
    c = 0;
    for (int k = 0; k < sys->m; k++) {
        if (lin->member[k]) members[c++] = k;
        else if (impulse[k] != 0)
            for (int q = sys->ptr[k]; q < sys->ptr[k + 1]; q++) p[sys->idx[q]] -= impulse[k] * sys->grad[q];
    }
    double *dense = lin->work;
    memset(dense, 0, (size_t)n * sizeof *dense);
    for (int i = 0; i < c; i++) {
        int k = members[i];
        b[i] = 0;
        for (int q = sys->ptr[k]; q < sys->ptr[k + 1]; q++) b[i] += sys->wgrad[q] * p[sys->idx[q]];
        for (int q = sys->ptr[k]; q < sys->ptr[k + 1]; q++) dense[sys->idx[q]] = sys->wgrad[q];
        for (int j = 0; j < c; j++) a[i * c + j] = rc_system_dot(sys, members[j], dense);
        for (int q = sys->ptr[k]; q < sys->ptr[k + 1]; q++) dense[sys->idx[q]] = 0.0;
    }
    rc_symmetric_pinv_solve(c, a, b, x, 1e-10, work);
    double shift = 0;
    for (int i = 0; i < c; i++) {
        double l = lin->lambda[members[i]];
        if (x[i] < 0 && l > 0) shift = fmax(shift, -x[i] / l);
    }
    for (int i = 0; i < c; i++) impulse[members[i]] = fmax(x[i] + shift * lin->lambda[members[i]], 0.0);
    return RC_STATUS_OK;
}
