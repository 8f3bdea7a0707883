/* SPDX-License-Identifier: MIT */
/* Line plots of a CSV file (ricochet/render.h, rc_plot_csv; ricochet plot; docs/cli.md, "ricochet plot"): reads a
 * table of numbers under a header row of names (observables.csv of a run, the CSV files of ricochet analyze,
 * sweep_means.csv of ricochet sweep), chooses the curves (the columns named, or every column but x and, with error
 * bars, but the error columns) and draws them with rc_plot_png. A table that is not one is refused with a sentence
 * naming the file, the line and the column; lines are read with a bound (src/io/text_lines.c). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "io/text_lines.h"
#include "ricochet/render.h"
#include "json/json_document.h"

enum { LISTED = 200 }; /* characters of the header's names a message lists at most */

typedef struct table {
    const char *path;
    char *header; /* the header row, cut into names in place */
    char **names;
    int columns, rows;
    double *values; /* rows x columns, row-major */
} table;

static void table_free(table *t)
{
    free(t->header);
    free(t->names);
    free(t->values);
}

/* The header's names, split at commas; a name in double quotes loses them, an empty name stays in its place. */
static rc_status split_names(table *t)
{
    t->header[strcspn(t->header, "\r\n")] = '\0';
    t->columns = 1;
    for (const char *p = t->header; *p; p++) t->columns += *p == ',';
    t->names = malloc((size_t)t->columns * sizeof *t->names);
    if (!t->names) return rc_fail(RC_STATUS_NO_MEMORY, "%s: out of memory for %d columns", t->path, t->columns);
    char *name = t->header;
    for (int c = 0; c < t->columns; c++) {
        char *comma = strchr(name, ','), *next = comma ? comma + 1 : NULL;
        if (comma) *comma = '\0';
        size_t n = strlen(name);
        if (n >= 2 && name[0] == '"' && name[n - 1] == '"') name[n - 1] = '\0', name++;
        t->names[c] = name;
        name = next;
    }
    return RC_STATUS_OK;
}

/* Row `line` (the file's line `number`) into values: a number per column, NaN for an empty cell; blanks around a
 * number are allowed. */
static rc_status parse_row(const table *t, const char *line, int number, double *values)
{
    const char *p = line;
    for (int c = 0; c < t->columns; p += strcspn(p, ",\n") + 1, c++) {
        size_t cell = strcspn(p, ",\n");
        char *end;
        double v = strtod(p, &end);
        if (strspn(end, " \t\r") < (size_t)(p + cell - end))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s line %d, column %d (%s): \"%.*s\" is not a number", t->path,
                           number, c + 1, t->names[c], (int)(cell < 40 ? cell : 40), p);
        values[c] = end == p ? NAN : v;
        if (c + 1 < t->columns && p[cell] != ',')
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s line %d: %d cell%s, but the header names %d columns",
                           t->path, number, c + 1, c ? "s" : "", t->columns);
        if (c + 1 == t->columns && p[cell] == ',')
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s line %d: more cells than the header's %d columns", t->path,
                           number, t->columns);
    }
    return RC_STATUS_OK;
}

/* The rows of numbers after the header, blank lines skipped. */
static rc_status read_rows(table *t, FILE *file)
{
    rc_line line = {0};
    size_t capacity = 0;
    rc_status s = RC_STATUS_OK;
    bool got = true;
    for (int number = 2; s == RC_STATUS_OK; number++) {
        s = rc_line_read(file, "", t->path, number, &line, &got);
        if (s != RC_STATUS_OK || !got) break;
        if (line.text[strspn(line.text, " \t\r\n")] == '\0') continue;
        if (t->rows == INT_MAX || (size_t)(t->rows + 1) > SIZE_MAX / sizeof(double) / (size_t)t->columns)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s line %d: more rows than a table holds", t->path, number);
        else if ((size_t)(t->rows + 1) * (size_t)t->columns > capacity) {
            size_t grown_capacity = 2 * capacity + (size_t)t->columns;
            double *grown = realloc(t->values, grown_capacity * sizeof *grown);
            if (!grown) s = rc_fail(RC_STATUS_NO_MEMORY, "%s line %d: out of memory", t->path, number);
            else t->values = grown, capacity = grown_capacity;
        }
        if (s == RC_STATUS_OK) s = parse_row(t, line.text, number, &t->values[(size_t)t->rows * (size_t)t->columns]);
        if (s == RC_STATUS_OK) t->rows++;
    }
    if (s == RC_STATUS_OK && t->rows == 0)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: no row of numbers after the header", t->path);
    free(line.text);
    return s;
}

static rc_status table_read(const char *path, table *t)
{
    t->path = path;
    FILE *file = fopen(path, "r");
    if (!file) return rc_fail(RC_STATUS_IO_ERROR, "cannot open %s: %s", path, strerror(errno));
    rc_line header = {0};
    bool got;
    rc_status s = rc_line_read(file, "", path, 1, &header, &got);
    t->header = header.text;
    if (s == RC_STATUS_OK && !got)
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: no header row (the file is empty)", path);
    if (s == RC_STATUS_OK) s = split_names(t);
    if (s == RC_STATUS_OK) s = read_rows(t, file);
    fclose(file);
    return s;
}

