/* SPDX-License-Identifier: MIT */
/* Reading H5MD frames (ricochet/trajectory.h; the layout of src/io/h5md_writer.c, docs/formats.md): frame k is row k
 * of particles/G/{position, velocity, radius, mass, species, orientation, image}/value with its time, in the box of
 * particles/G/box, where G is `all` or else the file's one particles group (MDAnalysis writes `trajectory`) (edges a time series, or one fixed dataset; each a vector of D edges or a D x D matrix, one edge a
 * row, as H5MD allows: diagonal, or a sheared cell's with one off-diagonal Lees-Edwards tilt). position is required; the others are read when present (else 0, 0.5, 1, 0, none and none: images NULL). */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/h5md_series.h"
#include "io/hdf5_symbols.h"
#include "io/trajectory_input.h"

enum { POSITION, VELOCITY, RADIUS, MASS, SPECIES, ORIENTATION, IMAGE, EDGES, SETS };
static const char *const names[SETS] = {"position", "velocity",    "radius", "mass",
                                        "species",  "orientation", "image",  "box/edges"};

enum { GROUP_SIZE = 80 }; /* "particles/" and a group name of up to 64 bytes */

struct rc_h5md_input {
    char *path;
    char group[GROUP_SIZE]; /* particles/G */
    hid_t file;
    hid_t sets[SETS], time; /* -1 when absent */
    hsize_t frames, next;
    hsize_t file_bytes; /* the file's size: what its chunks can hold at most */
    int dimension;
    int32_t count;
    double cell[9];   /* the fixed edges, when they are not a time series: a D x D matrix, one edge a row */
    bool edge_matrix; /* the edges series holds D x D matrices, not vectors */
    bool periodic[3];
    double *scratch;        /* count * 4 */
    int32_t *image_scratch; /* count * dimension */
};

static rc_status bad(const rc_h5md_input *in, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md input %s: %s", in->path, what);
}

/* A fault of the particles group's member `what`, named with its path. */
static rc_status bad_member(const rc_h5md_input *in, const char *what)
{
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "h5md input %s: %s/%s", in->path, in->group, what);
}

/* The particles group read: particles/all, else the only group under particles. */
static rc_status find_group(rc_h5md_input *in)
{
    snprintf(in->group, sizeof in->group, "particles/all");
    if (rc_h5md_exists(in->file, in->group)) return RC_STATUS_OK;
    hid_t particles = rc_h5md_exists(in->file, "particles") ? H5Gopen2(in->file, "particles", H5P_DEFAULT) : -1;
    H5G_info_t info = {0};
    char name[GROUP_SIZE - 10] = "";
    ssize_t length = -1;
    if (particles >= 0 && H5Gget_info(particles, &info) >= 0 && info.nlinks == 1)
        length = H5Lget_name_by_idx(particles, ".", H5_INDEX_NAME, H5_ITER_INC, 0, name, sizeof name, H5P_DEFAULT);
    if (particles >= 0) H5Gclose(particles);
    if (length <= 0 || (size_t)length >= sizeof name || strchr(name, '/'))
        return bad(in, "particles: no group `all`, nor exactly one other group (of a name up to 64 bytes) to read");
    snprintf(in->group, sizeof in->group, "particles/%s", name);
    return RC_STATUS_OK;
}

static hid_t open_set(const rc_h5md_input *in, const char *member, const char *name)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s/%s", in->group, member, name);
    return rc_h5md_exists(in->file, path) ? H5Dopen2(in->file, path, H5P_DEFAULT) : -1;
}

/* Whether a dataset's type in the file is a standard one: an IEEE float of 32 or 64 bits, or an integer of 8 to 64
 * bits with no padding. HDF5's conversion of a malformed float type (a fuzzer made one) reads past its buffer, so no
 * other type is converted. */
