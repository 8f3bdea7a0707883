/* SPDX-License-Identifier: MIT */
/* The tables of a sweep (ricochet/sweep.h; docs/formats.md, "sweep.csv"): DIRECTORY/sweep.csv, one row per run (its
 * index, point, replica, seed, the varied values, status, message, how it stopped and every number of its
 * summary.json, nested keys by dotted name), the same as DIRECTORY/sweep.h5 (a dataset per column, through
 * src/io/h5_table.c), and DIRECTORY/sweep_means.csv, one row per point with the mean and the
 * standard error of the mean (the sample standard deviation over sqrt(n)) of each number over the replicas that
 * ended ok. Numbers are written as the shortest text that reads back to the same bits. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/number_text.h"
#include "core/status.h"
#include "io/h5_table.h"
#include "run/files.h"
#include "run/sweep.h"
#include "json/json_document.h"

enum { NAME_SIZE = 256, MESSAGE_SIZE = 1024 };

/* What one run left. */
typedef struct run_row {
    rc_sweep_status state;
    char message[MESSAGE_SIZE];
    char stopped_by[32];
    bool seeded;
    uint64_t seed;
    double *values; /* per column, NAN where missing */
    int known;      /* columns values covers */
} run_row;

typedef struct table {
    const rc_sweep *sweep;
    run_row *rows;
    char **columns;
    int column_count, column_capacity;
    bool failed; /* out of memory */
} table;

static int column_of(table *t, const char *name)
{
    for (int c = 0; c < t->column_count; c++)
        if (strcmp(t->columns[c], name) == 0) return c;
    if (t->column_count == t->column_capacity) {
        int capacity = t->column_capacity ? 2 * t->column_capacity : 64;
        char **bigger = realloc(t->columns, (size_t)capacity * sizeof *bigger);
        if (!bigger) return -1;
        t->columns = bigger;
        t->column_capacity = capacity;
    }
    if (!(t->columns[t->column_count] = strdup(name))) return -1;
    return t->column_count++;
}

/* The values of a run, grown to the columns known so far. */
static bool set_value(table *t, run_row *row, int *known, int column, double x)
{
    if (column < 0) return false;
    if (column >= *known) {
        int count = t->column_capacity;
        double *bigger = realloc(row->values, (size_t)count * sizeof *bigger);
        if (!bigger) return false;
        for (int c = *known; c < count; c++) bigger[c] = NAN;
        row->values = bigger;
        *known = count;
    }
    row->values[column] = x;
    return true;
}

/* Every number under item, named by its dotted path (lists by index). */
static void flatten(table *t, run_row *row, int *known, const cJSON *item, char *name, size_t length)
{
    if (cJSON_IsNumber(item)) {
        if (!set_value(t, row, known, column_of(t, name), item->valuedouble)) t->failed = true;
        return;
    }
    int index = 0;
    for (const cJSON *child = (cJSON_IsObject(item) || cJSON_IsArray(item)) ? item->child : NULL; child;
         child = child->next, index++) {
        int n = cJSON_IsObject(item)
                    ? snprintf(name + length, NAME_SIZE - length, "%s%s", length ? "." : "", child->string)
                    : snprintf(name + length, NAME_SIZE - length, "%s%d", length ? "." : "", index);
        if (n > 0 && length + (size_t)n < NAME_SIZE) flatten(t, row, known, child, name, length + (size_t)n);
        name[length] = '\0';
    }
}

static void read_run(table *t, int64_t k)
{
    const rc_sweep *w = t->sweep;
    run_row *row = &t->rows[k];
    row->state = rc_sweep_state(w, k, row->message, sizeof row->message);
    row->seeded = rc_sweep_run_seed(w, k, &row->seed);
    char *path = rc_sweep_run_path(w, k, "summary.json"), *text = NULL;
    cJSON *summary = NULL;
    if (row->state != RC_SWEEP_STATUS_PENDING && row->state != RC_SWEEP_STATUS_FAILED && path &&
        access(path, F_OK) == 0 && !rc_text_create_from_file(path, &text) && !rc_json_parse(text, &summary)) {
        const cJSON *stopped = cJSON_GetObjectItemCaseSensitive(summary, "stopped_by");
        if (cJSON_IsString(stopped)) snprintf(row->stopped_by, sizeof row->stopped_by, "%s", stopped->valuestring);
        char name[NAME_SIZE] = "";
        flatten(t, row, &row->known, summary, name, 0);
    }
    cJSON_Delete(summary);
    free(text);
    free(path);
}

