/* Reading H5MD frames (ricochet/trajectory.h; the layout of src/io/h5md_writer.c, docs/formats.md): frame k is row k
 * of particles/all/{position, velocity, radius, mass, species, orientation, image}/value with its time, in the box of
 * particles/all/box (edges a time series, or one fixed dataset; each a vector of D edges or a D x D matrix, one edge a
 * row, as H5MD allows: diagonal, or a sheared cell's with one off-diagonal Lees-Edwards tilt). position is required; the others are read when present (else 0, 0.5, 1, 0, none and 0). */
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/h5md_series.h"
#include "io/hdf5_symbols.h"
#include "io/trajectory_input.h"

enum { POSITION, VELOCITY, RADIUS, MASS, SPECIES, ORIENTATION, IMAGE, EDGES, SETS };
static const char *const names[SETS] = {"position", "velocity", "radius", "mass", "species", "orientation",
                                        "image", "box/edges"};

struct rc_h5md_input {
    char *path;
    hid_t file;
    hid_t sets[SETS], time; /* -1 when absent */
    hsize_t frames, next;
    int dimension;
    int32_t count;
    double cell[9];         /* the fixed edges, when they are not a time series: a D x D matrix, one edge a row */
    bool edge_matrix;       /* the edges series holds D x D matrices, not vectors */
    bool periodic[3];
    double *scratch;        /* count * 4 */
    int32_t *image_scratch; /* count * dimension */
};

static rc_status bad(const rc_h5md_input *in, const char *what)
{
    return rc_fail(RC_INVALID_ARGUMENT, "h5md input %s: %s", in->path, what);
}

static hid_t open_set(hid_t file, const char *group, const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "particles/all/%s/%s", group, name);
    return rc_h5md_exists(file, path) ? H5Dopen2(file, path, H5P_DEFAULT) : -1;
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
    hid_t box = rc_h5md_exists(in->file, "particles/all/box") ? H5Gopen2(in->file, "particles/all/box", H5P_DEFAULT)
                                                              : -1;
    bool ok = box >= 0 && rc_h5md_box_read(box, &in->dimension, in->periodic);
    bool fixed = ok && !rc_h5md_exists(in->file, "particles/all/box/edges/value");
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
    return ok ? RC_OK : bad(in, "particles/all/box: no dimension 2 or 3, boundary, or fixed edges of that dimension");
}

/* Whether the file stores the values of the block at start of a set of the given rank: HDF5 reads a chunk or a
 * contiguous set never written as its fill value, so a file of a few kilobytes could otherwise claim 2^31 particles
 * (and as much memory) and hand back zeros for them. */
static bool stored(hid_t set, int rank, const hsize_t *start, const hsize_t *block)
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
    for (;;) {
        hsize_t bytes = 0;
        if (H5Dget_chunk_storage_size(set, offset, &bytes) < 0 || bytes == 0) return false;
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
        return rc_fail(RC_NO_MEMORY, "h5md input %s: out of memory", path);
    }
    in->time = in->file = -1;
    for (int k = 0; k < SETS; k++) in->sets[k] = -1;
    *input = in;
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    in->file = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    /* a file a writer in SWMR mode still writes, or left when killed (src/io/h5md_writer.c) */
    if (in->file < 0) {
        /* one read of each piece of metadata: by default SWMR reading retries a damaged one 100 times, sleeping
         * between tries, which made a damaged file take minutes (tests/regressions/trajectory) */
        hid_t access = H5Pcreate(H5P_FILE_ACCESS);
        if (access >= 0 && H5Pset_metadata_read_attempts(access, 1) >= 0)
            in->file = H5Fopen(path, H5F_ACC_RDONLY | H5F_ACC_SWMR_READ, access);
        if (access >= 0) H5Pclose(access);
    }
    if (in->file < 0) return rc_fail(RC_IO_ERROR, "h5md input %s: HDF5 cannot open it", path);
    s = read_box(in);
    if (s) return s;
    for (int k = 0; k < SETS; k++) in->sets[k] = open_set(in->file, names[k], "value");
    hid_t edges = in->sets[EDGES] >= 0 ? H5Dget_space(in->sets[EDGES]) : -1;
    in->edge_matrix = edges >= 0 && H5Sget_simple_extent_ndims(edges) == 3;
    if (edges >= 0) H5Sclose(edges);
    in->time = open_set(in->file, "position", "time");
    hsize_t dims[3] = {0, 0, 0};
    hid_t space = in->sets[POSITION] >= 0 ? H5Dget_space(in->sets[POSITION]) : -1;
    bool ok = space >= 0 && H5Sget_simple_extent_ndims(space) == 3 &&
              H5Sget_simple_extent_dims(space, dims, NULL) == 3 && dims[2] == (hsize_t)in->dimension &&
              dims[1] <= INT32_MAX && in->time >= 0;
    if (space >= 0) H5Sclose(space);
    if (!ok) return bad(in, "particles/all/position: no time, or value is not (frames, N, dimension)");
    hsize_t start[3] = {0, 0, 0}, row[3] = {1, dims[1], dims[2]};
    if (dims[0] && !stored(in->sets[POSITION], 3, start, row))
        return bad(in, "particles/all/position: the first frame's values are not stored in the file");
    in->frames = dims[0];
    in->count = (int32_t)dims[1];
    in->scratch = malloc((dims[1] ? dims[1] : 1) * 4 * sizeof *in->scratch);
    in->image_scratch = malloc((dims[1] ? dims[1] : 1) * 3 * sizeof *in->image_scratch);
    return in->scratch && in->image_scratch ? RC_OK : rc_fail(RC_NO_MEMORY, "h5md input %s: out of memory", path);
}

