/* SPDX-License-Identifier: MIT */
/* qhull loaded when first used: its table of symbols (see qhull_symbols.h and src/core/library.h). */
#define RC_LIBRARY_DEFINING
#include "analysis/qhull_symbols.h"

RC_LIBRARY_DEFINE(rc_qhull_library, rc_qhull, rc_qhull_table, RC_QHULL_SYMBOLS, RC_QHULL_SONAME,
                  "Voronoi neighbours (analyze --voronoi)");
