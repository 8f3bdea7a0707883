/* SPDX-License-Identifier: MIT */
/* Pictures of ricochet/render.h (src/render/render.c, render_draw.c), read back with cairo pixel by pixel.
 *
 * Oracles:
 * - Geometry: a 2D disk at the middle of its box covers the middle pixel in its species' colour, and the corner of
 *   the box stays white; two panels side by side each show their own frame at their own middle.
 * - Depth: in 3D, of two spheres on the camera's line of sight the nearer one (species 3, red) hides the farther
 *   one (species 0, blue), whichever is listed first.
 * - Colour by speed: a disk at the speed scale gets the top of the ramp (yellow), one at rest the bottom (purple).
 * - Plots: y = x on the nice axes 0 to 10 passes through the middle of the plot area in the line's blue, and a
 *   NaN row is left out; a point away from the line stays light. On log-log axes y = x^2 (x from 1 to 1000) is the
 *   diagonal of the plot area (decades 0 to 3 and 0 to 6), which on linear axes misses its middle, and the grid line
 *   of x = 10 lies a third of the way across, none half way. An error bar of +-2 on a constant 5 reaches 6.5; without
 *   errors nothing is drawn there. Overlaid curves get a legend: the second curve's orange beside its name at the
 *   top right; in panels of their own every curve is blue. Error columns pair by name (NAME_error, NAME_sem).
 * - Plots of a CSV file: the same y = x read from a table (quoted names, a blank line, an empty cell) passes the same
 *   pixels; the default curves leave out x and, with error bars, the error columns; bad tables name line and column.
 * - Failures: a bad size is RC_STATUS_INVALID_ARGUMENT; an unwritable path RC_STATUS_IO_ERROR naming it, with no file left; shapes
 *   of another count than the frame's are refused.
 * - Shapes (a side file): a 2D box of half extents 2 x 0.5 turned by 30 degrees colours the pixels just inside its
 *   four corners, and leaves background the pixels inside its bounding circle but outside the box (which the same
 *   frame drawn without the side file colours); a static plane y = -3 is a grey line with its solid side light grey
 *   below it and the background above. Pixels are found from the view that fits the bodies' bounding circles and
 *   the plane's point, scaled by 0.92 of the tighter side (src/render/render_draw.c, fit).
 * - Faces of 3D hulls (the side file's reader): a cube given as its 8 corners and its centre has 6 faces of 4 corners
 *   each, every corner on 3 of them and the centre on none; points all in one plane are refused, naming the field.
 * - Axis labels: a column of the table of observables carries its unit ("pressure (energy/volume)" up the y axis,
 *   "time (time)" under x), one of unknown unit its name alone.
 * - Keys: the legend of species shows a swatch in each species' colour beside its name under a title, nothing
 *   without keys; the colour bar is the ramp from purple (bottom) to yellow (top) with its label and tick values, and
 *   the disks take the ramp's colour of their value (clamped to a given range).
 * - Camera: looking down x, y is to the right and z up; a slab leaves out the spheres outside it; zoom 2 doubles a
 *   disk on the picture; bad view, zoom, slab, frames and ranges are refused naming the option.
 * - Frames of a trajectory: 1:3 draws two pictures, 2 one (with its colour bar), 5 of 3 none, naming the count.
 * - Unchanged without a side file: the pixels of a 2D frame of disks (speed colours, arrows, its box) and of a 3D
 *   frame of spheres in a box hash to what the renderer drew before side files existed (main at 90cf452). */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "render/render_shapes.h"
#include "ricochet/ricochet.h"

static char path[128];

/* The colour (0 to 255 each) of pixel (x, y) of the PNG at path. */
static void pixel(int x, int y, int rgb[3])
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    CHECK(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "cannot read %s back", path);
    rgb[0] = rgb[1] = rgb[2] = -1;
    if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
        cairo_surface_flush(s);
        const unsigned char *row = cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s);
        uint32_t p = *(const uint32_t *)(row + 4 * x);
        rgb[0] = (int)(p >> 16 & 255), rgb[1] = (int)(p >> 8 & 255), rgb[2] = (int)(p & 255);
    }
    cairo_surface_destroy(s);
}

static void expect_pixel(int x, int y, int r, int g, int b, const char *what)
{
    int c[3];
    pixel(x, y, c);
    CHECK(abs(c[0] - r) <= 3 && abs(c[1] - g) <= 3 && abs(c[2] - b) <= 3,
          "%s: pixel (%d, %d) is %d %d %d, not %d %d %d", what, x, y, c[0], c[1], c[2], r, g, b);
}

/* One 2D disk of radius 1 at the middle of a closed 4 x 4 box. */
static void disk(rc_frame *f, int32_t species, double speed)
{
    CHECK(rc_frame_create(f, 1, false) == RC_STATUS_OK, "frame");
    f->dimension = 2;
    f->box[0] = f->box[1] = 4;
    f->positions[0] = f->positions[1] = 2;
    f->velocities[0] = speed;
    f->radii[0] = 1;
    f->species[0] = species;
}

