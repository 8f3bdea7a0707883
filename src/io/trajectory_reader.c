/* SPDX-License-Identifier: MIT */
/* Trajectory readers (ricochet/trajectory.h): tells the format of a file in one place (rc_trajectory_format_of: H5MD
 * and GSD by their signatures, a LAMMPS data file by its extension .data or .lmp, extended XYZ by its first line, a
 * count, a LAMMPS dump by its first line, ITEM: TIMESTEP (or ITEM: TIME), and else a LAMMPS data file by its header
 * line "N atoms", as LAMMPS's data.NAME files) and hands each frame to the format's reader (src/io/xyz_reader.c,
 * h5md_reader.c, gsd_reader.c, lammps_dump_reader.c, lammps_data_reader.c); a file of none of them is refused with a
 * message naming the formats read. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/trajectory_input.h"

struct rc_trajectory_reader {
    char *path;
    FILE *xyz; /* extended XYZ, or NULL */
    long line;
    rc_line text;               /* the line buffer of extended XYZ */
    rc_h5md_input *h5md;        /* H5MD, or NULL */
    rc_gsd_input *gsd;          /* GSD, or NULL */
    rc_lammps_dump_input *dump; /* a LAMMPS dump, or NULL */
    rc_frame single;            /* a file of one frame, read whole at the open (a LAMMPS data file) */
    bool has_single;            /* single is still to be given */
};

/* Gives the one frame of a file read whole, once: its arrays move into frame. */
static rc_status take_single(rc_frame *single, rc_frame *frame, bool *got)
{
    *got = false;
    if (!single->positions) return RC_STATUS_OK;
    rc_frame_destroy(frame);
    *frame = *single;
    memset(single, 0, sizeof *single);
    *got = true;
    return RC_STATUS_OK;
}

static const char hdf5_signature[8] = {'\x89', 'H', 'D', 'F', '\r', '\n', '\x1a', '\n'};
static const char gsd_signature[8] = {'\xdf', '\x65', '\xdf', '\x65', '\xdf', '\x65', '\xdf', '\x65'};

static bool ends_with(const char *path, const char *suffix)
{
    size_t n = strlen(path), m = strlen(suffix);
    return n >= m && strcmp(path + n - m, suffix) == 0;
}

/* Whether the file starts with a line that is a count (blanks around it), as extended XYZ does, or is empty. */
static bool starts_with_count(FILE *file)
{
    int c, digits = 0;
    while ((c = getc(file)) == ' ' || c == '\t') continue;
    if (c == EOF) return true;
    for (; c >= '0' && c <= '9'; c = getc(file)) digits++;
    while (c == ' ' || c == '\t' || c == '\r') c = getc(file);
    return digits > 0 && (c == '\n' || c == EOF);
}

/* Whether a line of the file's first lines after the title is LAMMPS's data header "N atoms". */
static bool has_atoms_line(FILE *file)
{
    char line[256];
    for (int k = 0; k < 24 && fgets(line, sizeof line, file); k++) {
        unsigned long long n;
        char word[8], rest;
        if (k > 0 && sscanf(line, " %llu %7s %c", &n, word, &rest) == 2 && strcmp(word, "atoms") == 0) return true;
    }
    return false;
}

rc_trajectory_format rc_trajectory_format_of(const char *path, FILE *file)
{
    char start[8] = {0};
    size_t got = fread(start, 1, sizeof start, file);
    rc_trajectory_format format = RC_FORMAT_UNKNOWN;
    if (got == sizeof start && memcmp(start, hdf5_signature, sizeof start) == 0) format = RC_FORMAT_H5MD;
    else if (got == sizeof start && memcmp(start, gsd_signature, sizeof start) == 0) format = RC_FORMAT_GSD;
    else if (ends_with(path, ".data") || ends_with(path, ".lmp")) format = RC_FORMAT_LAMMPS_DATA;
    else {
        rewind(file);
        if (starts_with_count(file)) format = RC_FORMAT_XYZ;
        rewind(file);
        char item[11] = {0};
        if (format == RC_FORMAT_UNKNOWN && fread(item, 1, 10, file) == 10 && strcmp(item, "ITEM: TIME") == 0)
            format = RC_FORMAT_LAMMPS_DUMP;
        rewind(file);
        if (format == RC_FORMAT_UNKNOWN && has_atoms_line(file)) format = RC_FORMAT_LAMMPS_DATA;
    }
    rewind(file);
    return format;
}

rc_status rc_trajectory_unknown(const char *path)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "%s: not a trajectory format ricochet reads (it reads extended XYZ, whose "
                   "first line is the particle count; H5MD; GSD in HOOMD's schema; a LAMMPS dump, whose first line is "
                   "ITEM: TIMESTEP; a LAMMPS data file, with its header line `N atoms`)",
                   path);
}

