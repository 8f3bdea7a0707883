/* SPDX-License-Identifier: MIT */
/* Trajectory readers (ricochet/trajectory.h): tells H5MD (the HDF5 signature at the start of the file) from
 * extended XYZ and hands each frame to the format's reader (src/io/xyz_reader.c, src/io/h5md_reader.c). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/trajectory_input.h"

struct rc_trajectory_reader {
    char *path;
    FILE *xyz;          /* extended XYZ, or NULL */
    long line;
    rc_line text;       /* the line buffer of extended XYZ */
    rc_h5md_input *h5md; /* H5MD, or NULL */
};

static const char hdf5_signature[8] = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};

rc_status rc_trajectory_frame_size(rc_frame *frame, int32_t count, bool orientations, bool images)
{
    bool fits = frame->positions && frame->count == count && !frame->orientations == !orientations;
    if (!fits) {
        rc_frame_release(frame);
        rc_status s = rc_frame_init(frame, count, orientations);
        if (s) return s;
    }
    if (!images) {
        free(frame->images);
        frame->images = NULL;
    } else if (!frame->images) {
        frame->images = calloc(3 * (count > 0 ? (size_t)count : 1), sizeof *frame->images);
        if (frame->images) return RC_OK;
        rc_frame_release(frame);
        return rc_fail(RC_NO_MEMORY, "frame: out of memory for the images of %d particles", (int)count);
    }
    return RC_OK;
}

const char *rc_trajectory_take_cell(rc_frame *frame, const double *cell, int stride)
{
    int d = frame->dimension, leans = 0;
    frame->tilt = 0, frame->tilt_flow = 0, frame->tilt_gradient = 1;
    for (int j = 0; j < 3; j++) frame->box[j] = j < d ? cell[j * stride + j] : 0;
    for (int j = 0; j < d; j++)
        for (int k = 0; k < d; k++) {
            double v = cell[j * stride + k];
            if (j == k || v == 0) continue;
            if (!isfinite(v)) return "the cell has an edge that is not finite";
            if (leans++) return "the cell leans along more than one axis (only a Lees-Edwards tilt is read)";
            if (!frame->periodic[j] || !frame->periodic[k])
                return "the cell leans, but its flow and gradient axes are not both periodic";
            double edge = frame->box[k], tilt = fmod(v, edge);
            if (!(edge > 0)) return "the cell leans along an axis without a positive edge";
            frame->tilt = tilt < 0 ? tilt + edge < edge ? tilt + edge : 0 : tilt;
            frame->tilt_flow = k, frame->tilt_gradient = j;
        }
    return NULL;
}

rc_status rc_trajectory_open(const char *path, rc_trajectory_reader **reader)
{
    if (!reader) return rc_fail(RC_INVALID_ARGUMENT, "trajectory reader: NULL result");
    *reader = NULL;
    if (!path) return rc_fail(RC_INVALID_ARGUMENT, "trajectory path: NULL");
    rc_trajectory_reader *r = calloc(1, sizeof *r);
    if (r) r->path = strdup(path);
    if (!r || !r->path) {
        free(r);
        return rc_fail(RC_NO_MEMORY, "trajectory %s: out of memory", path);
    }
    r->xyz = fopen(path, "r");
    if (!r->xyz) {
        rc_status s = rc_fail(RC_IO_ERROR, "cannot open %s: %s", path, strerror(errno));
        rc_trajectory_close(r);
        return s;
    }
    char start[sizeof hdf5_signature] = {0};
    if (fread(start, 1, sizeof start, r->xyz) == sizeof start && memcmp(start, hdf5_signature, sizeof start) == 0) {
        fclose(r->xyz);
        r->xyz = NULL;
        rc_status s = rc_h5md_input_open(path, &r->h5md);
        if (s) {
            rc_trajectory_close(r);
            return s;
        }
    } else {
        rewind(r->xyz);
    }
    *reader = r;
    return RC_OK;
}

rc_status rc_trajectory_next(rc_trajectory_reader *reader, rc_frame *frame, bool *got)
{
    if (!reader || !frame || !got) return rc_fail(RC_INVALID_ARGUMENT, "rc_trajectory_next: NULL argument");
    if (reader->h5md) return rc_h5md_input_next(reader->h5md, frame, got);
    return rc_xyz_read_frame(reader->xyz, reader->path, &reader->line, &reader->text, frame, got);
}

void rc_trajectory_close(rc_trajectory_reader *reader)
{
    if (!reader) return;
    if (reader->xyz) fclose(reader->xyz);
    rc_h5md_input_close(reader->h5md);
    free(reader->text.text);
    free(reader->path);
    free(reader);
}
