/* SPDX-License-Identifier: MIT */
/* Checkpoint files (src/run/checkpoint.c, docs/formats.md "checkpoint.rcp"): written, rewritten here with a field
 * taken out, an unknown field or record planted, a value of another type, another header, a broken record or a
 * checksum that does not match, and resumed. A missing field takes its default (the scene's setting, the restored
 * engine's present observables) and the run goes on; an unknown one is skipped and the run goes on exactly as from
 * the untouched file; every damage is refused with a message that says which. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/bytes.h"
#include "core/tagged.h"
#include "ricochet/ricochet.h"
#include "run/run.h"

static char directory[] = "/tmp/ricochet_test_checkpoint_XXXXXX";

static char *path_in(const char *name)
{
    static char buffer[16][256];
    static int next;
    char *p = buffer[next++ % 16];
    snprintf(p, 256, "%s/%s", directory, name);
    return p;
}

/* A checkpoint's bytes: the 24 of its header, its records, the checksum. */
typedef struct file_bytes {
    unsigned char *data;
    size_t size;
} file_bytes;

static bool slurp(const char *path, file_bytes *out)
{
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    out->data = malloc((size_t)size + 1);
    out->size = (size_t)size;
    bool ok = out->data && size > 32 && fread(out->data, (size_t)size, 1, f) == 1;
    fclose(f);
    return ok;
}

/* Writes header + records + their checksum (made good, as a forger would). */
static void write_file(const char *path, const unsigned char header[24], const void *records, size_t size)
{
    uint64_t hash = rc_fnv_add(RC_FNV_START, records, size);
    FILE *f = fopen(path, "wb");
    fwrite(header, 24, 1, f);
    fwrite(records, size, 1, f);
    fwrite(&hash, 8, 1, f);
    fclose(f);
}

/* What to change while copying records: drop the records named `drop` and `drop_also` (dotted:
 * "position.last.collisions"), plant
 * one (`plant`, of type and bytes given) inside the record `plant_in` ("" for the top level) and put `retype` as a
 * U64 of the same 8 bytes. */
typedef struct edit {
    const char *drop, *drop_also, *retype;
    const char *plant_in, *plant;
    rc_tagged_type plant_type;
    const void *plant_value;
    size_t plant_size;
} edit;

/* Copies the records under `prefix` (a record's dotted name: prefix + its name), applying the edit. */
static void copy_records(rc_tagged_writer *w, const void *records, uint64_t size, const char *prefix, const edit *e)
{
    uint64_t at = 0;
    rc_tagged r;
    char name[512];
    while (rc_tagged_next(records, size, &at, &r)) {
        snprintf(name, sizeof name, "%s%.*s", prefix, (int)r.name_length, r.name);
        const char *own = name + strlen(prefix);
        if ((e->drop && strcmp(name, e->drop) == 0) || (e->drop_also && strcmp(name, e->drop_also) == 0)) continue;
        if (r.type == RC_TAGGED_RECORDS) {
            char inner[sizeof name + 1];
            snprintf(inner, sizeof inner, "%s.", name);
            size_t open = rc_tagged_open(w, own);
            copy_records(w, r.value, r.size, inner, e);
            if (e->plant && strcmp(e->plant_in, name) == 0)
                rc_tagged_put(w, e->plant, e->plant_type, e->plant_value, e->plant_size);
            rc_tagged_close(w, open);
        } else {
            bool retype = e->retype && strcmp(name, e->retype) == 0;
            rc_tagged_put(w, own, retype ? RC_TAGGED_U64 : r.type, r.value, (size_t)r.size);
        }
    }
    if (e->plant && !prefix[0] && !e->plant_in[0])
        rc_tagged_put(w, e->plant, e->plant_type, e->plant_value, e->plant_size);
}

/* The engine record of a checkpoint's bytes. */
static const rc_tagged *engine_of(const file_bytes *b)
{
    static rc_tagged engine;
    CHECK(rc_tagged_find(b->data + 24, b->size - 32, "engine", &engine), "no engine record");
    return &engine;
}

