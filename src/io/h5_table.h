/* SPDX-License-Identifier: MIT */
/* A table as an HDF5 file (src/io/h5_table.c): one 1-D dataset per column at the file's root, float64 numbers or
 * variable-length UTF-8 strings, all of one length. What `ricochet sweep` writes as DIR/sweep.h5 (docs/formats.md,
 * "sweep.h5"). */
#ifndef RC_IO_H5_TABLE_H
#define RC_IO_H5_TABLE_H

#include <stdint.h>

#include "ricochet/core.h"

/* A column: its name (no '/') and either numbers (NAN: missing) or texts (NULL entries are written as ""). */
typedef struct rc_h5_column {
    const char *name;
    const double *numbers;
    const char *const *texts;
} rc_h5_column;

/* Writes the columns, `rows` entries each, to path (through path.partial, renamed when whole); of two columns with
 * one name the first is written. RC_STATUS_IO_ERROR names `what` and the path. */
rc_status rc_h5_table_write(const char *path, const char *what, int64_t rows, const rc_h5_column *columns, int count);

#endif
