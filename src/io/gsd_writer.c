/* SPDX-License-Identifier: MIT */
/* The GSD trajectory writer (ricochet/output.h; docs/formats.md, "trajectory.gsd"): frames in HOOMD-blue's schema,
 * which HOOMD, OVITO, freud, MDAnalysis and gsd.hoomd read, through the file layer of src/io/gsd_file.c. Each frame
 * holds configuration/{step, dimensions, box}, particles/{N, types, typeid, position, velocity, diameter, mass, image[,
 * orientation][, moment_inertia, angmom]} (the last two for particles that turn, in HOOMD's convention: the principal
 * moments, the principal frame's orientation, p = 2 q ⊗ (0, L_body)) in the schema's types (float32 for the
 * particles' numbers, as the schema has them), and
 * log/ricochet/{time, collisions} in full precision; rc_gsd_writer_observe adds log/ricochet/NAME (float64) to the
 * frame written last (but time and collisions, which the frame has). The box is HOOMD's: centred on 0, positions
 * shifted by half an edge and, under shear, wrapped into the leaning cell with the tilt factor xy, xz or yz = tilt /
 * gradient edge (the tilt taken in (-L/2, L/2]), which holds a flow axis below the gradient axis only (others are
 * refused). configuration/step counts the frames of the file (0, 1, ...): neither engine has HOOMD's time step. The
 * file is written as PATH.partial and renamed to PATH by a clean close (src/io/output_file.h); a resume keeps the
 * frames up to the mark and appends after them. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/principal.h"
#include "core/status.h"
#include "io/cell.h"
#include "io/elements.h"
#include "io/gsd_file.h"
#include "io/output_file.h"
#include "ricochet/output.h"

struct rc_gsd_writer {
    rc_output_file out;
    int fd;
    rc_gsd_file *gsd;
    bool frame_open; /* a frame is written but not ended: observables may join it */
    float *scratch;  /* 4 per particle */
    int32_t *images; /* 3 per particle */
    int32_t capacity;
};

static rc_status start(const char *path, const rc_output_mark *mark, rc_gsd_writer **writer)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd writer: NULL result");
    *writer = NULL;
    rc_gsd_writer *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_STATUS_NO_MEMORY, "gsd output: out of memory");
    w->fd = -1;
    rc_status s = mark ? rc_output_file_find(&w->out, "gsd", path) : rc_output_file_begin(&w->out, "gsd", path);
    bool begun = !s;
    if (!s && w->out.direct)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "gsd output %s: not a regular file (GSD is written in "
                    "place and read back: a device or a pipe cannot hold it)",
                    path);
    if (!s) {
        const char *found = mark ? rc_output_file_found(&w->out) : w->out.partial;
        w->fd = open(found, mark ? O_RDWR | O_NOFOLLOW : O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
        if (w->fd < 0) s = rc_output_file_failed(&w->out, mark ? "reopen" : "create", errno);
    }
    if (!s) s = mark ? rc_gsd_file_load(w->fd, path, mark->frames, &w->gsd) : rc_gsd_file_create(w->fd, path, &w->gsd);
    if (!s && mark) s = rc_output_file_adopt(&w->out);
    if (s) {
        if (w->fd >= 0) close(w->fd);
        if (begun) rc_output_file_end(&w->out, false);
        free(w);
        return s;
    }
    *writer = w;
    return RC_STATUS_OK;
}

rc_status rc_gsd_writer_open(const char *path, rc_gsd_writer **writer) { return start(path, NULL, writer); }

rc_status rc_gsd_writer_open_at_mark(const char *path, const rc_output_mark *mark, rc_gsd_writer **writer)
{
    rc_status s = rc_output_file_check_mark("gsd", path, mark);
    return s ? s : start(path, mark, writer);
}

static rc_status end_frame(rc_gsd_writer *w)
{
    if (!w->frame_open) return RC_STATUS_OK;
    w->frame_open = false;
    return rc_gsd_file_end_frame(w->gsd);
}

