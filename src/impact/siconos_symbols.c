/* Siconos numerics loaded when first used: its table of symbols (see siconos_symbols.h and src/core/library.h). */
#define RC_LIBRARY_DEFINING
#include "impact/siconos_symbols.h"

RC_LIBRARY_DEFINE(rc_siconos_library, rc_siconos, rc_siconos_table,
                  RC_SICONOS_SYMBOLS, RC_SICONOS_SONAME, "the LCPs of impacts");
