/* SPDX-License-Identifier: MIT */
/* Tests of a live run (ricochet/live.h) through the public C API, for both engines:
 * - triggers: one every 1000 collisions is called exactly floor(C / 1000) times over C collisions, each time at a
 *   multiple of 1000; one that returns nonzero ends the advance there (stopped_by "trigger"); one every 0.25 units of
 *   time sees those times exactly; a unit the engine does not count is refused;
 * - state: set from a frame and read back to the bit; an overlapping state refused naming the particles, the run
 *   unchanged;
 * - parameters: a restitution change written to changes.csv, kept by a checkpoint, and resumed bit-identically; a
 *   checkpoint whose record of the change was damaged (a restitution of 1.5, its checksum made good) is refused by
 *   the key; a time step change counts steps from the present time on. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/bytes.h"
#include "core/tagged.h"
#include "ricochet/ricochet.h"
#include "run_check.h"

static char directory[] = "/tmp/ricochet_test_live_XXXXXX";

static const char *const bouncing = "{\"dynamics\": \"time-stepping\", \"dimension\": 2, \"time_step\": 0.001,"
                                    " \"gravity\": [0, -10], \"restitution\": 0.5,"
                                    " \"bodies\": [{\"shape\": \"ball\", \"radius\": 0.5, \"position\": [0, 2]}],"
                                    " \"static\": [{\"shape\": \"plane\", \"position\": [0, 0], \"normal\": [0, 1]}],"
                                    " \"stop\": {\"time\": 2}}";

static void advance(rc_run *run, double time, uint64_t collisions, uint64_t steps)
{
    rc_run_limits until = {time, collisions, 0, steps};
    CHECK(rc_run_advance(run, &until) == RC_STATUS_OK, "rc_run_advance: %s", rc_error_get());
}

typedef struct seen {
    int calls, stop_at;
    rc_run_counts last;
    bool aligned;
    double every;
} seen;

static int count_collisions(rc_run *run, const rc_run_counts *c, void *user)
{
    (void)run;
    seen *s = user;
    s->calls++;
    s->aligned &= c->collisions == (uint64_t)(s->every * s->calls);
    s->last = *c;
    return s->calls == s->stop_at;
}

static int count_time(rc_run *run, const rc_run_counts *c, void *user)
{
    (void)run;
    seen *s = user;
    s->calls++;
    s->aligned &= c->time == s->every * s->calls;
    return 0;
}

static void test_triggers(void)
{
    rc_run *run = run_check_create(run_check_gas(3), NULL);
    seen collisions = {0, -1, {0, 0, 0, 0}, true, 1000}, times = {0, -1, {0, 0, 0, 0}, true, 0.25};
    int id = 0;
    CHECK(rc_run_trigger_add(run, RC_RUN_UNIT_COLLISIONS, 1000, count_collisions, &collisions, &id) == RC_STATUS_OK,
          "%s", rc_error_get());
    CHECK(rc_run_trigger_add(run, RC_RUN_UNIT_TIME, 0.25, count_time, &times, NULL) == RC_STATUS_OK, "%s",
          rc_error_get());
    advance(run, INFINITY, 12345, 0);
    rc_run_counts now;
    rc_run_read_counts(run, &now);
    CHECK(now.collisions == 12345, "the advance ended at %llu collisions", (unsigned long long)now.collisions);
    CHECK(collisions.calls == 12 && collisions.aligned, "%d calls every 1000 collisions over 12345 (aligned %d)",
          collisions.calls, collisions.aligned);
    CHECK(times.calls == (int)floor(now.time / 0.25) && times.aligned && times.calls > 0,
          "%d calls every 0.25 over time %g (aligned %d)", times.calls, now.time, times.aligned);
    collisions.stop_at = 15; /* the 15th call ends the advance at 15000 */
    advance(run, INFINITY, 40000, 0);
    rc_run_read_counts(run, &now);
    CHECK(now.collisions == 15000 && strcmp(rc_run_stop_reason(run), "trigger") == 0,
          "a trigger that returned 1 at 15000 collisions: the advance ended at %llu, stopped by %s",
          (unsigned long long)now.collisions, rc_run_stop_reason(run));
    CHECK(rc_run_trigger_remove(run, id) == RC_STATUS_OK &&
              rc_run_trigger_remove(run, id) == RC_STATUS_INVALID_ARGUMENT,
          "removing a trigger once, then again");
    CHECK(rc_run_trigger_add(run, RC_RUN_UNIT_STEPS, 10, count_time, &times, NULL) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "every.steps") != NULL,
          "steps of the event-driven engine: %s", rc_error_get());
    CHECK(rc_run_trigger_add(run, RC_RUN_UNIT_COLLISIONS, 0.5, count_time, &times, NULL) == RC_STATUS_INVALID_ARGUMENT,
          "half a collision");
    rc_run_destroy(run);
}