/* The checkpoint at `from` with the edit, at `to`. */
static void rewrite(const file_bytes *from, const char *to, const edit *e)
{
    rc_tagged_writer w = {0};
    copy_records(&w, from->data + 24, from->size - 32, "", e);
    CHECK(!w.failed, "out of memory rewriting a checkpoint");
    write_file(to, from->data, w.data, w.size);
    rc_tagged_writer_free(&w);
}

/* The checkpoint at `from` with its record "engine" replaced by the engine's own records copied under the edit, at
 * `to`: a state written before a field existed, or after one was added. */
static void rewrite_engine(const file_bytes *from, const char *to, const edit *e)
{
    rc_tagged_writer state = {0};
    copy_records(&state, engine_of(from)->value, engine_of(from)->size, "", e);
    rewrite(from, to,
            &(edit){.drop = "engine",
                    .plant_in = "",
                    .plant = "engine",
                    .plant_type = RC_TAGGED_BYTES,
                    .plant_value = state.data,
                    .plant_size = state.size});
    rc_tagged_writer_free(&state);
}

/* Resumes path into a new folder (so that the folder it names is not in question): refused with text. */
static void expect_refused(const char *path, const char *text, const char *what)
{
    rc_run_options o = rc_run_default_options();
    o.directory = path_in("refused");
    rc_run *run = NULL;
    rc_status s = rc_run_create_from_checkpoint(path, &o, &run);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && run == NULL && strstr(rc_error_get(), text),
          "%s: status %d, \"%s\" (expected \"%s\")", what, (int)s, rc_error_get(), text);
    rc_run_destroy(run);
}

static char *read_text(const char *path)
{
    file_bytes b = {0};
    if (!slurp(path, &b)) {
        free(b.data);
        return NULL;
    }
    b.data[b.size] = '\0';
    return (char *)b.data;
}

/* Resumes path into the folder `into` and runs it to its end: its observables.csv (NULL when it failed). */
static char *resume_to_end(const char *path, const char *into)
{
    rc_run_options o = rc_run_default_options();
    o.directory = into;
    rc_run *run = NULL;
    rc_status s = rc_run_create_from_checkpoint(path, &o, &run);
    if (!s) s = rc_run_execute(run);
    CHECK(s == RC_STATUS_OK, "resume %s: %s", path, rc_error_get());
    rc_run_destroy(run);
    char csv[512];
    snprintf(csv, sizeof csv, "%s/observables.csv", into);
    return s ? NULL : read_text(csv);
}

/* Runs scene with options o up to time `until` and writes its checkpoint to path_in(name), which it returns (NULL
 * when the run could not be made). */
static const char *checkpoint_at(const char *scene, const rc_run_options *o, double until, const char *name)
{
    rc_run *run = NULL;
    CHECK(rc_run_create(scene, o, &run) == RC_STATUS_OK, "create: %s", rc_error_get());
    if (!run) return NULL;
    rc_run_limits limits = {until, 0, 0, 0};
    CHECK(rc_run_advance(run, &limits) == RC_STATUS_OK, "advance: %s", rc_error_get());
    const char *path = path_in(name);
    CHECK(rc_run_checkpoint_write(run, path) == RC_STATUS_OK, "checkpoint: %s", rc_error_get());
    rc_run_destroy(run);
    return path;
}

/* The collisions of the run's record at its last row, read through the engine's table. */
static uint64_t last_collisions(const rc_run *run)
{
    run_field f;
    return run->ops->field("collisions", &f) ? (uint64_t)rc_run_field_value(&run->at.last, f) : 0;
}

