/* Drawing one frame into a rectangle of a cairo context (src/io/render_draw.c), for rc_render_png (src/io/render.c),
 * and writing a picture to PNG (src/io/render.c, also for the plots of src/io/plot.c). */
#ifndef RC_IO_RENDER_DRAW_H
#define RC_IO_RENDER_DRAW_H

#include <cairo.h>

#include "ricochet/render.h"

/* Draws the frame (box, particles, arrows) to fit the rectangle x, y, width, height of the context; speed_scale is
 * positive. Returns false when out of memory. */
bool rc_render_draw(cairo_t *cr, const rc_frame *frame, const rc_render_options *options, double speed_scale,
                    double x, double y, double width, double height);

/* Writes the surface as a PNG at path (PATH.partial, renamed when complete); RC_IO_ERROR names the path. */
rc_status rc_render_write_png(cairo_surface_t *surface, const char *path);

#endif
