/* SPDX-License-Identifier: MIT */
/* Drawing one frame with cairo (src/render/render_draw.h; ricochet/render.h): an orthographic view (2D: x right, y up;
 * 3D: a camera at the options' azimuth and elevation), scaled to fit the box and every particle; the box's edges in
 * grey; the particles painted far to near, flat disks in 2D and shaded spheres in 3D whose colour darkens with depth;
 * velocity arrows on top. With a run's shapes, the static shapes take the box's place (planes first, the others in
 * grey among the bodies, far to near) and boxes and hulls are drawn as they are (src/render/render_solids.c). */
#include <math.h>
#include <stdlib.h>

#include "render/render_draw.h"

typedef rc_render_view view;
typedef rc_rgb rgb;

/* Ten well-separated colours (Tableau 10), by species. */
static const rgb palette[] = {{0.12, 0.47, 0.71}, {1.00, 0.50, 0.05}, {0.17, 0.63, 0.17}, {0.84, 0.15, 0.16},
                              {0.58, 0.40, 0.74}, {0.55, 0.34, 0.29}, {0.89, 0.47, 0.76}, {0.50, 0.50, 0.50},
                              {0.74, 0.74, 0.13}, {0.09, 0.75, 0.81}};
/* A viridis-like ramp for speeds: 0 at the first, speed_scale at the last. */
static const rgb ramp[] = {
    {0.27, 0.00, 0.33}, {0.23, 0.32, 0.55}, {0.13, 0.57, 0.55}, {0.37, 0.79, 0.38}, {0.99, 0.91, 0.14}};
enum { PALETTE = sizeof palette / sizeof *palette, RAMP = sizeof ramp / sizeof *ramp };

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static double speed_of(const rc_frame *f, int32_t i)
{
    const double *v = f->velocities + 3 * i;
    return sqrt(dot(v, v));
}

rgb rc_render_species_color(int32_t species) { return palette[((species % PALETTE) + PALETTE) % PALETTE]; }

rgb rc_render_ramp(double fraction)
{
    double t = fmax(0, fmin(1, fraction)) * (RAMP - 1);
    int k = t >= RAMP - 1 ? RAMP - 2 : (int)t;
    double w = t - k;
    return (rgb){(1 - w) * ramp[k].r + w * ramp[k + 1].r, (1 - w) * ramp[k].g + w * ramp[k + 1].g,
                 (1 - w) * ramp[k].b + w * ramp[k + 1].b};
}

/* Particle i's colour: its value on the ramp from color_min to color_max (grey for NaN), its species, or its speed. */
static rgb color_of(const rc_frame *f, int32_t i, const rc_render_options *o, double speed_scale, const double *values)
{
    if (values) {
        static const rgb grey = {0.75, 0.75, 0.75};
        return isnan(values[i]) ? grey : rc_render_ramp((values[i] - o->color_min) / (o->color_max - o->color_min));
    }
    if (o->color_by == RC_COLOR_BY_SPECIES) return rc_render_species_color(f->species[i]);
    return rc_render_ramp(speed_of(f, i) / speed_scale);
}

/* Whether particle i is drawn: in 3D with a slab, its coordinate along the view axis lies in the slab. */
static bool in_slab(const rc_frame *f, const rc_render_options *o, int32_t i)
{
    if (f->dimension != 3 || !(o->slab_max > o->slab_min)) return true;
    double x = f->positions[3 * i + (o->view ? o->view - 'x' : 2)];
    return x >= o->slab_min && x <= o->slab_max;
}

void rc_render_project(const view *v, const double x[3], double *sx, double *sy)
{
    double u[3] = {x[0] - v->center[0], x[1] - v->center[1], x[2] - v->center[2]};
    *sx = v->cx + v->scale * dot(u, v->right);
    *sy = v->cy - v->scale * dot(u, v->up);
}

static bool has_box(const rc_frame *f)
{
    for (int k = 0; k < f->dimension; k++)
        if (!(f->box[k] > 0) || !isfinite(f->box[k])) return false;
    return true;
}

/* Corner c (bits: x, y, z) of the box. */
static void corner(const rc_frame *f, int c, double x[3])
{
    for (int k = 0; k < 3; k++) x[k] = k < f->dimension && (c >> k & 1) ? f->box[k] : 0;
}

/* The camera's axes, then the centre and scale that fit the box (with shapes: the static shapes instead), every
 * particle and the tip of every arrow (of `arrow` length units per unit of speed; 0 without arrows) into the
 * rectangle. */
