/* SPDX-License-Identifier: MIT */
/* Implicit-equality detection by one linear program through GLPK (Vouga et al. 2017, section 4: contact i is an
 * implicit equality exactly when some lambda >= 0 with N lambda = 0 has lambda_i > 0). The LP
 *     maximise sum t_i  subject to  N lambda = 0,  lambda_i - t_i >= 0,  lambda >= 0,  0 <= t_i <= 1
 * reaches t_i = 1 on every implicit equality and t_i = 0 elsewhere, so all of them come out of a single solve.
 * With tolerance 0 (the exact rules) the answer is confirmed by GLPK's exact rational simplex. */
#include "impact/lineality.h"

#include <stdlib.h>

#include "core/grow.h"
#include "core/status.h"
#include "impact/glpk_symbols.h"

rc_status rc_lineality_detect(rc_lineality *lin, const rc_system *sys, bool exact, int *count)
{
    int n = sys->n, m = sys->m;
    size_t nnz = (size_t)sys->ptr[m] + 2 * (size_t)m;
    rc_status s = rc_library_open(&rc_glpk_library);
    if (!s) s = RC_RESERVE(lin->lp_row, lin->cap_lp_row, nnz + 1);
    if (!s) s = RC_RESERVE(lin->lp_col, lin->cap_lp_col, nnz + 1);
    if (!s) s = RC_RESERVE(lin->lp_val, lin->cap_lp_val, nnz + 1);
    if (!s) s = RC_RESERVE(lin->lambda, lin->cap_lambda, (size_t)m + 1);
    if (!s) s = RC_RESERVE(lin->member, lin->cap_member, (size_t)m + 1);
    if (s) return s;
    glp_term_out(GLP_OFF);
    glp_prob *lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MAX);
    glp_add_rows(lp, n + m);
    glp_add_cols(lp, 2 * m);
    for (int i = 1; i <= n; i++) glp_set_row_bnds(lp, i, GLP_FX, 0.0, 0.0);
    for (int k = 0; k < m; k++) {
        glp_set_row_bnds(lp, n + k + 1, GLP_LO, 0.0, 0.0);
        glp_set_col_bnds(lp, k + 1, GLP_LO, 0.0, 0.0);     /* lambda_k >= 0 */
        glp_set_col_bnds(lp, m + k + 1, GLP_DB, 0.0, 1.0); /* 0 <= t_k <= 1 */
        glp_set_obj_coef(lp, m + k + 1, 1.0);
    }
    /* one entry per (dof, contact): a gradient names each dof once (checked when the problem is built) */
    int at = 1;
    for (int k = 0; k < m; k++) {
        for (int p = sys->ptr[k]; p < sys->ptr[k + 1]; p++) {
            if (sys->grad[p] == 0.0) continue;
            lin->lp_row[at] = sys->idx[p] + 1;
            lin->lp_col[at] = k + 1;
            lin->lp_val[at++] = sys->grad[p];
        }
        lin->lp_row[at] = n + k + 1, lin->lp_col[at] = k + 1, lin->lp_val[at++] = 1.0;
        lin->lp_row[at] = n + k + 1, lin->lp_col[at] = m + k + 1, lin->lp_val[at++] = -1.0;
    }
    glp_load_matrix(lp, at - 1, lin->lp_row, lin->lp_col, lin->lp_val);
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    /* GLPK's primal simplex can cycle in phase 1 on the degenerate LPs of near-wedges (contacts almost opposite,
     * entries of 1e-8 beside entries of 1): an iteration limit (not a time limit, so that the outcome stays
     * deterministic), then once more from scratch through the presolver and the dual simplex */
    parm.it_lim = 50 * (n + 3 * m) + 1000;
    int ret = glp_simplex(lp, &parm);
    if (ret == GLP_EITLIM || (ret == 0 && glp_get_status(lp) != GLP_OPT)) {
        glp_std_basis(lp);
        parm.presolve = GLP_ON;
        parm.meth = GLP_DUALP;
        ret = glp_simplex(lp, &parm);
    }
    if (ret == 0 && exact) ret = glp_exact(lp, &parm);
    int status = glp_get_status(lp);
    if (ret != 0 || status != GLP_OPT) {
        glp_delete_prob(lp);
        return rc_fail(RC_STATUS_INTERNAL, "GLPK did not solve the lineality LP of %d contacts (code %d, status %d)", m,
                       ret, status);
    }
    int found = 0;
    for (int k = 0; k < m; k++) {
        lin->lambda[k] = glp_get_col_prim(lp, k + 1);
        lin->member[k] = glp_get_col_prim(lp, m + k + 1) > 0.5;
        found += lin->member[k];
    }
    glp_delete_prob(lp);
    *count = found;
    return RC_STATUS_OK;
}
