/* SPDX-License-Identifier: MIT */
/* ricochet/render.h: pictures of frames (ricochet/frame.h), and line plots of tables, drawn with cairo into PNG files
 * (docs/cli.md, "ricochet render", "ricochet plot"). 2D frames are drawn as they are (y up); 3D frames as an
 * orthographic view from a camera at an azimuth and elevation, spheres painted far to near and shaded darker with
 * depth; with a run's side file, boxes, polygons and hulls as they are (2D outlines, 3D solids with flat-shaded faces)
 * and the static shapes in grey. Particles are coloured by species or by any per-particle value (speed, psi6, ...),
 * with a key at the right (a legend of species or a labelled colour bar); a camera may look down an axis, zoom and
 * keep a slab; velocity arrows are optional. Several
 * frames can be drawn side by side in one picture (the pool break under two operators), each panel with its label and
 * time. */
#ifndef RICOCHET_RENDER_H
#define RICOCHET_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"
#include "ricochet/frame.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rc_color_by {
    RC_COLOR_BY_SPECIES, /* a colour per species (ten, then they repeat) */
    RC_COLOR_BY_SPEED    /* dark blue at rest through green to yellow at speed_scale and above */
} rc_color_by;

typedef struct rc_render_options {
    int width, height;    /* pixels of the whole picture; default 800 x 600 */
    rc_color_by color_by; /* default RC_COLOR_BY_SPECIES */
    double speed_scale;   /* the speed drawn in the top colour and as the longest arrow; 0 (default): the largest
                             speed in the frames drawn */
    bool arrows;          /* velocity arrows, the longest (speed_scale) as long as the largest diameter */
    double azimuth;       /* 3D camera around the z axis, degrees; default 30 */
    double elevation;     /* 3D camera above the xy plane, degrees; default 20 */
    /* Keys, colours by any column, frames and camera (rc_render_options_set sets them from text). */
    bool keys;         /* a key at the right: the colour bar, labelled with the column and its unit, or the legend
                             of species; off by default (ricochet render turns it on) */
    const char *color; /* rc_render_trajectories: colour by this column of rc_frame_column (ricochet/analysis.h:
                             "kinetic_energy", "psi6", ...), kept by pointer; NULL: color_by */
    bool voronoi;      /* psi6 and q6 of color from Voronoi neighbours instead of 1.4 mean diameters */
    double color_min, color_max; /* the colour bar's ends; equal (default): the values' range in the first pictures */
    int64_t first_frame, end_frame; /* rc_render_trajectories: frames first to end (excluded); end 0: to the last */
    char view;   /* 3D: 'x', 'y' or 'z' looks down that axis (z: x right, y up; x: y right, z up; y: x right,
                             z up); 0 (default): the camera of azimuth and elevation */
    double zoom; /* magnification about the middle of the picture; 0 (default) or 1: the box fits */
    double slab_min, slab_max;   /* 3D: only the particles whose coordinate along the view axis (z with the camera of
                             azimuth and elevation) lies in [slab_min, slab_max]; equal (default): all */
    const double *const *values; /* rc_render_png: per panel, a value per particle to colour by on the ramp from
                             color_min to color_max (NaN: grey), NULL: color_by; rc_render_trajectories sets it */
    const char *values_label;    /* rc_render_png: the colour bar's label with values, "psi6 (1)" */
} rc_render_options;

/* Sets an option of a picture from text, as `ricochet render` takes it (docs/cli.md): "color" (a column; "species"
 * and "speed" set color_by), "color-range" MIN:MAX, "frames" A:B (either may be left out) or K (that frame alone),
 * "view" x|y|z, "zoom" Z > 0, "slab" MIN:MAX. RC_STATUS_INVALID_ARGUMENT names the option and the value. value is kept by
 * pointer for "color". */
RC_API rc_status rc_render_options_set(rc_render_options *options, const char *key, const char *value);

RC_API rc_render_options rc_render_default_options(void);

/* The shapes of a time-stepping run's bodies and static shapes, read from its side file DIRECTORY/shapes.json
 * (docs/formats.md, "shapes.json"). RC_STATUS_INVALID_ARGUMENT names the path and the field; RC_STATUS_IO_ERROR when the file
 * cannot be read. */
typedef struct rc_render_shapes rc_render_shapes;

RC_API rc_status rc_render_shapes_create_from_file(const char *path, rc_render_shapes **shapes);
RC_API void rc_render_shapes_destroy(rc_render_shapes *shapes);
/* Parses "species" or "speed". */
RC_API rc_status rc_color_by_parse(const char *name, rc_color_by *color_by);

/* Draws `panels` frames side by side, each in an equal share of the width, with labels[k] (labels or labels[k] may be
 * NULL) and the frame's time written at its top, and writes the picture to a PNG file at path (as PATH.partial,
 * renamed when complete). shapes[k] (shapes or shapes[k] may be NULL: every body a sphere or disk of its radius, and
 * the frame's box) draws frame k's bodies as they are, boxes and hulls turned by the frame's orientations, and its
 * static shapes in grey, without the box. RC_STATUS_INVALID_ARGUMENT for a bad frame or size, or shapes of another count or
 * dimension than their frame; RC_STATUS_IO_ERROR naming the path when it cannot be written. */
RC_API rc_status rc_render_png(int panels, const rc_frame *const *frames, const rc_render_shapes *const *shapes,
                               const char *const *labels, const rc_render_options *options, const char *path);