static bool same_frames(const rc_frame *a, const rc_frame *b)
{
    size_t n = (size_t)a->count;
    return a->count == b->count && memcmp(a->positions, b->positions, 3 * n * sizeof(double)) == 0 &&
           memcmp(a->velocities, b->velocities, 3 * n * sizeof(double)) == 0 &&
           memcmp(a->radii, b->radii, n * sizeof(double)) == 0 && a->time == b->time;
}

static void test_state(void)
{
    rc_run *run = run_check_create(run_check_gas(3), NULL);
    advance(run, INFINITY, 2000, 0);
    rc_frame f, g;
    rc_frame_create(&f, rc_run_count(run), false);
    rc_frame_create(&g, rc_run_count(run), false);
    rc_run_state_get(run, &f);
    for (int32_t i = 0; i < f.count; i++)
        for (int a = 0; a < 3; a++) f.velocities[3 * i + a] *= M_PI / 3; /* every bit of the mantissa used */
    CHECK(rc_run_state_set(run, &f) == RC_STATUS_OK, "rc_run_state_set: %s", rc_error_get());
    rc_run_state_get(run, &g);
    CHECK(same_frames(&f, &g), "the state read back is not the state set");
    double x = f.positions[3 * 7];
    memcpy(f.positions + 3 * 7, f.positions + 3 * 8, 3 * sizeof(double)); /* 7 on top of 8 */
    CHECK(rc_run_state_set(run, &f) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "overlaps particle 8"),
          "an overlap: %s", rc_error_get());
    f.positions[3 * 7] = x;
    rc_run_state_get(run, &f);
    CHECK(same_frames(&f, &g), "a refused state changed the run");
    rc_frame_destroy(&f);
    rc_frame_destroy(&g);
    rc_run_destroy(run);
}

/* The checkpoint at path with the restitution of its first change set to value, its checksum made good. */
static void damage_change(const char *path, double value)
{
    FILE *file = fopen(path, "rb");
    static unsigned char raw[1 << 20];
    size_t size = file ? fread(raw, 1, sizeof raw, file) : 0;
    if (file) fclose(file);
    rc_tagged changes = {0};
    bool found = size > 32 && rc_tagged_find(raw + 24, size - 32, "changes", &changes);
    CHECK(found && changes.size == 136, "the checkpoint's changes: %llu bytes", (unsigned long long)changes.size);
    if (!found || changes.size != 136) return;
    memcpy((unsigned char *)changes.value + 8 + 24 + 48 + 8 + 24, &value, sizeof value); /* time, counts, key, length,
                                                                                        * old: new[0] */
    uint64_t hash = rc_fnv_add(RC_FNV_START, raw + 24, size - 32);
    memcpy(raw + size - 8, &hash, 8);
    file = fopen(path, "wb");
    CHECK(file && fwrite(raw, 1, size, file) == size, "rewriting %s", path);
    if (file) fclose(file);
}