static void test_2d(void)
{
    rc_frame f, g;
    disk(&f, 1, 0);
    rc_render_options o = rc_render_default_options();
    o.width = 400, o.height = 424; /* a 400 x 400 drawing under the 24-pixel label */
    const rc_frame *one[1] = {&f};
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "render: %s", rc_error_get());
    expect_pixel(200, 224, 255, 128, 13, "species 1 at the middle (orange)");
    expect_pixel(62, 362, 255, 255, 255, "the box's corner");
    disk(&g, 3, 0);
    const rc_frame *two[2] = {&f, &g};
    o.width = 800;
    CHECK(rc_render_png(2, two, NULL, (const char *const[]){"left", "right"}, &o, path) == RC_STATUS_OK,
          "two panels: %s", rc_error_get());
    expect_pixel(200, 224, 255, 128, 13, "left panel");
    expect_pixel(600, 224, 214, 38, 41, "right panel (species 3, red)");
    o.width = 400, o.color_by = RC_COLOR_BY_SPEED, o.speed_scale = 2;
    f.velocities[0] = 2;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "speed: %s", rc_error_get());
    expect_pixel(200, 224, 252, 232, 36, "speed at the scale (yellow)");
    f.velocities[0] = 0;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "speed: %s", rc_error_get());
    expect_pixel(200, 224, 69, 0, 84, "at rest (purple)");
    rc_frame_destroy(&f);
    rc_frame_destroy(&g);
}

static void test_depth(void)
{
    rc_render_options o = rc_render_default_options();
    double a = o.azimuth * M_PI / 180, e = o.elevation * M_PI / 180;
    double toward[3] = {cos(e) * cos(a), cos(e) * sin(a), sin(e)};
    for (int near_first = 0; near_first < 2; near_first++) {
        rc_frame f;
        CHECK(rc_frame_create(&f, 2, false) == RC_STATUS_OK, "frame");
        f.dimension = 3; /* no box: the view fits the particles */
        for (int i = 0; i < 2; i++) {
            bool near = (i == 0) == near_first;
            for (int k = 0; k < 3; k++) f.positions[3 * i + k] = 5 + (near ? 3 : -3) * toward[k];
            f.radii[i] = 1;
            f.species[i] = near ? 3 : 0;
        }
        const rc_frame *one[1] = {&f};
        CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "render: %s", rc_error_get());
        int c[3];
        pixel(o.width / 2, 24 + (o.height - 24) / 2, c);
        CHECK(c[0] > 2 * c[2], "near sphere listed %s: the middle pixel %d %d %d is not red",
              near_first ? "first" : "last", c[0], c[1], c[2]);
        rc_frame_destroy(&f);
    }
}

/* FNV-1a of the pixels of the PNG at path. */
static uint64_t pixels_hash(void)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    uint64_t h = 14695981039346656037ULL;
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) return 0;
    cairo_surface_flush(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s), width = cairo_image_surface_get_width(s);
    for (int y = 0; y < cairo_image_surface_get_height(s); y++)
        for (int x = 0; x < 4 * width; x++) h = (h ^ data[y * stride + x]) * 1099511628211ULL;
    cairo_surface_destroy(s);
    return h;
}

static void test_unchanged(void)
{
    rc_frame f;
    rc_render_options o = rc_render_default_options();
    o.width = 320, o.height = 264;
    for (int d = 2; d <= 3; d++) {
        int32_t n = d == 2 ? 5 : 6;
        CHECK(rc_frame_create(&f, n, false) == RC_STATUS_OK, "frame");
        f.dimension = d;
        for (int k = 0; k < d; k++) f.box[k] = 10 - k;
        for (int32_t i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                f.positions[3 * i + k] = 1.5 + fmod(1.7 * (i + 1) * (k + 2), 6);
                f.velocities[3 * i + k] = cos(i + 2.0 * k);
            }
            f.radii[i] = 0.5 + 0.2 * (i % 3);
            f.species[i] = i % 4;
        }
        o.arrows = d == 2;
        o.color_by = d == 2 ? RC_COLOR_BY_SPEED : RC_COLOR_BY_SPECIES;
        const rc_frame *one[1] = {&f};
        CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "render: %s", rc_error_get());
        uint64_t before = d == 2 ? 0xfcc7950fa78ec478ULL : 0x399fb00419ddcb30ULL, now = pixels_hash();
        CHECK(now == before, "%dD without shapes: the pixels hash to %#llx, not %#llx as before", d,
              (unsigned long long)now, (unsigned long long)before);
        rc_frame_destroy(&f);
    }
}

static char shapes_path[64];

/* The pixel of world point (x, y) in a 400 x 400 drawing under the label whose view holds low .. high. */
static void world_pixel(const double low[2], const double high[2], double x, double y, int *px, int *py)
{
    double scale = 0.92 * fmin(400 / (high[0] - low[0]), 400 / (high[1] - low[1]));
    *px = (int)floor(200 + scale * (x - 0.5 * (low[0] + high[0])));
    *py = (int)floor(224 - scale * (y - 0.5 * (low[1] + high[1])));
}

