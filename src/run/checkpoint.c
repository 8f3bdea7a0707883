/* SPDX-License-Identifier: MIT */
/* Checkpoints of a run (docs/formats.md, "checkpoint.rcp"): everything a resumed run needs to go on as if never
 * stopped, in one file: a header (magic, the checkpoint format's own version, byte-order mark), then tagged records
 * (core/tagged.h) that fill the file up to an FNV-1a checksum of them: the library version that wrote it, the scene's
 * text, the run folder, the H5MD path, the effective settings and the loop's position (with how far each file went)
 * field by field, the engine's state (rc_edmd_state_save, which renews the engine so that a resumed run is
 * bit-identical, or rc_rigid_state_save) and the sums of the measurements (measure.c). The settings and position are
 * read by name: a field the file lacks (it was written before the field was added) takes its default, one this
 * program does not know is skipped, so adding a field to them needs no new format. It is written as PATH.partial,
 * flushed to disk and renamed over the previous one, so a run killed mid-write leaves the last good checkpoint. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/bytes.h"
#include "core/status.h"
#include "core/tagged.h"
#include "run/checkpoint.h"
#include "run/files.h"
#include "run/live.h"
#include "run/measure.h"
#include "run/run.h"

static const char MAGIC[16] = "ricochet-ckpt";
/* The checkpoint format: 7 is the first of tagged records (1 to 6 were blocks of raw structs). It changes only when a
 * record changes its meaning or type, never for a record added. */
enum { FORMAT = 7, FIRST_TAGGED = 7 };
static const uint32_t BYTE_ORDER_MARK = 0x01020304u, SWAPPED_MARK = 0x04030201u;
enum { HEADER = sizeof MAGIC + 8, CHECKSUM = 8 };

#define FIELD RC_TAGGED_FIELD
#define COUNT(table) ((int)(sizeof table / sizeof *table))

static const rc_tagged_field LIMITS[] = {FIELD(rc_run_limits, time), FIELD(rc_run_limits, collisions),
                                         FIELD(rc_run_limits, events), FIELD(rc_run_limits, steps)};
static const rc_tagged_field SETTINGS[] = {
    FIELD(run_settings, equilibrate), FIELD(run_settings, every),       FIELD(run_settings, every_collisions),
    FIELD(run_settings, xyz),         FIELD(run_settings, csv),         FIELD(run_settings, h5md),
    FIELD(run_settings, gsd),         FIELD(run_settings, lammps_dump), FIELD(run_settings, checkpoint_every)};
static const rc_tagged_field MARK[] = {FIELD(rc_output_mark, bytes), FIELD(rc_output_mark, frames),
                                       FIELD(rc_output_mark, rows)};
static const rc_tagged_field POSITION[] = {FIELD(run_position, outputs_done), FIELD(run_position, frames),
                                           FIELD(run_position, rows),         FIELD(run_position, equilibrated),
                                           FIELD(run_position, written),      FIELD(run_position, last_count),
                                           FIELD(run_position, last_time)};
static const rc_tagged_field MEASURE[] = {
    FIELD(measure_position, started),      FIELD(measure_position, origin),
    FIELD(measure_position, interval),     FIELD(measure_position, structure_interval),
    FIELD(measure_position, samples),      FIELD(measure_position, structure_samples),
    FIELD(measure_position, block_frames), FIELD(measure_position, estimated_free_time)};
/* Tripwires: a field added to one of these structs changes its size, and then needs its line in the table above
 * (or a checkpoint would not keep it) and its place in the sum here. Each field takes 8 bytes, a 32-bit one padded to
 * 8, neighbouring bools 8 together. */
_Static_assert(sizeof(rc_run_limits) == COUNT(LIMITS) * 8, "a field of rc_run_limits lacks its line");
_Static_assert(sizeof(rc_output_mark) == COUNT(MARK) * 8, "a field of rc_output_mark lacks its line");
_Static_assert(sizeof(run_settings) == 2 * sizeof(rc_run_limits) + (COUNT(SETTINGS) - 4) * 8, /* 5 flags in 8 bytes */
               "a field of run_settings lacks its line");