rc_status rc_trajectory_frame_size(rc_frame *frame, int32_t count, bool orientations, bool images)
{
    bool fits = frame->positions && frame->count == count && !frame->orientations == !orientations;
    frame->bond_count = 0, frame->bonds = NULL; /* a reader that has bonds lends them again */
    if (!fits) {
        rc_frame_destroy(frame);
        rc_status s = rc_frame_create(frame, count, orientations);
        if (s) return s;
    }
    if (!images) {
        free(frame->images);
        frame->images = NULL;
    } else if (!frame->images) {
        frame->images = calloc(3 * (count > 0 ? (size_t)count : 1), sizeof *frame->images);
        if (frame->images) return RC_STATUS_OK;
        rc_frame_destroy(frame);
        return rc_fail(RC_STATUS_NO_MEMORY, "frame: out of memory for the images of %d particles", (int)count);
    }
    return RC_STATUS_OK;
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

bool rc_trajectory_wrap(rc_frame *f, int32_t i)
{
    double *x = f->positions + 3 * i;
    int gradient = f->tilt_gradient, order[3] = {gradient, gradient == 0 ? 1 : 0, gradient == 2 ? 1 : 2};
    for (int o = 0; o < 3; o++) {
        int k = order[o];
        if (!f->periodic[k] || !(f->box[k] > 0)) continue;
        double crossings = floor(x[k] / f->box[k]);
        if (crossings == 0) continue;
        if (!(fabs(crossings) < 1e9)) return false;
        x[k] -= crossings * f->box[k];
        if (x[k] >= f->box[k]) x[k] = 0; /* a point a rounding below 0 */
        if (k == gradient && f->tilt != 0) x[f->tilt_flow] -= crossings * f->tilt;
        if (f->images) f->images[3 * i + k] += (int32_t)crossings;
    }
    return true;
}

rc_status rc_trajectory_reader_open(const char *path, rc_trajectory_reader **reader)
{
    if (!reader) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "trajectory reader: NULL result");
    *reader = NULL;
    if (!path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "trajectory path: NULL");
    rc_trajectory_reader *r = calloc(1, sizeof *r);
    if (r) r->path = strdup(path);
    if (!r || !r->path) {
        free(r);
        return rc_fail(RC_STATUS_NO_MEMORY, "trajectory %s: out of memory", path);
    }
    r->xyz = fopen(path, "r");
    if (!r->xyz) {
        rc_status s = rc_fail(RC_STATUS_IO_ERROR, "cannot open %s: %s", path, strerror(errno));
        rc_trajectory_reader_close(r);
        return s;
    }
    rc_trajectory_format format = rc_trajectory_format_of(path, r->xyz);
    rc_status s = RC_STATUS_OK;
    if (format == RC_FORMAT_LAMMPS_DUMP) {
        s = rc_lammps_dump_input_open(path, r->xyz, &r->dump); /* the dump reader reads the same stream */
        if (!s) r->xyz = NULL;
    } else if (format != RC_FORMAT_XYZ) {
        fclose(r->xyz);
        r->xyz = NULL;
    }
    switch (format) {
    case RC_FORMAT_XYZ:
    case RC_FORMAT_LAMMPS_DUMP: break;
    case RC_FORMAT_H5MD: s = rc_h5md_input_open(path, &r->h5md); break;
    case RC_FORMAT_GSD: s = rc_gsd_input_open(path, &r->gsd); break;
    case RC_FORMAT_LAMMPS_DATA: s = rc_lammps_data_read(path, &r->single); break;
    default: s = rc_trajectory_unknown(path); break;
    }
    if (s) {
        rc_trajectory_reader_close(r);
        return s;
    }
    r->has_single = format == RC_FORMAT_LAMMPS_DATA;
    *reader = r;
    return RC_STATUS_OK;
}

rc_status rc_trajectory_reader_next(rc_trajectory_reader *reader, rc_frame *frame, bool *got)
{
    if (!reader || !frame || !got)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_trajectory_reader_next: NULL argument");
    if (reader->h5md) return rc_h5md_input_next(reader->h5md, frame, got);
    if (reader->gsd) return rc_gsd_input_next(reader->gsd, frame, got);
    if (reader->dump) return rc_lammps_dump_input_next(reader->dump, frame, got);
    if (reader->has_single) return take_single(&reader->single, frame, got);
    return rc_xyz_read_frame(reader->xyz, reader->path, &reader->line, &reader->text, frame, got);
}

void rc_trajectory_reader_close(rc_trajectory_reader *reader)
{
    if (!reader) return;
    if (reader->xyz) fclose(reader->xyz);
    rc_h5md_input_close(reader->h5md);
    rc_gsd_input_close(reader->gsd);
    rc_lammps_dump_input_close(reader->dump);
    rc_frame_destroy(&reader->single);
    free(reader->text.text);
    free(reader->path);
    free(reader);
}
