/* The H5MD trajectory writer (DESIGN.md, "Files and tools"; ricochet/output.h; docs/formats.md, "trajectory.h5md"):
 * the H5MD 1.1 layout that h5py, MDAnalysis and VMD's H5MD plugin read.
 *
 *   /h5md                      attribute version = [1, 1]; groups author (name) and creator (name, version)
 *   /particles/all/box         attributes dimension, boundary ("periodic" or "none" per axis)
 *   /particles/all/position    step (n), time (n), value (n, N, D)    float64, wrapped into the box
 *   /particles/all/box/edges   value (n, D)                           float64: the box spans [0, edges)
 *   /particles/all/image       value (n, N, D)                        int32: position + image * edges unwraps
 *   /particles/all/velocity    value (n, N, D)                        float64
 *   /particles/all/species     value (n, N)                           int32
 *   /particles/all/id          value (n, N)                           int32: the particle's index in the input
 *   /particles/all/radius      value (n, N)                           float64
 *   /particles/all/orientation value (n, N, 4)                        float64 quaternions (w, x, y, z), when frames
 *                                                                     have orientations
 *   /observables/NAME          step (n), time (n), value (n)          float64, one per observable
 *
 * D is the frame's dimension. Every value grows one sample at a time, chunked per sample and compressed (shuffle and
 * deflate); the particles' series share the step and time of position through hard links, the observables those
 * of the first observable. Step k is the k-th frame (or row) written. The first frame fixes the dimension, the count,
 * the boundary and whether orientations are written; a later frame that differs is refused (the edges may change).
 * HDF5 prints nothing: its automatic error printing is turned off when a writer opens. The file is written as
 * PATH.partial and renamed at a clean close (src/io/output_file.h); each frame is flushed, so a full disk is
 * reported by the frame that did not fit. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <hdf5.h>

#include "core/status.h"
#include "io/h5md_series.h"
#include "io/output_file.h"
#include "ricochet/output.h"

enum { SERIES_POSITION, SERIES_EDGES, SERIES_IMAGE, SERIES_VELOCITY, SERIES_SPECIES, SERIES_ID, SERIES_RADIUS,
       SERIES_ORIENTATION, SERIES };

struct rc_h5md_writer {
    rc_output_file out;
    hid_t file;
    char *author;
    bool started;                 /* the first frame fixed the layout below */
    bool failed;                  /* a write failed: the file stays PATH.partial */
    rc_frame shape;               /* dimension, count, periodic and orientations (as a flag) of the first frame */
    rc_h5md_clock particle_clock, observable_clock;
    rc_h5md_series series[SERIES];
    rc_h5md_series *observables;
    int observable_count;
    double *scratch;              /* count * dimension */
    int32_t *image_scratch;       /* count * dimension */
    int32_t *ids;                 /* 0 .. count - 1 */
};

static rc_status h5md_failed(rc_h5md_writer *w, const char *what)
{
    w->failed = true;
    return rc_output_file_failed(&w->out, what, errno);
}

/* A scalar attribute of one string. */
static bool set_string(hid_t object, const char *name, const char *value)
{
    hid_t type = H5Tcopy(H5T_C_S1);
    hid_t space = H5Screate(H5S_SCALAR);
    hid_t attribute = -1;
    bool ok = type >= 0 && space >= 0 && H5Tset_size(type, strlen(value) + 1) >= 0 &&
              (attribute = H5Acreate2(object, name, type, space, H5P_DEFAULT, H5P_DEFAULT)) >= 0 &&
              H5Awrite(attribute, type, value) >= 0;
    if (attribute >= 0) H5Aclose(attribute);
    if (space >= 0) H5Sclose(space);
    if (type >= 0) H5Tclose(type);
    return ok;
}

/* An attribute of count 32-bit integers (a scalar when count is 0). */
static bool set_integers(hid_t object, const char *name, int count, const int32_t *values)
{
    hsize_t dims[1] = {(hsize_t)count};
    hid_t space = count ? H5Screate_simple(1, dims, NULL) : H5Screate(H5S_SCALAR);
    hid_t attribute = space >= 0 ? H5Acreate2(object, name, H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT) : -1;
    bool ok = attribute >= 0 && H5Awrite(attribute, H5T_NATIVE_INT32, values) >= 0;
    if (attribute >= 0) H5Aclose(attribute);
    if (space >= 0) H5Sclose(space);
    return ok;
}