_Static_assert(sizeof(measure_position) == COUNT(MEASURE) * 8 + sizeof(run_snapshot),
               "a field of measure_position lacks its line");
_Static_assert(sizeof(run_position) == (COUNT(POSITION) - 1) * 8 + 2 * sizeof(run_snapshot) +
                                           3 * sizeof(rc_output_mark) + sizeof(measure_position),
               "a field of run_position lacks its line");

/* The parts of the settings and the position: a prefix, a table and where the struct sits in its parent. */
typedef struct part {
    const char *prefix;
    const rc_tagged_field *fields;
    int count;
    size_t offset;
} part;

static const part SETTINGS_PARTS[] = {{"", SETTINGS, COUNT(SETTINGS), 0},
                                      {"stop.", LIMITS, COUNT(LIMITS), offsetof(run_settings, stop)},
                                      {"equilibration.", LIMITS, COUNT(LIMITS), offsetof(run_settings, equilibration)}};
/* The parts of the position: the engine's record (start, last, measure.start) by the engine's own fields. */
enum { POSITION_PART_COUNT = 8 };
static void position_parts(const run_engine_ops *ops, part *out)
{
    const rc_tagged_field *record = ops->record_fields;
    int n = ops->record_field_count;
    part parts[POSITION_PART_COUNT] = {
        {"", POSITION, COUNT(POSITION), 0},
        {"start.", record, n, offsetof(run_position, start)},
        {"last.", record, n, offsetof(run_position, last)},
        {"xyz.", MARK, COUNT(MARK), offsetof(run_position, xyz)},
        {"csv.", MARK, COUNT(MARK), offsetof(run_position, csv)},
        {"h5md.", MARK, COUNT(MARK), offsetof(run_position, h5md)},
        {"measure.", MEASURE, COUNT(MEASURE), offsetof(run_position, measure)},
        {"measure.start.", record, n, offsetof(run_position, measure) + offsetof(measure_position, start)}};
    memcpy(out, parts, sizeof parts);
}

/* The records of the two structs, in the order of run_checkpoint's `records`. */
static const char *const STRUCTS[2] = {"settings", "position"};

/* Puts a struct as a RECORDS record named name, part by part. */
static void put_parts(rc_tagged_writer *w, const char *name, const part *parts, int count, const void *base)
{
    size_t at = rc_tagged_open(w, name);
    for (int i = 0; i < count; i++)
        rc_tagged_put_fields(w, parts[i].prefix, parts[i].fields, parts[i].count,
                             (const unsigned char *)base + parts[i].offset);
    rc_tagged_close(w, at);
}

/* Fills a struct from a RECORDS value, part by part; the fields it lacks keep what base holds. */
static rc_status get_parts(const rc_tagged *r, const char *what, const part *parts, int count, void *base)
{
    rc_status s = RC_STATUS_OK;
    for (int i = 0; i < count && !s; i++)
        s = rc_tagged_get_fields(r->value, r->size, what, parts[i].prefix, parts[i].fields, parts[i].count,
                                 (unsigned char *)base + parts[i].offset);
    return s;
}

/* The file's bytes: header, records, checksum. */
typedef struct file_bytes {
    const rc_tagged_writer *records;
} file_bytes;

static bool write_file(FILE *f, const void *context)
{
    const rc_tagged_writer *w = ((const file_bytes *)context)->records;
    uint32_t header[2] = {FORMAT, BYTE_ORDER_MARK};
    uint64_t hash = rc_fnv_add(RC_FNV_START, w->data, w->size);
    return fwrite(MAGIC, sizeof MAGIC, 1, f) == 1 && fwrite(header, sizeof header, 1, f) == 1 &&
           (w->size == 0 || fwrite(w->data, w->size, 1, f) == 1) && fwrite(&hash, sizeof hash, 1, f) == 1;
}

