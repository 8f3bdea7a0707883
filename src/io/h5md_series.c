/* SPDX-License-Identifier: MIT */
/* Time series of the H5MD 1.1 layout (src/io/h5md_series.h): extensible, chunked, shuffled and deflated datasets
 * that grow by one sample at a time, and the shared step/time clock of a family of series; opened again and cut back
 * when a writer resumes. Also the box's attributes and link lookups, which the reader shares. */
#include "io/h5md_series.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum { DEFLATE_LEVEL = 4, SCALAR_CHUNK = 1024 };

/* An empty dataset of samples of the given shape, unlimited along the first axis. Returns -1 on failure. */
static hid_t create_growing(hid_t parent, const char *name, hid_t file_type, int rank, const hsize_t *shape)
{
    hsize_t dims[3] = {0, 0, 0}, max[3] = {H5S_UNLIMITED, 0, 0}, chunk[3] = {rank ? 1 : SCALAR_CHUNK, 1, 1};
    for (int k = 0; k < rank; k++) {
        dims[k + 1] = max[k + 1] = shape[k];
        chunk[k + 1] = shape[k] > 0 ? shape[k] : 1;
    }
    hid_t space = H5Screate_simple(rank + 1, dims, max);
    hid_t properties = H5Pcreate(H5P_DATASET_CREATE);
    hid_t set = -1;
    if (space >= 0 && properties >= 0 && H5Pset_chunk(properties, rank + 1, chunk) >= 0 &&
        H5Pset_shuffle(properties) >= 0 && H5Pset_deflate(properties, DEFLATE_LEVEL) >= 0)
        set = H5Dcreate2(parent, name, file_type, space, H5P_DEFAULT, properties, H5P_DEFAULT);
    if (properties >= 0) H5Pclose(properties);
    if (space >= 0) H5Sclose(space);
    return set;
}

/* Grows or cuts set, of samples of the given shape, to `length` samples. */
static bool set_length(hid_t set, int rank, const hsize_t *shape, hsize_t length)
{
    hsize_t dims[3] = {length, 0, 0};
    for (int k = 0; k < rank; k++) dims[k + 1] = shape[k];
    return H5Dset_extent(set, dims) >= 0;
}

/* Writes data (memory type type) as row `row` of set, growing it to row + 1 rows. */
static bool write_row(hid_t set, hid_t type, int rank, const hsize_t *shape, hsize_t row, const void *data)
{
    hsize_t start[3] = {row, 0, 0}, count[3] = {1, 1, 1};
    for (int k = 0; k < rank; k++) count[k + 1] = shape[k];
    if (!set_length(set, rank, shape, row + 1)) return false;
    hid_t file_space = H5Dget_space(set);
    hid_t memory_space = H5Screate_simple(rank + 1, count, NULL);
    bool ok = file_space >= 0 && memory_space >= 0 &&
              H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, NULL, count, NULL) >= 0 &&
              H5Dwrite(set, type, memory_space, file_space, H5P_DEFAULT, data) >= 0;
    if (memory_space >= 0) H5Sclose(memory_space);
    if (file_space >= 0) H5Sclose(file_space);
    return ok;
}

static bool link_clock(hid_t group, const rc_h5md_clock *clock)
{
    if (clock->step < 0) return false;
    return H5Olink(clock->step, group, "step", H5P_DEFAULT, H5P_DEFAULT) >= 0 &&
           H5Olink(clock->time, group, "time", H5P_DEFAULT, H5P_DEFAULT) >= 0;
}

