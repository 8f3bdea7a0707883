/* SPDX-License-Identifier: MIT */
/* GLPK (the lineality LP of impacts), loaded when first used (src/core/library.h): the symbols the code uses,
 * their table, and the defines that send the code's calls and reads of globals through it. Include this instead
 * of the library's header; call rc_library_open(&rc_glpk_library) before the first use. */
#ifndef RC_IMPACT_GLPK_SYMBOLS_H
#define RC_IMPACT_GLPK_SYMBOLS_H

#include <glpk.h>

#include "core/library.h"

/* one symbol list, laid out by hand */
/* clang-format off */
#define RC_GLPK_SYMBOLS(X) \
    X(glp_add_cols) X(glp_add_rows) X(glp_create_prob) X(glp_delete_prob) X(glp_exact) X(glp_get_col_prim) \
    X(glp_get_status) X(glp_init_smcp) X(glp_load_matrix) X(glp_set_col_bnds) X(glp_set_obj_coef) \
    X(glp_set_obj_dir) X(glp_set_row_bnds) X(glp_simplex) X(glp_std_basis) X(glp_term_out)
/* clang-format on */

struct rc_glpk_table {
    RC_GLPK_SYMBOLS(RC_LIBRARY_FIELD)
};
extern struct rc_glpk_table rc_glpk;
extern rc_library rc_glpk_library;

#ifndef RC_LIBRARY_DEFINING
#define glp_add_cols (*rc_glpk.glp_add_cols)
#define glp_add_rows (*rc_glpk.glp_add_rows)
#define glp_create_prob (*rc_glpk.glp_create_prob)
#define glp_delete_prob (*rc_glpk.glp_delete_prob)
#define glp_exact (*rc_glpk.glp_exact)
#define glp_get_col_prim (*rc_glpk.glp_get_col_prim)
#define glp_get_status (*rc_glpk.glp_get_status)
#define glp_init_smcp (*rc_glpk.glp_init_smcp)
#define glp_load_matrix (*rc_glpk.glp_load_matrix)
#define glp_set_col_bnds (*rc_glpk.glp_set_col_bnds)
#define glp_set_obj_coef (*rc_glpk.glp_set_obj_coef)
#define glp_set_obj_dir (*rc_glpk.glp_set_obj_dir)
#define glp_set_row_bnds (*rc_glpk.glp_set_row_bnds)
#define glp_simplex (*rc_glpk.glp_simplex)
#define glp_std_basis (*rc_glpk.glp_std_basis)
#define glp_term_out (*rc_glpk.glp_term_out)
#endif

#endif