static rc_status room(rc_gsd_writer *w, int32_t count)
{
    if (count <= w->capacity) return RC_STATUS_OK;
    float *scratch = realloc(w->scratch, 4 * (size_t)count * sizeof *scratch);
    if (scratch) w->scratch = scratch;
    int32_t *images = realloc(w->images, 3 * (size_t)count * sizeof *images);
    if (images) w->images = images;
    if (!scratch || !images) return rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory", w->out.path);
    w->capacity = count;
    return RC_STATUS_OK;
}

/* configuration/box: Lx Ly Lz xy xz yz, Lz = 0 in 2D as HOOMD's 2D boxes have; a shear's tilt factor is the lean
 * over the gradient edge. */
static void box_of(const rc_frame *f, double tilt, float box[6])
{
    box[0] = (float)f->box[0], box[1] = (float)f->box[1], box[2] = f->dimension == 3 ? (float)f->box[2] : 0;
    box[3] = box[4] = box[5] = 0;
    if (tilt != 0) box[f->tilt_flow == 0 ? f->tilt_gradient + 2 : 5] = (float)(tilt / f->box[f->tilt_gradient]);
}

/* The most types particles/types lists: every type up to the largest species is named, 4 bytes each. */
enum { RC_GSD_TYPES_MAX = 1 << 16 };

/* particles/types: species k is named by the chemical symbol the XYZ writer gives it (H, He, ...; "X" past the
 * table), one name a row of 4 bytes; typeid is the species. */
static rc_status write_types(rc_gsd_writer *w, const rc_frame *f, uint32_t *typeid)
{
    int32_t types = 1;
    for (int32_t i = 0; i < f->count; i++) {
        typeid[i] = (uint32_t)(f->species[i] > 0 ? f->species[i] : 0);
        if (f->species[i] >= RC_GSD_TYPES_MAX)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "gsd output %s: particle %d is species %d, beyond the %d types a GSD file names here",
                           w->out.path, (int)i, (int)f->species[i], RC_GSD_TYPES_MAX);
        if (f->species[i] >= types) types = f->species[i] + 1;
    }
    char(*names)[4] = calloc((size_t)types, sizeof *names);
    if (!names) return rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory", w->out.path);
    for (int32_t t = 0; t < types; t++)
        snprintf(names[t], sizeof names[t], "%s", t < RC_ELEMENT_COUNT ? rc_element_symbol(t) : "X");
    rc_status s = rc_gsd_file_write(w->gsd, "particles/types", RC_GSD_INT8, (uint64_t)types, 4, names);
    free(names);
    return s;
}

/* HOOMD's description of turning particles (core/principal.h): particles/moment_inertia (the principal moments),
 * particles/orientation (of the principal frame: the body's own wherever its inertia is diagonal) and
 * particles/angmom (2 q ⊗ (0, L) with L in that frame), each a pass over the particles into the scratch. */
static rc_status write_turning(rc_gsd_writer *w, const rc_frame *f)
{
    static const char *const names[] = {"particles/moment_inertia", "particles/orientation", "particles/angmom"};
    static const int widths[] = {3, 4, 4};
    rc_status s = RC_STATUS_OK;
    for (int field = 0; field < 3 && !s; field++) {
        for (int32_t i = 0; i < f->count; i++) {
            double moments[3], principal[4], angmom[4];
            rc_principal_hoomd(f->dimension, f->inertia + 9 * i, f->orientations ? f->orientations + 4 * i : NULL,
                               f->angular_momenta + 3 * i, moments, principal, angmom);
            const double *out = field == 0 ? moments : field == 1 ? principal : angmom;
            for (int k = 0; k < widths[field]; k++) w->scratch[widths[field] * i + k] = (float)out[k];
        }
        s = rc_gsd_file_write(w->gsd, names[field], RC_GSD_FLOAT, (uint64_t)f->count, (uint32_t)widths[field],
                              w->scratch);
    }
    return s;
}