static void fit(view *v, const rc_frame *f, const rc_render_shapes *shapes, const rc_render_options *o, double arrow,
                double width, double height)
{
    double a = o->azimuth * M_PI / 180, e = f->dimension == 3 ? o->elevation * M_PI / 180 : M_PI / 2;
    if (f->dimension == 3 && o->view) { /* down an axis: from +z with x right, from +x with y right, from -y */
        static const double azimuth[3] = {0, -90, -90}, elevation[3] = {0, 0, 90};
        a = azimuth[o->view - 'x'] * M_PI / 180, e = elevation[o->view - 'x'] * M_PI / 180;
    }
    if (f->dimension == 2) a = -M_PI / 2; /* looking down the z axis with x to the right */
    double right[3] = {-sin(a), cos(a), 0}, up[3] = {-sin(e) * cos(a), -sin(e) * sin(a), cos(e)},
           toward[3] = {cos(e) * cos(a), cos(e) * sin(a), sin(e)};
    *v = (view){.scale = 1};
    for (int k = 0; k < 3; k++) v->right[k] = right[k], v->up[k] = up[k], v->toward[k] = toward[k];
    double low[2] = {INFINITY, INFINITY}, high[2] = {-INFINITY, -INFINITY};
    for (int32_t k = 0; shapes && k < shapes->static_count; k++)
        rc_render_solid_extent(v, shapes->statics + k, low, high);
    for (int c = 0; !shapes && has_box(f) && c < 1 << f->dimension; c++) {
        double x[3];
        corner(f, c, x);
        double s[2] = {dot(x, right), dot(x, up)};
        for (int k = 0; k < 2; k++) low[k] = fmin(low[k], s[k]), high[k] = fmax(high[k], s[k]);
    }
    for (int32_t i = 0; i < f->count; i++) {
        const double *x = f->positions + 3 * i;
        const double *u = f->velocities + 3 * i;
        double s[2] = {dot(x, right), dot(x, up)}, r = f->radii[i];
        double tip[2] = {s[0] + arrow * dot(u, right), s[1] + arrow * dot(u, up)};
        for (int k = 0; k < 2; k++)
            low[k] = fmin(low[k], fmin(s[k] - r, tip[k])), high[k] = fmax(high[k], fmax(s[k] + r, tip[k]));
    }
    if (!(low[0] <= high[0])) low[0] = low[1] = -1, high[0] = high[1] = 1; /* nothing to fit */
    double span[2] = {fmax(high[0] - low[0], 1e-300), fmax(high[1] - low[1], 1e-300)};
    double mid[2] = {0.5 * (low[0] + high[0]), 0.5 * (low[1] + high[1])};
    for (int k = 0; k < 3; k++) v->center[k] = mid[0] * right[k] + mid[1] * up[k];
    v->scale = 0.92 * fmin(width / span[0], height / span[1]) * (o->zoom > 0 ? o->zoom : 1);
}

static void draw_box(cairo_t *cr, const view *v, const rc_frame *f)
{
    if (!has_box(f)) return;
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_set_line_width(cr, 1);
    for (int c = 0; c < 1 << f->dimension; c++)
        for (int k = 0; k < f->dimension; k++) {
            if (c >> k & 1) continue;
            double a[3], b[3], ax, ay, bx, by;
            corner(f, c, a);
            corner(f, c | 1 << k, b);
            rc_render_project(v, a, &ax, &ay);
            rc_render_project(v, b, &bx, &by);
            cairo_move_to(cr, ax, ay);
            cairo_line_to(cr, bx, by);
        }
    cairo_stroke(cr);
}

typedef struct layer {
    double depth;
    int32_t index;
} layer;

static int farther_first(const void *a, const void *b)
{
    const layer *p = a, *q = b;
    return p->depth < q->depth ? -1 : p->depth > q->depth ? 1 : p->index - q->index;
}

/* A disk (2D) or a sphere lit from the upper left, darkened by shade in [0, 1] (3D). */
static void draw_particle(cairo_t *cr, double x, double y, double r, rgb c, bool sphere, double shade)
{
    cairo_arc(cr, x, y, r, 0, 2 * M_PI);
    if (!sphere) {
        cairo_set_source_rgb(cr, c.r, c.g, c.b);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.6 * c.r, 0.6 * c.g, 0.6 * c.b);
        cairo_set_line_width(cr, fmin(1, 0.1 * r));
        cairo_stroke(cr);
        return;
    }
    double k = 0.45 + 0.55 * shade;
    cairo_pattern_t *light = cairo_pattern_create_radial(x - 0.35 * r, y - 0.35 * r, 0.05 * r, x, y, r);
    cairo_pattern_add_color_stop_rgb(light, 0, k * (0.5 + 0.5 * c.r), k * (0.5 + 0.5 * c.g), k * (0.5 + 0.5 * c.b));
    cairo_pattern_add_color_stop_rgb(light, 0.25, k * c.r, k * c.g, k * c.b);
    cairo_pattern_add_color_stop_rgb(light, 1, 0.55 * k * c.r, 0.55 * k * c.g, 0.55 * k * c.b);
    cairo_set_source(cr, light);
    cairo_fill(cr);
    cairo_pattern_destroy(light);
}

