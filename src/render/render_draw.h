/* SPDX-License-Identifier: MIT */
/* Drawing one frame into a rectangle of a cairo context (src/render/render_draw.c), for rc_render_png (src/render/render.c),
 * and writing a picture to PNG (src/render/render.c, also for the plots of src/render/plot.c). */
#ifndef RC_RENDER_DRAW_H
#define RC_RENDER_DRAW_H

#include "render/cairo_symbols.h"

#include "render/render_shapes.h"
#include "ricochet/render.h"

typedef struct rc_render_view {
    double right[3], up[3], toward[3]; /* screen axes and the direction to the camera, in world coordinates */
    double center[3];                  /* the world point at the middle of the picture */
    double scale, cx, cy;              /* pixels per length unit; the picture's middle in pixels */
} rc_render_view;

typedef struct rc_rgb {
    double r, g, b;
} rc_rgb;

/* Draws the frame (box, particles, arrows; with shapes, the bodies as they are and the static shapes instead of the
 * box) to fit the rectangle x, y, width, height of the context; speed_scale is positive; values (NULL: by
 * options->color_by) colours particle i by values[i] from options->color_min to color_max; shapes (may be NULL) has
 * the frame's count and dimension. Returns false when out of memory. */
bool rc_render_draw(cairo_t *cr, const rc_frame *frame, const rc_render_shapes *shapes,
                    const rc_render_options *options, double speed_scale, const double *values, double x, double y,
                    double width, double height);

/* The colour of a species (ten, then they repeat), and of a fraction in [0, 1] of the ramp (purple, blue, green,
 * yellow; clamped). */
rc_rgb rc_render_species_color(int32_t species);
rc_rgb rc_render_ramp(double fraction);

/* The pixel of world point x. */
void rc_render_project(const rc_render_view *v, const double x[3], double *sx, double *sy);

/* src/render/render_solids.c. The world point of body-frame point p of a solid at x turned by the quaternion q. */
void rc_render_place(const double x[3], const double q[4], const double p[3], double out[3]);
/* Widens low and high (along the view's right and up) to hold a static shape (a plane: its point). */
void rc_render_solid_extent(const rc_render_view *v, const rc_render_solid *s, double low[2], double high[2]);
/* A plane: in 2D its line and its solid side lightly filled; in 3D a translucent square of half side `reach` around
 * the point of the plane nearest the view's centre. */
void rc_render_draw_plane(cairo_t *cr, const rc_render_view *v, const rc_render_solid *s, int dimension, double reach);
/* A box or hull at x turned by q in colour c: in 2D its outline filled as disks are; in 3D its faces that face the
 * camera, each shaded by how its normal meets the light, darkened by shade in [0, 1] as spheres are. */
void rc_render_draw_polytope(cairo_t *cr, const rc_render_view *v, const rc_render_solid *s, const double x[3],
                             const double q[4], rc_rgb c, int dimension, double shade);

/* Writes the surface as a PNG at path (PATH.partial, renamed when complete); RC_STATUS_IO_ERROR names the path. */
rc_status rc_render_write_png(cairo_surface_t *surface, const char *path);

#endif