/* Body-frame point (u, v) of the box turned by angle a, as a pixel. */
static void expect_box_point(const double low[2], const double high[2], double a, double u, double v, bool inside)
{
    int x, y;
    world_pixel(low, high, cos(a) * u - sin(a) * v, sin(a) * u + cos(a) * v, &x, &y);
    char what[96];
    snprintf(what, sizeof what, "box point (%g, %g) %s", u, v, inside ? "inside (blue)" : "outside (background)");
    if (inside) expect_pixel(x, y, 31, 120, 181, what);
    else expect_pixel(x, y, 255, 255, 255, what);
}

/* The side file of this text read back (written to shapes_path); *shapes NULL unless RC_STATUS_OK. */
static rc_status read_side_file(const char *text, rc_render_shapes **shapes)
{
    *shapes = NULL;
    FILE *file = fopen(shapes_path, "w");
    CHECK(file != NULL, "cannot write %s", shapes_path);
    if (!file) return RC_STATUS_IO_ERROR;
    fputs(text, file);
    fclose(file);
    return rc_render_shapes_create_from_file(shapes_path, shapes);
}

static void test_shapes(void)
{
    rc_render_shapes *shapes;
    CHECK(read_side_file("{\"dimension\": 2, \"bodies\": [{\"shape\": \"box\", \"half_extents\": [2, 0.5]}],\n"
                         " \"static\": [{\"shape\": \"plane\", \"position\": [0, -3], \"normal\": [0, 2]}]}\n",
                         &shapes) == RC_STATUS_OK,
          "shapes: %s", rc_error_get());
    if (!shapes) return;
    rc_frame f;
    CHECK(rc_frame_create(&f, 1, true) == RC_STATUS_OK, "frame");
    double a = M_PI / 6, r = hypot(2, 0.5);
    f.dimension = 2;
    f.radii[0] = r;
    f.orientations[0] = cos(a / 2), f.orientations[3] = sin(a / 2);
    rc_render_options o = rc_render_default_options();
    o.width = 400, o.height = 424;
    const rc_frame *one[1] = {&f};
    const rc_render_shapes *sides[1] = {shapes};
    CHECK(rc_render_png(1, one, sides, NULL, &o, path) == RC_STATUS_OK, "render with shapes: %s", rc_error_get());
    double low[2] = {-r, -3}, high[2] = {r, r};
    for (int corner = 0; corner < 4; corner++)
        expect_box_point(low, high, a, corner & 1 ? 1.8 : -1.8, corner & 2 ? 0.4 : -0.4, true);
    for (int side = -1; side <= 1; side += 2) {
        expect_box_point(low, high, a, 0, 1.5 * side, false);
        expect_box_point(low, high, a, 1.3 * side, 1.2 * side, false);
    }
    int x, y;
    world_pixel(low, high, 1, -3, &x, &y);
    expect_pixel(x, y, 115, 115, 115, "the plane's line");
    world_pixel(low, high, 1, -3.12, &x, &y);
    expect_pixel(x, y, 230, 230, 230, "under the plane");
    world_pixel(low, high, 1, -2.5, &x, &y);
    expect_pixel(x, y, 255, 255, 255, "above the plane");
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "render without shapes: %s", rc_error_get());
    world_pixel((double[2]){-r, -r}, (double[2]){r, r}, 0, 1.5, &x, &y);
    expect_pixel(x, y, 31, 120, 181, "without shapes, the bounding disk");
    f.count = 0;
    CHECK(rc_render_png(1, one, sides, NULL, &o, path) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "shapes"),
          "shapes of 1 body for a frame of none: %s", rc_error_get());
    f.count = 1;
    rc_frame_destroy(&f);
    rc_render_shapes_destroy(shapes);
    remove(shapes_path);
}

static void test_hull_faces(void)
{
    rc_render_shapes *shapes;
    CHECK(read_side_file("{\"dimension\": 3, \"bodies\": [{\"shape\": \"hull\", \"points\": [[0, 0, 0], [-1, -1, -1],\n"
                         " [1, -1, -1], [-1, 1, -1], [1, 1, -1], [-1, -1, 1], [1, -1, 1], [-1, 1, 1], [1, 1, 1]]}],\n"
                         " \"static\": []}\n",
                         &shapes) == RC_STATUS_OK,
          "cube: %s", rc_error_get());
    if (shapes) {
        const rc_render_solid *cube = &shapes->bodies[0];
        int on[9] = {0};
        CHECK(cube->face_count == 6, "a cube has %d faces, not 6", cube->face_count);
        for (int f = 0; f < cube->face_count; f++) {
            CHECK(cube->face_first[f + 1] - cube->face_first[f] == 4, "face %d has %d corners, not 4", f,
                  cube->face_first[f + 1] - cube->face_first[f]);
            for (int c = cube->face_first[f]; c < cube->face_first[f + 1]; c++) on[cube->face_corner[c]]++;
        }
        CHECK(on[0] == 0, "the centre is on %d faces", on[0]);
        for (int k = 1; k < 9; k++) CHECK(on[k] == 3, "corner %d is on %d faces, not 3", k, on[k]);
    }
    rc_render_shapes_destroy(shapes);
    CHECK(read_side_file("{\"dimension\": 3, \"bodies\": [{\"shape\": \"hull\", \"points\": [[0, 0, 0], [1, 0, 0],"
                         " [0, 1, 0], [1, 1, 0]]}], \"static\": []}\n",
                         &shapes) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "bodies[0].points"),
          "a flat hull: %s", rc_error_get());
    rc_render_shapes_destroy(shapes);
    remove(shapes_path);
}

