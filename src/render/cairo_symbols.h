/* SPDX-License-Identifier: MIT */
/* cairo (pictures: ricochet render and plot), loaded when first used (src/core/library.h): the symbols the code uses,
 * their table, and the defines that send the code's calls and reads of globals through it. Include this instead
 * of the library's header; call rc_library_open(&rc_cairo_library) before the first use. */
#ifndef RC_RENDER_CAIRO_SYMBOLS_H
#define RC_RENDER_CAIRO_SYMBOLS_H

#include <cairo.h>

#include "core/library.h"

/* one symbol list, laid out by hand */
/* clang-format off */
#define RC_CAIRO_SYMBOLS(X) \
    X(cairo_arc) X(cairo_clip) X(cairo_close_path) X(cairo_create) X(cairo_destroy) X(cairo_fill) \
    X(cairo_fill_preserve) X(cairo_image_surface_create) X(cairo_line_to) X(cairo_move_to) X(cairo_paint) \
    X(cairo_pattern_add_color_stop_rgb) X(cairo_pattern_create_radial) X(cairo_pattern_destroy) X(cairo_rectangle) \
    X(cairo_restore) X(cairo_rotate) X(cairo_save) X(cairo_select_font_face) X(cairo_set_font_size) X(cairo_set_line_width) \
    X(cairo_set_source) X(cairo_set_source_rgb) X(cairo_set_source_rgba) X(cairo_show_text) X(cairo_status) \
    X(cairo_status_to_string) X(cairo_stroke) X(cairo_surface_destroy) X(cairo_surface_write_to_png) \
    X(cairo_text_extents) X(cairo_translate)
/* clang-format on */

struct rc_cairo_table {
    RC_CAIRO_SYMBOLS(RC_LIBRARY_FIELD)
};
extern struct rc_cairo_table rc_cairo;
extern rc_library rc_cairo_library;

#ifndef RC_LIBRARY_DEFINING
#define cairo_arc (*rc_cairo.cairo_arc)
#define cairo_clip (*rc_cairo.cairo_clip)
#define cairo_close_path (*rc_cairo.cairo_close_path)
#define cairo_create (*rc_cairo.cairo_create)
#define cairo_destroy (*rc_cairo.cairo_destroy)
#define cairo_fill (*rc_cairo.cairo_fill)
#define cairo_fill_preserve (*rc_cairo.cairo_fill_preserve)
#define cairo_image_surface_create (*rc_cairo.cairo_image_surface_create)
#define cairo_line_to (*rc_cairo.cairo_line_to)
#define cairo_move_to (*rc_cairo.cairo_move_to)
#define cairo_paint (*rc_cairo.cairo_paint)
#define cairo_pattern_add_color_stop_rgb (*rc_cairo.cairo_pattern_add_color_stop_rgb)
#define cairo_pattern_create_radial (*rc_cairo.cairo_pattern_create_radial)
#define cairo_pattern_destroy (*rc_cairo.cairo_pattern_destroy)
#define cairo_rectangle (*rc_cairo.cairo_rectangle)
#define cairo_restore (*rc_cairo.cairo_restore)
#define cairo_rotate (*rc_cairo.cairo_rotate)
#define cairo_save (*rc_cairo.cairo_save)
#define cairo_select_font_face (*rc_cairo.cairo_select_font_face)
#define cairo_set_font_size (*rc_cairo.cairo_set_font_size)
#define cairo_set_line_width (*rc_cairo.cairo_set_line_width)
#define cairo_set_source (*rc_cairo.cairo_set_source)
#define cairo_set_source_rgb (*rc_cairo.cairo_set_source_rgb)
#define cairo_set_source_rgba (*rc_cairo.cairo_set_source_rgba)
#define cairo_show_text (*rc_cairo.cairo_show_text)
#define cairo_status (*rc_cairo.cairo_status)
#define cairo_status_to_string (*rc_cairo.cairo_status_to_string)
#define cairo_stroke (*rc_cairo.cairo_stroke)
#define cairo_surface_destroy (*rc_cairo.cairo_surface_destroy)
#define cairo_surface_write_to_png (*rc_cairo.cairo_surface_write_to_png)
#define cairo_text_extents (*rc_cairo.cairo_text_extents)
#define cairo_translate (*rc_cairo.cairo_translate)
#endif

#endif