static bool standard_type(hid_t set)
{
    hid_t type = H5Dget_type(set);
    if (type < 0) return false;
    bool ok = false;
    H5T_class_t class = H5Tget_class(type);
    if (class == H5T_FLOAT) {
        ok = H5Tequal(type, H5T_IEEE_F64LE) > 0 || H5Tequal(type, H5T_IEEE_F64BE) > 0 ||
             H5Tequal(type, H5T_IEEE_F32LE) > 0 || H5Tequal(type, H5T_IEEE_F32BE) > 0;
    } else if (class == H5T_INTEGER) {
        size_t size = H5Tget_size(type);
        ok = (size == 1 || size == 2 || size == 4 || size == 8) && H5Tget_precision(type) == 8 * size &&
             H5Tget_offset(type) == 0;
    }
    H5Tclose(type);
    return ok;
}

/* The cell (D x D, one edge a row) from `points` values read: D edges (a rectangular box), or a D x D matrix. */
static void take_edges(int d, hssize_t points, const double *values, double cell[9])
{
    for (int j = 0; j < d; j++)
        for (int k = 0; k < d; k++) cell[j * d + k] = points == d ? (j == k ? values[k] : 0) : values[j * d + k];
}

/* The box: dimension, boundary, and edges when they are one fixed dataset; sets in->dimension. */
static rc_status read_box(rc_h5md_input *in)
{
    char path[160];
    snprintf(path, sizeof path, "%s/box", in->group);
    hid_t box = rc_h5md_exists(in->file, path) ? H5Gopen2(in->file, path, H5P_DEFAULT) : -1;
    bool ok = box >= 0 && rc_h5md_box_read(box, &in->dimension, in->periodic);
    bool fixed = ok && !rc_h5md_exists(box, "edges/value");
    hid_t edges = fixed ? H5Dopen2(box, "edges", H5P_DEFAULT) : -1;
    hid_t space = edges >= 0 ? H5Dget_space(edges) : -1;
    hssize_t points = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    double values[9];
    if (fixed) {
        ok = (points == in->dimension || points == in->dimension * in->dimension) && standard_type(edges) &&
             H5Dread(edges, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values) >= 0;
        if (ok) take_edges(in->dimension, points, values, in->cell);
    }
    if (space >= 0) H5Sclose(space);
    if (edges >= 0) H5Dclose(edges);
    if (box >= 0) H5Gclose(box);
    return ok ? RC_STATUS_OK : bad_member(in, "box: no dimension 2 or 3, boundary, or fixed edges of that dimension");
}

/* Whether the file stores the values of the block at start of a set of the given rank: HDF5 reads a chunk or a
 * contiguous set never written as its fill value, so a file of a few kilobytes could otherwise claim 2^31 particles
 * (and as much memory) and hand back zeros for them. room: the file's size. */
static bool stored(hid_t set, int rank, const hsize_t *start, const hsize_t *block, hsize_t room)
{
    hid_t plist = H5Dget_create_plist(set);
    if (plist < 0) return false;
    H5D_layout_t layout = H5Pget_layout(plist);
    hsize_t chunk[3];
    bool chunked = layout == H5D_CHUNKED && H5Pget_chunk(plist, rank, chunk) == rank;
    H5Pclose(plist);
    if (layout == H5D_CONTIGUOUS) {
        H5D_space_status_t status;
        return H5Dget_space_status(set, &status) >= 0 && status == H5D_SPACE_STATUS_ALLOCATED;
    }
    if (!chunked) return layout == H5D_COMPACT || layout == H5D_VIRTUAL;
    hsize_t first[3], offset[3];
    for (int k = 0; k < rank; k++) offset[k] = first[k] = start[k] / chunk[k] * chunk[k];
    for (;;) { /* the chunks' bytes add up within the file's: a damaged index cannot send the walk on for long */
        hsize_t bytes = 0;
        if (H5Dget_chunk_storage_size(set, offset, &bytes) < 0 || bytes == 0 || bytes > room) return false;
        room -= bytes;
        int k = rank - 1;
        while (k >= 0 && (offset[k] += chunk[k]) >= start[k] + block[k]) offset[k] = first[k], k--;
        if (k < 0) return true;
    }
}