static void test_failures(void)
{
    rc_frame f;
    disk(&f, 0, 0);
    const rc_frame *one[1] = {&f};
    rc_render_options o = rc_render_default_options();
    o.width = 0;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "size"),
          "width 0: %s", rc_error_get());
    o = rc_render_default_options();
    const char *missing = "/nonexistent-ricochet-directory/p.png";
    CHECK(rc_render_png(1, one, NULL, NULL, &o, missing) == RC_STATUS_IO_ERROR && strstr(rc_error_get(), missing),
          "unwritable: %s", rc_error_get());
    rc_color_by by;
    CHECK(rc_color_by_parse("mass", &by) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "mass"),
          "color-by mass");
    rc_frame_destroy(&f);
}

static void test_plot(void)
{
    double table[12][2];
    for (int r = 0; r < 11; r++) table[r][0] = table[r][1] = r;
    table[11][0] = 10, table[11][1] = NAN; /* left out: x stays within 0 to 10 */
    const char *const names[] = {"x", "y"};
    rc_plot_options o = rc_plot_default_options();
    o.width = 400, o.height = 300;
    CHECK(rc_plot_png(2, names, 12, &table[0][0], 0, 1, (const int[]){1}, &o, path) == RC_STATUS_OK, "plot: %s",
          rc_error_get());
    int c[3];
    pixel(72 + (400 - 72 - 16) / 2, 26 + (300 - 26 - 40) / 2, c); /* the middle of the plot area: (5, 5) */
    CHECK(c[2] > c[0] + 60, "the line does not pass through (5, 5): %d %d %d", c[0], c[1], c[2]);
    pixel(72 + (400 - 72 - 16) / 4, 26 + (300 - 26 - 40) / 4, c); /* (2.5, 7.5), off the line */
    CHECK(c[0] > 200 && c[1] > 200 && c[2] > 200, "off the line: %d %d %d", c[0], c[1], c[2]);
    CHECK(rc_plot_png(2, names, 12, &table[0][0], 0, 1, (const int[]){2}, &o, path) == RC_STATUS_INVALID_ARGUMENT,
          "a column beyond the table");
}

/* The plot area of a 400 x 300 picture of one panel: x from 72 to 384, y from 26 (top) to 260. */
enum { X0 = 72, X1 = 400 - 16, Y0 = 26, Y1 = 300 - 40 };

/* Whether some pixel of row y between x = from and to is orange, the second curve's colour. */
static bool orange_in_row(int y, int from, int to)
{
    for (int x = from; x <= to; x++) {
        int c[3];
        pixel(x, y, c);
        if (c[0] > 200 && c[1] > 90 && c[1] < 170 && c[2] < 90) return true;
    }
    return false;
}

