/* SPDX-License-Identifier: MIT */
/* The CSV writer of observables (docs/design.md, "Files and tools"; ricochet/output.h): a header row of column names,
 * then rows of numbers, each the shortest text that reads back to the same bits (core/number_text.h: "12", "0.1",
 * "-0" keeps the sign of zero; "inf" and "-inf"; a NaN, a value not defined there, is an empty cell, which pandas, numpy and spreadsheets read
 * as missing). Names with a comma, a quote or a line break are quoted as RFC
 * 4180 says. Each row is flushed, so a full disk is reported by the row that did not fit. The file is written as
 * PATH.partial and renamed to PATH by the close, after a failed write cut back to its last whole row
 * (src/io/output_file.h); an abandoned file stays PATH.partial. A resume checks that
 * the file's header is the one these names write, then appends rows after the mark. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number_text.h"
#include "core/status.h"
#include "io/output_file.h"
#include "ricochet/output.h"

/* The stream, the failed flag and the count of whole rows are kept in out (io/output_file.h). */
struct rc_csv_writer {
    rc_output_file out;
    int columns;
};

static rc_status check_names(int columns, const char *const *names)
{
    if (columns < 1) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv columns: %d is below 1", columns);
    if (!names) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv names: NULL for %d columns", columns);
    for (int c = 0; c < columns; c++)
        if (!names[c]) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv names[%d]: NULL", c);
    return RC_STATUS_OK;
}

static int write_name(FILE *file, const char *name)
{
    if (!strpbrk(name, ",\"\r\n")) return fputs(name, file);
    int n = fputc('"', file);
    for (const char *p = name; *p && n >= 0; p++) n = *p == '"' ? fputs("\"\"", file) : fputc(*p, file);
    return n < 0 ? n : fputc('"', file);
}

/* The header row; ends (when not NULL) receives the offset at which each column's name ends. */
static int write_header(FILE *file, int columns, const char *const *names, long *ends)
{
    int n = 0;
    for (int c = 0; c < columns && n >= 0; c++) {
        n = c > 0 ? fputc(',', file) : 0;
        if (n >= 0) n = write_name(file, names[c]);
        if (ends) ends[c] = ftell(file);
    }
    return n < 0 ? n : fputc('\n', file);
}

/* The header a resume expects, and the mark's length, which must not cut into it. */
typedef struct header {
    int columns;
    const char *const *names;
    uint64_t bytes;
} header;

/* Compares the file's first bytes with the header the names write; names the first column that differs. */
static rc_status compare_header(const rc_output_file *file, FILE *stream, const header *h, const char *text,
                                size_t size, const long *ends)
{
    char *found = malloc(size);
    if (!found) return rc_fail(RC_STATUS_NO_MEMORY, "csv output %s: out of memory", file->path);
    size_t got = fread(found, 1, size, stream), same = 0;
    while (same < got && found[same] == text[same]) same++;
    const char *name = rc_output_file_found(file);
    int c = 0;
    while (c < h->columns && ends[c] < (long)same) c++;
    /* where a name ends, the file has a column less or more (the next column differs) or a longer name (this one) */
    if (c < h->columns && ends[c] == (long)same && (same == got || found[same] == ',' || found[same] == '\n')) c++;
    free(found);
    if (same < size && c < h->columns)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "csv output %s: its header differs from the names at column %d (\"%s\")", name, c, h->names[c]);
    if (same < size)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv output %s: its header has more than the %d columns named", name,
                       h->columns);
    if (h->bytes < size)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "csv output %s: the mark's %" PRIu64 " bytes end inside the header of %zu", name, h->bytes,
                       size);
    return RC_STATUS_OK;
}

