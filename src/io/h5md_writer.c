/* SPDX-License-Identifier: MIT */
/* The H5MD trajectory writer (docs/design.md, "Files and tools"; ricochet/output.h; docs/formats.md, "trajectory.h5md"):
 * the H5MD 1.1 layout that h5py, MDAnalysis and VMD's H5MD plugin read.
 *
 *   /h5md                      attribute version = [1, 1]; groups author (name) and creator (name, version)
 *   /particles/all/box         attributes dimension, boundary ("periodic" or "none" per axis)
 *   /particles/all/position    step (n), time (n), value (n, N, D)    float64, wrapped into the box
 *   /particles/all/box/edges   value (n, D, D)                        float64: the box spans [0, edges[k][k]) along
 *                                                                     axis k (a diagonal matrix, the form MDAnalysis
 *                                                                     reads: its H5MD reader takes only matrices)
 *   /particles/all/image       value (n, N, D)                        int32: position + image * edges unwraps
 *   /particles/all/velocity    value (n, N, D)                        float64
 *   /particles/all/species     value (n, N)                           int32
 *   /particles/all/id          value (n, N)                           int32: the particle's index in the input
 *   /particles/all/radius      value (n, N)                           float64
 *   /particles/all/mass        value (n, N)                           float64
 *   /particles/all/orientation value (n, N, 4)                        float64 quaternions (w, x, y, z), when frames
 *                                                                     have orientations; attribute components on
 *                                                                     value = "w x y z" says so
 *   /particles/all/angular_velocity value (n, N, 3)                   float64 spins of rough particles, when frames
 *                                                                     have them (2D: 0 0 w_z)
 *   /observables/NAME          step (n), time (n), value (n)          float64, one per observable
 *   /curves/NAME/COLUMN        (rows)                                 float64 with attribute unit: a curve of the
 *                                                                     run's measurements, written once at its end
 *                                                                     (src/io/h5md_curve.c), replaced on resume
 *
 * D is the frame's dimension. Every value grows one sample at a time, chunked per sample and compressed (shuffle and
 * deflate); the particles' series share the step and time of position through hard links, the observables those
 * of the first observable. Step k is the k-th frame (or row) written. The first frame fixes the dimension, the count,
 * the boundary and whether orientations are written; a later frame that differs is refused (the edges may change).
 * HDF5 prints nothing: its automatic error printing is turned off when a writer opens. The file is written as
 * PATH.partial and renamed at a clean close (src/io/output_file.h); each frame is flushed, so a full disk is
 * reported by the frame that did not fit.
 *
 * A kill at any moment (docs/formats.md, "A kill and the files"): the file has HDF5's latest format, and the writer
 * goes into HDF5's single-writer/multiple-reader mode (SWMR, H5Fstart_swmr_write) at its first mark, for good. In
 * that mode HDF5 writes a chunk before the index that points to it and the index before the dataspace that counts
 * it, so the file on disk is one a reader can open at every moment, also after the writer died midway; what a dead
 * writer leaves undone is the superblock: it still says "open for writing" and its end of allocation may fall short
 * of the chunks last written. A resume does what `h5clear -s -i` does: opens the file with the status flags cleared
 * (the file-access property "clear_status_flags", which h5clear sets by name; a truncated file, whose end falls short
 * of its allocation, is still refused) and moves the end of allocation to the end of the file
 * (H5Fincrement_filesize); it goes into SWMR mode before it cuts, so that a kill during the resume is as harmless as
 * one during the run.
 *
 * A resume opens the file again, takes the layout from the box's attributes and the series' shapes, checks every
 * series against the mark, then cuts them all back to the mark's frames and rows (a family with none left is
 * removed, so that the next frame or row starts it anew). The observables' names are those of the file; a row
 * names its columns, which are matched to the series by name, so their order may change. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/status.h"
#include "io/h5md_series.h"
#include "io/hdf5_symbols.h"
#include "io/output_file.h"
#include "ricochet/output.h"

enum {
    SERIES_POSITION,
    SERIES_EDGES,
    SERIES_IMAGE,
    SERIES_VELOCITY,
    SERIES_SPECIES,
    SERIES_ID,
    SERIES_RADIUS,
    SERIES_MASS,
    SERIES_ORIENTATION,
    SERIES_SPIN,
    SERIES
};

/* The shape of one sample of a particles series. */
enum sample { VECTORS, EDGES, SCALARS, QUATERNIONS, SPINS };

/* The particles' series, under particles/all, position first (it creates the clock the others share). */
static const struct {
    const char *name;
    bool integer; /* int32, else float64 */
    enum sample sample;
} kinds[SERIES] = {
    [SERIES_POSITION] = {"position", false, VECTORS},
    [SERIES_EDGES] = {"box/edges", false, EDGES},
    [SERIES_IMAGE] = {"image", true, VECTORS},
    [SERIES_VELOCITY] = {"velocity", false, VECTORS},
    [SERIES_SPECIES] = {"species", true, SCALARS},
    [SERIES_ID] = {"id", true, SCALARS},
    [SERIES_RADIUS] = {"radius", false, SCALARS},
    [SERIES_MASS] = {"mass", false, SCALARS},
    [SERIES_ORIENTATION] = {"orientation", false, QUATERNIONS},
    [SERIES_SPIN] = {"angular_velocity", false, SPINS},
};