/* An event-driven run's checkpoint between two rows, then the same checkpoint with fields taken out and planted. */
static void test_fields(void)
{
    const char *scene = "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 3,"
                        " \"particles\": {\"lattice\": \"fcc\", \"count\": 32, \"packing_fraction\": 0.3,"
                        " \"diameter\": 1}, \"stop\": {\"time\": 2}, \"output\": {\"every\": 0.5}}";
    rc_run_options o = rc_run_default_options();
    o.directory = path_in("gas");
    o.checkpoint_every = 0.7;
    const char *good = checkpoint_at(scene, &o, 1.2, "gas.rcp");
    if (!good) return;
    file_bytes b = {0};
    if (!slurp(good, &b)) {
        CHECK(false, "cannot read %s back", good);
        free(b.data);
        return;
    }

    /* as written: the saved values, the last row's counts behind the clock */
    rc_run_options look = rc_run_default_options();
    look.directory = path_in("look");
    rc_run *run = NULL;
    CHECK(rc_run_create_from_checkpoint(good, &look, &run) == RC_STATUS_OK, "resume: %s", rc_error_get());
    rc_run_limits now = {0};
    uint64_t last_saved = 0;
    if (run) {
        rc_run_engine_counters(run, &now);
        last_saved = last_collisions(run);
        CHECK(run->settings.checkpoint_every == 0.7, "checkpoint_every %g, saved 0.7", run->settings.checkpoint_every);
        CHECK(last_saved > 0 && last_saved < now.collisions, "the last row's collisions %llu, now %llu",
              (unsigned long long)last_saved, (unsigned long long)now.collisions);
    }
    rc_run_destroy(run);

    /* written before two settings and an observable existed: each takes its default */
    const char *old = path_in("old.rcp");
    rewrite(&b, old, &(edit){.drop = "settings.checkpoint_every", .drop_also = "settings.every"});
    file_bytes stripped = {0};
    CHECK(slurp(old, &stripped), "cannot read %s", old);
    rewrite(&stripped, old, &(edit){.drop = "position.last.collisions"});
    free(stripped.data);
    run = NULL;
    CHECK(rc_run_create_from_checkpoint(old, &look, &run) == RC_STATUS_OK, "resume without three fields: %s",
          rc_error_get());
    if (run) {
        CHECK(run->settings.checkpoint_every == 0 && run->settings.every == 0.5,
              "checkpoint_every %g and every %g, "
              "not the scene's 0 and 0.5",
              run->settings.checkpoint_every, run->settings.every);
        CHECK(last_collisions(run) == now.collisions, "last.collisions %llu, not the restored engine's %llu",
              (unsigned long long)last_collisions(run), (unsigned long long)now.collisions);
        CHECK(rc_run_execute(run) == RC_STATUS_OK, "the run without three fields: %s", rc_error_get());
    }
    rc_run_destroy(run);

    /* written after fields this program does not know were added: skipped, the run the same to the bit */
    const char *newer = path_in("newer.rcp");
    double spin = 0.25;
    rewrite(&b, newer,
            &(edit){.plant_in = "position",
                    .plant = "spin_sum",
                    .plant_type = RC_TAGGED_F64,
                    .plant_value = &spin,
                    .plant_size = sizeof spin});
    file_bytes planted = {0};
    CHECK(slurp(newer, &planted), "cannot read %s", newer);
    rewrite(
        &planted, newer,
        &(edit){
            .plant_in = "", .plant = "spins", .plant_type = RC_TAGGED_BYTES, .plant_value = "\1\2\3", .plant_size = 3});
    free(planted.data);
    char *plain = resume_to_end(good, path_in("plain")), *unknown = resume_to_end(newer, path_in("unknown"));
    CHECK(plain && unknown && strcmp(plain, unknown) == 0, "with unknown records the rows differ from the file's own");
    CHECK(plain && strlen(plain) > 100, "the resumed run wrote no rows");
    free(plain);
    free(unknown);

    /* the event-driven engine's state written before a field existed and after one was added: the field missing
     * keeps the freshly built engine's value (the integral of 2K dt restarts from 0), the unknown one is skipped and
     * the run goes on to the bit as from the untouched file */
    const char *grown = path_in("grown_state.rcp");
    rewrite_engine(
        &b, grown,
        &(edit){
            .plant_in = "", .plant = "spins", .plant_type = RC_TAGGED_BYTES, .plant_value = "\1\2", .plant_size = 2});
    char *again = resume_to_end(good, path_in("again")), *grown_rows = resume_to_end(grown, path_in("grown"));
    CHECK(again && grown_rows && strcmp(again, grown_rows) == 0, "an unknown record in the engine's state changed "
                                                                 "the rows");
    free(again);
    free(grown_rows);
    const char *shrunk = path_in("shrunk_state.rcp");
    rewrite_engine(&b, shrunk, &(edit){.drop = "kinetic_integral"});
    rc_edmd_observables full = {0}, partial = {0};
    run = NULL;
    CHECK(rc_run_create_from_checkpoint(good, &look, &run) == RC_STATUS_OK, "resume: %s", rc_error_get());
    if (run) rc_edmd_measure(rc_run_edmd(run), &full);
    rc_run_destroy(run);
    run = NULL;
    CHECK(rc_run_create_from_checkpoint(shrunk, &look, &run) == RC_STATUS_OK, "a state without kinetic_integral: %s",
          rc_error_get());
    if (run) {
        rc_edmd_measure(rc_run_edmd(run), &partial);
        CHECK(full.kinetic_integral > 0 && partial.kinetic_integral == 0 && partial.collisions == full.collisions,
              "kinetic_integral %g (saved %g), not the fresh engine's 0", partial.kinetic_integral,
              full.kinetic_integral);
        CHECK(rc_run_execute(run) == RC_STATUS_OK, "the run from a state without kinetic_integral: %s", rc_error_get());
    }
    rc_run_destroy(run);
    rewrite_engine(&b, shrunk, &(edit){.drop = "kin"});
    expect_refused(shrunk, "state: its record kin is missing or not of its size", "a state without its particles");

    /* damaged fields: another type, a flag of 7 */
    const char *forged = path_in("forged.rcp");
    rewrite(&b, forged, &(edit){.retype = "settings.every"});
    expect_refused(forged, "its field every is u64 of 8 bytes, not f64", "a setting of another type");
    rewrite(&b, forged,
            &(edit){.drop = "position.written",
                    .plant_in = "position",
                    .plant = "written",
                    .plant_type = RC_TAGGED_BOOL,
                    .plant_value = "\7",
                    .plant_size = 1});
    expect_refused(forged, "its field written is 7, neither true (1) nor false (0)", "a flag of 7");
    rewrite(&b, forged, &(edit){.drop = "engine"});
    expect_refused(forged, "it has no record engine", "no engine state");
    free(b.data);
}

