/* SPDX-License-Identifier: MIT */
/* The unit of a table's column for the axis labels of plots (src/render/plot_units.c). */
#ifndef RC_RENDER_PLOT_UNITS_H
#define RC_RENDER_PLOT_UNITS_H

/* The column's unit ("length", "1", ...), static text, or NULL when it is not a column ricochet writes. */
const char *rc_plot_unit(const char *column);

#endif