/* What the first frame fixes (or the file, for a resumed writer). */
typedef struct layout {
    int dimension;
    int32_t count;
    bool periodic[3];
    bool orientations;
    bool spins;
} layout;

struct rc_h5md_writer {
    rc_output_file out;
    hid_t file;
    char *author;
    bool started; /* the layout is fixed and the particles' series exist */
    bool failed;  /* a write failed: the file stays PATH.partial */
    bool swmr;    /* in HDF5's SWMR mode (from the first mark on) */
    layout shape;
    rc_h5md_clock particle_clock, observable_clock;
    rc_h5md_series series[SERIES];
    rc_h5md_series *observables;
    char **observable_names; /* the name of each of observables */
    int observable_count;
    double *scratch;        /* count * dimension */
    int32_t *image_scratch; /* count * dimension */
    int32_t *ids;           /* 0 .. count - 1 */
};

static rc_status h5md_failed(rc_h5md_writer *w, const char *what)
{
    w->failed = true;
    return rc_output_file_failed(&w->out, what, errno);
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
    for (int k = 0; k < pairs && ok; k++) ok = rc_h5md_set_string(group, attributes[2 * k], attributes[2 * k + 1]);
    if (group >= 0) H5Gclose(group);
    return ok;
}

static bool write_header(rc_h5md_writer *w)
{
    static const int32_t version[2] = {1, 1};
    hid_t h5md = H5Gcreate2(w->file, "h5md", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    bool ok = h5md >= 0 && set_integers(h5md, "version", 2, version) &&
              named_group(h5md, "author", 1, (const char *const[]){"name", w->author}) &&
              named_group(h5md, "creator", 2, (const char *const[]){"name", "ricochet", "version", rc_version_get()});
    if (h5md >= 0) H5Gclose(h5md);
    return ok;
}

/* The file-access properties of a writer: HDF5's latest format, which SWMR needs; for a resume also the one with which
 * h5clear opens a file a writer left in SWMR mode (its private property, by name, in HDF5 1.10 to 1.14; a library
 * without it opens only files closed cleanly). -1 on failure. */
static hid_t file_access(bool recover)
{
    hid_t access = H5Pcreate(H5P_FILE_ACCESS);
    if (access < 0 || H5Pset_libver_bounds(access, H5F_LIBVER_LATEST, H5F_LIBVER_LATEST) < 0) {
        if (access >= 0) H5Pclose(access);
        return -1;
    }
    hbool_t yes = true;
    if (recover && H5Pexist(access, "clear_status_flags") > 0) H5Pset(access, "clear_status_flags", &yes);
    return access;
}

/* Goes into SWMR mode once (H5Fstart_swmr_write flushes the file). */
static bool start_swmr(rc_h5md_writer *w)
{
    if (w->swmr) return true;
    w->swmr = H5Fstart_swmr_write(w->file) >= 0;
    return w->swmr;
}

/* A writer with nothing open but the names of its file (name: rc_output_file_begin for a new file,
 * rc_output_file_find for one to resume), HDF5 loaded and its error printing off. */
static rc_status new_writer(const char *path, rc_status (*name)(rc_output_file *, const char *, const char *),
                            rc_h5md_writer **writer)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md writer: NULL result");
    *writer = NULL;
    rc_status s = rc_library_open(&rc_hdf5_library);
    if (s) return s;
    rc_h5md_writer *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_STATUS_NO_MEMORY, "h5md output: out of memory");
    w->file = w->particle_clock.step = w->particle_clock.time = -1;
    w->observable_clock = w->particle_clock;
    for (int k = 0; k < SERIES; k++) w->series[k].value = -1;
    s = name(&w->out, "h5md", path);
    if (s) {
        free(w);
        return s;
    }
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    *writer = w;
    return RC_STATUS_OK;
}

rc_status rc_h5md_writer_open(const char *path, const char *author, rc_h5md_writer **writer)
{
    rc_status s = new_writer(path, rc_output_file_begin, writer);
    if (s) return s;
    rc_h5md_writer *w = *writer;
    *writer = NULL;
    w->author = strdup(author && author[0] ? author : "unknown");
    if (!w->author) {
        rc_h5md_writer_close(w);
        return rc_fail(RC_STATUS_NO_MEMORY, "h5md output %s: out of memory", path);
    }
    errno = 0;
    hid_t access = file_access(false);
    /* a new PATH.partial is created exclusively (O_EXCL: never through a link planted since it was removed) */
    unsigned create = w->out.direct ? H5F_ACC_TRUNC : H5F_ACC_EXCL;
    w->file = access >= 0 ? H5Fcreate(w->out.partial, create, H5P_DEFAULT, access) : -1;
    if (access >= 0) H5Pclose(access);
    if (w->file < 0 || !write_header(w)) {
        s = h5md_failed(w, w->file < 0 ? "open for writing" : "write the h5md group");
        rc_h5md_writer_close(w);
        return s;
    }
    *writer = w;
    return RC_STATUS_OK;
}