rc_status rc_run_checkpoint_save(const char *path, const run_checkpoint *c, const run_engine_ops *ops)
{
    part position[POSITION_PART_COUNT];
    position_parts(ops, position);
    rc_tagged_writer w = {0};
    rc_tagged_put_text(&w, "version", rc_version_get());
    rc_tagged_put_text(&w, "scene", c->scene_text);
    rc_tagged_put_text(&w, "directory", c->directory);
    rc_tagged_put_text(&w, "h5md_path", c->h5md_path);
    put_parts(&w, STRUCTS[0], SETTINGS_PARTS, COUNT(SETTINGS_PARTS), &c->settings);
    put_parts(&w, STRUCTS[1], position, POSITION_PART_COUNT, &c->position);
    rc_tagged_put(&w, "engine", RC_TAGGED_BYTES, c->state, c->state_size);
    rc_tagged_put(&w, "measurements", RC_TAGGED_BYTES, c->measured, c->measured_size);
    rc_tagged_put(&w, "changes", RC_TAGGED_BYTES, c->changes, c->changes_size);
    file_bytes bytes = {&w};
    rc_status s = w.failed ? rc_fail(RC_STATUS_NO_MEMORY, "out of memory for a checkpoint")
                           : rc_run_write_file(path, "the checkpoint", write_file, &bytes);
    rc_tagged_writer_free(&w);
    return s;
}

/* A rank other than 0 at its run's checkpoint: the engine's state saved as rank 0 saves it (the save may reorder the
 * particles, which every rank must do alike), and nothing written. */
static rc_status save_muted(rc_run *run)
{
    size_t size = rc_run_engine_state_size(run);
    void *state = malloc(size);
    rc_status s = state ? rc_run_engine_state_save(run, state, size)
                        : rc_fail(RC_STATUS_NO_MEMORY, "out of memory for a checkpoint of %zu bytes", size);
    free(state);
    return s;
}

rc_status rc_run_checkpoint_write(rc_run *run, const char *path)
{
    if (!run) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_run_checkpoint_write: NULL run");
    if (run->finished) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint: the run is finished");
    if (run->muted) return save_muted(run);
    char *own = NULL;
    if (!path && !run->directory)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "checkpoint: the run writes no files; give the checkpoint a path");
    if (!path && !(path = own = rc_run_join(run->directory, "checkpoint.rcp"))) return RC_STATUS_NO_MEMORY;
    size_t size = rc_run_engine_state_size(run), measured_size = rc_run_measure_state_size(run);
    void *state = malloc(size), *measured = malloc(measured_size + 1);
    /* the changes of parameters: a record of their own, which the resumed run applies before the engine's state */
    size_t changes_size = rc_run_changes_state_size(run);
    void *changes = malloc(changes_size + 1);
    if (changes) rc_run_changes_state_save(run, changes);
    rc_status s = state && measured && changes
                      ? rc_run_files_mark(run)
                      : rc_fail(RC_STATUS_NO_MEMORY, "out of memory for a checkpoint of %zu bytes",
                                size + measured_size + changes_size);
    if (!s) s = rc_run_engine_state_save(run, state, size);
    if (!s) s = rc_run_measure_state_save(run, measured, measured_size);
    if (!s) {
        run_checkpoint c = {.scene_text = run->scene_text,
                            .directory = run->directory ? run->directory : "",
                            .h5md_path = run->files.h5md_path ? run->files.h5md_path : "",
                            .settings = run->settings,
                            .position = run->at,
                            .state = state,
                            .state_size = size,
                            .measured = measured,
                            .measured_size = measured_size,
                            .changes = changes,
                            .changes_size = changes_size};
        s = rc_run_checkpoint_save(path, &c, run->ops);
    }
    free(changes);
    free(state);
    free(measured);
    free(own);
    return s;
}

