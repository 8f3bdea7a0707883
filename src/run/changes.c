/* SPDX-License-Identifier: MIT */
/* The changes of parameters a run went through (ricochet/live.h, rc_run_parameter_set): kept in order with where the
 * run was, written as DIRECTORY/changes.csv (rewritten whole at every change, so a run resumed in its folder leaves
 * the same file as one never stopped) and as the summary's "changes", and saved in checkpoints as one block of fixed
 * records, which a resumed run applies again to its freshly built engine before the engine's state is restored. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/number_text.h"
#include "core/status.h"
#include "run/files.h"
#include "run/live.h"
#include "run/run.h"
#include "run/summary.h"

/* docs/formats.md gives the record's size (block 9 of a checkpoint) */
_Static_assert(sizeof(run_change) == 136, "a change's record is 136 bytes without padding");

/* One value as text: a number, or "[x, y, z]" for a vector, each the shortest text that reads back to it
 * (core/number_text.h). */
static void value_text(char *out, size_t size, const double *value, int length)
{
    char number[RC_NUMBER_TEXT_SIZE];
    if (length == 1) {
        rc_number_text(number, value[0]);
        snprintf(out, size, "%s", number);
        return;
    }
    int used = snprintf(out, size, "\"[");
    for (int a = 0; a < length && used < (int)size; a++) {
        rc_number_text(number, value[a]);
        used += snprintf(out + used, size - (size_t)used, "%s%s", a ? ", " : "", number);
    }
    if (used < (int)size) snprintf(out + used, size - (size_t)used, "]\"");
}

static bool fill_csv(FILE *f, const void *context)
{
    const run_live *live = context;
    bool ok = fprintf(f, "time,collisions,events,steps,key,old,new\n") > 0;
    for (int32_t i = 0; i < live->change_count && ok; i++) {
        const run_change *c = &live->changes[i];
        char old[128], value[128], time[RC_NUMBER_TEXT_SIZE];
        value_text(old, sizeof old, c->old, c->length);
        value_text(value, sizeof value, c->value, c->length);
        rc_number_text(time, c->time);
        ok = fprintf(f, "%s,%llu,%llu,%llu,%s,%s,%s\n", time, (unsigned long long)c->collisions,
                     (unsigned long long)c->events, (unsigned long long)c->steps, c->key, old, value) > 0;
    }
    return ok;
}

rc_status rc_run_changes_write(const rc_run *run)
{
    if (!run->directory || !run->live) return RC_STATUS_OK;
    char *path = rc_run_join(run->directory, "changes.csv");
    if (!path) return RC_STATUS_NO_MEMORY;
    rc_status s = rc_run_write_file(path, "the changes", fill_csv, run->live);
    free(path);
    return s;
}

/* Appends a record; false when out of memory. */
static bool append(run_live *live, const run_change *c)
{
    if (live->change_count == live->change_capacity) {
        int32_t capacity = live->change_capacity ? 2 * live->change_capacity : 8;
        run_change *grown = realloc(live->changes, (size_t)capacity * sizeof *grown);
        if (!grown) return false;
        live->changes = grown, live->change_capacity = capacity;
    }
    live->changes[live->change_count++] = *c;
    return true;
}

rc_status rc_run_changes_add(rc_run *run, const char *key, const double *old, const double *value, int length)
{
    run_live *live = rc_run_live_of(run);
    if (!live) return RC_STATUS_NO_MEMORY;
    rc_run_limits now;
    rc_run_engine_counters(run, &now);
    run_change c;
    memset(&c, 0, sizeof c);
    c.time = now.time, c.collisions = now.collisions, c.events = now.events, c.steps = now.steps;
    snprintf(c.key, sizeof c.key, "%s", key);
    c.length = length;
    memcpy(c.old, old, (size_t)length * sizeof *old);
    memcpy(c.value, value, (size_t)length * sizeof *value);
    if (!append(live, &c)) return rc_fail(RC_STATUS_NO_MEMORY, "%s: out of memory for the record of the change", key);
    return rc_run_changes_write(run);
}

size_t rc_run_changes_state_size(const rc_run *run)
{
    return run->live ? (size_t)run->live->change_count * sizeof(run_change) : 0;
}

void rc_run_changes_state_save(const rc_run *run, void *buffer)
{
    if (run->live && run->live->change_count) memcpy(buffer, run->live->changes, rc_run_changes_state_size(run));
}

rc_status rc_run_changes_state_restore(rc_run *run, const void *buffer, size_t size)
{
    if (size % sizeof(run_change) != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "checkpoint: its block \"changes\" of %zu bytes is not whole records", size);
    if (size == 0) return RC_STATUS_OK;
    run_live *live = rc_run_live_of(run);
    if (!live) return RC_STATUS_NO_MEMORY;
    rc_status s = RC_STATUS_OK;
    for (size_t i = 0; i < size / sizeof(run_change) && !s; i++) {
        run_change c;
        memcpy(&c, (const char *)buffer + i * sizeof c, sizeof c);
        c.key[sizeof c.key - 1] = '\0';
        if (c.length < 1 || c.length > 3)
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint: change %zu (%s) has %d values", i, c.key,
                        (int)c.length);
        if (!s) s = rc_run_live_parameter_put(run, &c);
        if (!s && !append(live, &c)) s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    }
    return s ? s : rc_run_changes_write(run);
}

/* A JSON array of a change's values, or the number alone. */
static cJSON *json_value(const double *value, int length)
{
    return length == 1 ? cJSON_CreateNumber(value[0]) : rc_run_json_numbers(value, length);
}

void rc_run_changes_summary(const rc_run *run, cJSON *summary)
{
    if (!run->live || !run->live->change_count) return;
    cJSON *list = cJSON_AddArrayToObject(summary, "changes");
    for (int32_t i = 0; list && i < run->live->change_count; i++) {
        const run_change *c = &run->live->changes[i];
        cJSON *row = cJSON_CreateObject();
        if (!row) return;
        cJSON_AddNumberToObject(row, "time", c->time);
        cJSON_AddNumberToObject(row, "collisions", (double)c->collisions);
        cJSON_AddNumberToObject(row, "events", (double)c->events);
        cJSON_AddNumberToObject(row, "steps", (double)c->steps);
        cJSON_AddStringToObject(row, "key", c->key);
        cJSON_AddItemToObject(row, "old", json_value(c->old, c->length));
        cJSON_AddItemToObject(row, "new", json_value(c->value, c->length));
        cJSON_AddItemToArray(list, row);
    }
}
