/* SPDX-License-Identifier: MIT */
/* Trajectories drawn picture by picture (ricochet/render.h, rc_render_trajectories; what `ricochet render` and
 * ricochet.render_run do): frame k of every trajectory side by side into DIRECTORY/frame_NNNNN.png until the shortest
 * ends, each with its side file (the one given, else shapes.json beside it when there is one; docs/formats.md,
 * "shapes.json"), the speed scale fixed by the first frames, then the pictures joined into an MP4 (src/render/movie.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/status.h"
#include "render/movie.h"
#include "render/render_keys.h"
#include "render/render_shapes.h"
#include "ricochet/analysis.h"
#include "ricochet/output.h"
#include "ricochet/trajectory.h"
#include "json/json_document.h"

enum { DEFAULT_FPS = 25 };

/* What is open while drawing, one entry per trajectory. */
typedef struct panels {
    int count;
    rc_trajectory_reader **readers;
    rc_frame *frames;
    const rc_frame **drawn;    /* &frames[k], as rc_render_png takes them */
    rc_render_shapes **shapes; /* NULL: none */
    char **shape_paths;        /* the side file read, or NULL */
    double **values;           /* with options.color: a value per particle of each frame */
} panels;

static void panels_release(panels *p)
{
    for (int k = 0; k < p->count; k++) {
        if (p->readers) rc_trajectory_reader_close(p->readers[k]);
        if (p->frames) rc_frame_destroy(&p->frames[k]);
        if (p->shapes) rc_render_shapes_destroy(p->shapes[k]);
        if (p->shape_paths) free(p->shape_paths[k]);
        if (p->values) free(p->values[k]);
    }
    free(p->values);
    free(p->readers);
    free(p->frames);
    free(p->drawn);
    free(p->shapes);
    free(p->shape_paths);
}

static rc_status check(int count, const char *const *paths, const char *directory, const char *mp4, double fps)
{
    if (count < 1 || !paths)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render: %d trajectories (at least one)", count);
    for (int k = 0; k < count; k++)
        if (!paths[k] || !paths[k][0])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render: trajectory %d has no path", k);
    if (!directory || !directory[0]) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render directory: the name is empty");
    if (mp4 && !mp4[0]) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mp4: the name is empty");
    if (mp4 && !(fps >= 0 && isfinite(fps)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mp4 fps: %g is not positive", fps);
    return RC_STATUS_OK;
}

/* The side file of trajectory k: the one given, else shapes.json beside the trajectory when there is one. */
static rc_status read_shapes(panels *p, int k, const char *trajectory, const char *given)
{
    const char *slash = strrchr(trajectory, '/');
    int folder = slash ? (int)(slash - trajectory + 1) : 0;
    size_t size = given ? strlen(given) + 1 : (size_t)folder + sizeof "shapes.json";
    char *path = p->shape_paths[k] = malloc(size);
    if (!path) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (given) memcpy(path, given, size);
    else snprintf(path, size, "%.*sshapes.json", folder, trajectory);
    if (!given && access(path, F_OK) != 0) {
        free(path);
        p->shape_paths[k] = NULL;
        return RC_STATUS_OK;
    }
    return rc_render_shapes_create_from_file(path, &p->shapes[k]);
}

static rc_status open_all(panels *p, const char *const *paths, const char *const *shapes)
{
    p->readers = calloc((size_t)p->count, sizeof *p->readers);
    p->frames = calloc((size_t)p->count, sizeof *p->frames);
    p->drawn = calloc((size_t)p->count, sizeof *p->drawn);
    p->shapes = calloc((size_t)p->count, sizeof *p->shapes);
    p->shape_paths = calloc((size_t)p->count, sizeof *p->shape_paths);
    if (!p->readers || !p->frames || !p->drawn || !p->shapes || !p->shape_paths)
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    rc_status s = RC_STATUS_OK;
    for (int k = 0; k < p->count && !s; k++) s = rc_trajectory_reader_open(paths[k], &p->readers[k]);
    for (int k = 0; k < p->count && !s; k++) s = read_shapes(p, k, paths[k], shapes ? shapes[k] : NULL);
    return s;
}

/* The frame just read of trajectory k against its side file: the same bodies in the same dimension. */
static rc_status check_shapes(const panels *p, int k, const char *trajectory, int64_t index)
{
    const rc_render_shapes *h = p->shapes[k];
    const rc_frame *f = &p->frames[k];
    if (!h || (h->body_count == f->count && h->dimension == f->dimension)) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "render shapes %s: %d bodies in %dD, but frame %lld of %s has %d in %dD",
                   p->shape_paths[k], (int)h->body_count, h->dimension, (long long)index, trajectory, (int)f->count,
                   f->dimension);
}

/* The next frame of every trajectory into p->frames; *more false when one has ended. */
static rc_status next_frames(panels *p, const char *const *paths, int64_t index, bool *more)
{
    rc_status s = RC_STATUS_OK;
    for (int k = 0; k < p->count && *more && !s; k++) {
        s = rc_trajectory_reader_next(p->readers[k], &p->frames[k], more);
        if (!s && *more) s = check_shapes(p, k, paths[k], index);
        p->drawn[k] = &p->frames[k];
    }
    return s;
}

/* The values of options->color for every panel's frame; at the first picture, without a range given, the range of
 * its values, kept for every picture. */
static rc_status color_values(panels *p, rc_render_options *options, bool first)
{
    if (!p->values && !(p->values = calloc((size_t)p->count, sizeof *p->values)))
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    for (int k = 0; k < p->count; k++) {
        double *v = realloc(p->values[k], ((size_t)p->frames[k].count + 1) * sizeof *v);
        if (!v) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
        p->values[k] = v;
        rc_status s = rc_frame_column(&p->frames[k], options->color, options->voronoi, v, &options->values_label);
        if (s) return s;
    }
    options->values = (const double *const *)p->values;
    if (!first || options->color_max > options->color_min) return RC_STATUS_OK;
    rc_render_value_range(p->count, p->drawn, options);
    return RC_STATUS_OK;
}

/* Frames first_frame to end_frame of every trajectory (or until one ends) into directory/frame_NNNNN.png, numbered
 * from 0 in the order drawn; *frames counts the pictures written. Without a speed scale, the scale is the largest
 * speed of the first frames drawn, the same for every picture; likewise the range of the colour column. */
static rc_status draw_all(panels *p, const char *const *paths, const char *const *labels,
                          const rc_render_options *given, const char *directory, int64_t *frames)
{
    rc_render_options options = *given;
    size_t size = strlen(directory) + sizeof "/frame_.png" + 20;
    char *png = malloc(size);
    rc_status s = png ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    int64_t index = 0;
    for (bool more = true; !s && (given->end_frame <= 0 || index < given->end_frame); index++) {
        s = next_frames(p, paths, index, &more);
        if (s || !more) break;
        if (index < given->first_frame) continue;
        for (int k = 0; *frames == 0 && given->speed_scale == 0 && k < p->count; k++)
            options.speed_scale = fmax(options.speed_scale, rc_frame_max_speed(&p->frames[k]));
        if (options.color) s = color_values(p, &options, *frames == 0);
        snprintf(png, size, "%s/frame_%05lld.png", directory, (long long)*frames);
        if (!s)
            s = rc_render_png(p->count, p->drawn, (const rc_render_shapes *const *)p->shapes, labels, &options, png);
        if (!s) ++*frames;
    }
    free(png);
    if (!s && (index <= given->first_frame || (given->end_frame > 0 && index < given->end_frame))) {
        char end[32] = "";
        if (given->end_frame > 0) snprintf(end, sizeof end, "%lld", (long long)given->end_frame);
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "frames: %lld:%s is out of range: %s has %lld frames",
                       (long long)given->first_frame, end, paths[0], (long long)index);
    }
    return s;
}

