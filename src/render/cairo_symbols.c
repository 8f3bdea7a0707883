/* SPDX-License-Identifier: MIT */
/* cairo loaded when first used: its table of symbols (see cairo_symbols.h and src/core/library.h). */
#define RC_LIBRARY_DEFINING
#include "render/cairo_symbols.h"

RC_LIBRARY_DEFINE(rc_cairo_library, rc_cairo, rc_cairo_table, RC_CAIRO_SYMBOLS, RC_CAIRO_SONAME, "pictures");