static void test_plot_log_errors_legend(void)
{
    double table[13][2];
    for (int r = 0; r < 13; r++) table[r][0] = pow(10, r / 4.0), table[r][1] = table[r][0] * table[r][0];
    const char *const names[] = {"x", "y"};
    rc_plot_options o = rc_plot_default_options();
    o.width = 400, o.height = 300, o.log_x = o.log_y = true;
    CHECK(rc_plot_png(2, names, 13, &table[0][0], 0, 1, (const int[]){1}, &o, path) == RC_STATUS_OK, "log plot: %s",
          rc_error_get());
    int c[3], d[3], e[3];
    pixel((X0 + X1) / 2, (Y0 + Y1) / 2, c);
    CHECK(c[2] > c[0] + 60, "log-log: y = x^2 misses the middle of the plot area: %d %d %d", c[0], c[1], c[2]);
    pixel((2 * X0 + X1) / 3 - 1, Y0 + 12, d), pixel((2 * X0 + X1) / 3, Y0 + 12, e), pixel((X0 + X1) / 2, Y0 + 12, c);
    CHECK(fmin(d[0], e[0]) < 246 && fmin(d[0], e[0]) > 200 && d[0] == d[2], "no grid line at x = 10: %d %d", d[0],
          e[0]);
    CHECK(c[0] == 255 && c[1] == 255 && c[2] == 255, "a grid line half way along a log axis: %d %d %d", c[0], c[1],
          c[2]);
    o.log_x = o.log_y = false;
    CHECK(rc_plot_png(2, names, 13, &table[0][0], 0, 1, (const int[]){1}, &o, path) == RC_STATUS_OK, "linear plot");
    pixel((X0 + X1) / 2, (Y0 + Y1) / 2, c);
    CHECK(c[2] < c[0] + 30, "linear: y = x^2 passes the middle: %d %d %d", c[0], c[1], c[2]);

    double bars[11][3];
    for (int r = 0; r < 11; r++) bars[r][0] = r, bars[r][1] = 5, bars[r][2] = r == 5 ? 2 : 0;
    const char *const bar_names[] = {"time", "P_mean", "P_sem"};
    o.errors = true; /* y from 3 to 7: the point (5, 5) in the middle, its bar's top at the top edge */
    CHECK(rc_plot_png(3, bar_names, 11, &bars[0][0], 0, 1, (const int[]){1}, &o, path) == RC_STATUS_OK,
          "error bars: %s", rc_error_get());
    int bar_y = (int)(Y1 - 3.5 / 4 * (Y1 - Y0)); /* y = 6.5 */
    pixel((X0 + X1) / 2, bar_y, c);
    CHECK(c[2] > c[0] + 60, "no error bar at (5, 6.5): %d %d %d", c[0], c[1], c[2]);
    o.errors = false;
    CHECK(rc_plot_png(3, bar_names, 11, &bars[0][0], 0, 1, (const int[]){1}, &o, path) == RC_STATUS_OK,
          "no error bars");
    pixel((X0 + X1) / 2, bar_y, c);
    CHECK(c[2] < c[0] + 30, "an error bar drawn without errors: %d %d %d", c[0], c[1], c[2]);

    double lines[11][3];
    for (int r = 0; r < 11; r++) lines[r][0] = lines[r][1] = r, lines[r][2] = 10 - r;
    const char *const line_names[] = {"x", "up", "down"};
    o.overlay = true;
    CHECK(rc_plot_png(3, line_names, 11, &lines[0][0], 0, 2, (const int[]){1, 2}, &o, path) == RC_STATUS_OK, "overlay");
    CHECK(orange_in_row(Y0 + 6 + 11 + 16, 200, X1), "no legend entry of the second curve");
    o.overlay = false, o.width = 800;
    CHECK(rc_plot_png(3, line_names, 11, &lines[0][0], 0, 2, (const int[]){1, 2}, &o, path) == RC_STATUS_OK, "panels");
    CHECK(!orange_in_row(Y0 + 6 + 11 + 16, 0, 799) && !orange_in_row(150, 0, 799), "orange in panels of their own");

    const char *const analysis[] = {"time", "msd", "msd_err", "origins", "vacf", "vacf_error", "P_mean", "P_sem"};
    CHECK(rc_plot_find_error_column(8, analysis, 1) == 2 && rc_plot_find_error_column(8, analysis, 4) == 5 &&
              rc_plot_find_error_column(8, analysis, 6) == 7 && rc_plot_find_error_column(8, analysis, 3) == -1 &&
              rc_plot_find_error_column(8, analysis, 0) == -1,
          "error columns");
}

/* Writes text to the CSV file at csv. */
static void write_csv(const char *csv, const char *text)
{
    FILE *f = fopen(csv, "w");
    CHECK(f && fputs(text, f) >= 0 && fclose(f) == 0, "cannot write %s", csv);
}

/* rc_plot_csv: the table read (quoted names, a blank line, an empty cell left out) and drawn as test_plot draws it,
 * to the CSV's own name with .png; the curves chosen by default; bad tables refused naming the line and column. */
static void test_plot_csv(void)
{
    char csv[64], text[1024] = "\"x\",y,z,y_err\n";
    snprintf(csv, sizeof csv, "%.*s.csv", (int)strlen(path) - 4, path);
    for (int r = 0; r < 11; r++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%d,%d,%d,0\n%s", r, r, 10 - r, r == 5 ? "\n" : "");
    strcat(text, "10,,5,\n");
    write_csv(csv, text);
    rc_plot_summary summary;
    CHECK(rc_plot_csv(csv, NULL, 1, (const char *const[]){"y"}, NULL, NULL, &summary) == RC_STATUS_OK, "plot_csv: %s",
          rc_error_get());
    CHECK(summary.png && strcmp(summary.png, path) == 0 && summary.panels == 1 && summary.curves == 1 &&
              summary.rows == 12,
          "plot_csv wrote %s: %d panels, %d curves, %d rows", summary.png, summary.panels, summary.curves,
          summary.rows);
    char *report = rc_plot_summary_json(&summary, true), expected[600];
    snprintf(expected, sizeof expected, "{\"png\":\"%s\",\"panels\":1,\"curves\":1,\"rows\":12}", path);
    CHECK(report && strcmp(report, expected) == 0, "the summary's JSON: %s", report ? report : "NULL");
    rc_text_destroy(report);
    rc_text_destroy(summary.png);
    int c[3];
    pixel(72 + (420 - 72 - 16) / 2, 26 + (320 - 26 - 40) / 2, c); /* the middle of the plot area: (5, 5) */
    CHECK(c[2] > c[0] + 60, "plot_csv: the line does not pass through (5, 5): %d %d %d", c[0], c[1], c[2]);
    pixel(72 + (420 - 72 - 16) / 4, 26 + (320 - 26 - 40) / 4, c); /* (2.5, 7.5), off the line */
    CHECK(c[0] > 200 && c[1] > 200 && c[2] > 200, "plot_csv: off the line: %d %d %d", c[0], c[1], c[2]);
    rc_plot_options o = rc_plot_default_options();
    o.errors = true;
    CHECK(rc_plot_csv(csv, "x", 0, NULL, &o, path, &summary) == RC_STATUS_OK && summary.curves == 2 &&
              summary.panels == 2,
          "plot_csv with errors: %s (%d curves: y and z, not y_err)", rc_error_get(), summary.curves);
    rc_text_destroy(summary.png);
    CHECK(rc_plot_csv(csv, NULL, 1, (const char *const[]){"q"}, NULL, path, NULL) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "columns: no column \"q\""),
          "an unknown column: %s", rc_error_get());
    CHECK(rc_plot_csv(csv, NULL, -1, NULL, NULL, path, NULL) == RC_STATUS_INVALID_ARGUMENT, "a count of -1");
    write_csv(csv, "x,y\n0,1\n1,one\n");
    CHECK(rc_plot_csv(csv, NULL, 0, NULL, NULL, path, NULL) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "line 3, column 2 (y): \"one\" is not a number"),
          "a word in a cell: %s", rc_error_get());
    remove(csv);
    CHECK(rc_plot_csv(csv, NULL, 0, NULL, NULL, path, NULL) == RC_STATUS_IO_ERROR && strstr(rc_error_get(), csv),
          "a missing file: %s", rc_error_get());
}