/* The pictures joined into the film. */
static rc_status film(const char *directory, const char *mp4, double fps)
{
    size_t size = strlen(directory) + sizeof "/frame_%05d.png";
    char *pattern = malloc(size);
    if (!pattern) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    snprintf(pattern, size, "%s/frame_%%05d.png", directory);
    rc_status s = rc_movie_write(pattern, fps > 0 ? fps : DEFAULT_FPS, mp4);
    free(pattern);
    return s;
}

rc_status rc_render_trajectories(int count, const char *const *paths, const char *const *shapes,
                                 const char *const *labels, const rc_render_options *options, const char *directory,
                                 const char *mp4, double fps, int64_t *frames)
{
    int64_t drawn = 0;
    if (frames) *frames = 0;
    rc_render_options defaults = rc_render_default_options();
    rc_status s = check(count, paths, directory, mp4, fps);
    if (!s && mp4) s = rc_movie_check(mp4);
    if (s) return s;
    panels p = {.count = count};
    s = open_all(&p, paths, shapes);
    if (!s) s = rc_directory_create(directory);
    if (!s) s = draw_all(&p, paths, labels, options ? options : &defaults, directory, &drawn);
    panels_release(&p);
    if (frames) *frames = drawn;
    if (!s && mp4 && drawn > 0) s = film(directory, mp4, fps);
    return s;
}

char *rc_render_report_json(int64_t frames, const char *directory, const char *mp4, bool compact)
{
    if (!directory) return NULL;
    cJSON *report = cJSON_CreateObject();
    cJSON_AddNumberToObject(report, "frames", (double)frames);
    cJSON_AddStringToObject(report, "directory", directory);
    if (mp4 && frames > 0) cJSON_AddStringToObject(report, "mp4", mp4); /* film() makes one only then */
    else cJSON_AddNullToObject(report, "mp4");
    return rc_json_text(report, compact);
}
