/* Line plots of a table's columns (ricochet/render.h, rc_plot_png; ricochet plot): one panel per column in a grid,
 * each against the same x column, with nice ticks (1, 2 or 5 times a power of ten), a light grid, the column's name
 * as title; points whose x or y is NaN or infinite are left out and break the line. Written as PNG with cairo
 * (PATH.partial, renamed when complete). */
#include <math.h>
#include <stdio.h>

#include "core/status.h"
#include "io/render_draw.h"

enum { LEFT = 72, RIGHT = 16, TOP = 26, BOTTOM = 40, TICKS = 5 };

typedef struct axis {
    double low, high; /* the range shown */
    double step;      /* between ticks */
} axis;

/* The range of the finite values of column c (with x finite too), widened to whole ticks. */
static axis axis_of(const double *table, int rows, int columns, int c, int x)
{
    double low = INFINITY, high = -INFINITY;
    for (int r = 0; r < rows; r++) {
        double v = table[r * columns + c], u = table[r * columns + x];
        if (isfinite(v) && isfinite(u)) low = fmin(low, v), high = fmax(high, v);
    }
    if (!(low <= high)) low = 0, high = 1;
    if (low == high) {
        double pad = low != 0 ? 0.1 * fabs(low) : 1;
        low -= pad, high += pad;
    }
    double raw = (high - low) / TICKS, power = pow(10, floor(log10(raw))), m = raw / power;
    double step = (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * power;
    return (axis){floor(low / step) * step, ceil(high / step) * step, step};
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
static void tick(cairo_t *cr, double value, double step, double ax, double ay, double bx, double by, double lx,
                 double ly, double align)
{
    char label[32];
    cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
    cairo_move_to(cr, ax, ay);
    cairo_line_to(cr, bx, by);
    cairo_stroke(cr);
    snprintf(label, sizeof label, "%.4g", fabs(value) < 1e-12 * step ? 0 : value);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    text_at(cr, label, lx, ly, align, 11);
}

/* Ticks, grid lines and their labels of both axes of the plot area (x0, y0) to (x1, y1). */
static void draw_axes(cairo_t *cr, const axis *ax, const axis *ay, double x0, double y0, double x1, double y1)
{
    cairo_set_line_width(cr, 1);
    for (int k = 0; k <= 2 * TICKS + 2; k++) {
        double vx = ax->low + k * ax->step, vy = ay->low + k * ay->step;
        double px = place(ax, vx, x0, x1), py = place(ay, vy, y1, y0);
        if (vx <= ax->high + 1e-9 * ax->step) tick(cr, vx, ax->step, px, y0, px, y1, px, y1 + 14, 0.5);
        if (vy <= ay->high + 1e-9 * ay->step) tick(cr, vy, ay->step, x0, py, x1, py, x0 - 4, py + 4, 1);
    }
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
    cairo_stroke(cr);
}

static void draw_panel(cairo_t *cr, const double *table, int rows, int columns, const char *const *names, int x, int c,
                       double left, double top, double width, double height)
{
    axis ax = axis_of(table, rows, columns, x, x), ay = axis_of(table, rows, columns, c, x);
    double x0 = left + LEFT, y0 = top + TOP, x1 = left + width - RIGHT, y1 = top + height - BOTTOM;
    draw_axes(cr, &ax, &ay, x0, y0, x1, y1);
    cairo_set_source_rgb(cr, 0, 0, 0);
    text_at(cr, names[c], 0.5 * (x0 + x1), top + 18, 0.5, 14);
    text_at(cr, names[x], 0.5 * (x0 + x1), y1 + 32, 0.5, 12);
    cairo_set_source_rgb(cr, 0.12, 0.47, 0.71);
    cairo_set_line_width(cr, 1.8);
    bool drawing = false;
    for (int r = 0; r < rows; r++) {
        double u = table[r * columns + x], v = table[r * columns + c];
        if (!isfinite(u) || !isfinite(v)) {
            drawing = false;
            continue;
        }
        double px = place(&ax, u, x0, x1), py = place(&ay, v, y1, y0);
        if (drawing) cairo_line_to(cr, px, py);
        else cairo_move_to(cr, px, py);
        if (rows <= 60) cairo_rectangle(cr, px - 1.5, py - 1.5, 3, 3), cairo_move_to(cr, px, py);
        drawing = true;
    }
    cairo_stroke(cr);
}

rc_status rc_plot_png(int columns, const char *const *names, int rows, const double *table, int x, int panels,
                      const int *y, int width, int height, const char *path)
{
    if (columns < 1 || !names || rows < 0 || (rows && !table) || x < 0 || x >= columns || panels < 1 || !y)
        return rc_fail(RC_INVALID_ARGUMENT, "plot: %d columns, %d rows, x column %d, %d panels", columns, rows, x,
                       panels);
    for (int k = 0; k < panels; k++)
        if (y[k] < 0 || y[k] >= columns) return rc_fail(RC_INVALID_ARGUMENT, "plot panel %d: no column %d", k, y[k]);
    int across = (int)ceil(sqrt(panels)), down = (panels + across - 1) / across;
    if (width < across * (LEFT + RIGHT + 40) || height < down * (TOP + BOTTOM + 40) || width > 16384 || height > 16384)
        return rc_fail(RC_INVALID_ARGUMENT, "plot size: %dx%d is too small for %d panels (or above 16384)", width,
                       height, panels);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    double w = (double)width / across, h = (double)height / down;
    for (int k = 0; k < panels; k++)
        draw_panel(cr, table, rows, columns, names, x, y[k], (k % across) * w, (k / across) * h, w, h);
    bool drawn = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    rc_status s = drawn ? rc_render_write_png(surface, path)
                        : rc_fail(RC_NO_MEMORY, "png output %s: out of memory drawing", path);
    cairo_surface_destroy(surface);
    return s;
}