bool rc_h5md_series_create(hid_t parent, const char *name, hid_t type, int rank, const hsize_t *shape,
                           rc_h5md_clock *clock, rc_h5md_series *series)
{
    series->value = -1;
    series->type = type;
    series->rank = rank;
    for (int k = 0; k < rank; k++) series->shape[k] = shape[k];
    hid_t group = H5Gcreate2(parent, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (group < 0) return false;
    bool ok;
    if (clock->step < 0) {
        clock->step = create_growing(group, "step", H5T_STD_I64LE, 0, NULL);
        clock->time = create_growing(group, "time", H5T_IEEE_F64LE, 0, NULL);
        ok = clock->step >= 0 && clock->time >= 0;
    } else {
        ok = link_clock(group, clock);
    }
    hid_t file_type = H5Tget_class(type) == H5T_INTEGER ? H5T_STD_I32LE : H5T_IEEE_F64LE;
    if (ok) series->value = create_growing(group, "value", file_type, rank, shape);
    H5Gclose(group);
    return ok && series->value >= 0;
}

bool rc_h5md_series_append(rc_h5md_series *series, const rc_h5md_clock *clock, const void *data)
{
    return write_row(series->value, series->type, series->rank, series->shape, clock->length, data);
}

bool rc_h5md_clock_tick(rc_h5md_clock *clock, double time)
{
    int64_t step = (int64_t)clock->length;
    bool ok = write_row(clock->step, H5T_NATIVE_INT64, 0, NULL, clock->length, &step) &&
              write_row(clock->time, H5T_NATIVE_DOUBLE, 0, NULL, clock->length, &time);
    clock->length += ok;
    return ok;
}

/* The length of a dataset of samples and the shape of a sample (its first two axes); returns its axes less one, -1
 * when HDF5 cannot read its space or it has no axis. */
static int read_shape(hid_t set, hsize_t *length, hsize_t shape[2])
{
    hsize_t dims[H5S_MAX_RANK];
    hid_t space = H5Dget_space(set);
    int axes = space >= 0 ? H5Sget_simple_extent_dims(space, dims, NULL) : -1;
    if (space >= 0) H5Sclose(space);
    if (axes < 1) return -1;
    *length = dims[0];
    for (int k = 1; k < axes && k <= 2; k++) shape[k - 1] = dims[k];
    return axes - 1;
}

bool rc_h5md_series_open(hid_t parent, const char *name, hid_t type, rc_h5md_clock *clock, rc_h5md_series *series,
                         hsize_t *samples)
{
    *series = (rc_h5md_series){.value = -1, .type = type};
    hid_t group = H5Gopen2(parent, name, H5P_DEFAULT);
    if (group < 0) return false;
    series->value = H5Dopen2(group, "value", H5P_DEFAULT);
    bool ok = series->value >= 0 && (series->rank = read_shape(series->value, samples, series->shape)) >= 0;
    if (ok && clock->step < 0) {
        hsize_t steps = 0, scalar[2];
        clock->step = H5Dopen2(group, "step", H5P_DEFAULT);
        clock->time = H5Dopen2(group, "time", H5P_DEFAULT);
        ok = clock->step >= 0 && clock->time >= 0 && read_shape(clock->step, &steps, scalar) == 0 &&
             read_shape(clock->time, &clock->length, scalar) == 0;
        if (steps < clock->length) clock->length = steps;
    }
    H5Gclose(group);
    return ok;
}

bool rc_h5md_series_cut(rc_h5md_series *series, hsize_t length)
{
    return set_length(series->value, series->rank, series->shape, length);
}

bool rc_h5md_clock_cut(rc_h5md_clock *clock, hsize_t length)
{
    bool ok = set_length(clock->step, 0, NULL, length) && set_length(clock->time, 0, NULL, length);
    if (ok) clock->length = length;
    return ok;
}

void rc_h5md_series_close(rc_h5md_series *series)
{
    if (series->value >= 0) H5Dclose(series->value);
    series->value = -1;
}

void rc_h5md_clock_close(rc_h5md_clock *clock)
{
    if (clock->step >= 0) H5Dclose(clock->step);
    if (clock->time >= 0) H5Dclose(clock->time);
    clock->step = clock->time = -1;
}

bool rc_h5md_set_string(hid_t object, const char *name, const char *value)
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

bool rc_h5md_exists(hid_t location, const char *path)
{
    char prefix[128];
    for (const char *p = path;; p++) {
        if (*p != '/' && *p) continue;
        snprintf(prefix, sizeof prefix, "%.*s", (int)(p - path), path);
        if (H5Lexists(location, prefix, H5P_DEFAULT) <= 0) return false;
        if (!*p) return true;
    }
}

static uint64_t little_endian(const unsigned char *at, int bytes)
{
    uint64_t v = 0;
    for (int k = bytes - 1; k >= 0; k--) v = v << 8 | at[k];
    return v;
}

/* Whether every global heap collection of the file that holds `object` (where HDF5 keeps variable-length strings:
 * "GCOL", version 1, 3 reserved zero bytes, the collection's size, then objects of a 2-byte index, a 2-byte count, 4
 * reserved bytes, a size and the data padded to 8 bytes; sizes of the file's length width, H5Pget_sizes) lies in the
 * file, and each object in its collection, walked as HDF5 walks it. HDF5 1.10 copies an object by its stated size
 * (H5HG_read): a damaged size ran memcpy terabytes past its buffer (fuzz/trajectory.c), and a free space of size 0
 * never ended its walk. Four bytes "GCOL" without the version and the
 * reserved zeros are not a collection (raw data may hold them; HDF5 refuses such a header itself). */
static bool global_heaps_sound(hid_t object)
{
    hid_t owner = H5Iget_file_id(object), creation = owner >= 0 ? H5Fget_create_plist(owner) : -1;
    size_t address_bytes = 0, length_bytes = 0;
    bool widths = creation >= 0 && H5Pget_sizes(creation, &address_bytes, &length_bytes) >= 0 &&
                  (length_bytes == 2 || length_bytes == 4 || length_bytes == 8);
    if (creation >= 0) H5Pclose(creation);
    if (owner >= 0) H5Fclose(owner);
    char path[4096];
    ssize_t named = widths ? H5Fget_name(object, path, sizeof path) : -1;
    int fd = named > 0 && (size_t)named < sizeof path ? open(path, O_RDONLY) : -1;
    struct stat st;
    size_t size = fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0 ? (size_t)st.st_size : 0;
    const unsigned char *file = size ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    if (fd >= 0) close(fd);
    if (file == MAP_FAILED) return false;
    /* of the collection, and of each object: 8 bytes and a length, padded to 8 (H5HG_SIZEOF_HDR, _OBJHDR) */
    size_t header = (8 + length_bytes + 7) / 8 * 8;
    bool sound = true;
    for (const unsigned char *at = file; sound;) {
        at = memmem(at, size - (size_t)(at - file), "GCOL", 4);
        if (!at) break;
        size_t offset = (size_t)(at - file);
        if (offset + header <= size && at[4] == 1 && (at[5] | at[6] | at[7]) == 0) {
            uint64_t collection = little_endian(at + 8, (int)length_bytes);
            sound = collection >= header && collection <= size - offset;
            size_t stop = sound ? offset + (size_t)collection : 0;
            /* HDF5's own walk (H5HG__cache_heap_deserialize): an object moves it on by its header and its data
             * padded to 8 bytes, but the free space (index 0) by its stated size alone, so a free space of size 0
             * held HDF5 in that loop for ever */
            for (size_t p = offset + header; sound && p + header <= stop;) {
                uint64_t bytes = little_endian(file + p + 8, (int)length_bytes);
                bool free_space = little_endian(file + p, 2) == 0;
                sound = free_space ? bytes > 0 && bytes <= stop - p : bytes <= stop - p - header;
                if (sound) p += free_space ? (size_t)bytes : header + (size_t)((bytes + 7) / 8 * 8);
                sound = sound && p <= stop;
            }
        }
        at += 4;
    }
    munmap((void *)file, size);
    return sound;
}

bool rc_h5md_box_read(hid_t box, int *dimension, bool periodic[3])
{
    hid_t attribute = H5Aopen(box, "dimension", H5P_DEFAULT);
    *dimension = 0;
    bool ok =
        attribute >= 0 && H5Aread(attribute, H5T_NATIVE_INT, dimension) >= 0 && (*dimension == 2 || *dimension == 3);
    if (attribute >= 0) H5Aclose(attribute);
    char boundary[3][RC_H5MD_BOUNDARY_SIZE] = {{0}};
    attribute = ok ? H5Aopen(box, "boundary", H5P_DEFAULT) : -1;
    hid_t space = attribute >= 0 ? H5Aget_space(attribute) : -1;
    hid_t stored = attribute >= 0 ? H5Aget_type(attribute) : -1;
    /* fixed-length strings (ricochet, LAMMPS) or variable-length ones (h5py's str, MDAnalysis), read in their own
     * character set (HDF5 converts no ASCII to UTF-8) */
    bool variable = stored >= 0 && H5Tget_class(stored) == H5T_STRING && H5Tis_variable_str(stored) > 0;
    hid_t type = H5Tcopy(H5T_C_S1);
    ok = space >= 0 && type >= 0 && H5Sget_simple_extent_npoints(space) == *dimension &&
         H5Tset_size(type, variable ? H5T_VARIABLE : sizeof boundary[0]) >= 0 &&
         (stored < 0 || H5Tget_class(stored) != H5T_STRING || H5Tset_cset(type, H5Tget_cset(stored)) >= 0);
    if (ok && variable) {
        char *names[3] = {NULL, NULL, NULL};
        ok = global_heaps_sound(attribute) && H5Aread(attribute, type, names) >= 0;
        for (int k = 0; ok && k < *dimension; k++)
            snprintf(boundary[k], sizeof boundary[k], "%s", names[k] ? names[k] : "");
        if (ok) H5Dvlen_reclaim(type, space, H5P_DEFAULT, names);
    } else if (ok) {
        ok = H5Aread(attribute, type, boundary) >= 0;
    }
    if (stored >= 0) H5Tclose(stored);
    if (space >= 0) H5Sclose(space);
    if (attribute >= 0) H5Aclose(attribute);
    if (type >= 0) H5Tclose(type);
    for (int k = 0; k < 3; k++) periodic[k] = ok && k < *dimension && strcmp(boundary[k], "periodic") == 0;
    return ok;
}
