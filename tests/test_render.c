/* Pictures of ricochet/render.h (src/io/render.c, render_draw.c), read back with cairo pixel by pixel.
 *
 * Oracles:
 * - Geometry: a 2D disk at the middle of its box covers the middle pixel in its species' colour, and the corner of
 *   the box stays white; two panels side by side each show their own frame at their own middle.
 * - Depth: in 3D, of two spheres on the camera's line of sight the nearer one (species 3, red) hides the farther
 *   one (species 0, blue), whichever is listed first.
 * - Colour by speed: a disk at the speed scale gets the top of the ramp (yellow), one at rest the bottom (purple).
 * - Plots: y = x on the nice axes 0 to 10 passes through the middle of the plot area in the line's blue, and a
 *   NaN row is left out; a point away from the line stays light.
 * - Failures: a bad size is RC_INVALID_ARGUMENT; an unwritable path RC_IO_ERROR naming it, with no file left. */
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"

static char path[64];

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
    CHECK(rc_frame_init(f, 1, false) == RC_OK, "frame");
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
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_OK, "render: %s", rc_last_error());
    expect_pixel(200, 224, 255, 128, 13, "species 1 at the middle (orange)");
    expect_pixel(62, 362, 255, 255, 255, "the box's corner");
    disk(&g, 3, 0);
    const rc_frame *two[2] = {&f, &g};
    o.width = 800;
    CHECK(rc_render_png(2, two, NULL, (const char *const[]){"left", "right"}, &o, path) == RC_OK, "two panels: %s",
          rc_last_error());
    expect_pixel(200, 224, 255, 128, 13, "left panel");
    expect_pixel(600, 224, 214, 38, 41, "right panel (species 3, red)");
    o.width = 400, o.color_by = RC_COLOR_SPEED, o.speed_scale = 2;
    f.velocities[0] = 2;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_OK, "speed: %s", rc_last_error());
    expect_pixel(200, 224, 252, 232, 36, "speed at the scale (yellow)");
    f.velocities[0] = 0;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_OK, "speed: %s", rc_last_error());
    expect_pixel(200, 224, 69, 0, 84, "at rest (purple)");
    rc_frame_release(&f);
    rc_frame_release(&g);
}

static void test_depth(void)
{
    rc_render_options o = rc_render_default_options();
    double a = o.azimuth * M_PI / 180, e = o.elevation * M_PI / 180;
    double toward[3] = {cos(e) * cos(a), cos(e) * sin(a), sin(e)};
    for (int near_first = 0; near_first < 2; near_first++) {
        rc_frame f;
        CHECK(rc_frame_init(&f, 2, false) == RC_OK, "frame");
        f.dimension = 3; /* no box: the view fits the particles */
        for (int i = 0; i < 2; i++) {
            bool near = (i == 0) == near_first;
            for (int k = 0; k < 3; k++) f.positions[3 * i + k] = 5 + (near ? 3 : -3) * toward[k];
            f.radii[i] = 1;
            f.species[i] = near ? 3 : 0;
        }
        const rc_frame *one[1] = {&f};
        CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_OK, "render: %s", rc_last_error());
        int c[3];
        pixel(o.width / 2, 24 + (o.height - 24) / 2, c);
        CHECK(c[0] > 2 * c[2], "near sphere listed %s: the middle pixel %d %d %d is not red",
              near_first ? "first" : "last", c[0], c[1], c[2]);
        rc_frame_release(&f);
    }
}

static void test_failures(void)
{
    rc_frame f;
    disk(&f, 0, 0);
    const rc_frame *one[1] = {&f};
    rc_render_options o = rc_render_default_options();
    o.width = 0;
    CHECK(rc_render_png(1, one, NULL, NULL, &o, path) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "size"),
          "width 0: %s", rc_last_error());
    o = rc_render_default_options();
    const char *missing = "/nonexistent-ricochet-directory/p.png";
    CHECK(rc_render_png(1, one, NULL, NULL, &o, missing) == RC_IO_ERROR && strstr(rc_last_error(), missing),
          "unwritable: %s", rc_last_error());
    rc_color_by by;
    CHECK(rc_color_by_parse("mass", &by) == RC_INVALID_ARGUMENT && strstr(rc_last_error(), "mass"), "color-by mass");
    rc_frame_release(&f);
}

static void test_plot(void)
{
    double table[12][2];
    for (int r = 0; r < 11; r++) table[r][0] = table[r][1] = r;
    table[11][0] = 10, table[11][1] = NAN; /* left out: x stays within 0 to 10 */
    const char *const names[] = {"x", "y"};
    CHECK(rc_plot_png(2, names, 12, &table[0][0], 0, 1, (const int[]){1}, 400, 300, path) == RC_OK, "plot: %s",
          rc_last_error());
    int c[3];
    pixel(72 + (400 - 72 - 16) / 2, 26 + (300 - 26 - 40) / 2, c); /* the middle of the plot area: (5, 5) */
    CHECK(c[2] > c[0] + 60, "the line does not pass through (5, 5): %d %d %d", c[0], c[1], c[2]);
    pixel(72 + (400 - 72 - 16) / 4, 26 + (300 - 26 - 40) / 4, c); /* (2.5, 7.5), off the line */
    CHECK(c[0] > 200 && c[1] > 200 && c[2] > 200, "off the line: %d %d %d", c[0], c[1], c[2]);
    CHECK(rc_plot_png(2, names, 12, &table[0][0], 0, 1, (const int[]){2}, 400, 300, path) == RC_INVALID_ARGUMENT,
          "a column beyond the table");
}

int main(void)
{
    snprintf(path, sizeof path, "/tmp/ricochet_test_render_%d.png", (int)getpid());
    test_2d();
    test_depth();
    test_failures();
    test_plot();
    remove(path);
    return check_finish();
}