/* bonds/N, types ("A", "B", ... for bond types 0, 1, ...), typeid and group in the first frame only: the schema's
 * later frames without them take frame 0's. */
static rc_status write_bonds(rc_gsd_writer *w, const rc_frame *f)
{
    uint32_t count = (uint32_t)f->bond_count, types = 1;
    uint32_t *rows = malloc(3 * (size_t)count * sizeof *rows);
    if (!rows) return rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory for %u bonds", w->out.path, count);
    uint32_t *group = rows, *typeid = rows + 2 * (size_t)count;
    for (uint32_t k = 0; k < count; k++) {
        group[2 * k] = (uint32_t)f->bonds[3 * k], group[2 * k + 1] = (uint32_t)f->bonds[3 * k + 1];
        typeid[k] = (uint32_t)f->bonds[3 * k + 2];
        if (typeid[k] + 1 > types) types = typeid[k] + 1;
    }
    char(*names)[4] = calloc(types, sizeof *names);
    rc_status s = names ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "gsd output %s: out of memory", w->out.path);
    for (uint32_t t = 0; names && t < types; t++)
        snprintf(names[t], sizeof names[t], "%c%c", 'A' + (int)(t % 26), t >= 26 ? '0' + (int)(t / 26 % 10) : 0);
    if (!s) s = rc_gsd_file_write(w->gsd, "bonds/N", RC_GSD_UINT32, 1, 1, &count);
    if (!s) s = rc_gsd_file_write(w->gsd, "bonds/types", RC_GSD_INT8, types, 4, names);
    if (!s) s = rc_gsd_file_write(w->gsd, "bonds/typeid", RC_GSD_UINT32, count, 1, typeid);
    if (!s) s = rc_gsd_file_write(w->gsd, "bonds/group", RC_GSD_UINT32, count, 2, group);
    free(names);
    free(rows);
    return s;
}

rc_status rc_gsd_writer_write(rc_gsd_writer *w, const rc_frame *f)
{
    if (!w || !f) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_gsd_writer_write: NULL argument");
    rc_status s = rc_frame_check(f);
    if (!s) s = end_frame(w);
    if (!s) s = room(w, f->count);
    float box[6];
    double tilt = 0;
    if (!s) s = rc_cell_tilt(f, "gsd", w->out.path, &tilt);
    if (s) return s;
    box_of(f, tilt, box);
    rc_gsd_file *g = w->gsd;
    uint64_t step = rc_gsd_file_frames(g), collisions = f->collisions, n = (uint64_t)f->count;
    uint8_t dimensions = (uint8_t)f->dimension;
    uint32_t count = (uint32_t)f->count;
    s = rc_gsd_file_write(g, "configuration/step", RC_GSD_UINT64, 1, 1, &step);
    if (!s) s = rc_gsd_file_write(g, "configuration/dimensions", RC_GSD_UINT8, 1, 1, &dimensions);
    if (!s) s = rc_gsd_file_write(g, "configuration/box", RC_GSD_FLOAT, 6, 1, box);
    if (!s) s = rc_gsd_file_write(g, "particles/N", RC_GSD_UINT32, 1, 1, &count);
    float *x = w->scratch;
    for (int32_t i = 0; i < f->count; i++) {
        double c[3];
        rc_cell_place(f, tilt, true, i, c, w->images + 3 * i);
        for (int k = 0; k < 3; k++) x[3 * i + k] = (float)c[k];
    }
    if (!s) s = rc_gsd_file_write(g, "particles/position", RC_GSD_FLOAT, n, 3, x);
    if (!s && f->images) s = rc_gsd_file_write(g, "particles/image", RC_GSD_INT32, n, 3, w->images);
    for (int32_t i = 0; i < 3 * f->count; i++) x[i] = (float)f->velocities[i];
    if (!s) s = rc_gsd_file_write(g, "particles/velocity", RC_GSD_FLOAT, n, 3, x);
    for (int32_t i = 0; i < f->count; i++) x[i] = (float)(2 * f->radii[i]);
    if (!s) s = rc_gsd_file_write(g, "particles/diameter", RC_GSD_FLOAT, n, 1, x);
    for (int32_t i = 0; i < f->count; i++) x[i] = (float)f->masses[i];
    if (!s) s = rc_gsd_file_write(g, "particles/mass", RC_GSD_FLOAT, n, 1, x);
    if (!s && f->inertia && f->angular_momenta) s = write_turning(w, f);
    else if (!s && f->orientations) {
        for (int32_t i = 0; i < 4 * f->count; i++) x[i] = (float)f->orientations[i]; /* (w, x, y, z) as HOOMD's */
        s = rc_gsd_file_write(g, "particles/orientation", RC_GSD_FLOAT, n, 4, x);
    }
    if (!s) s = write_types(w, f, (uint32_t *)w->images);
    if (!s) s = rc_gsd_file_write(g, "particles/typeid", RC_GSD_UINT32, n, 1, w->images);
    if (!s && f->bond_count > 0 && f->bonds && step == 0) s = write_bonds(w, f);
    if (!s) s = rc_gsd_file_write(g, "log/ricochet/time", RC_GSD_DOUBLE, 1, 1, &f->time);
    if (!s) s = rc_gsd_file_write(g, "log/ricochet/collisions", RC_GSD_UINT64, 1, 1, &collisions);
    if (!s) w->frame_open = true;
    return s;
}