static bool put_quoted(FILE *f, const char *text)
{
    bool plain = !strpbrk(text, ",\"\n\r");
    if (plain) return fputs(text, f) >= 0;
    fputc('"', f);
    for (const char *p = text; *p; p++) {
        if (*p == '"') fputc('"', f);
        fputc(*p == '\n' || *p == '\r' ? ' ' : *p, f);
    }
    return fputc('"', f) != EOF;
}

static void put_number(FILE *f, double x)
{
    if (!isnan(x)) rc_number_write(f, x);
}

/* A varied value: a number as a number, a string as itself, anything else as compact JSON. */
static void put_value(FILE *f, const cJSON *v)
{
    if (cJSON_IsNumber(v)) {
        put_number(f, v->valuedouble);
        return;
    }
    if (cJSON_IsString(v)) {
        put_quoted(f, v->valuestring);
        return;
    }
    char *text = rc_json_print(v, true);
    if (text) put_quoted(f, text);
    cJSON_free(text);
}

static void put_keys(FILE *f, const rc_sweep *w)
{
    for (int j = 0; j < w->key_count; j++) {
        fputc(',', f);
        put_quoted(f, w->keys[j].path);
    }
}

static void put_point(FILE *f, const rc_sweep *w, int64_t point)
{
    for (int j = 0; j < w->key_count; j++) {
        fputc(',', f);
        put_value(f, rc_sweep_value(w, point, j));
    }
}

/* Column c of a run (a run's values cover the columns known when it was read; later ones are missing). */
static double value_at(const run_row *row, int c) { return c < row->known ? row->values[c] : NAN; }

static bool fill_runs(FILE *f, const void *context)
{
    const table *t = context;
    const rc_sweep *w = t->sweep;
    fputs("run,point,replica,seed", f);
    put_keys(f, w);
    fputs(",status,message,stopped_by", f);
    for (int c = 0; c < t->column_count; c++) fprintf(f, ",%s", t->columns[c]);
    fputc('\n', f);
    for (int64_t k = 0; k < w->runs; k++) {
        const run_row *row = &t->rows[k];
        fprintf(f, "%lld,%lld,%lld,", (long long)k, (long long)(k / w->replicas), (long long)(k % w->replicas));
        if (row->seeded) fprintf(f, "%llu", (unsigned long long)row->seed);
        put_point(f, w, k / w->replicas);
        fprintf(f, ",%s,", rc_sweep_status_name(row->state));
        put_quoted(f, row->message);
        fprintf(f, ",%s", row->stopped_by);
        for (int c = 0; c < t->column_count; c++) {
            fputc(',', f);
            put_number(f, value_at(row, c));
        }
        fputc('\n', f);
    }
    return !ferror(f);
}

static bool fill_means(FILE *f, const void *context)
{
    const table *t = context;
    const rc_sweep *w = t->sweep;
    fputs("point", f);
    put_keys(f, w);
    fputs(",runs_ok", f);
    for (int c = 0; c < t->column_count; c++) fprintf(f, ",%s_mean,%s_sem", t->columns[c], t->columns[c]);
    fputc('\n', f);
    for (int64_t p = 0; p < w->points; p++) {
        const run_row *rows = &t->rows[p * w->replicas];
        int64_t ok = 0;
        for (int64_t r = 0; r < w->replicas; r++) ok += rows[r].state == RC_SWEEP_STATUS_OK;
        fprintf(f, "%lld", (long long)p);
        put_point(f, w, p);
        fprintf(f, ",%lld", (long long)ok);
        for (int c = 0; c < t->column_count; c++) {
            double sum = 0, squares = 0, n = 0;
            for (int64_t r = 0; r < w->replicas; r++) {
                double x = value_at(&rows[r], c);
                if (rows[r].state == RC_SWEEP_STATUS_OK && !isnan(x)) sum += x, n++;
            }
            double mean = n > 0 ? sum / n : NAN;
            for (int64_t r = 0; r < w->replicas; r++) {
                double x = value_at(&rows[r], c);
                if (rows[r].state == RC_SWEEP_STATUS_OK && !isnan(x)) squares += (x - mean) * (x - mean);
            }
            fputc(',', f);
            put_number(f, mean);
            fputc(',', f);
            put_number(f, n > 1 ? sqrt(squares / (n - 1) / n) : NAN);
        }
        fputc('\n', f);
    }
    return !ferror(f);
}

/* A varied value as text: a string as itself, anything else as compact JSON (to free). */
static char *value_text(const cJSON *v) { return cJSON_IsString(v) ? strdup(v->valuestring) : rc_json_print(v, true); }