/* rc_output_check for a resume: the file starts with the header these names write. */
static rc_status check_header(const rc_output_file *file, FILE *stream, const void *context)
{
    const header *h = context;
    char *text = NULL;
    size_t size = 0;
    long *ends = malloc((size_t)h->columns * sizeof *ends);
    FILE *memory = ends ? open_memstream(&text, &size) : NULL;
    bool written = memory && write_header(memory, h->columns, h->names, ends) >= 0;
    if (memory) written = fclose(memory) == 0 && written;
    rc_status s = written ? compare_header(file, stream, h, text, size, ends)
                          : rc_fail(RC_STATUS_NO_MEMORY, "csv output %s: out of memory", file->path);
    free(text);
    free(ends);
    return s;
}

/* A new file with its header (mark NULL), or the file a run left cut back to the mark. */
static rc_status start(const char *path, int columns, const char *const *names, const rc_output_mark *mark,
                       rc_csv_writer **writer)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv writer: NULL result");
    *writer = NULL;
    if (!path) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv output path: NULL");
    rc_status s = check_names(columns, names);
    if (s) return s;
    rc_csv_writer *w = calloc(1, sizeof *w);
    if (!w) return rc_fail(RC_STATUS_NO_MEMORY, "csv output: out of memory");
    w->columns = columns;
    const header expected = {columns, names, mark ? mark->bytes : 0};
    s = rc_output_file_start(&w->out, "csv", path, mark ? &mark->bytes : NULL, check_header, &expected,
                             mark ? mark->rows : 0);
    if (s) {
        free(w);
        return s;
    }
    errno = 0;
    if (!mark) {
        /* the header is no row: it is kept (commit) with none counted */
        s = rc_output_file_unit_written(&w->out, write_header(w->out.stream, columns, names, NULL) >= 0, "row");
        if (s) {
            rc_output_file_finish(&w->out, RC_OUTPUT_CUT, "row");
            free(w);
            return s;
        }
        rc_output_file_commit(&w->out, 0);
    }
    *writer = w;
    return RC_STATUS_OK;
}

rc_status rc_csv_writer_open(const char *path, int columns, const char *const *names, rc_csv_writer **writer)
{
    return start(path, columns, names, NULL, writer);
}

rc_status rc_csv_writer_open_at_mark(const char *path, int columns, const char *const *names,
                                     const rc_output_mark *mark, rc_csv_writer **writer)
{
    rc_status s = rc_output_file_check_mark("csv", path, mark);
    return s ? s : start(path, columns, names, mark, writer);
}

static int write_value(FILE *file, double v) { return isnan(v) ? 0 : rc_number_write(file, v); }

rc_status rc_csv_writer_write(rc_csv_writer *writer, const double *values)
{
    if (!writer) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv writer: NULL");
    if (!values) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv row: NULL values for %d columns", writer->columns);
    errno = 0;
    FILE *file = writer->out.stream;
    int n = 0;
    for (int c = 0; c < writer->columns && n >= 0; c++) {
        n = c > 0 ? fputc(',', file) : 0;
        if (n >= 0) n = write_value(file, values[c]);
    }
    return rc_output_file_unit_written(&writer->out, n >= 0 && fputc('\n', file) >= 0, "row");
}

rc_status rc_csv_writer_mark(rc_csv_writer *writer, rc_output_mark *mark)
{
    if (!writer || !mark)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "csv writer mark: NULL %s", mark ? "writer" : "mark");
    *mark = (rc_output_mark){.rows = writer->out.units};
    return rc_output_file_take_mark(&writer->out, &mark->bytes);
}

rc_status rc_csv_writer_end(rc_csv_writer *writer, rc_output_ending ending)
{
    if (!writer) return RC_STATUS_OK;
    rc_status s = rc_output_file_finish(&writer->out, ending, "row");
    free(writer);
    return s;
}

rc_status rc_csv_writer_close(rc_csv_writer *writer)
{
    return rc_csv_writer_end(writer, rc_output_file_ending(writer ? &writer->out : NULL));
}

void rc_csv_writer_close_unfinished(rc_csv_writer *writer) { rc_csv_writer_end(writer, RC_OUTPUT_ABANDON); }