/* Pixels of the rectangle x0..x1, y0..y1 of the PNG at path darker than mid-grey on every channel (text). */
static int dark_pixels(int x0, int y0, int x1, int y1)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    CHECK(cairo_surface_status(s) == CAIRO_STATUS_SUCCESS, "cannot read %s back", path);
    int n = 0;
    if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
        cairo_surface_flush(s);
        for (int y = y0; y < y1; y++)
            for (int x = x0; x < x1; x++) {
                const unsigned char *row = cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s);
                uint32_t p = *(const uint32_t *)(row + 4 * x);
                n += (p >> 16 & 255) < 110 && (p >> 8 & 255) < 110 && (p & 255) < 110;
            }
    }
    cairo_surface_destroy(s);
    return n;
}

/* The rows (y) of the strip x0..x1 that hold dark pixels: their first and last, as a span. */
static int dark_span(int x0, int x1, int y0, int y1)
{
    int first = -1, last = -1;
    for (int y = y0; y < y1; y++)
        if (dark_pixels(x0, y, x1, y + 1) > 0) {
            if (first < 0) first = y;
            last = y;
        }
    return first < 0 ? 0 : last - first + 1;
}

/* Axis labels: a column of the table of observables is labelled with its unit along the y axis ("pressure
 * (energy/volume)", a long label up the left edge) and the x axis ("time (time)"); a column of unknown unit by its
 * name alone (one letter, a short label). */
static void test_plot_labels(void)
{
    const double table[] = {0, 1, 1, 2, 2, 4};
    const char *const known[] = {"time", "pressure"}, *const unknown[] = {"u", "v"};
    const int y[1] = {1};
    rc_plot_options o = rc_plot_default_options(); /* one panel of 420 x 320 */
    CHECK(rc_plot_png(2, known, 3, table, 0, 1, y, &o, path) == RC_STATUS_OK, "plot labels: %s", rc_error_get());
    int long_label = dark_span(2, 20, 26, 280), long_x = dark_pixels(72, 320 - 16, 404, 320);
    CHECK(long_label > 120, "plot labels: \"pressure (energy/volume)\" runs up the left edge: %d pixels", long_label);
    CHECK(rc_plot_png(2, unknown, 3, table, 0, 1, y, &o, path) == RC_STATUS_OK, "plot labels, unknown units");
    int short_label = dark_span(2, 20, 26, 280), short_x = dark_pixels(72, 320 - 16, 404, 320);
    CHECK(short_label > 0 && short_label < 20, "plot labels: \"v\" alone: %d pixels", short_label);
    CHECK(long_x > 3 * short_x && short_x > 0, "plot labels: \"time (time)\" (%d dark pixels) against \"u\" (%d)",
          long_x, short_x);
}

/* Three disks of species 0, 2 and 5 in a closed 12 x 4 box. */
static void three_disks(rc_frame *f)
{
    CHECK(rc_frame_create(f, 3, false) == RC_STATUS_OK, "frame");
    f->dimension = 2;
    f->box[0] = 12, f->box[1] = 4;
    for (int i = 0; i < 3; i++) f->positions[3 * i] = 2 + 4 * i, f->positions[3 * i + 1] = 2, f->radii[i] = 1;
    f->species[0] = 0, f->species[1] = 2, f->species[2] = 5;
}

/* The legend of species: at the right, a swatch in each species' colour beside its name, under the title "species";
 * without keys the same pixels are background. */