/* The run table as HDF5: the columns of sweep.csv, numbers as float64 (NAN: missing), the rest as strings; a varied
 * key is a number column when every value is a number. */
static rc_status write_h5(const table *t, const char *path)
{
    const rc_sweep *w = t->sweep;
    int64_t n = w->runs;
    int count = 7 + w->key_count + t->column_count, at = 0;
    rc_h5_column *columns = calloc((size_t)count, sizeof *columns);
    double *numbers = malloc((size_t)(4 + w->key_count + t->column_count) * (size_t)(n > 0 ? n : 1) * sizeof *numbers);
    const char **texts = calloc((size_t)(3 + w->key_count) * (size_t)(n > 0 ? n : 1), sizeof *texts);
    char **owned = calloc((size_t)w->key_count * (size_t)(n > 0 ? n : 1) + 1, sizeof *owned);
    rc_status s = columns && numbers && texts && owned ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    double *next_number = numbers;
    const char **next_text = texts;
    static const char *const counters[] = {"run", "point", "replica", "seed"};
    for (int c = 0; !s && c < 4; c++, next_number += n) {
        for (int64_t k = 0; k < n; k++) {
            const run_row *row = &t->rows[k];
            double counts[3] = {(double)k, (double)(k / w->replicas), (double)(k % w->replicas)};
            next_number[k] = c < 3 ? counts[c] : row->seeded ? (double)row->seed : NAN;
        }
        columns[at++] = (rc_h5_column){counters[c], next_number, NULL};
    }
    for (int j = 0; !s && j < w->key_count; j++) {
        bool numeric = true;
        for (int64_t k = 0; k < n; k++) numeric = numeric && cJSON_IsNumber(rc_sweep_value(w, k / w->replicas, j));
        for (int64_t k = 0; k < n; k++) {
            const cJSON *v = rc_sweep_value(w, k / w->replicas, j);
            if (numeric) next_number[k] = v->valuedouble;
            else next_text[k] = owned[(size_t)j * (size_t)n + (size_t)k] = value_text(v);
        }
        columns[at++] = (rc_h5_column){w->keys[j].path, numeric ? next_number : NULL, numeric ? NULL : next_text};
        if (numeric) next_number += n;
        else next_text += n;
    }
    static const char *const words[] = {"status", "message", "stopped_by"};
    for (int c = 0; !s && c < 3; c++, next_text += n) {
        for (int64_t k = 0; k < n; k++)
            next_text[k] = c == 0   ? rc_sweep_status_name(t->rows[k].state)
                           : c == 1 ? t->rows[k].message
                                    : t->rows[k].stopped_by;
        columns[at++] = (rc_h5_column){words[c], NULL, next_text};
    }
    for (int c = 0; !s && c < t->column_count; c++, next_number += n) {
        for (int64_t k = 0; k < n; k++) next_number[k] = value_at(&t->rows[k], c);
        columns[at++] = (rc_h5_column){t->columns[c], next_number, NULL};
    }
    if (!s) s = rc_h5_table_write(path, "the sweep table", n, columns, at);
    for (size_t k = 0; owned && k < (size_t)w->key_count * (size_t)n; k++) cJSON_free(owned[k]);
    free(owned);
    free(texts);
    free(numbers);
    free(columns);
    return s;
}

rc_status rc_sweep_write_tables(const rc_sweep *w)
{
    if (!w) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_write_tables: NULL sweep");
    table t = {w, calloc((size_t)w->runs, sizeof(run_row)), NULL, 0, 0, false};
    rc_status s = t.rows ? RC_STATUS_OK : rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    for (int64_t k = 0; !s && k < w->runs; k++) read_run(&t, k);
    if (!s && t.failed) s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading the summaries");
    const char *folder = w->root ? w->root : w->directory;
    char *runs = rc_run_join(folder, "sweep.csv"), *means = rc_run_join(folder, "sweep_means.csv");
    char *h5 = rc_run_join(folder, "sweep.h5");
    if (!s && (!runs || !means || !h5)) s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (!s) s = rc_directory_create(folder);
    if (!s) s = rc_run_write_file(runs, "the sweep table", fill_runs, &t);
    if (!s) s = rc_run_write_file(means, "the table of means", fill_means, &t);
    if (!s) s = write_h5(&t, h5);
    free(runs);
    free(means);
    free(h5);
    for (int64_t k = 0; t.rows && k < w->runs; k++) free(t.rows[k].values);
    for (int c = 0; c < t.column_count; c++) free(t.columns[c]);
    free(t.columns);
    free(t.rows);
    return s;
}