/* The box group with its attributes; its edges series comes after position's, whose clock it shares. */
static hid_t create_box(hid_t group, const rc_frame *f)
{
    hid_t box = H5Gcreate2(group, "box", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    hid_t type = H5Tcopy(H5T_C_S1);
    hsize_t dims[1] = {(hsize_t)f->dimension};
    hid_t space = H5Screate_simple(1, dims, NULL);
    char names[3][RC_H5MD_BOUNDARY_SIZE] = {{0}};
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

/* The shape of a sample of the series of kind k (its rank). */
static int sample_shape(int k, const layout *l, hsize_t shape[2])
{
    hsize_t n = (hsize_t)l->count, d = (hsize_t)l->dimension;
    switch (kinds[k].sample) {
    case VECTORS: shape[0] = n, shape[1] = d; return 2;
    case QUATERNIONS: shape[0] = n, shape[1] = 4; return 2;
    case SPINS: shape[0] = n, shape[1] = 3; return 2;
    case EDGES: shape[0] = shape[1] = d; return 2;
    case SCALARS: shape[0] = n; return 1;
    }
    return 0;
}

static hid_t memory_type(int k) { return kinds[k].integer ? H5T_NATIVE_INT32 : H5T_NATIVE_DOUBLE; }

/* The series the layout has: orientation only with orientations, angular_velocity only with spins. */
static bool has_series(const layout *l, int k)
{
    return k == SERIES_ORIENTATION ? l->orientations : k == SERIES_SPIN ? l->spins : true;
}

/* The attribute unit as a variable-length UTF-8 string, which h5py hands back as text (MDAnalysis compares it with
 * its table's names; a fixed-length string comes back as bytes). */
static bool set_unit(hid_t object, const char *unit)
{
    hid_t type = H5Tcopy(H5T_C_S1), space = H5Screate(H5S_SCALAR), attribute = -1;
    bool ok = type >= 0 && space >= 0 && H5Tset_size(type, H5T_VARIABLE) >= 0 &&
              H5Tset_cset(type, H5T_CSET_UTF8) >= 0 &&
              (attribute = H5Acreate2(object, "unit", type, space, H5P_DEFAULT, H5P_DEFAULT)) >= 0 &&
              H5Awrite(attribute, type, &unit) >= 0;
    if (attribute >= 0) H5Aclose(attribute);
    if (space >= 0) H5Sclose(space);
    if (type >= 0) H5Tclose(type);
    return ok;
}

/* What MDAnalysis.Universe(PATH) needs to open the file with no other argument (docs/formats.md, "trajectory.h5md"):
 * a particles group named `trajectory`, the only name its minimal topology looks for (a soft link to particles/all,
 * the H5MD convention, which LAMMPS's dump h5md and pyh5md use and ricochet's readers take first), and unit
 * attributes it knows, without which it refuses the file: the scene's units under MDAnalysis's base names (Angstrom,
 * ps), so that it converts nothing. */
static bool name_for_mdanalysis(rc_h5md_writer *w)
{
    bool ok = set_unit(w->series[SERIES_POSITION].value, "Angstrom") &&
              set_unit(w->series[SERIES_EDGES].value, "Angstrom") &&
              set_unit(w->series[SERIES_VELOCITY].value, "Angstrom ps-1") && set_unit(w->particle_clock.time, "ps");
    if (ok && !rc_h5md_exists(w->file, "particles/trajectory"))
        ok = H5Lcreate_soft("/particles/all", w->file, "particles/trajectory", H5P_DEFAULT, H5P_DEFAULT) >= 0;
    return ok;
}

/* The particles group and its series, shaped by the first frame. */
static bool start_particles(rc_h5md_writer *w, const rc_frame *f)
{
    hid_t links = H5Pcreate(H5P_LINK_CREATE);
    hid_t group = links >= 0 && H5Pset_create_intermediate_group(links, 1) >= 0
                      ? H5Gcreate2(w->file, "particles/all", links, H5P_DEFAULT, H5P_DEFAULT)
                      : -1;
    if (links >= 0) H5Pclose(links);
    hid_t box = group >= 0 ? create_box(group, f) : -1;
    bool ok = box >= 0;
    for (int k = 0; k < SERIES && ok; k++) {
        hsize_t shape[2];
        int rank = sample_shape(k, &w->shape, shape);
        ok = !has_series(&w->shape, k) || rc_h5md_series_create(group, kinds[k].name, memory_type(k), rank, shape,
                                                                &w->particle_clock, &w->series[k]);
    }
    if (ok && w->shape.orientations)
        ok = rc_h5md_set_string(w->series[SERIES_ORIENTATION].value, "components", "w x y z");
    if (ok) ok = name_for_mdanalysis(w);
    if (box >= 0) H5Gclose(box);
    if (group >= 0) H5Gclose(group);
    return ok;
}

/* The bonds of the first frame as H5MD's connectivity module has them: /connectivity/bonds, an (N, 2) integer dataset
 * of the particles' ids, with the attribute particles_group, an object reference to /particles/all; and
 * /connectivity/bond_types, the bond type of each row (an array ricochet adds: the module has no types). Bonds
 * do not change in a run, so both are fixed, without a step or time. */
static bool write_connectivity(rc_h5md_writer *w, const rc_frame *f)
{
    hsize_t rows = (hsize_t)f->bond_count, dims[2] = {rows, 2};
    int32_t *pairs = malloc(3 * (size_t)rows * sizeof *pairs);
    if (!pairs) return false;
    int32_t *types = pairs + 2 * rows;
    for (hsize_t k = 0; k < rows; k++)
        pairs[2 * k] = f->bonds[3 * k], pairs[2 * k + 1] = f->bonds[3 * k + 1], types[k] = f->bonds[3 * k + 2];
    hid_t group = H5Gcreate2(w->file, "connectivity", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    hid_t space = H5Screate_simple(2, dims, NULL), line = H5Screate_simple(1, dims, NULL);
    hid_t scalar = H5Screate(H5S_SCALAR);
    hid_t set = group >= 0 && space >= 0
                    ? H5Dcreate2(group, "bonds", H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)
                    : -1;
    hid_t typeset = group >= 0 && line >= 0
                        ? H5Dcreate2(group, "bond_types", H5T_STD_I32LE, line, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT)
                        : -1;
    hobj_ref_t reference;
    hid_t attribute = set >= 0 && scalar >= 0
                          ? H5Acreate2(set, "particles_group", H5T_STD_REF_OBJ, scalar, H5P_DEFAULT, H5P_DEFAULT)
                          : -1;
    bool ok = set >= 0 && typeset >= 0 && attribute >= 0 &&
              H5Dwrite(set, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, pairs) >= 0 &&
              H5Dwrite(typeset, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, types) >= 0 &&
              H5Rcreate(&reference, w->file, "/particles/all", H5R_OBJECT, -1) >= 0 &&
              H5Awrite(attribute, H5T_STD_REF_OBJ, &reference) >= 0;
    if (attribute >= 0) H5Aclose(attribute);
    if (typeset >= 0) H5Dclose(typeset);
    if (set >= 0) H5Dclose(set);
    if (scalar >= 0) H5Sclose(scalar);
    if (line >= 0) H5Sclose(line);
    if (space >= 0) H5Sclose(space);
    if (group >= 0) H5Gclose(group);
    free(pairs);
    return ok;
}

/* Fixes the layout at the first frame; refuses a later frame of another shape. */
static rc_status check_shape(rc_h5md_writer *w, const rc_frame *f)
{
    rc_status s = rc_frame_check(f);
    if (s || !w->started) return s;
    const layout *first = &w->shape;
    if (f->dimension != first->dimension || f->count != first->count || !f->orientations == first->orientations ||
        !f->angular_velocities == first->spins)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "h5md output %s: a frame of %d particles in %dD%s%s after frames of %d "
                       "in %dD%s%s",
                       w->out.path, (int)f->count, f->dimension, f->orientations ? " with orientations" : "",
                       f->angular_velocities ? " with spins" : "", (int)first->count, first->dimension,
                       first->orientations ? " with orientations" : "", first->spins ? " with spins" : "");
    for (int k = 0; k < 3; k++)
        if (f->periodic[k] != first->periodic[k])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "h5md output %s: axis %d changed between periodic and closed (the file "
                           "keeps one boundary)",
                           w->out.path, k);
    return RC_STATUS_OK;
}

/* The scratch buffers and ids of the layout, which the writer keeps from now on. */
static rc_status fix_layout(rc_h5md_writer *w, const layout *l)
{
    size_t n = l->count > 0 ? (size_t)l->count : 1;
    w->scratch = malloc(n * 4 * sizeof *w->scratch);
    w->image_scratch = malloc(n * 3 * sizeof *w->image_scratch);
    w->ids = malloc(n * sizeof *w->ids);
    if (!w->scratch || !w->image_scratch || !w->ids)
        return rc_fail(RC_STATUS_NO_MEMORY, "h5md output %s: out of memory", w->out.path);
    for (int32_t i = 0; i < l->count; i++) w->ids[i] = i;
    w->shape = *l;
    return RC_STATUS_OK;
}

static rc_status start(rc_h5md_writer *w, const rc_frame *f)
{
    layout l = {.dimension = f->dimension,
                .count = f->count,
                .orientations = f->orientations != NULL,
                .spins = f->angular_velocities != NULL};
    memcpy(l.periodic, f->periodic, sizeof f->periodic);
    rc_status s = fix_layout(w, &l);
    if (s) return s;
    errno = 0;
    if (!start_particles(w, f)) return h5md_failed(w, "create the particles group");
    if (f->bond_count > 0 && f->bonds && !write_connectivity(w, f)) return h5md_failed(w, "write the connectivity");
    w->started = true;
    return RC_STATUS_OK;
}

/* The images of a frame as count x d (zeros when the frame has none). */
static const int32_t *packed_images(rc_h5md_writer *w, const rc_frame *f)
{
    for (int32_t i = 0; i < f->count; i++)
        for (int k = 0; k < f->dimension; k++)
            w->image_scratch[(size_t)i * f->dimension + k] = f->images ? f->images[(size_t)i * 3 + k] : 0;
    return w->image_scratch;
}

/* The edges as the d x d matrix of the box, one edge vector a row: diagonal, but for a sheared box's gradient edge,
 * which leans by the tilt along the flow axis (H5MD's triclinic box, as MDAnalysis reads it). */
static const double *edge_matrix(const rc_frame *f, double matrix[9])
{
    int d = f->dimension;
    for (int j = 0; j < d; j++)
        for (int k = 0; k < d; k++) matrix[j * d + k] = j == k ? f->box[k] : 0;
    if (f->tilt != 0) matrix[f->tilt_gradient * d + f->tilt_flow] = f->tilt;
    return matrix;
}

/* The first d of every `stride` components of count vectors, packed. */
static const double *packed(rc_h5md_writer *w, const double *vectors, int32_t count, int stride, int d)
{
    for (int32_t i = 0; i < count; i++)
        for (int k = 0; k < d; k++) w->scratch[(size_t)i * d + k] = vectors[(size_t)i * stride + k];
    return w->scratch;
}

rc_status rc_h5md_writer_write(rc_h5md_writer *writer, const rc_frame *frame)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md writer: NULL");
    rc_status s = check_shape(writer, frame);
    if (!s && !writer->started) s = start(writer, frame);
    if (s) return s;
    rc_h5md_writer *w = writer;
    const rc_h5md_clock *clock = &w->particle_clock;
    int d = frame->dimension;
    errno = 0;
    rc_h5md_series *series = w->series;
    int32_t n = frame->count;
    double edges[9];
    bool ok =
        rc_h5md_series_append(&series[SERIES_POSITION], clock, packed(w, frame->positions, n, 3, d)) &&
        rc_h5md_series_append(&series[SERIES_EDGES], clock, edge_matrix(frame, edges)) &&
        rc_h5md_series_append(&series[SERIES_IMAGE], clock, packed_images(w, frame)) &&
        rc_h5md_series_append(&series[SERIES_VELOCITY], clock, packed(w, frame->velocities, n, 3, d)) &&
        rc_h5md_series_append(&series[SERIES_SPECIES], clock, frame->species) &&
        rc_h5md_series_append(&series[SERIES_ID], clock, w->ids) &&
        rc_h5md_series_append(&series[SERIES_RADIUS], clock, frame->radii) &&
        rc_h5md_series_append(&series[SERIES_MASS], clock, frame->masses) &&
        (!frame->orientations || rc_h5md_series_append(&series[SERIES_ORIENTATION], clock, frame->orientations)) &&
        (!frame->angular_velocities || rc_h5md_series_append(&series[SERIES_SPIN], clock, frame->angular_velocities)) &&
        rc_h5md_clock_tick(&w->particle_clock, frame->time) && H5Fflush(w->file, H5F_SCOPE_LOCAL) >= 0;
    return ok ? RC_STATUS_OK : h5md_failed(w, "write a frame");
}

