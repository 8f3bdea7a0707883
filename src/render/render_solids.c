/* SPDX-License-Identifier: MIT */
/* Drawing the shapes of a run's side file (src/render/render_draw.h; ricochet/render.h): a box or hull placed by its
 * position and quaternion, in 2D as its outline filled like a disk, in 3D as a convex solid of which only the faces
 * turned to the camera are painted (back faces culled, so the faces of one solid never overlap), each flat-shaded by
 * how its normal meets a light from above left of the camera and darkened with depth like the spheres; and a static
 * plane, in 2D a line with its solid side lightly filled, in 3D a translucent square around the view's centre. */
#include <math.h>

#include "render/render_draw.h"

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

void rc_render_place(const double x[3], const double q[4], const double p[3], double out[3])
{
    const double w = q[0], u[3] = {q[1], q[2], q[3]};
    double t[3] = {2 * (u[1] * p[2] - u[2] * p[1]), 2 * (u[2] * p[0] - u[0] * p[2]), 2 * (u[0] * p[1] - u[1] * p[0])};
    double ut[3] = {u[1] * t[2] - u[2] * t[1], u[2] * t[0] - u[0] * t[2], u[0] * t[1] - u[1] * t[0]};
    for (int k = 0; k < 3; k++) out[k] = x[k] + p[k] + w * t[k] + ut[k];
}

void rc_render_solid_extent(const rc_render_view *v, const rc_render_solid *s, double low[2], double high[2])
{
    int n = s->kind == RC_SOLID_POLYTOPE ? s->point_count : 1;
    double r = s->kind == RC_SOLID_SPHERE ? s->radius : 0;
    for (int c = 0; c < n; c++) {
        double x[3];
        if (s->kind == RC_SOLID_POLYTOPE) rc_render_place(s->position, s->orientation, s->points + 3 * c, x);
        else
            for (int k = 0; k < 3; k++) x[k] = s->position[k];
        double a[2] = {dot(x, v->right), dot(x, v->up)};
        for (int k = 0; k < 2; k++) low[k] = fmin(low[k], a[k] - r), high[k] = fmax(high[k], a[k] + r);
    }
}

/* Moves to (first) or draws a line to the pixel of world point x. */
static void path_to(cairo_t *cr, const rc_render_view *v, const double x[3], bool first)
{
    double sx, sy;
    rc_render_project(v, x, &sx, &sy);
    if (first) cairo_move_to(cr, sx, sy);
    else cairo_line_to(cr, sx, sy);
}

void rc_render_draw_plane(cairo_t *cr, const rc_render_view *v, const rc_render_solid *s, int dimension, double reach)
{
    const double *n = s->normal, *p = s->position;
    double c[3], u[3], w[3];
    double lift = dot(v->center, n) - dot(p, n);
    for (int k = 0; k < 3; k++) c[k] = v->center[k] - lift * n[k];
    if (dimension == 2) { /* along the line u, into the solid -n */
        u[0] = -n[1], u[1] = n[0], u[2] = 0;
        double corners[4][2] = {{1, 0}, {-1, 0}, {-1, -1}, {1, -1}};
        for (int k = 0; k < 4; k++) {
            double x[3];
            for (int j = 0; j < 3; j++) x[j] = c[j] + 2 * reach * (corners[k][0] * u[j] + corners[k][1] * n[j]);
            path_to(cr, v, x, k == 0);
        }
        cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
        cairo_fill(cr);
        double a[3], b[3];
        for (int j = 0; j < 3; j++) a[j] = c[j] + 2 * reach * u[j], b[j] = c[j] - 2 * reach * u[j];
        path_to(cr, v, a, true);
        path_to(cr, v, b, false);
        cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
        cairo_set_line_width(cr, 2);
        cairo_stroke(cr);
        return;
    }
    double any[3] = {fabs(n[0]) < 0.9 ? 1 : 0, fabs(n[0]) < 0.9 ? 0 : 1, 0};
    u[0] = n[1] * any[2] - n[2] * any[1], u[1] = n[2] * any[0] - n[0] * any[2], u[2] = n[0] * any[1] - n[1] * any[0];
    double length = sqrt(dot(u, u));
    for (int k = 0; k < 3; k++) u[k] /= length;
    w[0] = n[1] * u[2] - n[2] * u[1], w[1] = n[2] * u[0] - n[0] * u[2], w[2] = n[0] * u[1] - n[1] * u[0];
    static const double square[4][2] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
    for (int k = 0; k < 4; k++) {
        double x[3];
        for (int j = 0; j < 3; j++) x[j] = c[j] + reach * (square[k][0] * u[j] + square[k][1] * w[j]);
        path_to(cr, v, x, k == 0);
    }
    cairo_close_path(cr);
    cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.22);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_set_line_width(cr, 1);
    cairo_stroke(cr);
}

/* Fills the current path in c and outlines it darker. */
static void fill_and_outline(cairo_t *cr, rc_rgb c, double width)
{
    cairo_close_path(cr);
    cairo_set_source_rgb(cr, c.r, c.g, c.b);
    cairo_fill_preserve(cr);
    cairo_set_source_rgb(cr, 0.6 * c.r, 0.6 * c.g, 0.6 * c.b);
    cairo_set_line_width(cr, width);
    cairo_stroke(cr);
}

void rc_render_draw_polytope(cairo_t *cr, const rc_render_view *v, const rc_render_solid *s, const double x[3],
                             const double q[4], rc_rgb c, int dimension, double shade)
{
    double world[3], size = 0;
    for (int k = 0; k < 3 * s->point_count; k++) size = fmax(size, fabs(s->points[k]));
    if (dimension == 2) {
        for (int k = 0; k < s->point_count; k++) {
            rc_render_place(x, q, s->points + 3 * k, world);
            path_to(cr, v, world, k == 0);
        }
        fill_and_outline(cr, c, fmin(1, 0.1 * v->scale * size));
        return;
    }
    double light[3], darken = 0.75 + 0.25 * shade;
    for (int k = 0; k < 3; k++) light[k] = v->toward[k] + 0.6 * v->up[k] - 0.4 * v->right[k];
    double length = sqrt(dot(light, light));
    for (int f = 0; f < s->face_count; f++) {
        const int *corner = s->face_corner + s->face_first[f], count = s->face_first[f + 1] - s->face_first[f];
        double normal[3] = {0, 0, 0}, a[3], b[3]; /* Newell's normal of the face, in the world */
        for (int k = 0; k < count; k++) {
            rc_render_place(x, q, s->points + 3 * corner[k], a);
            rc_render_place(x, q, s->points + 3 * corner[(k + 1) % count], b);
            normal[0] += (a[1] - b[1]) * (a[2] + b[2]);
            normal[1] += (a[2] - b[2]) * (a[0] + b[0]);
            normal[2] += (a[0] - b[0]) * (a[1] + b[1]);
        }
        double facing = dot(normal, v->toward), norm = sqrt(dot(normal, normal));
        if (!(facing > 0)) continue;
        double k = darken * (0.5 + 0.5 * fmax(0, dot(normal, light) / (norm * length)));
        for (int j = 0; j < count; j++) {
            rc_render_place(x, q, s->points + 3 * corner[j], world);
            path_to(cr, v, world, j == 0);
        }
        fill_and_outline(cr, (rc_rgb){k * c.r, k * c.g, k * c.b}, 1);
    }
}
