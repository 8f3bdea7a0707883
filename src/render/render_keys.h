/* SPDX-License-Identifier: MIT */
/* The key of a picture at its right (src/render/render_keys.c): a labelled colour bar or a legend of species. */
#ifndef RC_RENDER_KEYS_H
#define RC_RENDER_KEYS_H

#include "render/cairo_symbols.h"
#include "ricochet/frame.h"
#include "ricochet/render.h"

/* The strip's width in pixels. */
enum { RC_RENDER_KEY_WIDTH = 150 };

/* The ramp from low (bottom) to high (top) in the rectangle x, y, width, height, with ticks and the label above. */
void rc_render_draw_color_bar(cairo_t *cr, double x, double y, double width, double height, const char *label,
                              double low, double high);
/* A swatch and "species K" for every species of the frames (the first 24 found, then "..."), from the top. */
void rc_render_draw_legend(cairo_t *cr, double x, double y, double width, int panels, const rc_frame *const *frames);

/* The colour bar's ends when options->color_max is not above color_min: the range of the finite values
 * options->values of every panel (a unit wide about them when they are one value, up to rounding; 0 to 1 when none
 * is finite). */
void rc_render_value_range(int panels, const rc_frame *const *frames, rc_render_options *options);

#endif
