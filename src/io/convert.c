/* SPDX-License-Identifier: MIT */
/* Converting a trajectory from any format ricochet reads into any it writes (ricochet/trajectory.h,
 * rc_trajectory_convert; `ricochet convert`, docs/cli.md): the frames go through rc_trajectory_reader_open and one writer
 * chosen by the output's extension, .xyz (extended XYZ), .h5md, .gsd, .lammpstrj (a LAMMPS dump) or .data (a
 * LAMMPS data file, one frame: the last unless one is chosen). */
#include <stdint.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/output.h"
#include "ricochet/trajectory.h"

typedef enum { TO_XYZ, TO_H5MD, TO_GSD, TO_DUMP, TO_DATA, TO_NONE } target;

static target target_of(const char *path)
{
    static const char *const extensions[] = {".xyz", ".h5md", ".gsd", ".lammpstrj", ".data"};
    size_t n = strlen(path);
    for (int t = 0; t < TO_NONE; t++) {
        size_t m = strlen(extensions[t]);
        if (n > m && strcmp(path + n - m, extensions[t]) == 0) return (target)t;
    }
    return TO_NONE;
}

/* One writer of any kind. */
typedef struct writer {
    target kind;
    const char *path;
    rc_xyz_writer *xyz;
    rc_h5md_writer *h5md;
    rc_gsd_writer *gsd;
    rc_lammps_dump_writer *dump;
} writer;

static rc_status open_writer(writer *w)
{
    switch (w->kind) {
    case TO_XYZ: return rc_xyz_writer_open(w->path, &w->xyz);
    case TO_H5MD: return rc_h5md_writer_open(w->path, NULL, &w->h5md);
    case TO_GSD: return rc_gsd_writer_open(w->path, &w->gsd);
    case TO_DUMP: return rc_lammps_dump_writer_open(w->path, &w->dump);
    default: return RC_STATUS_OK; /* a data file is written whole at the end */
    }
}

static rc_status write_frame(writer *w, const rc_frame *f)
{
    switch (w->kind) {
    case TO_XYZ: return rc_xyz_writer_write(w->xyz, f);
    case TO_H5MD: return rc_h5md_writer_write(w->h5md, f);
    case TO_GSD: return rc_gsd_writer_write(w->gsd, f);
    case TO_DUMP: return rc_lammps_dump_writer_write(w->dump, f);
    default: return rc_lammps_data_write(w->path, f);
    }
}

static rc_status close_writer(writer *w, bool complete)
{
    if (!complete) {
        rc_xyz_writer_close_unfinished(w->xyz);
        rc_h5md_writer_close_unfinished(w->h5md);
        rc_gsd_writer_close_unfinished(w->gsd);
        rc_lammps_dump_writer_close_unfinished(w->dump);
        return RC_STATUS_OK;
    }
    rc_status s = w->xyz ? rc_xyz_writer_close(w->xyz) : RC_STATUS_OK;
    if (w->h5md) s = rc_h5md_writer_close(w->h5md);
    if (w->gsd) s = rc_gsd_writer_close(w->gsd);
    if (w->dump) s = rc_lammps_dump_writer_close(w->dump);
    return s;
}

/* The frames of path. */
static rc_status count_frames(const char *path, int64_t *count)
{
    rc_trajectory_reader *reader = NULL;
    rc_frame frame = {0};
    *count = 0;
    rc_status s = rc_trajectory_reader_open(path, &reader);
    for (bool got = true; !s && got; *count += got) s = rc_trajectory_reader_next(reader, &frame, &got);
    rc_trajectory_reader_close(reader);
    rc_frame_destroy(&frame);
    return s;
}

rc_status rc_trajectory_convert(const char *input, const char *output, bool one_frame, int64_t frame_index,
                                int64_t *written)
{
    if (!input || !output) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_trajectory_convert: NULL path");
    if (written) *written = 0;
    writer w = {target_of(output), output, NULL, NULL, NULL, NULL};
    if (w.kind == TO_NONE)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "convert output %s: not a format ricochet writes (it writes .xyz, .h5md, "
                       ".gsd, .lammpstrj and .data, chosen by the extension)",
                       output);
    if (w.kind == TO_DATA && !one_frame) one_frame = true, frame_index = -1; /* a data file holds the last frame */
    int64_t total = 0;
    rc_status s = one_frame && frame_index < 0 ? count_frames(input, &total) : RC_STATUS_OK;
    int64_t wanted = frame_index < 0 ? total + frame_index : frame_index;
    if (!s && one_frame && wanted < 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "convert --frame: %lld is before the first of the %lld frames of %s",
                    (long long)frame_index, (long long)total, input);
    rc_trajectory_reader *reader = NULL;
    if (!s) s = rc_trajectory_reader_open(input, &reader);
    if (!s) s = open_writer(&w);
    rc_frame frame = {0};
    int64_t k = 0, done = 0;
    for (bool got = true; !s && got; k++) {
        s = rc_trajectory_reader_next(reader, &frame, &got);
        if (!s && got && (!one_frame || k == wanted)) s = write_frame(&w, &frame), done++;
        if (one_frame && k >= wanted) break;
    }
    if (!s && done == 0 && one_frame)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "convert --frame: %s has no frame %lld", input, (long long)frame_index);
    else if (!s && done == 0) s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "convert: %s has no frames", input);
    rc_trajectory_reader_close(reader);
    rc_frame_destroy(&frame);
    rc_status closed = close_writer(&w, !s);
    if (!s) s = closed;
    if (!s && written) *written = done;
    return s;
}