/* Room for `columns` observables' series and names. */
static rc_status allocate_observables(rc_h5md_writer *w, int columns)
{
    w->observables = calloc((size_t)columns, sizeof *w->observables);
    w->observable_names = calloc((size_t)columns, sizeof *w->observable_names);
    if (!w->observables || !w->observable_names)
        return rc_fail(RC_STATUS_NO_MEMORY, "h5md output %s: out of memory", w->out.path);
    w->observable_count = columns;
    for (int c = 0; c < columns; c++) w->observables[c].value = -1;
    return RC_STATUS_OK;
}

/* The observables group and one series per name, at the first row. */
static rc_status start_observables(rc_h5md_writer *w, int columns, const char *const *names)
{
    rc_status s = allocate_observables(w, columns);
    if (s) return s;
    for (int c = 0; c < columns; c++)
        if (!(w->observable_names[c] = strdup(names[c])))
            return rc_fail(RC_STATUS_NO_MEMORY, "h5md output %s: out of memory", w->out.path);
    errno = 0;
    hid_t group = H5Gcreate2(w->file, "observables", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    bool ok = group >= 0;
    for (int c = 0; c < columns && ok; c++)
        ok = rc_h5md_series_create(group, names[c], H5T_NATIVE_DOUBLE, 0, NULL, &w->observable_clock,
                                   &w->observables[c]);
    if (group >= 0) H5Gclose(group);
    return ok ? RC_STATUS_OK : h5md_failed(w, "create the observables");
}

/* Puts the series in the order of names, which must be the writer's names (in any order). */
static rc_status match_observables(rc_h5md_writer *w, int columns, const char *const *names)
{
    if (columns != w->observable_count)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md observables: %d columns after rows of %d", columns,
                       w->observable_count);
    for (int c = 0; c < columns; c++) {
        int j = c;
        while (j < columns && strcmp(names[c], w->observable_names[j]) != 0) j++;
        if (j == columns)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "h5md output %s: observables/%s (column %d) is not one of the "
                           "file's observables (\"%s\" is in its place)",
                           w->out.path, names[c], c, w->observable_names[c]);
        rc_h5md_series series = w->observables[c];
        char *name = w->observable_names[c];
        w->observables[c] = w->observables[j], w->observable_names[c] = w->observable_names[j];
        w->observables[j] = series, w->observable_names[j] = name;
    }
    return RC_STATUS_OK;
}

