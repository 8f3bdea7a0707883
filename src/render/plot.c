/* SPDX-License-Identifier: MIT */
/* Line plots of a table's columns (ricochet/render.h, rc_plot_png; ricochet plot): one panel per column in a grid, or
 * all columns in one panel with a legend, each against the same x column, with nice ticks (1, 2 or 5 times a power of
 * ten; on a logarithmic axis each power of ten), a light grid, the column's name as title, and optional error bars
 * from a column's error column (NAME_error, NAME_err, NAME_sem); points whose x or y is NaN or infinite (or not
 * positive on a log axis) are left out and break the line. Written as PNG with cairo (PATH.partial, renamed when
 * complete). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/status.h"
#include "render/plot_units.h"
#include "render/render_draw.h"

enum { LEFT = 72, RIGHT = 16, TOP = 26, BOTTOM = 40, TICKS = 5, PANEL_WIDTH = 420, PANEL_HEIGHT = 320, DECADES = 10 };

/* The curves' colours: the first for every panel of its own, in turn when they share a panel. */
static const double colours[][3] = {{0.12, 0.47, 0.71}, {1.00, 0.50, 0.05}, {0.17, 0.63, 0.17}, {0.84, 0.15, 0.16},
                                    {0.58, 0.40, 0.74}, {0.55, 0.34, 0.29}, {0.89, 0.47, 0.76}, {0.50, 0.50, 0.50}};
enum { COLOURS = sizeof colours / sizeof *colours };

typedef struct axis {
    double low, high; /* the range shown (of log10 of the values on a log axis) */
    double step;      /* between ticks */
    bool log;
} axis;

typedef struct plot {
    const double *table;
    const char *const *names;
    int rows, columns, x;
    const rc_plot_options *options;
} plot;

rc_plot_options rc_plot_default_options(void) { return (rc_plot_options){0}; }

int rc_plot_find_error_column(int columns, const char *const *names, int c)
{
    static const char *const suffixes[] = {"_error", "_err", "_sem"};
    if (!names || c < 0 || c >= columns || !names[c]) return -1;
    size_t n = strlen(names[c]), stem = n > 5 && strcmp(names[c] + n - 5, "_mean") == 0 ? n - 5 : n;
    for (size_t length = n, pass = 0; pass < 2; pass++, length = stem)
        for (size_t s = 0; s < sizeof suffixes / sizeof *suffixes; s++)
            for (int d = 0; d < columns; d++)
                if (d != c && names[d] && strncmp(names[d], names[c], length) == 0 &&
                    strcmp(names[d] + length, suffixes[s]) == 0)
                    return d;
    return -1;
}

/* A value as placed along an axis: itself, or its log10 on a log axis (NaN when not positive). */
static double scaled(bool log, double v) { return !log ? v : v > 0 ? log10(v) : NAN; }

static double cell(const plot *p, int r, int c) { return p->table[r * p->columns + c]; }

static void widen(double *low, double *high, double v)
{
    if (isfinite(v)) *low = fmin(*low, v), *high = fmax(*high, v);
}

/* Widens [low, high] to the finite values of column c (where x is finite too) and, with e >= 0, their error bars. */
static void range_of(const plot *p, int c, int e, bool log, double *low, double *high)
{
    for (int r = 0; r < p->rows; r++) {
        double v = cell(p, r, c), error = e >= 0 ? cell(p, r, e) : NAN;
        if (!isfinite(scaled(p->options->log_x, cell(p, r, p->x))) || !isfinite(scaled(log, v))) continue;
        widen(low, high, scaled(log, v));
        if (isfinite(error)) widen(low, high, scaled(log, v - error)), widen(low, high, scaled(log, v + error));
    }
}

