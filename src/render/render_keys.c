/* SPDX-License-Identifier: MIT */
/* The key of a picture (rc_render_png with options->keys), in a strip at its right: for colours by a value, a colour
 * bar (the ramp from bottom to top, five ticks with their values, and the column's name and unit above it); for
 * colours by species, a legend (a swatch and "species K" for each species the frames hold). */
#include <stdio.h>
#include <stdlib.h>

#include "render/render_draw.h"
#include "render/render_keys.h"

enum { STEPS = 128, TICKS = 5, MOST_SPECIES = 24 };

/* Text at x, y (its baseline) in black, in a font made smaller until it fits `room` pixels. */
static void text_at(cairo_t *cr, const char *text, double x, double y, double size, double room)
{
    cairo_text_extents_t extent;
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    for (;; size -= 1) {
        cairo_set_font_size(cr, size);
        cairo_text_extents(cr, text, &extent);
        if (extent.x_advance <= room || size <= 6) break;
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, text);
}

void rc_render_draw_color_bar(cairo_t *cr, double x, double y, double width, double height, const char *label,
                              double low, double high)
{
    double top = y + 34, bottom = y + height - 24, left = x + 12, bar = 22;
    text_at(cr, label ? label : "", x + 6, y + 20, 13, width - 10);
    if (!(bottom > top)) return;
    double slice = (bottom - top) / STEPS;
    for (int k = 0; k < STEPS; k++) { /* bottom to top: low to high */
        rc_rgb c = rc_render_ramp((k + 0.5) / STEPS);
        cairo_set_source_rgb(cr, c.r, c.g, c.b);
        cairo_rectangle(cr, left, bottom - (k + 1) * slice, bar, slice + 0.5);
        cairo_fill(cr);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, left, top, bar, bottom - top);
    cairo_stroke(cr);
    for (int k = 0; k < TICKS; k++) {
        double fraction = (double)k / (TICKS - 1), at = bottom - fraction * (bottom - top);
        char value[32];
        snprintf(value, sizeof value, "%.4g", low + fraction * (high - low));
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, left + bar, at);
        cairo_line_to(cr, left + bar + 5, at);
        cairo_stroke(cr);
        text_at(cr, value, left + bar + 8, at + 4, 11, width - bar - 24);
    }
}

static int ascending(const void *a, const void *b)
{
    int32_t p = *(const int32_t *)a, q = *(const int32_t *)b;
    return (p > q) - (p < q);
}

void rc_render_draw_legend(cairo_t *cr, double x, double y, double width, int panels, const rc_frame *const *frames)
{
    int32_t found[MOST_SPECIES];
    int count = 0;
    bool more = false;
    for (int k = 0; k < panels; k++)
        for (int32_t i = 0; i < frames[k]->count; i++) {
            int32_t s = frames[k]->species[i];
            int j = 0;
            while (j < count && found[j] != s) j++;
            if (j < count) continue;
            if (count == MOST_SPECIES) more = true;
            else found[count++] = s;
        }
    qsort(found, (size_t)count, sizeof *found, ascending);
    text_at(cr, "species", x + 6, y + 20, 13, width - 10);
    for (int j = 0; j < count; j++) {
        double at = y + 34 + 22 * j;
        rc_rgb c = rc_render_species_color(found[j]);
        cairo_set_source_rgb(cr, c.r, c.g, c.b);
        cairo_rectangle(cr, x + 12, at, 16, 16);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.6 * c.r, 0.6 * c.g, 0.6 * c.b);
        cairo_set_line_width(cr, 1);
        cairo_stroke(cr);
        char name[32];
        snprintf(name, sizeof name, "species %d", (int)found[j]);
        text_at(cr, name, x + 34, at + 13, 12, width - 40);
    }
    if (more) text_at(cr, "...", x + 12, y + 34 + 22 * count + 13, 12, width - 20);
}