rc_status rc_h5md_input_open(const char *path, rc_h5md_input **input)
{
    rc_status s = rc_library_open(&rc_hdf5_library);
    if (s) return s;
    rc_h5md_input *in = calloc(1, sizeof *in);
    if (in) in->path = strdup(path);
    if (!in || !in->path) {
        free(in);
        return rc_fail(RC_STATUS_NO_MEMORY, "h5md input %s: out of memory", path);
    }
    in->time = in->file = -1;
    for (int k = 0; k < SETS; k++) in->sets[k] = -1;
    *input = in;
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    in->file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    /* a file a writer in SWMR mode still writes, or left when killed (src/io/h5md_writer.c) */
    if (in->file < 0) {
        /* one read of each piece of metadata: by default SWMR reading retries a damaged one 100 times, sleeping
         * between tries, which made a damaged file take minutes (tests/data/regressions/trajectory) */
        hid_t access = H5Pcreate(H5P_FILE_ACCESS);
        if (access >= 0 && H5Pset_metadata_read_attempts(access, 1) >= 0)
            in->file = H5Fopen(path, H5F_ACC_RDONLY | H5F_ACC_SWMR_READ, access);
        if (access >= 0) H5Pclose(access);
    }
    if (in->file < 0 || H5Fget_filesize(in->file, &in->file_bytes) < 0)
        return rc_fail(RC_STATUS_IO_ERROR, "h5md input %s: HDF5 cannot open it", path);
    s = find_group(in);
    if (s == RC_STATUS_OK) s = read_box(in);
    if (s) return s;
    for (int k = 0; k < SETS; k++) in->sets[k] = open_set(in, names[k], "value");
    hid_t edges = in->sets[EDGES] >= 0 ? H5Dget_space(in->sets[EDGES]) : -1;
    in->edge_matrix = edges >= 0 && H5Sget_simple_extent_ndims(edges) == 3;
    if (edges >= 0) H5Sclose(edges);
    in->time = open_set(in, "position", "time");
    hsize_t dims[3] = {0, 0, 0};
    hid_t space = in->sets[POSITION] >= 0 ? H5Dget_space(in->sets[POSITION]) : -1;
    bool ok = space >= 0 && H5Sget_simple_extent_ndims(space) == 3 &&
              H5Sget_simple_extent_dims(space, dims, NULL) == 3 && dims[2] == (hsize_t)in->dimension &&
              dims[1] <= INT32_MAX && in->time >= 0;
    if (space >= 0) H5Sclose(space);
    if (!ok) return bad_member(in, "position: no time, or value is not (frames, N, dimension)");
    hsize_t start[3] = {0, 0, 0}, row[3] = {1, dims[1], dims[2]};
    if (dims[0] && !stored(in->sets[POSITION], 3, start, row, in->file_bytes))
        return bad_member(in, "position: the first frame's values are not stored in the file");
    in->frames = dims[0];
    in->count = (int32_t)dims[1];
    in->scratch = malloc((dims[1] ? dims[1] : 1) * 4 * sizeof *in->scratch);
    in->image_scratch = malloc((dims[1] ? dims[1] : 1) * 3 * sizeof *in->image_scratch);
    return in->scratch && in->image_scratch ? RC_STATUS_OK
                                            : rc_fail(RC_STATUS_NO_MEMORY, "h5md input %s: out of memory", path);
}

/* Row `row` of a set of the given rank (1: one value per frame, 2: one per particle, 3: width per particle) into
 * out (memory type type). */
static bool read_row(const rc_h5md_input *in, hid_t set, hid_t type, int rank, int32_t count, int width, void *out)
{
    hid_t space = H5Dget_space(set);
    hsize_t start[3] = {in->next, 0, 0}, block[3] = {1, (hsize_t)count, (hsize_t)width};
    hid_t memory = H5Screate_simple(rank, block, NULL);
    bool ok = H5Sget_simple_extent_ndims(space) == rank && memory >= 0 && standard_type(set) &&
              stored(set, rank, start, block, in->file_bytes) &&
              H5Sselect_hyperslab(space, H5S_SELECT_SET, start, NULL, block, NULL) >= 0 &&
              H5Dread(set, type, memory, space, H5P_DEFAULT, out) >= 0;
    if (memory >= 0) H5Sclose(memory);
    H5Sclose(space);
    return ok;
}