/* The range [low, high] widened to whole ticks. */
static axis axis_of(double low, double high, bool log)
{
    if (!(low <= high)) low = 0, high = 1;
    if (low == high) {
        double pad = log ? 0.5 : low != 0 ? 0.1 * fabs(low) : 1;
        low -= pad, high += pad;
    }
    double raw = (high - low) / TICKS, power = pow(10, floor(log10(raw))), m = raw / power;
    double step = log ? fmax(1, ceil((high - low) / DECADES)) : (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
    return (axis){floor(low / step) * step, ceil(high / step) * step, step, log};
}

static double place(const axis *a, double v, double from, double to)
{
    return from + (v - a->low) / (a->high - a->low) * (to - from);
}

static void text_at(cairo_t *cr, const char *text, double x, double y, double align_x, double size)
{
    cairo_text_extents_t e;
    cairo_set_font_size(cr, size);
    cairo_text_extents(cr, text, &e);
    cairo_move_to(cr, x - align_x * e.width, y);
    cairo_show_text(cr, text);
}

/* A grid line from (ax, ay) to (bx, by) and the tick's label at (lx, ly), aligned by align (0 left, 1 right). */
static void tick(cairo_t *cr, const axis *a, double value, double ax, double ay, double bx, double by, double lx,
                 double ly, double align)
{
    char label[32];
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
    cairo_move_to(cr, ax, ay);
    cairo_line_to(cr, bx, by);
    cairo_stroke(cr);
    if (a->log && fabs(value) > 3) snprintf(label, sizeof label, "1e%d", (int)value);
    else snprintf(label, sizeof label, "%.4g", a->log ? pow(10, value) : fabs(value) < 1e-12 * a->step ? 0 : value);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    text_at(cr, label, lx, ly, align, 11);
}

/* Ticks, grid lines and their labels of both axes of the plot area (x0, y0) to (x1, y1). */
static void draw_axes(cairo_t *cr, const axis *ax, const axis *ay, double x0, double y0, double x1, double y1)
{
    cairo_set_line_width(cr, 1);
    for (int k = 0; k <= 2 * DECADES + 2; k++) {
        double vx = ax->low + k * ax->step, vy = ay->low + k * ay->step;
        double px = place(ax, vx, x0, x1), py = place(ay, vy, y1, y0);
        if (vx <= ax->high + 1e-9 * ax->step) tick(cr, ax, vx, px, y0, px, y1, px, y1 + 14, 0.5);
        if (vy <= ay->high + 1e-9 * ay->step) tick(cr, ay, vy, x0, py, x1, py, x0 - 4, py + 4, 1);
    }
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_stroke(cr);
}

/* Column c's curve in colour `colour`, with the error bars of column e (e >= 0), clipped to about the plot area. */
static void draw_curve(cairo_t *cr, const plot *p, int c, int e, const axis *ax, const axis *ay, const double *colour,
                       double x0, double y0, double x1, double y1)
{
    cairo_save(cr);
    cairo_rectangle(cr, x0 - 2, y0 - 2, x1 - x0 + 4, y1 - y0 + 4); /* the points' marks on the edges stay whole */
    cairo_clip(cr);
    cairo_set_source_rgb(cr, colour[0], colour[1], colour[2]);
    cairo_set_line_width(cr, 1.8);
    bool drawing = false;
    for (int r = 0; r < p->rows; r++) {
        double u = scaled(ax->log, cell(p, r, p->x)), v = scaled(ay->log, cell(p, r, c));
        if (!isfinite(u) || !isfinite(v)) {
            drawing = false;
            continue;
        }
        double px = place(ax, u, x0, x1), py = place(ay, v, y1, y0);
        if (drawing) cairo_line_to(cr, px, py);
        else cairo_move_to(cr, px, py);
        if (p->rows <= 60) cairo_rectangle(cr, px - 1.5, py - 1.5, 3, 3), cairo_move_to(cr, px, py);
        drawing = true;
    }
    cairo_stroke(cr);
    cairo_set_line_width(cr, 1.2);
    for (int r = 0; e >= 0 && r < p->rows; r++) {
        double u = scaled(ax->log, cell(p, r, p->x)), v = cell(p, r, c), error = cell(p, r, e);
        if (!isfinite(u) || !isfinite(scaled(ay->log, v)) || !isfinite(error)) continue;
        double px = place(ax, u, x0, x1), below = scaled(ay->log, v - fabs(error));
        double top = place(ay, scaled(ay->log, v + fabs(error)), y1, y0);
        double bottom = isfinite(below) ? place(ay, below, y1, y0) : y1 + 3; /* down past the edge of a log axis */
        cairo_move_to(cr, px, bottom), cairo_line_to(cr, px, top);
        cairo_move_to(cr, px - 3, bottom), cairo_line_to(cr, px + 3, bottom);
        cairo_move_to(cr, px - 3, top), cairo_line_to(cr, px + 3, top);
    }
    cairo_stroke(cr);
    cairo_restore(cr);
}

/* The names of the curves y[0 .. count-1] beside their colours, in a box at the top right of the plot area. */
static void draw_legend(cairo_t *cr, const plot *p, int count, const int *y, double x1, double y0)
{
    double widest = 0;
    cairo_set_font_size(cr, 11);
    for (int k = 0; k < count; k++) {
        cairo_text_extents_t e;
        cairo_text_extents(cr, p->names[y[k]], &e);
        widest = fmax(widest, e.x_advance);
    }
    double left = x1 - widest - 42, top = y0 + 6, height = 16 * count + 6;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, left, top, widest + 36, height);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
    for (int k = 0; k < count; k++) {
        const double *colour = colours[k % COLOURS];
        double row = top + 11 + 16 * k;
        cairo_set_source_rgb(cr, colour[0], colour[1], colour[2]);
        cairo_set_line_width(cr, 2.5);
        cairo_move_to(cr, left + 6, row), cairo_line_to(cr, left + 26, row);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text_at(cr, p->names[y[k]], left + 30, row + 4, 0, 11);
    }
}