/* A time-stepped run's checkpoint with another header, broken records and damaged values. */
static void test_damage(void)
{
    rc_run_options o = rc_run_default_options();
    o.directory = path_in("tower");
    const char *tower = "{\"dynamics\": \"time-stepping\", \"dimension\": 3, \"time_step\": 0.001,"
                        " \"gravity\": [0, 0, -9.81], \"bodies\": [{\"shape\": \"box\","
                        " \"half_extents\": [0.5, 0.5, 0.5], \"position\": [0, 0, 0.5]}, {\"shape\": \"box\","
                        " \"half_extents\": [0.5, 0.5, 0.5], \"position\": [0, 0, 1.5]}], \"static\":"
                        " [{\"shape\": \"plane\", \"position\": [0, 0, 0], \"normal\": [0, 0, 1]}],"
                        " \"stop\": {\"time\": 0.2}}";
    const char *good = checkpoint_at(tower, &o, 0.1, "good.rcp");
    if (!good) return;
    rc_run_options elsewhere = rc_run_default_options();
    elsewhere.directory = path_in("tower2");
    rc_run *run = NULL;
    CHECK(rc_run_create_from_checkpoint(good, &elsewhere, &run) == RC_STATUS_OK, "resume: %s", rc_error_get());
    CHECK(run && fabs(rc_run_time(run) - 0.1) < 1e-12, "resumed at %g", run ? rc_run_time(run) : -1);
    rc_rigid_observables saved = {0};
    if (run) rc_rigid_measure(rc_run_rigid(run), &saved);
    CHECK(saved.resting_resolves > 0, "the tower settled no resting contact (%lld): the default below shows nothing",
          (long long)saved.resting_resolves);
    rc_run_destroy(run);

    file_bytes b = {0};
    if (!slurp(good, &b)) {
        CHECK(false, "cannot read %s back", good);
        free(b.data);
        return;
    }
    unsigned char *records = b.data + 24;
    size_t size = b.size - 32;
    const char *forged = path_in("forged.rcp");
    FILE *f = fopen(forged, "wb");
    fputs("{\"not\": \"a checkpoint\"}", f);
    fclose(f);
    expect_refused(forged, "is not a ricochet checkpoint", "a JSON file");
    f = fopen(forged, "wb");
    fwrite(b.data, 10, 1, f);
    fclose(f);
    expect_refused(forged, "not a ricochet checkpoint", "a truncated header");

    /* the engine's state written before a counter of rc_rigid_observables existed, and after a record was added:
     * the counter restarts from the fresh engine's 0, the unknown record is skipped */
    const char *older = path_in("older_state.rcp");
    rewrite_engine(&b, older,
                   &(edit){.drop = "stats.resting_resolves",
                           .plant_in = "",
                           .plant = "spins",
                           .plant_type = RC_TAGGED_F64,
                           .plant_value = &(double){1},
                           .plant_size = 8});
    run = NULL;
    CHECK(rc_run_create_from_checkpoint(older, &elsewhere, &run) == RC_STATUS_OK, "a state without a counter: %s",
          rc_error_get());
    rc_rigid_observables stats;
    if (run) {
        rc_rigid_measure(rc_run_rigid(run), &stats);
        CHECK(stats.resting_resolves == 0 && stats.steps == 100, "resting_resolves %lld, steps %lld",
              (long long)stats.resting_resolves, (long long)stats.steps);
        CHECK(rc_run_execute(run) == RC_STATUS_OK, "the run from a state without a counter: %s", rc_error_get());
    }
    rc_run_destroy(run);

    /* another program version wrote it: read all the same */
    const char *other = path_in("other_version.rcp");
    rewrite(&b, other,
            &(edit){.drop = "version",
                    .plant_in = "",
                    .plant = "version",
                    .plant_type = RC_TAGGED_TEXT,
                    .plant_value = "9.9.9",
                    .plant_size = 5});
    run = NULL;
    CHECK(rc_run_create_from_checkpoint(other, &elsewhere, &run) == RC_STATUS_OK, "written by ricochet 9.9.9: %s",
          rc_error_get());
    rc_run_destroy(run);

    unsigned char header[24];
    memcpy(header, b.data, sizeof header);
    uint32_t words[][2] = {{8, 0x01020304u}, {6, 0x01020304u}, {7, 0x04030201u}, {7, 0x01020305u}};
    const char *expected[] = {"format 8, newer than this ricochet",
                              "written by an earlier format of checkpoints (format 6", "other byte order",
                              "damaged ricochet checkpoint (its byte-order mark)"};
    for (int k = 0; k < 4; k++) {
        memcpy(header + 16, words[k], 8);
        write_file(forged, header, records, size);
        expect_refused(forged, expected[k], expected[k]);
    }

    /* the engine's record said to be 20 GiB long in a small file: refused before anything is allocated for it */
    rc_tagged engine;
    CHECK(rc_tagged_find(records, size, "engine", &engine), "no engine record");
    uint64_t huge = 20ULL << 30, length = engine.size;
    unsigned char *at = (unsigned char *)engine.value - 8;
    memcpy(at, &huge, 8);
    write_file(forged, b.data, records, size);
    expect_refused(forged, "truncated or damaged ricochet checkpoint (its records break off", "a 20 GiB record");
    memcpy(at, &length, 8);

    /* a byte changed and the checksum left as it was */
    b.data[30] ^= 1;
    f = fopen(forged, "wb");
    fwrite(b.data, b.size, 1, f);
    fclose(f);
    expect_refused(forged, "its checksum does not match", "a byte changed");
    b.data[30] ^= 1;

    /* the rigid state's first body position set to 1e207: finite, absurd, refused when read */
    rc_tagged x;
    double far = 1e207;
    CHECK(rc_tagged_find(engine.value, engine.size, "x", &x) && x.size >= 8, "the state has no positions");
    if (x.size >= 8) {
        double position;
        memcpy(&position, x.value, 8);
        memcpy((unsigned char *)x.value, &far, 8);
        write_file(forged, b.data, records, size);
        expect_refused(forged, "state: body 0 has a position or velocity beyond", "positions of 1e207");
        memcpy((unsigned char *)x.value, &position, 8);
    }
    free(b.data);
}

int main(void)
{
    if (!mkdtemp(directory)) {
        perror("mkdtemp");
        return 1;
    }
    test_fields();
    test_damage();
    check_remove_tree(directory);
    return check_finish();
}