/* The header: magic, format and byte order, each refusal saying which. */
static rc_status check_header(const unsigned char *file, size_t size, const char *path)
{
    uint32_t header[2];
    if (size < sizeof MAGIC || memcmp(file, MAGIC, sizeof MAGIC) != 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is not a ricochet checkpoint", path);
    if (size < HEADER) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is a truncated ricochet checkpoint", path);
    memcpy(header, file + sizeof MAGIC, sizeof header);
    if (header[1] == SWAPPED_MARK)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s was written on a machine of the other byte order; resume it on one "
                       "like the one that wrote it",
                       path);
    if (header[1] != BYTE_ORDER_MARK)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is a damaged ricochet checkpoint (its byte-order mark)", path);
    if (header[0] > FORMAT)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s is a checkpoint of format %u, newer than this ricochet (%s) reads "
                       "(format %d): resume it with a newer ricochet",
                       path, header[0], rc_version_get(), FORMAT);
    if (header[0] < FIRST_TAGGED)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s was written by an earlier format of checkpoints (format %u; this "
                       "ricochet reads format %d and later): re-run from the scene",
                       path, header[0], FIRST_TAGGED);
    return RC_STATUS_OK;
}

/* The whole file into memory (NUL-terminated after its end). */
static rc_status read_file(const char *path, unsigned char **out, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return rc_fail(RC_STATUS_IO_ERROR, "cannot open the checkpoint %s: %s", path, strerror(errno));
    struct stat info;
    rc_status s = fstat(fileno(f), &info) == 0
                      ? RC_STATUS_OK
                      : rc_fail(RC_STATUS_IO_ERROR, "cannot read %s: %s", path, strerror(errno));
    if (!s && S_ISDIR(info.st_mode))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is not a ricochet checkpoint (it is a directory)", path);
    unsigned char *data = s ? NULL : malloc((size_t)info.st_size + 1);
    if (!s && !data)
        s = rc_fail(RC_STATUS_NO_MEMORY, "out of memory for the checkpoint %s (%lld bytes)", path,
                    (long long)info.st_size);
    if (!s && info.st_size > 0 && fread(data, (size_t)info.st_size, 1, f) != 1)
        s = rc_fail(RC_STATUS_IO_ERROR, "cannot read %s: %s", path, ferror(f) ? strerror(errno) : "it shrank");
    fclose(f);
    if (s) {
        free(data);
        return s;
    }
    data[info.st_size] = '\0';
    *out = data, *size = (size_t)info.st_size;
    return RC_STATUS_OK;
}

/* A record of the given type, required or not (absent: *found false); damaged when of another type. */
static rc_status find(const unsigned char *records, uint64_t size, const char *name, rc_tagged_type type, bool required,
                      const char *path, rc_tagged *out, bool *found)
{
    *found = rc_tagged_find(records, size, name, out);
    if (*found && out->type != type)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is a damaged checkpoint: its record %s is %s, not %s", path,
                       name, rc_tagged_type_name(out->type), rc_tagged_type_name(type));
    if (!*found && required)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is a damaged checkpoint: it has no record %s", path, name);
    return RC_STATUS_OK;
}

/* A TEXT record as a new NUL-terminated string ("" when absent). */
static rc_status text(const unsigned char *records, uint64_t size, const char *name, bool required, const char *path,
                      char **out)
{
    rc_tagged r = {0};
    bool found;
    rc_status s = find(records, size, name, RC_TAGGED_TEXT, required, path, &r, &found);
    if (s) return s;
    size_t length = found ? (size_t)r.size : 0;
    if (found && memchr(r.value, '\0', length))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is a damaged checkpoint: its record %s holds a NUL byte", path,
                       name);
    if (!(*out = malloc(length + 1))) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (length) memcpy(*out, r.value, length);
    (*out)[length] = '\0';
    return RC_STATUS_OK;
}