rc_status rc_h5md_writer_observe(rc_h5md_writer *writer, double time, int columns, const char *const *names,
                                 const double *values)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md writer: NULL");
    if (columns < 1 || !names || !values)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md observables: %d columns with names %s and values %s", columns,
                       names ? "given" : "NULL", values ? "given" : "NULL");
    rc_h5md_writer *w = writer;
    for (int c = 0; c < columns; c++)
        if (!names[c] || !names[c][0] || strchr(names[c], '/'))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md observables names[%d]: not a group name", c);
    rc_status s = w->observables ? RC_STATUS_OK : start_observables(w, columns, names);
    if (!s) s = match_observables(w, columns, names);
    if (s) return s;
    errno = 0;
    bool ok = true;
    for (int c = 0; c < columns && ok; c++)
        ok = rc_h5md_series_append(&w->observables[c], &w->observable_clock, &values[c]);
    ok = ok && rc_h5md_clock_tick(&w->observable_clock, time) && H5Fflush(w->file, H5F_SCOPE_LOCAL) >= 0;
    return ok ? RC_STATUS_OK : h5md_failed(w, "write observables");
}

rc_status rc_h5md_writer_curve(rc_h5md_writer *writer, const char *name, int rows, int columns,
                               const char *const *names, const char *const *units, const double *values)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md writer: NULL");
    if (!name || !name[0] || strchr(name, '/') || rows < 0 || columns < 1 || !names || !units || (rows && !values))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "h5md curve %s: %d rows of %d columns, names %s, units %s, values %s", name ? name : "(NULL)",
                       rows, columns, names ? "given" : "NULL", units ? "given" : "NULL", values ? "given" : "NULL");
    for (int c = 0; c < columns; c++)
        if (!names[c] || !names[c][0] || strchr(names[c], '/') || !units[c])
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md curve %s names[%d]: not a dataset name with a unit", name,
                           c);
    double *column = malloc((size_t)(rows ? rows : 1) * sizeof *column);
    if (!column) return rc_fail(RC_STATUS_NO_MEMORY, "h5md output %s: out of memory", writer->out.path);
    errno = 0;
    bool ok = rc_h5md_curve_write(writer->file, name, rows, columns, names, units, values, column) &&
              H5Fflush(writer->file, H5F_SCOPE_LOCAL) >= 0;
    free(column);
    return ok ? RC_STATUS_OK : h5md_failed(writer, "write the curves");
}