static void draw_arrow(cairo_t *cr, const view *v, const double x[3], const double velocity[3], double length)
{
    double tip[3], ax, ay, bx, by;
    for (int k = 0; k < 3; k++) tip[k] = x[k] + length * velocity[k];
    rc_render_project(v, x, &ax, &ay);
    rc_render_project(v, tip, &bx, &by);
    double dx = bx - ax, dy = by - ay, n = hypot(dx, dy);
    if (n < 1) return;
    double head = fmin(0.35 * n, 8), ux = dx / n, uy = dy / n;
    cairo_move_to(cr, ax, ay);
    cairo_line_to(cr, bx, by);
    cairo_move_to(cr, bx - head * (ux - 0.5 * uy), by - head * (uy + 0.5 * ux));
    cairo_line_to(cr, bx, by);
    cairo_line_to(cr, bx - head * (ux + 0.5 * uy), by - head * (uy - 0.5 * ux));
}

/* Body i (i >= 0) or static shape -1 - i of shapes, darkened by shade in 3D. */
static void draw_item(cairo_t *cr, const view *v, const rc_frame *f, const rc_render_shapes *shapes,
                      const rc_render_options *o, double speed_scale, const double *values, int32_t i, double shade)
{
    static const double identity[4] = {1, 0, 0, 0};
    static const rgb grey = {0.55, 0.55, 0.55};
    const rc_render_solid *s = !shapes ? NULL : i >= 0 ? shapes->bodies + i : shapes->statics + (-1 - i);
    const double *x = i >= 0 ? f->positions + 3 * i : s->position;
    rgb c = i >= 0 ? color_of(f, i, o, speed_scale, values) : grey;
    if (s && s->kind == RC_SOLID_POLYTOPE) {
        const double *q = i < 0 ? s->orientation : f->orientations ? f->orientations + 4 * i : identity;
        rc_render_draw_polytope(cr, v, s, x, q, c, f->dimension, shade);
        return;
    }
    double sx, sy;
    rc_render_project(v, x, &sx, &sy);
    draw_particle(cr, sx, sy, v->scale * (i >= 0 ? f->radii[i] : s->radius), c, f->dimension == 3, shade);
}

/* The bodies, and the static shapes that are not planes, far to near: order[k].index is i for body i and -1 - s
 * for static shape s (first among equals, so 2D static shapes lie under the bodies). Returns the number of entries. */
static int32_t layers(const rc_frame *f, const rc_render_shapes *shapes, const rc_render_options *o, const view *v,
                      layer *order)
{
    int32_t n = 0;
    for (int32_t i = 0; i < f->count; i++)
        if (in_slab(f, o, i)) order[n++] = (layer){dot(f->positions + 3 * i, v->toward), i};
    for (int32_t s = 0; shapes && s < shapes->static_count; s++)
        if (shapes->statics[s].kind != RC_SOLID_PLANE)
            order[n++] = (layer){dot(shapes->statics[s].position, v->toward), -1 - s};
    qsort(order, (size_t)n, sizeof *order, farther_first);
    return n;
}

bool rc_render_draw(cairo_t *cr, const rc_frame *f, const rc_render_shapes *shapes, const rc_render_options *o,
                    double speed_scale, const double *values, double x, double y, double width, double height)
{
    int32_t statics = shapes ? shapes->static_count : 0;
    layer *order = malloc(((size_t)f->count + (size_t)statics + 1) * sizeof *order);
    if (!order) return false;
    double largest = 0;
    for (int32_t i = 0; i < f->count; i++) largest = fmax(largest, f->radii[i]);
    double arrow = o->arrows ? 2 * largest / speed_scale : 0;
    view v;
    fit(&v, f, shapes, o, arrow, width, height);
    v.cx = x + 0.5 * width;
    v.cy = y + 0.5 * height;
    int32_t n = layers(f, shapes, o, &v, order);
    double near = n ? order[n - 1].depth : 0, far = n ? order[0].depth : 0;
    cairo_save(cr);
    cairo_rectangle(cr, x, y, width, height);
    cairo_clip(cr);
    if (!shapes) draw_box(cr, &v, f);
    for (int32_t s = 0; s < statics; s++)
        if (shapes->statics[s].kind == RC_SOLID_PLANE)
            rc_render_draw_plane(cr, &v, shapes->statics + s, f->dimension, 0.5 * fmax(width, height) / v.scale);
    for (int32_t k = 0; k < n; k++) {
        double shade = near > far ? (order[k].depth - far) / (near - far) : 1;
        draw_item(cr, &v, f, shapes, o, speed_scale, values, order[k].index, shade);
    }
    if (o->arrows) {
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 1.5);
        for (int32_t i = 0; i < f->count; i++)
            if (in_slab(f, o, i)) draw_arrow(cr, &v, f->positions + 3 * i, f->velocities + 3 * i, arrow);
        cairo_stroke(cr);
    }
    cairo_restore(cr);
    free(order);
    return true;
}
