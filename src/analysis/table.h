/* SPDX-License-Identifier: MIT */
/* A table of numbers with named columns, written as CSV (report.c), as every measure of an analysis fills one. */
#ifndef RC_ANALYSIS_TABLE_H
#define RC_ANALYSIS_TABLE_H

#include "ricochet/core.h"

typedef struct rc_table {
    int rows, columns;
    char **names;   /* columns */
    double *values; /* rows x columns */
} rc_table;

rc_status rc_table_make(rc_table *table, int rows, int columns);
/* Writes the table as a CSV file (report.c). */
rc_status rc_table_write(const rc_table *table, const char *path);
void rc_table_release(rc_table *table);

#endif
