/* SPDX-License-Identifier: MIT */
/* Pictures of frames (ricochet/render.h): the options, the layout of panels side by side on a white picture with a
 * label and the time above each, and the PNG file, written as PATH.partial and renamed when complete
 * (src/io/output_file.h). The drawing of a frame is src/render/render_draw.c. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/status.h"
#include "io/output_file.h"
#include "render/render_draw.h"
#include "render/render_keys.h"

enum { LABEL_HEIGHT = 24, LARGEST_SIDE = 16384 };

rc_render_options rc_render_default_options(void)
{
    return (rc_render_options){
        .width = 800, .height = 600, .color_by = RC_COLOR_BY_SPECIES, .azimuth = 30, .elevation = 20};
}

rc_status rc_color_by_parse(const char *name, rc_color_by *color_by)
{
    if (name && strcmp(name, "species") == 0) *color_by = RC_COLOR_BY_SPECIES;
    else if (name && strcmp(name, "speed") == 0) *color_by = RC_COLOR_BY_SPEED;
    else return rc_fail(RC_STATUS_INVALID_ARGUMENT, "color-by: \"%s\" is not species or speed", name ? name : "(null)");
    return RC_STATUS_OK;
}

static rc_status check(int panels, const rc_frame *const *frames, const rc_render_shapes *const *shapes,
                       const rc_render_options *o)
{
    if (!o || !frames) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render: NULL options or frames");
    if (o->width < 1 || o->height <= LABEL_HEIGHT || o->width > LARGEST_SIDE || o->height > LARGEST_SIDE)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render size: %dx%d is not between 1x%d and %dx%d", o->width,
                       o->height, LABEL_HEIGHT + 1, LARGEST_SIDE, LARGEST_SIDE);
    if (panels < 1 || panels > o->width)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render panels: %d is not between 1 and the width %d", panels,
                       o->width);
    if (!(o->speed_scale >= 0))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render speed scale: %g is negative", o->speed_scale);
    if (o->keys && o->width - RC_RENDER_KEY_WIDTH < panels)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "render size: %d pixels wide holds no panel beside the key (%d pixels)", o->width,
                       RC_RENDER_KEY_WIDTH);
    if (!(o->zoom >= 0) || !isfinite(o->zoom))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "zoom: %g is negative", o->zoom);
    if (o->view && (o->view < 'x' || o->view > 'z'))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "view: '%c' is not x, y or z", o->view);
    for (int k = 0; k < panels; k++) {
        rc_status s = rc_frame_check(frames[k]);
        if (s) return s;
        const rc_render_shapes *h = shapes ? shapes[k] : NULL;
        if (h && (h->body_count != frames[k]->count || h->dimension != frames[k]->dimension))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render shapes: %d bodies in %dD for a frame of %d in %dD",
                           (int)h->body_count, h->dimension, (int)frames[k]->count, frames[k]->dimension);
    }
    return RC_STATUS_OK;
}

static void draw_label(cairo_t *cr, const char *label, double time, double x)
{
    char text[256];
    snprintf(text, sizeof text, "%s%st = %.6g", label ? label : "", label ? "   " : "", time);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 15);
    cairo_move_to(cr, x + 8, 17);
    cairo_show_text(cr, text);
}

void rc_render_value_range(int panels, const rc_frame *const *frames, rc_render_options *o)
{
    double low = INFINITY, high = -INFINITY;
    for (int k = 0; k < panels; k++)
        for (int32_t i = 0; i < frames[k]->count; i++)
            if (isfinite(o->values[k][i])) low = fmin(low, o->values[k][i]), high = fmax(high, o->values[k][i]);
    if (!(low <= high)) low = 0, high = 1;
    if (high - low <= 1e-9 * fmax(1, fmax(fabs(low), fabs(high)))) { /* one value, up to rounding */
        double middle = 0.5 * (low + high);
        low = middle - 0.5, high = middle + 0.5;
    }
    o->color_min = low, o->color_max = high;
}

rc_status rc_render_write_png(cairo_surface_t *surface, const char *path)
{
    rc_output_file out;
    rc_status s = rc_output_file_begin(&out, "png", path);
    if (s) return s;
    errno = 0;
    cairo_status_t written = cairo_surface_write_to_png(surface, out.partial);
    if (written != CAIRO_STATUS_SUCCESS) s = rc_output_file_failed(&out, cairo_status_to_string(written), errno);
    rc_status renamed = rc_output_file_end(&out, !s);
    return s ? s : renamed;
}

rc_status rc_render_png(int panels, const rc_frame *const *frames, const rc_render_shapes *const *shapes,
                        const char *const *labels, const rc_render_options *options, const char *path)
{
    rc_status s = check(panels, frames, shapes, options);
    if (!s) s = rc_library_open(&rc_cairo_library);
    if (s) return s;
    double speed_scale = options->speed_scale, fastest = 0;
    for (int k = 0; k < panels; k++) fastest = fmax(fastest, rc_frame_max_speed(frames[k]));
    if (speed_scale == 0) speed_scale = fastest > 0 ? fastest : 1;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, options->width, options->height);
    cairo_t *cr = cairo_create(surface);
    bool drawn = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    if (drawn) {
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
    }
    rc_render_options o = *options;
    if (o.values && !(o.color_max > o.color_min)) rc_render_value_range(panels, frames, &o);
    double key = o.keys ? RC_RENDER_KEY_WIDTH : 0, share = (o.width - key) / panels;
    for (int k = 0; k < panels && drawn; k++) {
        drawn = rc_render_draw(cr, frames[k], shapes ? shapes[k] : NULL, &o, speed_scale, o.values ? o.values[k] : NULL,
                               k * share, LABEL_HEIGHT, share, o.height - LABEL_HEIGHT);
        draw_label(cr, labels ? labels[k] : NULL, frames[k]->time, k * share);
    }
    if (drawn && o.keys && o.values)
        rc_render_draw_color_bar(cr, o.width - key, LABEL_HEIGHT, key, o.height - LABEL_HEIGHT, o.values_label,
                                 o.color_min, o.color_max);
    else if (drawn && o.keys && o.color_by == RC_COLOR_BY_SPEED)
        rc_render_draw_color_bar(cr, o.width - key, LABEL_HEIGHT, key, o.height - LABEL_HEIGHT, "speed (length/time)",
                                 0, speed_scale);
    else if (drawn && o.keys) rc_render_draw_legend(cr, o.width - key, LABEL_HEIGHT, key, panels, frames);
    drawn = drawn && cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    s = drawn ? rc_render_write_png(surface, path)
              : rc_fail(RC_STATUS_NO_MEMORY, "png output %s: out of memory drawing", path);
    cairo_surface_destroy(surface);
    return s;
}