/* An axis's label: the column's name and its unit, "msd (length^2)", or the name alone when the unit is not known;
 * for several curves (name NULL) their unit alone when they share it, else nothing. */
static void axis_label(const plot *p, int count, const int *y, char *label, size_t size)
{
    const char *unit = rc_plot_unit(p->names[y[0]]);
    for (int k = 1; k < count && unit; k++) {
        const char *other = rc_plot_unit(p->names[y[k]]);
        if (!other || strcmp(other, unit) != 0) unit = NULL;
    }
    if (count == 1 && unit) snprintf(label, size, "%s (%s)", p->names[y[0]], unit);
    else if (count == 1) snprintf(label, size, "%s", p->names[y[0]]);
    else snprintf(label, size, "%s%s%s", unit ? "(" : "", unit ? unit : "", unit ? ")" : "");
}

/* One panel of the curves y[0 .. count-1] in the rectangle at (left, top), width x height. */
static void draw_panel(cairo_t *cr, const plot *p, int count, const int *y, double left, double top, double width,
                       double height)
{
    bool log_x = p->options->log_x, log_y = p->options->log_y;
    double x_low = INFINITY, x_high = -INFINITY, y_low = INFINITY, y_high = -INFINITY;
    range_of(p, p->x, -1, log_x, &x_low, &x_high);
    for (int k = 0; k < count; k++) {
        int e = p->options->errors ? rc_plot_find_error_column(p->columns, p->names, y[k]) : -1;
        range_of(p, y[k], e, log_y, &y_low, &y_high);
    }
    axis ax = axis_of(x_low, x_high, log_x), ay = axis_of(y_low, y_high, log_y);
    double x0 = left + LEFT, y0 = top + TOP, x1 = left + width - RIGHT, y1 = top + height - BOTTOM;
    draw_axes(cr, &ax, &ay, x0, y0, x1, y1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    if (count == 1) text_at(cr, p->names[y[0]], 0.5 * (x0 + x1), top + 18, 0.5, 14);
    char label[160];
    axis_label(p, 1, &p->x, label, sizeof label);
    text_at(cr, label, 0.5 * (x0 + x1), y1 + 32, 0.5, 12);
    axis_label(p, count, y, label, sizeof label);
    cairo_save(cr); /* the y axis's label, upwards along the left edge */
    cairo_translate(cr, left + 14, 0.5 * (y0 + y1));
    cairo_rotate(cr, -M_PI / 2);
    text_at(cr, label, 0, 0, 0.5, 12);
    cairo_restore(cr);
    for (int k = 0; k < count; k++) {
        int e = p->options->errors ? rc_plot_find_error_column(p->columns, p->names, y[k]) : -1;
        draw_curve(cr, p, y[k], e, &ax, &ay, colours[k % COLOURS], x0, y0, x1, y1);
    }
    if (count > 1) draw_legend(cr, p, count, y, x1, y0);
}

rc_status rc_plot_png(int columns, const char *const *names, int rows, const double *table, int x, int count,
                      const int *y, const rc_plot_options *options, const char *path)
{
    rc_plot_options defaults = rc_plot_default_options();
    const rc_plot_options *o = options ? options : &defaults;
    if (columns < 1 || !names || rows < 0 || (rows && !table) || x < 0 || x >= columns || count < 1 || !y)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "plot: %d columns, %d rows, x column %d, %d curves", columns, rows,
                       x, count);
    for (int k = 0; k < count; k++)
        if (y[k] < 0 || y[k] >= columns)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "plot curve %d: no column %d", k, y[k]);
    int panels = o->overlay ? 1 : count, across = (int)ceil(sqrt(panels)), down = (panels + across - 1) / across;
    int width = o->width ? o->width : PANEL_WIDTH * across, height = o->height ? o->height : PANEL_HEIGHT * down;
    if (width < across * (LEFT + RIGHT + 40) || height < down * (TOP + BOTTOM + 40) || width > 16384 || height > 16384)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "plot size: %dx%d is too small for %d panels (or above 16384)",
                       width, height, panels);
    rc_status s = rc_library_open(&rc_cairo_library);
    if (s) return s;
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    plot p = {table, names, rows, columns, x, o};
    double w = (double)width / across, h = (double)height / down;
    if (o->overlay) draw_panel(cr, &p, count, y, 0, 0, w, h);
    for (int k = 0; !o->overlay && k < count; k++)
        draw_panel(cr, &p, 1, &y[k], (k % across) * w, (k / across) * h, w, h);
    bool drawn = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    s = drawn ? rc_render_write_png(surface, path)
              : rc_fail(RC_STATUS_NO_MEMORY, "png output %s: out of memory drawing", path);
    cairo_surface_destroy(surface);
    return s;
}