static void test_changes(void)
{
    char folder[300], checkpoint[320], csv[320];
    snprintf(folder, sizeof folder, "%s/changed", directory);
    snprintf(checkpoint, sizeof checkpoint, "%s/changed.rcp", directory);
    snprintf(csv, sizeof csv, "%s/changes.csv", folder);
    rc_run *run = run_check_create(run_check_gas(3), folder);
    advance(run, INFINITY, 2000, 0);
    double e = 0.9, bad = 1.5, got[3];
    int length = 0;
    CHECK(rc_run_parameter_set(run, "restitution", &bad, 1) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "restitution: 1.5 is not in [0, 1]"),
          "%s", rc_error_get());
    CHECK(rc_run_parameter_set(run, "compression.rate", &e, 1) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "compression.rate: the scene has no compression"),
          "%s", rc_error_get());
    CHECK(rc_run_parameter_set(run, "box.size", &e, 1) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "box.size: the event-driven engine cannot"),
          "%s", rc_error_get());
    CHECK(rc_run_change_count(run) == 0, "refused changes were recorded");
    CHECK(rc_run_parameter_set(run, "restitution", &e, 1) == RC_STATUS_OK, "%s", rc_error_get());
    CHECK(rc_run_parameter_get(run, "restitution", got, &length) == RC_STATUS_OK && got[0] == e && length == 1, "get");
    FILE *f = fopen(csv, "r");
    char header[128] = "", row[256] = "";
    CHECK(f && fgets(header, sizeof header, f) && fgets(row, sizeof row, f), "reading %s", csv);
    if (f) fclose(f);
    CHECK(strstr(row, ",2000,") && strstr(row, ",restitution,1,0.9\n"), "changes.csv: %s", row);
    advance(run, INFINITY, 4000, 0);
    CHECK(rc_run_checkpoint_write(run, checkpoint) == RC_STATUS_OK, "%s", rc_error_get());
    advance(run, INFINITY, 9000, 0);
    rc_run *resumed = run_check_resume(checkpoint);
    if (resumed) {
        CHECK(rc_run_change_count(resumed) == 1, "the resumed run has %d changes", rc_run_change_count(resumed));
        advance(resumed, INFINITY, 9000, 0);
        rc_frame a, b;
        rc_frame_create(&a, rc_run_count(run), false);
        rc_frame_create(&b, rc_run_count(run), false);
        rc_run_state_get(run, &a);
        rc_run_state_get(resumed, &b);
        CHECK(same_frames(&a, &b), "the resumed run differs from the one that went on");
        rc_frame_destroy(&a);
        rc_frame_destroy(&b);
        char *summary = rc_run_summary_json(resumed, true);
        CHECK(summary && strstr(summary, "\"changes\":[{"), "the summary's changes: %.200s", summary);
        rc_text_destroy(summary);
        rc_run_destroy(resumed);
    }
    rc_run_destroy(run);
    damage_change(checkpoint, 1.5);
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    resumed = NULL;
    CHECK(rc_run_create_from_checkpoint(checkpoint, &o, &resumed) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "restitution: 1.5 is not in [0, 1]"),
          "a damaged change: %s", rc_error_get());
    rc_run_destroy(resumed);
}

static void test_time_step(void)
{
    rc_run *run = run_check_create(bouncing, NULL);
    advance(run, INFINITY, 0, 100);
    double h = 0.0005, g[2] = {0, -5};
    CHECK(rc_run_parameter_set(run, "time_step", &h, 1) == RC_STATUS_OK, "%s", rc_error_get());
    CHECK(rc_run_parameter_set(run, "gravity", g, 2) == RC_STATUS_OK, "%s", rc_error_get());
    CHECK(rc_run_parameter_set(run, "restitution", &h, 1) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "restitution: the time-stepped engine"),
          "%s", rc_error_get());
    advance(run, 0.2, 0, 0);
    rc_run_counts now;
    rc_run_read_counts(run, &now);
    CHECK(now.steps == 300 && fabs(now.time - 0.2) < 1e-12,
          "after 100 steps of 0.001 and 0.1 more in steps of "
          "0.0005: %llu steps, time %.17g",
          (unsigned long long)now.steps, now.time);
    rc_run_destroy(run);
}

int main(void)
{
    if (!mkdtemp(directory)) return 1;
    test_triggers();
    test_state();
    test_changes();
    test_time_step();
    check_remove_tree(directory);
    return check_finish();
}