rc_status rc_h5md_writer_close(rc_h5md_writer *writer)
{
    if (!writer) return RC_STATUS_OK;
    rc_h5md_writer *w = writer;
    for (int k = 0; k < SERIES; k++) rc_h5md_series_close(&w->series[k]);
    for (int c = 0; c < w->observable_count; c++) {
        rc_h5md_series_close(&w->observables[c]);
        free(w->observable_names[c]);
    }
    rc_h5md_clock_close(&w->particle_clock);
    rc_h5md_clock_close(&w->observable_clock);
    errno = 0;
    bool closed = w->file < 0 || H5Fclose(w->file) >= 0;
    rc_status s = closed ? RC_STATUS_OK : h5md_failed(w, "finish writing");
    bool complete = w->file >= 0 && !w->failed;
    rc_status renamed = w->out.path ? rc_output_file_end(&w->out, complete) : RC_STATUS_OK;
    free(w->observables);
    free(w->observable_names);
    free(w->scratch);
    free(w->image_scratch);
    free(w->ids);
    free(w->author);
    free(w);
    return s ? s : renamed;
}

void rc_h5md_writer_close_unfinished(rc_h5md_writer *writer)
{
    if (!writer) return;
    writer->failed = true;
    rc_h5md_writer_close(writer);
}

rc_status rc_h5md_writer_mark(rc_h5md_writer *writer, rc_output_mark *mark)
{
    if (!writer || !mark)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md writer mark: NULL %s", mark ? "writer" : "mark");
    *mark = (rc_output_mark){.frames = (int64_t)writer->particle_clock.length,
                             .rows = (int64_t)writer->observable_clock.length};
    errno = 0;
    bool ok = writer->swmr ? H5Fflush(writer->file, H5F_SCOPE_LOCAL) >= 0 : start_swmr(writer);
    return ok ? RC_STATUS_OK : h5md_failed(writer, "flush");
}

