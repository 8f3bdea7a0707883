/* SPDX-License-Identifier: MIT */
/* Siconos numerics loaded when first used: its table of symbols (see siconos_symbols.h and src/core/library.h).
 *
 * Siconos brings its BLAS, often OpenBLAS, whose initialiser starts one worker thread per core unless
 * OPENBLAS_NUM_THREADS says otherwise. The LCPs of impacts are small and solved on the calling thread, so the workers
 * only cost memory, and under a memory limit (ulimit -v of about 65-200 MB) they break the process: at exit OpenBLAS
 * joins a worker that loops on a failing malloc, and the command never ends (at 64 MB OpenBLAS raises SIGINT). So
 * the library asks for one BLAS thread before the dlopen, unless the user has set OPENBLAS_NUM_THREADS (then theirs
 * holds). A BLAS that some other code loaded earlier keeps its threads: the variable is read only when it loads. */
#include <stdlib.h>

#define RC_LIBRARY_DEFINING
#include "impact/siconos_symbols.h"

static void one_blas_thread(void) { setenv("OPENBLAS_NUM_THREADS", "1", 0); /* 0: a value already set is kept */ }

RC_LIBRARY_DEFINE_PREPARED(rc_siconos_library, rc_siconos, rc_siconos_table, RC_SICONOS_SYMBOLS, RC_SICONOS_SONAME,
                           "the LCPs of impacts", one_blas_thread);