/* A group with string attributes (name, value pairs), closed again. */
static bool named_group(hid_t parent, const char *path, int pairs, const char *const *attributes)
{
    hid_t group = H5Gcreate2(parent, path, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    bool ok = group >= 0;
    for (int k = 0; k < pairs && ok; k++) ok = set_string(group, attributes[2 * k], attributes[2 * k + 1]);
    if (group >= 0) H5Gclose(group);
    return ok;
}

static bool write_header(rc_h5md_writer *w)
{
    static const int32_t version[2] = {1, 1};
    hid_t h5md = H5Gcreate2(w->file, "h5md", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    bool ok = h5md >= 0 && set_integers(h5md, "version", 2, version) &&
              named_group(h5md, "author", 1, (const char *const[]){"name", w->author}) &&
              named_group(h5md, "creator", 2, (const char *const[]){"name", "ricochet", "version", rc_version()});
    if (h5md >= 0) H5Gclose(h5md);
    return ok;
}

rc_status rc_h5md_writer_open(const char *path, const char *author, rc_h5md_writer **writer)
{
    if (!writer) return rc_fail(RC_INVALID_ARGUMENT, "h5md writer: NULL result");
    *writer = NULL;
    rc_h5md_writer *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_NO_MEMORY, "h5md output: out of memory");
    w->file = w->particle_clock.step = w->particle_clock.time = -1;
    w->observable_clock = w->particle_clock;
    for (int k = 0; k < SERIES; k++) w->series[k].value = -1;
    rc_status s = rc_output_file_begin(&w->out, "h5md", path);
    if (s) {
        free(w);
        return s;
    }
    w->author = strdup(author && author[0] ? author : "unknown");
    if (!w->author) {
        rc_h5md_writer_close(w);
        return rc_fail(RC_NO_MEMORY, "h5md output %s: out of memory", path);
    }
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    errno = 0;
    w->file = H5Fcreate(w->out.partial, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    if (w->file < 0 || !write_header(w)) {
        s = h5md_failed(w, w->file < 0 ? "open for writing" : "write the h5md group");
        rc_h5md_writer_close(w);
        return s;
    }
    *writer = w;
    return RC_OK;
}

/* The box group with its attributes; its edges series comes after position's, whose clock it shares. */
static hid_t create_box(hid_t group, const rc_frame *f)
{
    hid_t box = H5Gcreate2(group, "box", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    hid_t type = H5Tcopy(H5T_C_S1);
    hsize_t dims[1] = {(hsize_t)f->dimension};
    hid_t space = H5Screate_simple(1, dims, NULL);
    char names[3][9] = {{0}};
    for (int k = 0; k < f->dimension; k++) strcpy(names[k], f->periodic[k] ? "periodic" : "none");
    hid_t attribute = -1;
    int32_t dimension = f->dimension;
    bool ok = box >= 0 && type >= 0 && space >= 0 && set_integers(box, "dimension", 0, &dimension) &&
              H5Tset_size(type, sizeof names[0]) >= 0 &&
              (attribute = H5Acreate2(box, "boundary", type, space, H5P_DEFAULT, H5P_DEFAULT)) >= 0 &&
              H5Awrite(attribute, type, names) >= 0;
    if (attribute >= 0) H5Aclose(attribute);
    if (space >= 0) H5Sclose(space);
    if (type >= 0) H5Tclose(type);
    if (!ok && box >= 0) H5Gclose(box);
    return ok ? box : -1;
}

/* The particles group and its series, shaped by the first frame. */
static bool start_particles(rc_h5md_writer *w, const rc_frame *f)
{
    hsize_t n = (hsize_t)f->count, d = (hsize_t)f->dimension, vectors[2] = {n, d}, quaternions[2] = {n, 4};
    hid_t links = H5Pcreate(H5P_LINK_CREATE);
    hid_t group = links >= 0 && H5Pset_create_intermediate_group(links, 1) >= 0
                      ? H5Gcreate2(w->file, "particles/all", links, H5P_DEFAULT, H5P_DEFAULT)
                      : -1;
    if (links >= 0) H5Pclose(links);
    rc_h5md_clock *clock = &w->particle_clock;
    hid_t box = group >= 0 ? create_box(group, f) : -1;
    bool ok = box >= 0 &&
              rc_h5md_series_create(group, "position", H5T_NATIVE_DOUBLE, 2, vectors, clock,
                                    &w->series[SERIES_POSITION]) &&
              rc_h5md_series_create(box, "edges", H5T_NATIVE_DOUBLE, 1, &d, clock, &w->series[SERIES_EDGES]) &&
              rc_h5md_series_create(group, "image", H5T_NATIVE_INT32, 2, vectors, clock, &w->series[SERIES_IMAGE]) &&
              rc_h5md_series_create(group, "velocity", H5T_NATIVE_DOUBLE, 2, vectors, clock,
                                    &w->series[SERIES_VELOCITY]) &&
              rc_h5md_series_create(group, "species", H5T_NATIVE_INT32, 1, &n, clock, &w->series[SERIES_SPECIES]) &&
              rc_h5md_series_create(group, "id", H5T_NATIVE_INT32, 1, &n, clock, &w->series[SERIES_ID]) &&
              rc_h5md_series_create(group, "radius", H5T_NATIVE_DOUBLE, 1, &n, clock, &w->series[SERIES_RADIUS]) &&
              (!f->orientations ||
               rc_h5md_series_create(group, "orientation", H5T_NATIVE_DOUBLE, 2, quaternions, clock,
                                     &w->series[SERIES_ORIENTATION]));
    if (box >= 0) H5Gclose(box);
    if (group >= 0) H5Gclose(group);
    return ok;
}

/* Fixes the layout at the first frame; refuses a later frame of another shape. */
static rc_status check_shape(rc_h5md_writer *w, const rc_frame *f)
{
    rc_status s = rc_frame_check(f);
    if (s || !w->started) return s;
    const rc_frame *first = &w->shape;
    if (f->dimension != first->dimension || f->count != first->count || !f->orientations != !first->orientations)
        return rc_fail(RC_INVALID_ARGUMENT, "h5md output %s: a frame of %d particles in %dD%s after frames of %d "
                       "in %dD%s", w->out.path, (int)f->count, f->dimension,
                       f->orientations ? " with orientations" : "", (int)first->count, first->dimension,
                       first->orientations ? " with orientations" : "");
    for (int k = 0; k < 3; k++)
        if (f->periodic[k] != first->periodic[k])
            return rc_fail(RC_INVALID_ARGUMENT, "h5md output %s: axis %d changed between periodic and closed (the file "
                           "keeps one boundary)", w->out.path, k);
    return RC_OK;
}

static rc_status start(rc_h5md_writer *w, const rc_frame *f)
{
    size_t n = f->count > 0 ? (size_t)f->count : 1;
    w->scratch = malloc(n * 4 * sizeof *w->scratch);
    w->image_scratch = malloc(n * 3 * sizeof *w->image_scratch);
    w->ids = malloc(n * sizeof *w->ids);
    if (!w->scratch || !w->image_scratch || !w->ids) return rc_fail(RC_NO_MEMORY, "h5md output %s: out of memory", w->out.path);
    for (int32_t i = 0; i < f->count; i++) w->ids[i] = i;
    errno = 0;
    if (!start_particles(w, f)) return h5md_failed(w, "create the particles group");
    w->shape = (rc_frame){.dimension = f->dimension, .count = f->count, .orientations = f->orientations};
    memcpy(w->shape.periodic, f->periodic, sizeof f->periodic);
    w->started = true;
    return RC_OK;
}

/* The first d of every `stride` components of count vectors, packed. */
/* The images of a frame as count x d (zeros when the frame has none). */
static const int32_t *packed_images(rc_h5md_writer *w, const rc_frame *f)
{
    for (int32_t i = 0; i < f->count; i++)
        for (int k = 0; k < f->dimension; k++)
            w->image_scratch[(size_t)i * f->dimension + k] = f->images ? f->images[(size_t)i * 3 + k] : 0;
    return w->image_scratch;
}

static const double *packed(rc_h5md_writer *w, const double *vectors, int32_t count, int stride, int d)
{
    for (int32_t i = 0; i < count; i++)
        for (int k = 0; k < d; k++) w->scratch[(size_t)i * d + k] = vectors[(size_t)i * stride + k];
    return w->scratch;
}

rc_status rc_h5md_writer_write(rc_h5md_writer *writer, const rc_frame *frame)
{
    if (!writer) return rc_fail(RC_INVALID_ARGUMENT, "h5md writer: NULL");
    rc_status s = check_shape(writer, frame);
    if (!s && !writer->started) s = start(writer, frame);
    if (s) return s;
    rc_h5md_writer *w = writer;
    const rc_h5md_clock *clock = &w->particle_clock;
    int d = frame->dimension;
    errno = 0;
    rc_h5md_series *series = w->series;
    int32_t n = frame->count;
    bool ok = rc_h5md_series_append(&series[SERIES_POSITION], clock, packed(w, frame->positions, n, 3, d)) &&
              rc_h5md_series_append(&series[SERIES_EDGES], clock, frame->box) &&
              rc_h5md_series_append(&series[SERIES_IMAGE], clock, packed_images(w, frame)) &&
              rc_h5md_series_append(&series[SERIES_VELOCITY], clock, packed(w, frame->velocities, n, 3, d)) &&
              rc_h5md_series_append(&series[SERIES_SPECIES], clock, frame->species) &&
              rc_h5md_series_append(&series[SERIES_ID], clock, w->ids) &&
              rc_h5md_series_append(&series[SERIES_RADIUS], clock, frame->radii) &&
              (!frame->orientations ||
               rc_h5md_series_append(&series[SERIES_ORIENTATION], clock, frame->orientations)) &&
              rc_h5md_clock_tick(&w->particle_clock, frame->time) && H5Fflush(w->file, H5F_SCOPE_LOCAL) >= 0;
    return ok ? RC_OK : h5md_failed(w, "write a frame");
}

/* The observables group and one series per name, at the first row. */
static rc_status start_observables(rc_h5md_writer *w, int columns, const char *const *names)
{
    w->observables = calloc((size_t)columns, sizeof *w->observables);
    if (!w->observables) return rc_fail(RC_NO_MEMORY, "h5md output %s: out of memory", w->out.path);
    errno = 0;
    hid_t group = H5Gcreate2(w->file, "observables", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    bool ok = group >= 0;
    for (int c = 0; c < columns && ok; c++) {
        ok = rc_h5md_series_create(group, names[c], H5T_NATIVE_DOUBLE, 0, NULL, &w->observable_clock,
                                   &w->observables[c]);
        w->observable_count += ok;
    }
    if (group >= 0) H5Gclose(group);
    return ok ? RC_OK : h5md_failed(w, "create the observables");
}

rc_status rc_h5md_writer_observe(rc_h5md_writer *writer, double time, int columns, const char *const *names,
                                 const double *values)
{
    if (!writer) return rc_fail(RC_INVALID_ARGUMENT, "h5md writer: NULL");
    if (columns < 1 || !names || !values)
        return rc_fail(RC_INVALID_ARGUMENT, "h5md observables: %d columns with names %s and values %s", columns,
                       names ? "given" : "NULL", values ? "given" : "NULL");
    rc_h5md_writer *w = writer;
    if (!w->observables) {
        for (int c = 0; c < columns; c++)
            if (!names[c] || !names[c][0] || strchr(names[c], '/'))
                return rc_fail(RC_INVALID_ARGUMENT, "h5md observables names[%d]: not a group name", c);
        rc_status s = start_observables(w, columns, names);
        if (s) return s;
    }
    if (columns != w->observable_count)
        return rc_fail(RC_INVALID_ARGUMENT, "h5md observables: %d columns after rows of %d", columns,
                       w->observable_count);
    errno = 0;
    bool ok = true;
    for (int c = 0; c < columns && ok; c++) ok = rc_h5md_series_append(&w->observables[c], &w->observable_clock,
                                                                       &values[c]);
    ok = ok && rc_h5md_clock_tick(&w->observable_clock, time) && H5Fflush(w->file, H5F_SCOPE_LOCAL) >= 0;
    return ok ? RC_OK : h5md_failed(w, "write observables");
}

rc_status rc_h5md_writer_close(rc_h5md_writer *writer)
{
    if (!writer) return RC_OK;
    rc_h5md_writer *w = writer;
    for (int k = 0; k < SERIES; k++) rc_h5md_series_close(&w->series[k]);
    for (int c = 0; c < w->observable_count; c++) rc_h5md_series_close(&w->observables[c]);
    rc_h5md_clock_close(&w->particle_clock);
    rc_h5md_clock_close(&w->observable_clock);
    errno = 0;
    bool closed = w->file < 0 || H5Fclose(w->file) >= 0;
    rc_status s = closed ? RC_OK : h5md_failed(w, "finish writing");
    bool complete = w->file >= 0 && !w->failed;
    rc_status renamed = w->out.path ? rc_output_file_end(&w->out, complete) : RC_OK;
    free(w->observables);
    free(w->scratch);
    free(w->image_scratch);
    free(w->ids);
    free(w->author);
    free(w);
    return s ? s : renamed;
}

void rc_h5md_writer_abandon(rc_h5md_writer *writer)
{
    if (!writer) return;
    writer->failed = true;
    rc_h5md_writer_close(writer);
}
