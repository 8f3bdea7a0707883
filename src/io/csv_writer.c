/* The CSV writer of observables (DESIGN.md, "Files and tools"; ricochet/output.h): a header row of column names,
 * then rows of numbers. A value that is a whole number of magnitude below 2^53 is printed as an integer ("12",
 * "-0" keeps the sign of zero); every other value with 17 significant digits, so it reads back to the same bits
 * ("nan", "inf" and "-inf" for the special values). Names with a comma, a quote or a line break are quoted as RFC
 * 4180 says. Each row is flushed, so a full disk is reported by the row that did not fit. The file is written as
 * PATH.partial and renamed to PATH by a close that follows no failure (src/io/output_file.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/output_file.h"
#include "ricochet/output.h"

struct rc_csv_writer {
    FILE *file;
    rc_output_file out;
    bool failed; /* a write failed: the file stays PATH.partial */
    int columns;
};

static rc_status csv_failed(rc_csv_writer *w, const char *what)
{
    w->failed = true;
    return rc_output_file_failed(&w->out, what, errno);
}

static rc_status check_names(int columns, const char *const *names)
{
    if (columns < 1) return rc_fail(RC_INVALID_ARGUMENT, "csv columns: %d is below 1", columns);
    if (!names) return rc_fail(RC_INVALID_ARGUMENT, "csv names: NULL for %d columns", columns);
    for (int c = 0; c < columns; c++)
        if (!names[c]) return rc_fail(RC_INVALID_ARGUMENT, "csv names[%d]: NULL", c);
    return RC_OK;
}

static int write_name(FILE *file, const char *name)
{
    if (!strpbrk(name, ",\"\r\n")) return fputs(name, file);
    int n = fputc('"', file);
    for (const char *p = name; *p && n >= 0; p++) n = *p == '"' ? fputs("\"\"", file) : fputc(*p, file);
    return n < 0 ? n : fputc('"', file);
}

static int write_header(FILE *file, int columns, const char *const *names)
{
    int n = 0;
    for (int c = 0; c < columns && n >= 0; c++) {
        n = c > 0 ? fputc(',', file) : 0;
        if (n >= 0) n = write_name(file, names[c]);
    }
    return n < 0 ? n : fputc('\n', file);
}

static bool flush_ok(FILE *file) { return fflush(file) == 0 && !ferror(file); }

rc_status rc_csv_writer_open(const char *path, int columns, const char *const *names, rc_csv_writer **writer)
{
    if (!writer) return rc_fail(RC_INVALID_ARGUMENT, "csv writer: NULL result");
    *writer = NULL;
    if (!path) return rc_fail(RC_INVALID_ARGUMENT, "csv output path: NULL");
    rc_status s = check_names(columns, names);
    if (s) return s;
    rc_csv_writer *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_NO_MEMORY, "csv output: out of memory");
    w->columns = columns;
    s = rc_output_file_open(&w->out, "csv", path, &w->file);
    if (s) {
        free(w);
        return s;
    }
    errno = 0;
    if (write_header(w->file, columns, names) < 0 || !flush_ok(w->file)) {
        s = csv_failed(w, "write the header");
        rc_output_file_close(&w->out, w->file, true);
        free(w);
        return s;
    }
    *writer = w;
    return RC_OK;
}

static int write_value(FILE *file, double v)
{
    if (v == floor(v) && fabs(v) < 0x1p53) return fprintf(file, "%.0f", v);
    return fprintf(file, "%.17g", v);
}

rc_status rc_csv_writer_row(rc_csv_writer *writer, const double *values)
{
    if (!writer) return rc_fail(RC_INVALID_ARGUMENT, "csv writer: NULL");
    if (!values) return rc_fail(RC_INVALID_ARGUMENT, "csv row: NULL values for %d columns", writer->columns);
    errno = 0;
    int n = 0;
    for (int c = 0; c < writer->columns && n >= 0; c++) {
        n = c > 0 ? fputc(',', writer->file) : 0;
        if (n >= 0) n = write_value(writer->file, values[c]);
    }
    if (n < 0 || fputc('\n', writer->file) < 0 || !flush_ok(writer->file))
        return csv_failed(writer, "write a row");
    return RC_OK;
}

rc_status rc_csv_writer_close(rc_csv_writer *writer)
{
    if (!writer) return RC_OK;
    rc_status s = rc_output_file_close(&writer->out, writer->file, writer->failed);
    free(writer);
    return s;
}

void rc_csv_writer_abandon(rc_csv_writer *writer)
{
    if (!writer) return;
    writer->failed = true;
    rc_csv_writer_close(writer);
}