static rc_status column_of(const table *t, const char *field, const char *name, int *column)
{
    for (int c = 0; c < t->columns; c++)
        if (strcmp(t->names[c], name) == 0) return *column = c, RC_STATUS_OK;
    char listed[LISTED + 4] = "";
    for (int c = 0; c < t->columns && strlen(listed) < LISTED; c++)
        snprintf(listed + strlen(listed), sizeof listed - strlen(listed), "%s%s", c ? ", " : "", t->names[c]);
    if (strlen(listed) >= LISTED) strcpy(listed + LISTED, "...");
    const char *near = rc_name_suggest(name, (const char *const *)t->names, t->columns);
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: no column \"%s\" in %s%s%s%s (its columns: %s)", field, name,
                   t->path, near ? "; did you mean \"" : "", near ? near : "", near ? "\"?" : "", listed);
}

/* Whether column c holds the errors of another column. */
static bool is_error_column(const table *t, int c)
{
    for (int d = 0; d < t->columns; d++)
        if (rc_plot_find_error_column(t->columns, (const char *const *)t->names, d) == c) return true;
    return false;
}

/* The curves y[0 .. *curves-1]: the columns named, or every column but x (and, with error bars, but the error
 * columns); with error bars, at least one of them must have an error column. */
static rc_status choose(const table *t, int x, int count, const char *const *columns, const rc_plot_options *o, int *y,
                        int *curves)
{
    *curves = 0;
    for (int k = 0; k < count; k++) {
        rc_status s = columns[k] ? column_of(t, "columns", columns[k], &y[k])
                                 : rc_fail(RC_STATUS_INVALID_ARGUMENT, "columns[%d]: no name (NULL)", k);
        if (s) return s;
        *curves = k + 1;
    }
    for (int c = 0; !count && c < t->columns; c++)
        if (c != x && !(o->errors && is_error_column(t, c))) y[(*curves)++] = c;
    if (!*curves)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s has no column to plot besides %s", t->path, t->names[x]);
    bool errors = false;
    for (int k = 0; k < *curves; k++)
        errors |= rc_plot_find_error_column(t->columns, (const char *const *)t->names, y[k]) >= 0;
    if (o->errors && !errors)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "errors: no column plotted has an error column (NAME_error, NAME_err or "
                       "NAME_sem)");
    return RC_STATUS_OK;
}

/* png_path, or csv_path with .png for its .csv (or with .png added), in new memory. */
static char *png_path_of(const char *csv_path, const char *png_path)
{
    size_t n = strlen(png_path ? png_path : csv_path);
    char *png = malloc(n + 5);
    int stem = (int)(n > 4 && strcmp(csv_path + n - 4, ".csv") == 0 ? n - 4 : n);
    if (png && png_path) memcpy(png, png_path, n + 1);
    else if (png) snprintf(png, n + 5, "%.*s.png", stem, csv_path);
    return png;
}

rc_status rc_plot_csv(const char *csv_path, const char *x, int count, const char *const *columns,
                      const rc_plot_options *options, const char *png_path, rc_plot_summary *summary)
{
    if (summary) *summary = (rc_plot_summary){0};
    if (!csv_path || count < 0 || (count && !columns))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "plot: %s, %d columns named%s", csv_path ? csv_path : "no CSV path",
                       count, count && !columns ? " without their list" : "");
    rc_plot_options defaults = rc_plot_default_options();
    const rc_plot_options *o = options ? options : &defaults;
    table t = {0};
    int column = 0, curves = 0, *y = NULL;
    char *png = NULL;
    rc_status s = table_read(csv_path, &t);
    if (s == RC_STATUS_OK && !(y = malloc((size_t)(count > t.columns ? count : t.columns) * sizeof *y)))
        s = rc_fail(RC_STATUS_NO_MEMORY, "plot: out of memory");
    if (s == RC_STATUS_OK && x) s = column_of(&t, "x", x, &column);
    if (s == RC_STATUS_OK) s = choose(&t, column, count, columns, o, y, &curves);
    if (s == RC_STATUS_OK && !(png = png_path_of(csv_path, png_path)))
        s = rc_fail(RC_STATUS_NO_MEMORY, "plot: out of memory");
    if (s == RC_STATUS_OK)
        s = rc_plot_png(t.columns, (const char *const *)t.names, t.rows, t.values, column, curves, y, o, png);
    if (s == RC_STATUS_OK && summary)
        *summary = (rc_plot_summary){png, o->overlay ? 1 : curves, curves, t.rows}, png = NULL;
    free(png);
    free(y);
    table_free(&t);
    return s;
}

char *rc_plot_summary_json(const rc_plot_summary *summary, bool compact)
{
    if (!summary || !summary->png) return NULL;
    cJSON *report = cJSON_CreateObject();
    cJSON_AddStringToObject(report, "png", summary->png);
    cJSON_AddNumberToObject(report, "panels", summary->panels);
    cJSON_AddNumberToObject(report, "curves", summary->curves);
    cJSON_AddNumberToObject(report, "rows", summary->rows);
    return rc_json_text(report, compact);
}
