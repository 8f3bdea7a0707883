/* SPDX-License-Identifier: MIT */
/* GLPK loaded when first used: its table of symbols (see glpk_symbols.h and src/core/library.h). */
#define RC_LIBRARY_DEFINING
#include "impact/glpk_symbols.h"

RC_LIBRARY_DEFINE(rc_glpk_library, rc_glpk, rc_glpk_table, RC_GLPK_SYMBOLS, RC_GLPK_SONAME,
                  "the lineality LPs of impacts");