/* Vectors of d components read into the frame's 3-component arrays. */
static bool read_vectors(rc_h5md_input *in, hid_t set, double *out)
{
    if (!read_row(in, set, H5T_NATIVE_DOUBLE, 3, in->count, in->dimension, in->scratch)) return false;
    for (int32_t i = 0; i < in->count; i++)
        for (int k = 0; k < 3; k++) out[3 * i + k] = k < in->dimension ? in->scratch[i * in->dimension + k] : 0;
    return true;
}

/* The images of d components into the frame's 3 per particle. */
static bool read_images(rc_h5md_input *in, hid_t set, int32_t *out)
{
    if (!read_row(in, set, H5T_NATIVE_INT32, 3, in->count, in->dimension, in->image_scratch)) return false;
    for (int32_t i = 0; i < in->count; i++)
        for (int k = 0; k < 3; k++) out[3 * i + k] = k < in->dimension ? in->image_scratch[i * in->dimension + k] : 0;
    return true;
}

/* Row in->next of the edges series (vectors or matrices) into in->cell. */
static bool read_edges(rc_h5md_input *in)
{
    int d = in->dimension, width = in->edge_matrix ? d : 1;
    double values[9];
    if (!read_row(in, in->sets[EDGES], H5T_NATIVE_DOUBLE, in->edge_matrix ? 3 : 2, d, width, values)) return false;
    take_edges(d, d * width, values, in->cell);
    return true;
}

rc_status rc_h5md_input_next(rc_h5md_input *in, rc_frame *f, bool *got)
{
    *got = false;
    if (in->next >= in->frames) return RC_STATUS_OK;
    hid_t *sets = in->sets;
    if (rc_trajectory_frame_size(f, in->count, sets[ORIENTATION] >= 0, sets[IMAGE] >= 0))
        return rc_fail(RC_STATUS_NO_MEMORY, "h5md input %s: frame %llu: out of memory for %d particles", in->path,
                       (unsigned long long)in->next, (int)in->count);
    for (int32_t i = 0; i < in->count; i++) f->radii[i] = 0.5, f->masses[i] = 1, f->species[i] = 0;
    memset(f->velocities, 0, 3 * (size_t)in->count * sizeof *f->velocities);
    if (f->images) memset(f->images, 0, 3 * (size_t)in->count * sizeof *f->images);
    bool ok = read_row(in, in->time, H5T_NATIVE_DOUBLE, 1, 1, 1, &f->time) &&
              read_vectors(in, sets[POSITION], f->positions) &&
              (sets[VELOCITY] < 0 || read_vectors(in, sets[VELOCITY], f->velocities)) &&
              (sets[RADIUS] < 0 || read_row(in, sets[RADIUS], H5T_NATIVE_DOUBLE, 2, in->count, 1, f->radii)) &&
              (sets[MASS] < 0 || read_row(in, sets[MASS], H5T_NATIVE_DOUBLE, 2, in->count, 1, f->masses)) &&
              (sets[SPECIES] < 0 || read_row(in, sets[SPECIES], H5T_NATIVE_INT32, 2, in->count, 1, f->species)) &&
              (sets[ORIENTATION] < 0 ||
               read_row(in, sets[ORIENTATION], H5T_NATIVE_DOUBLE, 3, in->count, 4, f->orientations)) &&
              (sets[IMAGE] < 0 || read_images(in, sets[IMAGE], f->images)) && (sets[EDGES] < 0 || read_edges(in));
    if (!ok)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "h5md input %s: frame %llu cannot be read (a value of another type or shape, "
                       "or not stored in the file)",
                       in->path, (unsigned long long)in->next);
    f->dimension = in->dimension;
    f->collisions = 0;
    for (int k = 0; k < 3; k++) f->periodic[k] = k < in->dimension && in->periodic[k];
    const char *wrong = rc_trajectory_take_cell(f, in->cell, in->dimension);
    if (wrong) return bad(in, wrong);
    in->next++;
    *got = true;
    return RC_STATUS_OK;
}

void rc_h5md_input_close(rc_h5md_input *in)
{
    if (!in) return;
    for (int k = 0; k < SETS; k++)
        if (in->sets[k] >= 0) H5Dclose(in->sets[k]);
    if (in->time >= 0) H5Dclose(in->time);
    if (in->file >= 0) H5Fclose(in->file);
    free(in->scratch);
    free(in->image_scratch);
    free(in->path);
    free(in);
}