/* Draws trajectories picture by picture (ricochet render; Python's ricochet.render_run): reads frame k of each of the
 * `count` trajectories at paths[k] (extended XYZ or H5MD, told by the first bytes: rc_trajectory_reader_open) and draws them
 * side by side with rc_render_png into directory/frame_00000.png, frame_00001.png, ... until the shortest ends. The
 * directory is made with its parents. shapes[k] is the side file of trajectory k (docs/formats.md, "shapes.json");
 * shapes or shapes[k] NULL: shapes.json beside paths[k] when there is one, else every body a sphere. labels as for
 * rc_render_png (NULL: none). options NULL: rc_render_default_options(); a speed_scale of 0 becomes the largest speed
 * of the first frames drawn, the same for every picture. options->first_frame and end_frame choose the frames (the
 * pictures are numbered from 0 in the order drawn; a range past the end is RC_STATUS_INVALID_ARGUMENT naming the count);
 * options->color colours by that column of each frame (rc_frame_column), its range fixed by the first picture. mp4 (NULL: none): the pictures are
 * then joined into an H.264 MP4 at that path by ffmpeg, fps pictures a second (0: 25); ffmpeg is looked for on PATH
 * before anything is read or drawn. *frames (frames may be NULL): the pictures written, also when it fails.
 * RC_STATUS_INVALID_ARGUMENT for no trajectory, a bad option, a malformed trajectory (naming the file and the line) or side
 * file (naming the file and the field), a side file of other bodies than its trajectory's frames (naming both);
 * RC_STATUS_IO_ERROR naming the file that cannot be read or written, "ffmpeg is not installed" when it is not on PATH, and
 * ffmpeg's last line when it fails; RC_STATUS_INTERNAL when cairo cannot be loaded. */
RC_API rc_status rc_render_trajectories(int count, const char *const *paths, const char *const *shapes,
                                        const char *const *labels, const rc_render_options *options,
                                        const char *directory, const char *mp4, double fps, int64_t *frames);

/* The report of a rc_render_trajectories call as `ricochet render` prints it and ricochet.render_run returns it
 * (docs/cli.md): {"frames": the pictures written, "directory", "mp4": the path, or null when none was asked or no
 * picture was drawn}. Free it with rc_text_destroy; NULL when out of memory or directory is NULL. */
RC_API char *rc_render_report_json(int64_t frames, const char *directory, const char *mp4, bool compact);

/* How line plots are drawn (rc_plot_png). */
typedef struct rc_plot_options {
    int width, height; /* pixels of the whole picture; 0: 420 x 320 per panel */
    bool log_x, log_y; /* logarithmic axes with a tick at each power of ten; values <= 0 are left out */
    bool errors;       /* error bars: each column's error column (rc_plot_find_error_column), where it has one */
    bool overlay;      /* every column in one panel, in colours of their own, with a legend */
} rc_plot_options;

RC_API rc_plot_options rc_plot_default_options(void);

/* The column holding the error of column c, or -1: for a column NAME the first of NAME_error, NAME_err and NAME_sem,
 * and for NAME_mean also NAME_sem (sweep_means.csv of ricochet sweep; msd.csv and vacf.csv of ricochet analyze). */
RC_API int rc_plot_find_error_column(int columns, const char *const *names, int c);

/* Line plots (ricochet plot): a table of rows x columns numbers (row-major) with the columns' names; one curve per
 * entry of y[0 .. count-1], the column y[k] against column x: a panel each in a grid of about square shape (or, with
 * options->overlay, all in one panel with a legend) filling the picture, written to a PNG at path (as PATH.partial,
 * renamed when complete). options may be NULL (rc_plot_default_options). Points whose x or y is NaN or infinite (or
 * not positive on a log axis) are left out and break the line. RC_STATUS_INVALID_ARGUMENT for a column out of the table or a
 * picture too small for its panels; RC_STATUS_IO_ERROR naming the path when it cannot be written. */
RC_API rc_status rc_plot_png(int columns, const char *const *names, int rows, const double *table, int x, int count,
                             const int *y, const rc_plot_options *options, const char *path);

/* What rc_plot_csv drew: the PNG written (free it with rc_text_destroy), its panels, its curves and the table's rows. */
typedef struct rc_plot_summary {
    char *png;
    int panels, curves, rows;
} rc_plot_summary;

/* Line plots of a CSV file (ricochet plot): reads the table at csv_path (a header row of names, in double quotes or
 * not, then rows of numbers separated by commas; an empty cell is a value not defined there, blank lines are
 * skipped), and draws with rc_plot_png the columns columns[0 .. count-1] named (count 0: every column but x and, with
 * options->errors, but the error columns) against the column named x (NULL: the first) into the PNG at png_path
 * (NULL: csv_path with .png for its .csv, or with .png added). summary may be NULL. RC_STATUS_IO_ERROR naming csv_path when
 * it cannot be read or png_path when it cannot be written; RC_STATUS_INVALID_ARGUMENT naming the file, the line and the
 * column for a table that is not one (no header, no row of numbers, a cell that is not a number, a row of another
 * length), and naming the field ("x", "columns", "errors") for a column that is not in the table or error bars that
 * no curve has. */
RC_API rc_status rc_plot_csv(const char *csv_path, const char *x, int count, const char *const *columns,
                             const rc_plot_options *options, const char *png_path, rc_plot_summary *summary);

/* A summary of rc_plot_csv as `ricochet plot` prints it and ricochet.plot_csv returns it (docs/cli.md): {"png",
 * "panels", "curves", "rows"}. Free it with rc_text_destroy; NULL when out of memory or summary or its png is NULL. */
RC_API char *rc_plot_summary_json(const rc_plot_summary *summary, bool compact);

#ifdef __cplusplus
}
#endif
#endif