/* Row `row` of a set of the given rank (1: one value per frame, 2: one per particle, 3: width per particle) into
 * out (memory type type). */
static bool read_row(hid_t set, hid_t type, hsize_t row, int rank, int32_t count, int width, void *out)
{
    hid_t space = H5Dget_space(set);
    hsize_t start[3] = {row, 0, 0}, block[3] = {1, (hsize_t)count, (hsize_t)width};
    hid_t memory = H5Screate_simple(rank, block, NULL);
    bool ok = H5Sget_simple_extent_ndims(space) == rank && memory >= 0 && standard_type(set) &&
              stored(set, rank, start, block) &&
              H5Sselect_hyperslab(space, H5S_SELECT_SET, start, NULL, block, NULL) >= 0 &&
              H5Dread(set, type, memory, space, H5P_DEFAULT, out) >= 0;
    if (memory >= 0) H5Sclose(memory);
    H5Sclose(space);
    return ok;
}

/* Vectors of d components read into the frame's 3-component arrays. */
static bool read_vectors(rc_h5md_input *in, hid_t set, double *out)
{
    if (!read_row(set, H5T_NATIVE_DOUBLE, in->next, 3, in->count, in->dimension, in->scratch)) return false;
    for (int32_t i = 0; i < in->count; i++)
        for (int k = 0; k < 3; k++) out[3 * i + k] = k < in->dimension ? in->scratch[i * in->dimension + k] : 0;
    return true;
}

/* The images of d components into the frame's 3 per particle. */
static bool read_images(rc_h5md_input *in, hid_t set, int32_t *out)
{
    if (!read_row(set, H5T_NATIVE_INT32, in->next, 3, in->count, in->dimension, in->image_scratch)) return false;
    for (int32_t i = 0; i < in->count; i++)
        for (int k = 0; k < 3; k++) out[3 * i + k] = k < in->dimension ? in->image_scratch[i * in->dimension + k] : 0;
    return true;
}

/* Row in->next of the edges series (vectors or matrices) into in->cell. */
static bool read_edges(rc_h5md_input *in)
{
    int d = in->dimension, width = in->edge_matrix ? d : 1;
    double values[9];
    if (!read_row(in->sets[EDGES], H5T_NATIVE_DOUBLE, in->next, in->edge_matrix ? 3 : 2, d, width, values))
        return false;
    take_edges(d, d * width, values, in->cell);
    return true;
}

rc_status rc_h5md_input_next(rc_h5md_input *in, rc_frame *f, bool *got)
{
    *got = false;
    if (in->next >= in->frames) return RC_OK;
    hid_t *sets = in->sets;
    rc_status s = rc_trajectory_frame_size(f, in->count, sets[ORIENTATION] >= 0);
    if (s) return s;
    for (int32_t i = 0; i < in->count; i++) f->radii[i] = 0.5, f->masses[i] = 1, f->species[i] = 0;
    memset(f->velocities, 0, 3 * (size_t)in->count * sizeof *f->velocities);
    memset(f->images, 0, 3 * (size_t)in->count * sizeof *f->images);
    bool ok = read_row(in->time, H5T_NATIVE_DOUBLE, in->next, 1, 1, 1, &f->time) &&
              read_vectors(in, sets[POSITION], f->positions) &&
              (sets[VELOCITY] < 0 || read_vectors(in, sets[VELOCITY], f->velocities)) &&
              (sets[RADIUS] < 0 || read_row(sets[RADIUS], H5T_NATIVE_DOUBLE, in->next, 2, in->count, 1, f->radii)) &&
              (sets[MASS] < 0 || read_row(sets[MASS], H5T_NATIVE_DOUBLE, in->next, 2, in->count, 1, f->masses)) &&
              (sets[SPECIES] < 0 || read_row(sets[SPECIES], H5T_NATIVE_INT32, in->next, 2, in->count, 1, f->species)) &&
              (sets[ORIENTATION] < 0 ||
               read_row(sets[ORIENTATION], H5T_NATIVE_DOUBLE, in->next, 3, in->count, 4, f->orientations)) &&
              (sets[IMAGE] < 0 || read_images(in, sets[IMAGE], f->images)) && (sets[EDGES] < 0 || read_edges(in));
    if (!ok)
        return rc_fail(RC_INVALID_ARGUMENT, "h5md input %s: frame %llu cannot be read (a value of another type or shape, "
                       "or not stored in the file)", in->path, (unsigned long long)in->next);
    f->dimension = in->dimension;
    f->collisions = 0;
    for (int k = 0; k < 3; k++) f->periodic[k] = k < in->dimension && in->periodic[k];
    const char *wrong = rc_trajectory_take_cell(f, in->cell, in->dimension);
    if (wrong) return bad(in, wrong);
    in->next++;
    *got = true;
    return RC_OK;
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