/* ---- resuming ---------------------------------------------------------------------------------------------- */

static rc_status damaged(const rc_h5md_writer *w, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                   "h5md output %s: %s: the file is damaged beyond the checkpoint (as a kill "
                   "during a write leaves it); resume into a new run folder instead (--out DIR)",
                   rc_output_file_found(&w->out), what);
}

static rc_status lacks(const rc_h5md_writer *w, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md output %s: the file lacks %s", rc_output_file_found(&w->out),
                   what);
}

/* "(n, a, b)": a series of samples of the given shape. */
static const char *describe(char *text, size_t size, int rank, const hsize_t *shape)
{
    int n = snprintf(text, size, "(n");
    for (int k = 0; k < rank && k < 2; k++)
        n += snprintf(text + n, size - (size_t)n, ", %llu", (unsigned long long)shape[k]);
    snprintf(text + n, size - (size_t)n, "%s)", rank > 2 ? ", ..." : "");
    return text;
}

enum { PATH_SIZE = 160 };

/* Opens the series family/name of the file (under group), named path in messages, and checks that it and its clock
 * hold the samples the mark keeps. */
static rc_status reattach(rc_h5md_writer *w, hid_t group, const char *family, const char *name, hid_t type,
                          rc_h5md_clock *clock, rc_h5md_series *series, hsize_t kept, char path[PATH_SIZE])
{
    snprintf(path, PATH_SIZE, "%s/%s", family, name);
    if (!rc_h5md_exists(group, name)) return lacks(w, path);
    hsize_t samples = 0;
    if (!rc_h5md_series_open(group, name, type, clock, series, &samples)) return damaged(w, path);
    if (clock->length < samples) samples = clock->length;
    if (samples < kept)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "h5md output %s: %s holds %llu samples, fewer than the %llu of the mark "
                       "to resume from",
                       rc_output_file_found(&w->out), path, (unsigned long long)samples, (unsigned long long)kept);
    return RC_STATUS_OK;
}

/* Checks that the samples of a series reattached at path have the shape the layout gives (position's count, the
 * box's dimension; one number for an observable). */
static rc_status check_sample(const rc_h5md_writer *w, const char *path, const rc_h5md_series *series, int rank,
                              const hsize_t *shape)
{
    char found[64], expected[64];
    if (series->rank == rank && (!rank || memcmp(series->shape, shape, (size_t)rank * sizeof *shape) == 0))
        return RC_STATUS_OK;
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md output %s: %s/value is %s, not %s (other dimensions)",
                   rc_output_file_found(&w->out), path, describe(found, sizeof found, series->rank, series->shape),
                   describe(expected, sizeof expected, rank, shape));
}

/* The layout from particles/all/box's attributes and position's shape, and every particles series opened. */
static rc_status reattach_particles(rc_h5md_writer *w, hid_t group, hsize_t frames)
{
    hid_t box = rc_h5md_exists(group, "box") ? H5Gopen2(group, "box", H5P_DEFAULT) : -1;
    layout l = {.orientations = rc_h5md_exists(group, "orientation"),
                .spins = rc_h5md_exists(group, "angular_velocity")};
    bool ok = box >= 0 && rc_h5md_box_read(box, &l.dimension, l.periodic);
    if (box >= 0) H5Gclose(box);
    if (!ok) return lacks(w, "particles/all/box's attributes dimension (2 or 3) and boundary (one per axis)");
    rc_status s = RC_STATUS_OK;
    for (int k = 0; k < SERIES && !s; k++) {
        if (!has_series(&l, k)) continue;
        char path[PATH_SIZE];
        rc_h5md_series *series = &w->series[k];
        s = reattach(w, group, "particles/all", kinds[k].name, memory_type(k), &w->particle_clock, series, frames,
                     path);
        if (!s && k == SERIES_POSITION) /* position tells the count */
            l.count = series->rank == 2 && series->shape[0] <= INT32_MAX ? (int32_t)series->shape[0] : -1;
        hsize_t shape[2];
        int rank = sample_shape(k, &l, shape);
        if (!s) s = check_sample(w, path, series, rank, shape);
    }
    return s ? s : fix_layout(w, &l);
}

/* The name of the observable c of the file, into the writer's names. */
static rc_status read_name(rc_h5md_writer *w, hid_t group, int c)
{
    ssize_t size = H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, (hsize_t)c, NULL, 0, H5P_DEFAULT);
    char *name = size >= 0 ? w->observable_names[c] = malloc((size_t)size + 1) : NULL;
    if (size >= 0 && !name) return rc_fail(RC_STATUS_NO_MEMORY, "h5md output %s: out of memory", w->out.path);
    bool ok = name && H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, (hsize_t)c, name, (size_t)size + 1,
                                         H5P_DEFAULT) == size;
    return ok ? RC_STATUS_OK : damaged(w, "observables");
}

