/* SPDX-License-Identifier: MIT */
/* qhull's reentrant library (Voronoi neighbours: voronoi.c), loaded when first used (src/core/library.h): the
 * symbols the code uses, their table, and the defines that send the code's calls through it. Include this instead
 * of the library's header; call rc_library_open(&rc_qhull_library) before the first use. */
#ifndef RC_ANALYSIS_QHULL_SYMBOLS_H
#define RC_ANALYSIS_QHULL_SYMBOLS_H

#include <libqhull_r/libqhull_r.h>

#include "core/library.h"

#define RC_QHULL_SYMBOLS(X) X(qh_zero) X(qh_new_qhull) X(qh_freeqhull) X(qh_memfreeshort) X(qh_pointid)

struct rc_qhull_table {
    RC_QHULL_SYMBOLS(RC_LIBRARY_FIELD)
};
extern struct rc_qhull_table rc_qhull;
extern rc_library rc_qhull_library;

#ifndef RC_LIBRARY_DEFINING
#define qh_zero (*rc_qhull.qh_zero)
#define qh_new_qhull (*rc_qhull.qh_new_qhull)
#define qh_freeqhull (*rc_qhull.qh_freeqhull)
#define qh_memfreeshort (*rc_qhull.qh_memfreeshort)
#define qh_pointid (*rc_qhull.qh_pointid)
#endif

#endif