rc_status rc_run_checkpoint_read(const char *path, run_checkpoint *out)
{
    memset(out, 0, sizeof *out);
    unsigned char *file = NULL;
    size_t size = 0;
    rc_status s = read_file(path, &file, &size);
    if (!s) s = check_header(file, size, path);
    if (s) {
        free(file);
        return s;
    }
    const unsigned char *records = file + HEADER;
    uint64_t length = size >= HEADER + CHECKSUM ? size - HEADER - CHECKSUM : 0, stored = 0, bad_at = 0;
    if (size >= HEADER + CHECKSUM) memcpy(&stored, records + length, sizeof stored);
    out->file = file;
    if (size < HEADER + CHECKSUM || !rc_tagged_check(records, length, &bad_at))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "%s is a truncated or damaged ricochet checkpoint (its records break off "
                    "at byte %llu of %zu)",
                    path, (unsigned long long)(HEADER + bad_at), size);
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION /* the fuzzing build (fuzz/) skips the checksum, as libpng its CRC, so
                                                  * that mutated checkpoints reach the checks below */
    if (!s && stored != rc_fnv_add(RC_FNV_START, records, length))
        s = rc_fail(RC_STATUS_INVALID_ARGUMENT,
                    "%s is a damaged ricochet checkpoint (its checksum does not match its "
                    "records)",
                    path);
#endif
    rc_tagged r;
    bool found;
    if (!s) s = text(records, length, "scene", true, path, &out->scene_text);
    if (!s) s = text(records, length, "directory", false, path, &out->directory);
    if (!s) s = text(records, length, "h5md_path", false, path, &out->h5md_path);
    if (!s) s = find(records, length, "engine", RC_TAGGED_BYTES, true, path, &r, &found);
    if (!s) out->state = (void *)r.value, out->state_size = (size_t)r.size;
    if (!s) s = find(records, length, "measurements", RC_TAGGED_BYTES, false, path, &r, &found);
    if (!s && found) out->measured = (void *)r.value, out->measured_size = (size_t)r.size;
    if (!s) s = find(records, length, "changes", RC_TAGGED_BYTES, false, path, &r, &found);
    if (!s && found) out->changes = (void *)r.value, out->changes_size = (size_t)r.size;
    for (int i = 0; i < 2 && !s; i++) {
        s = find(records, length, STRUCTS[i], RC_TAGGED_RECORDS, false, path, &r, &found);
        if (!s && found && !rc_tagged_check(r.value, r.size, &bad_at))
            s = rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s is a damaged checkpoint: its record %s breaks off at byte %llu",
                        path, STRUCTS[i], (unsigned long long)bad_at);
        if (!s && found) out->records[i] = r.value, out->records_size[i] = r.size;
    }
    if (s) rc_run_checkpoint_free(out);
    return s;
}

rc_status rc_run_checkpoint_fields(run_checkpoint *c, const rc_run *run, const char *path)
{
    /* the defaults: the scene's settings; a position at the start with the saved observables at the restored
     * engine's present (the nearest known value of one the file lacks: a count, a sum or a time at or before now) */
    const char *unused;
    rc_run_engine_settings(run, &c->settings, &unused);
    memset(&c->position, 0, sizeof c->position);
    if (run->ops->record_field_count > 0) {
        run->ops->measure(run->engine, NULL, &c->position.start);
        c->position.last = c->position.measure.start = c->position.start;
    }
    part position[POSITION_PART_COUNT];
    position_parts(run->ops, position);
    const part *parts[2] = {SETTINGS_PARTS, position};
    const int counts[2] = {COUNT(SETTINGS_PARTS), POSITION_PART_COUNT};
    void *bases[2] = {&c->settings, &c->position};
    rc_status s = RC_STATUS_OK;
    for (int i = 0; i < 2 && !s; i++) {
        char *what = malloc(strlen(path) + 32);
        if (!what) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
        sprintf(what, "the record %s of %s", STRUCTS[i], path);
        s = get_parts(&(rc_tagged){.value = c->records[i], .size = c->records_size[i]}, what, parts[i], counts[i],
                      bases[i]);
        free(what);
    }
    return s;
}

void rc_run_checkpoint_free(run_checkpoint *c)
{
    free(c->scene_text);
    free(c->directory);
    free(c->h5md_path);
    free(c->file);
    memset(c, 0, sizeof *c);
}