/* Every series under observables, with its name. */
static rc_status reattach_observables(rc_h5md_writer *w, hid_t group, hsize_t rows)
{
    H5G_info_t info;
    if (H5Gget_info(group, &info) < 0) return damaged(w, "observables");
    if (info.nlinks == 0 || info.nlinks > INT_MAX) return lacks(w, "the observables' series");
    rc_status s = allocate_observables(w, (int)info.nlinks);
    for (int c = 0; c < w->observable_count && !s; c++) {
        char path[PATH_SIZE];
        s = read_name(w, group, c);
        if (!s)
            s = reattach(w, group, "observables", w->observable_names[c], H5T_NATIVE_DOUBLE, &w->observable_clock,
                         &w->observables[c], rows, path);
        if (!s) s = check_sample(w, path, &w->observables[c], 0, NULL);
    }
    return s;
}

/* Opens the family at `name` with open_family when the mark keeps samples of it. */
static rc_status reattach_family(rc_h5md_writer *w, const char *name, hsize_t kept,
                                 rc_status (*open_family)(rc_h5md_writer *, hid_t, hsize_t))
{
    if (!kept) return RC_STATUS_OK;
    if (!rc_h5md_exists(w->file, name)) return lacks(w, name);
    hid_t group = H5Gopen2(w->file, name, H5P_DEFAULT);
    if (group < 0) return damaged(w, name);
    rc_status s = open_family(w, group, kept);
    H5Gclose(group);
    return s;
}

/* Removes a family the mark keeps nothing of, so that it starts anew, and the curves, which the run writes again when
 * it ends (an interrupted run wrote those of its part); before SWMR mode, which removes no links. */
static bool drop(rc_h5md_writer *w, hsize_t frames, hsize_t rows)
{
    bool ok = !rc_h5md_exists(w->file, "curves") || H5Ldelete(w->file, "curves", H5P_DEFAULT) >= 0;
    if (ok && !frames && rc_h5md_exists(w->file, "particles")) ok = H5Ldelete(w->file, "particles", H5P_DEFAULT) >= 0;
    if (ok && !rows && rc_h5md_exists(w->file, "observables")) ok = H5Ldelete(w->file, "observables", H5P_DEFAULT) >= 0;
    return ok;
}

/* Cuts every series the writer opened back to the mark. */
static bool cut(rc_h5md_writer *w, hsize_t frames, hsize_t rows)
{
    bool ok = true;
    for (int k = 0; k < SERIES && ok; k++) ok = w->series[k].value < 0 || rc_h5md_series_cut(&w->series[k], frames);
    for (int c = 0; c < w->observable_count && ok; c++) ok = rc_h5md_series_cut(&w->observables[c], rows);
    ok = ok && (!frames || rc_h5md_clock_cut(&w->particle_clock, frames)) &&
         (!rows || rc_h5md_clock_cut(&w->observable_clock, rows));
    return ok && H5Fflush(w->file, H5F_SCOPE_LOCAL) >= 0;
}

/* Opens the file found, checks it against the mark, then cuts it back and makes it PATH.partial. */
static rc_status attach(rc_h5md_writer *w, const rc_output_mark *mark)
{
    if (w->out.direct)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "h5md output %s: a device or a pipe cannot be resumed into (HDF5 reads "
                       "the file back); write H5MD to a regular file",
                       w->out.path);
    const char *found = rc_output_file_found(&w->out);
    if (access(found, R_OK | W_OK) != 0) return rc_output_file_failed(&w->out, "open it to resume", errno);
    hid_t access = file_access(true);
    w->file = access >= 0 ? H5Fopen(found, H5F_ACC_RDWR, access) : -1;
    if (access >= 0) H5Pclose(access);
    if (w->file < 0) return damaged(w, "HDF5 cannot open it");
    if (H5Fincrement_filesize(w->file, 0) < 0) return damaged(w, "HDF5 cannot extend its allocation to its end");
    hsize_t frames = (hsize_t)mark->frames, rows = (hsize_t)mark->rows;
    rc_status s = reattach_family(w, "particles/all", frames, reattach_particles);
    if (!s) s = reattach_family(w, "observables", rows, reattach_observables);
    if (s) return s;
    w->started = frames > 0;
    if (!drop(w, frames, rows)) return damaged(w, "HDF5 cannot remove a family the mark keeps nothing of");
    if (!start_swmr(w)) return damaged(w, "HDF5 cannot go into SWMR mode (it needs the latest format)");
    if (!cut(w, frames, rows)) return damaged(w, "HDF5 cannot cut its series back to the mark");
    return rc_output_file_adopt(&w->out);
}

rc_status rc_h5md_writer_open_at_mark(const char *path, const char *author, const rc_output_mark *mark,
                                      rc_h5md_writer **writer)
{
    (void)author; /* the file keeps its h5md group */
    rc_status s = rc_output_file_check_mark("h5md", path, mark);
    if (!s) s = new_writer(path, rc_output_file_find, writer);
    if (s) return s;
    s = attach(*writer, mark);
    if (s) {
        rc_h5md_writer_close_unfinished(*writer);
        *writer = NULL;
    }
    return s;
}
