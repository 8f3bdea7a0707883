/* SPDX-License-Identifier: MIT */
/* Time series of the H5MD layout (src/io/h5md_series.c): a group holding `step`, `time` and `value`, where `value`
 * grows by one row of a fixed shape per sample, chunked and deflate-compressed. Series of one family share their
 * `step` and `time` datasets through hard links (H5MD 1.1, "Time-dependent data"). A resumed writer opens the series
 * of an existing file again and cuts them back; the box's attributes and link lookups serve the reader as well. Also
 * string attributes, and the time-independent curves (src/io/h5md_curve.c). */
#ifndef RC_IO_H5MD_SERIES_H
#define RC_IO_H5MD_SERIES_H

#include <stdbool.h>

#include "io/hdf5_symbols.h"

/* The shared clock of a family of series: the `step` and `time` datasets of its first member. */
typedef struct rc_h5md_clock {
    hid_t step, time; /* -1 until the first member is created */
    hsize_t length;   /* samples written */
} rc_h5md_clock;

/* One series: its `value` dataset, the element type and the shape of one sample (rank 0, 1 or 2). */
typedef struct rc_h5md_series {
    hid_t value;
    hid_t type;
    int rank;
    hsize_t shape[2];
} rc_h5md_series;

/* Creates the group `name` under parent with an empty `value` of samples of the given shape, and `step` and `time`:
 * new datasets when the clock has none yet, else hard links to the clock's. Returns false on an HDF5 failure. */
bool rc_h5md_series_create(hid_t parent, const char *name, hid_t type, int rank, const hsize_t *shape,
                           rc_h5md_clock *clock, rc_h5md_series *series);
/* Appends sample number clock->length (the clock is advanced separately with rc_h5md_clock_tick). */
bool rc_h5md_series_append(rc_h5md_series *series, const rc_h5md_clock *clock, const void *data);
/* Appends (step, time) to the clock and counts the sample. */
bool rc_h5md_clock_tick(rc_h5md_clock *clock, double time);
/* Opens the series `name` under parent of an existing file: its value (the shape of a sample, read from the file,
 * goes to series->shape, its axes less one to series->rank, its length to *samples; type is the memory type of later
 * appends) and, when the clock has none yet, its step and time as the clock (clock->length: the shorter of the
 * two). Returns false when HDF5 cannot open or read them. */
bool rc_h5md_series_open(hid_t parent, const char *name, hid_t type, rc_h5md_clock *clock, rc_h5md_series *series,
                         hsize_t *samples);
/* Cuts a series' value, or a clock's step and time, back to `length` samples. */
bool rc_h5md_series_cut(rc_h5md_series *series, hsize_t length);
bool rc_h5md_clock_cut(rc_h5md_clock *clock, hsize_t length);
void rc_h5md_series_close(rc_h5md_series *series);
void rc_h5md_clock_close(rc_h5md_clock *clock);

/* Whether every link along path (a/b/c) exists under location (H5Lexists needs the parents to exist). */
bool rc_h5md_exists(hid_t location, const char *path);
/* A scalar attribute of one string (fixed length, NUL-terminated). False on an HDF5 failure. */
bool rc_h5md_set_string(hid_t object, const char *name, const char *value);
/* The curve curves/NAME (src/io/h5md_curve.c): a group, replacing one of that name, with a float64 dataset of `rows`
 * values and a string attribute `unit` per column of values (rows x columns, one row after another), in the order of
 * names; column holds rows numbers. False on an HDF5 failure or a name too long for a path. */
bool rc_h5md_curve_write(hid_t file, const char *name, int rows, int columns, const char *const *names,
                         const char *const *units, const double *values, double *column);
/* The attributes of a particles group's box: dimension (2 or 3) and boundary ("periodic" or "none" per axis; the
 * axes beyond the dimension are not periodic). False when either is missing or malformed. */
bool rc_h5md_box_read(hid_t box, int *dimension, bool periodic[3]);
enum { RC_H5MD_BOUNDARY_SIZE = 9 }; /* the fixed length of a boundary string: "periodic" and its NUL */

#endif