static void test_legend(void)
{
    rc_frame f;
    three_disks(&f);
    const rc_frame *one[1] = {&f};
    rc_render_options o = rc_render_default_options();
    o.width = 600, o.height = 424, o.keys = true;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "legend: %s", rc_error_get());
    int key = 600 - 150, top = 24 + 34;
    expect_pixel(key + 20, top + 8, 31, 120, 181, "legend: species 0's swatch (blue)");
    expect_pixel(key + 20, top + 22 + 8, 43, 161, 43, "legend: species 2's swatch (green)");
    expect_pixel(key + 20, top + 44 + 8, 140, 87, 74, "legend: species 5's swatch (brown)");
    expect_pixel(key + 20, top + 66 + 8, 255, 255, 255, "legend: no fourth swatch");
    CHECK(dark_pixels(key, 24, 600, 24 + 24) > 15, "legend: the title \"species\" is written");
    for (int k = 0; k < 3; k++)
        CHECK(dark_pixels(key + 34, top + 22 * k, 600, top + 22 * k + 16) > 15, "legend: species %d is named", k);
    o.keys = false;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "no keys");
    expect_pixel(key + 20, top + 8, 255, 255, 255, "without keys: no swatch");
    CHECK(dark_pixels(key, 24, 600, 24 + 24) == 0, "without keys: no title");
    rc_frame_destroy(&f);
}

/* The colour bar: the ramp from its bottom (purple, the lowest value) through the middle (teal) to its top (yellow),
 * the label above it and tick values beside it; the disks take the ramp's colour of their value; a value outside a
 * given range takes the nearer end. */
static void test_color_bar(void)
{
    rc_frame f;
    three_disks(&f);
    const rc_frame *one[1] = {&f};
    const double values[3] = {0, 0.5, 1}, *panels[1] = {values};
    rc_render_options o = rc_render_default_options();
    o.width = 600, o.height = 424, o.keys = true, o.values = panels, o.values_label = "psi6 (1)";
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "colour bar: %s", rc_error_get());
    int bar = 600 - 150 + 12 + 11, top = 24 + 34, bottom = 424 - 24;
    expect_pixel(bar, bottom - 2, 69, 0, 84, "colour bar: bottom (purple)");
    expect_pixel(bar, top + 2, 252, 232, 36, "colour bar: top (yellow)");
    expect_pixel(bar, (top + bottom) / 2, 33, 145, 140, "colour bar: middle (teal)");
    CHECK(dark_pixels(600 - 150, 24, 600, 24 + 24) > 15, "colour bar: its label is written");
    CHECK(dark_pixels(bar + 16, bottom - 8, 600, bottom + 6) > 5, "colour bar: the lowest tick's value is written");
    CHECK(dark_pixels(bar + 16, top - 8, 600, top + 6) > 5, "colour bar: the highest tick's value is written");
    /* the drawing is 450 wide: the box of 12 x 4 fits its width, 0.92 x 450 / 12 pixels a unit */
    double scale = 0.92 * 450 / 12;
    int y = 24 + 200;
    expect_pixel((int)(225 + (2 - 6) * scale), y, 69, 0, 84, "colour bar: the disk of value 0 is purple");
    expect_pixel((int)(225 + (10 - 6) * scale), y, 252, 232, 36, "colour bar: the disk of value 1 is yellow");
    o.color_min = 0.5, o.color_max = 0.75;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "colour range");
    expect_pixel((int)(225 + (2 - 6) * scale), y, 69, 0, 84, "colour range: below it, the bottom colour");
    expect_pixel((int)(225 + (10 - 6) * scale), y, 252, 232, 36, "colour range: above it, the top colour");
    rc_frame_destroy(&f);
}

/* The camera: looking down x, a sphere at (5, 2, 8) is drawn at the picture's upper left part (y to the right, z
 * up) and one at (5, 8, 2) at the lower right; a slab of x from 0 to 4 leaves out both; zoom 2 doubles a disk's
 * radius on the picture. */
static void test_camera(void)
{
    rc_frame f;
    CHECK(rc_frame_create(&f, 2, false) == RC_STATUS_OK, "frame");
    f.dimension = 3;
    f.box[0] = f.box[1] = f.box[2] = 10;
    double at[2][3] = {{5, 2, 8}, {5, 8, 2}};
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 3; k++) f.positions[3 * i + k] = at[i][k];
        f.radii[i] = 1, f.species[i] = 3 * i;
    }
    const rc_frame *one[1] = {&f};
    rc_render_options o = rc_render_default_options();
    o.width = 400, o.height = 424;
    CHECK(rc_render_options_set(&o, "view", "x") == RC_STATUS_OK, "view x");
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "view x: %s", rc_error_get());
    double scale = 0.92 * 400 / 10; /* the box's 10 x 10 face fills the square drawing */
    int c[3];
    pixel((int)(200 + (2 - 5) * scale), (int)(224 - (8 - 5) * scale), c);
    CHECK(c[2] > c[0], "view x: species 0 (blue) at y = 2, z = 8: %d %d %d", c[0], c[1], c[2]);
    pixel((int)(200 + (8 - 5) * scale), (int)(224 - (2 - 5) * scale), c);
    CHECK(c[0] > c[2], "view x: species 3 (red) at y = 8, z = 2: %d %d %d", c[0], c[1], c[2]);
    CHECK(rc_render_options_set(&o, "slab", "0:4") == RC_STATUS_OK, "slab");
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "slab");
    expect_pixel((int)(200 + (2 - 5) * scale), (int)(224 - (8 - 5) * scale), 255, 255, 255, "slab: no sphere");
    rc_frame_destroy(&f);
    rc_frame g;
    disk(&g, 1, 0);
    one[0] = &g;
    o = rc_render_default_options();
    o.width = 400, o.height = 424; /* the 4 x 4 box: 92 pixels a unit, the disk's radius 92 */
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "before the zoom");
    expect_pixel(200 + 140, 224, 255, 255, 255, "before the zoom: 140 pixels from the middle is background");
    CHECK(rc_render_options_set(&o, "zoom", "2") == RC_STATUS_OK, "zoom");
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_STATUS_OK, "zoom");
    expect_pixel(200 + 140, 224, 255, 128, 13, "zoom 2: 140 pixels from the middle is inside the disk");
    static const char *const bad[][2] = {{"view", "w"},   {"zoom", "0"},        {"slab", "3:1"}, {"frames", "4:2"},
                                         {"frames", "x"}, {"color-range", "1"}, {"colour", "x"}};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
        CHECK(rc_render_options_set(&o, bad[k][0], bad[k][1]) == RC_STATUS_INVALID_ARGUMENT &&
                  strstr(rc_error_get(), bad[k][0]),
              "%s %s is refused naming it: %s", bad[k][0], bad[k][1], rc_error_get());
    rc_frame_destroy(&g);
}