rc_status rc_gsd_writer_observe(rc_gsd_writer *w, int columns, const char *const *names, const double *values)
{
    if (!w || columns < 0 || (columns && (!names || !values)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_gsd_writer_observe: NULL argument");
    if (!w->frame_open)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "gsd output %s: observables join a frame: write the frame first",
                       w->out.path);
    rc_status s = RC_STATUS_OK;
    char name[256];
    for (int c = 0; c < columns && !s; c++) {
        if (strcmp(names[c], "time") == 0 || strcmp(names[c], "collisions") == 0) continue; /* the frame's own */
        snprintf(name, sizeof name, "log/ricochet/%s", names[c]);
        s = rc_gsd_file_write(w->gsd, name, RC_GSD_DOUBLE, 1, 1, &values[c]);
    }
    return s ? s : end_frame(w);
}

rc_status rc_gsd_writer_mark(rc_gsd_writer *w, rc_output_mark *mark)
{
    if (!w || !mark) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_gsd_writer_mark: NULL argument");
    rc_status s = end_frame(w);
    if (!s && fsync(w->fd) != 0) s = rc_output_file_failed(&w->out, "sync", errno);
    if (s) return s;
    *mark = (rc_output_mark){0, (int64_t)rc_gsd_file_frames(w->gsd), 0};
    return RC_STATUS_OK;
}

static rc_status finish(rc_gsd_writer *w, bool complete)
{
    rc_status s = complete ? end_frame(w) : RC_STATUS_OK;
    if (!s && complete && fsync(w->fd) != 0) s = rc_output_file_failed(&w->out, "sync", errno);
    if (close(w->fd) != 0 && !s && complete) s = rc_output_file_failed(&w->out, "close", errno);
    rc_status ended = rc_output_file_end(&w->out, complete && !s);
    rc_gsd_file_free(w->gsd);
    free(w->scratch);
    free(w->images);
    free(w);
    return s ? s : ended;
}

rc_status rc_gsd_writer_close(rc_gsd_writer *w) { return w ? finish(w, true) : RC_STATUS_OK; }

void rc_gsd_writer_close_unfinished(rc_gsd_writer *w)
{
    if (w) finish(w, false);
}
