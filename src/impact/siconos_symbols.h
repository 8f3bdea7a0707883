/* SPDX-License-Identifier: MIT */
/* Siconos numerics (the LCPs of impacts), loaded when first used (src/core/library.h): the symbols the code uses,
 * their table, and the defines that send the code's calls and reads of globals through it. Include this instead
 * of the library's header; call rc_library_open(&rc_siconos_library) before the first use. */
#ifndef RC_IMPACT_SICONOS_SYMBOLS_H
#define RC_IMPACT_SICONOS_SYMBOLS_H

#include <LCP_Solvers.h>
#include <LinearComplementarityProblem.h>
#include <NumericsMatrix.h>
#include <NumericsVerbose.h>
#include <SolverOptions.h>
#include <lcp_cst.h>

#include "core/library.h"

#define RC_SICONOS_SYMBOLS(X)                                                                                          \
    X(NM_create_from_data)                                                                                             \
    X(NM_free) X(lcp_lexicolemke) X(lcp_pgs) X(numerics_set_verbose) X(solver_options_create) X(solver_options_delete)

struct rc_siconos_table {
    RC_SICONOS_SYMBOLS(RC_LIBRARY_FIELD)
};
extern struct rc_siconos_table rc_siconos;
extern rc_library rc_siconos_library;

#ifndef RC_LIBRARY_DEFINING
#define NM_create_from_data (*rc_siconos.NM_create_from_data)
#define NM_free (*rc_siconos.NM_free)
#define lcp_lexicolemke (*rc_siconos.lcp_lexicolemke)
#define lcp_pgs (*rc_siconos.lcp_pgs)
#define numerics_set_verbose (*rc_siconos.numerics_set_verbose)
#define solver_options_create (*rc_siconos.solver_options_create)
#define solver_options_delete (*rc_siconos.solver_options_delete)
#endif

#endif