/* Frames chosen from a trajectory: 1:3 of three frames draws two pictures, 2 one, 5 none (out of range, naming
 * the count); a colour column of the frames gives each picture its colour bar. */
static void test_frames(void)
{
    char xyz[80], directory[80];
    snprintf(xyz, sizeof xyz, "/tmp/ricochet_test_render_%d.xyz", (int)getpid());
    snprintf(directory, sizeof directory, "/tmp/ricochet_test_render_%d", (int)getpid());
    FILE *file = fopen(xyz, "w");
    for (int k = 0; k < 3 && file; k++)
        fprintf(file,
                "2\nLattice=\"8 0 0 0 4 0 0 0 1\" Properties=species:S:1:pos:R:3:velo:R:3:radius:R:1 Time=%d "
                "pbc=\"T T F\"\nH 2 2 0 %d 0 0 1\nH 6 2 0 0 0 0 1\n",
                k, k + 1);
    CHECK(file && fclose(file) == 0, "cannot write %s", xyz);
    const char *paths[1] = {xyz};
    rc_render_options o = rc_render_default_options();
    o.keys = true;
    CHECK(rc_render_options_set(&o, "frames", "1:3") == RC_STATUS_OK &&
              rc_render_options_set(&o, "color", "speed") == RC_STATUS_OK,
          "frames 1:3");
    int64_t frames = 0;
    CHECK(rc_render_trajectories(1, paths, NULL, NULL, &o, directory, NULL, 0, &frames) == RC_STATUS_OK && frames == 2,
          "frames 1:3: %lld pictures (%s)", (long long)frames, rc_error_get());
    CHECK(rc_render_options_set(&o, "frames", "2") == RC_STATUS_OK &&
              rc_render_options_set(&o, "color", "kinetic_energy") == RC_STATUS_OK,
          "frame 2");
    CHECK(rc_render_trajectories(1, paths, NULL, NULL, &o, directory, NULL, 0, &frames) == RC_STATUS_OK && frames == 1,
          "frame 2: %lld pictures (%s)", (long long)frames, rc_error_get());
    snprintf(path, sizeof path, "%s/frame_00000.png", directory);
    /* kinetic energies 4.5 and 0: the moving disk (left) yellow, the resting one purple, the bar beside them */
    expect_pixel(800 - 150 + 23, 600 - 26, 69, 0, 84, "frame 2: the colour bar's bottom");
    CHECK(dark_pixels(800 - 150, 24, 800, 48) > 15, "frame 2: the colour bar's label");
    CHECK(rc_render_options_set(&o, "frames", "5") == RC_STATUS_OK, "frame 5");
    CHECK(rc_render_trajectories(1, paths, NULL, NULL, &o, directory, NULL, 0, &frames) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "has 3 frames"),
          "frame 5 of 3: %s", rc_error_get());
    o.color = "nonsense";
    CHECK(rc_render_options_set(&o, "frames", "0") == RC_STATUS_OK, "frame 0");
    CHECK(rc_render_trajectories(1, paths, NULL, NULL, &o, directory, NULL, 0, &frames) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "nonsense"),
          "an unknown column is named: %s", rc_error_get());
    remove(path);
    snprintf(path, sizeof path, "%s/frame_00001.png", directory);
    remove(path);
    remove(directory);
    remove(xyz);
    snprintf(path, sizeof path, "/tmp/ricochet_test_render_%d.png", (int)getpid());
}

int main(void)
{
    snprintf(path, sizeof path, "/tmp/ricochet_test_render_%d.png", (int)getpid());
    snprintf(shapes_path, sizeof shapes_path, "/tmp/ricochet_test_render_%d.json", (int)getpid());
    test_2d();
    test_shapes();
    test_hull_faces();
    test_unchanged();
    test_depth();
    test_failures();
    test_plot();
    test_plot_log_errors_legend();
    test_plot_csv();
    test_plot_labels();
    test_legend();
    test_color_bar();
    test_camera();
    test_frames();
    remove(path);
    return check_finish();
}
