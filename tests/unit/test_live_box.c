/* SPDX-License-Identifier: MIT */
/* Tests of a new box in a live run (the parameter "box" of ricochet/live.h), through the public C API:
 * - a periodic gas given a larger box keeps its particles to the bit, shows the new box in its frames and summary,
 *   goes on conserving energy, and a checkpoint after the change resumes bit-identically;
 * - a closed box given a taller edge moves its far wall: the particles then reach beyond the old face, never the new;
 * - a box too short for the neighbour reaches, one that leaves a particle outside, one that makes two particles
 *   overlap across the new periodic face, one of the wrong dimension, and a box asked of an engine that cannot
 *   change it (a compression; the time-stepped engine) are refused naming the field, the run unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"
#include "run_check.h"

static char directory[] = "/tmp/ricochet_test_live_box_XXXXXX";

static const char *const three = "{\"dimension\": 2, \"box\": {\"size\": [10, 10], \"periodic\": true},"
                                 " \"particles\": [{\"position\": [0.6, 5], \"velocity\": [0, 1], \"radius\": 0.5},"
                                 " {\"position\": [8.8, 5], \"velocity\": [0, -1], \"radius\": 0.5},"
                                 " {\"position\": [5, 5], \"velocity\": [1, 0], \"radius\": 0.5}],"
                                 " \"stop\": {\"time\": 100}}";

static const char *const closed = "{\"dimension\": 2, \"box\": {\"size\": [20, 10], \"periodic\": false},"
                                  " \"temperature\": 1, \"seed\": 2, \"particles\": {\"lattice\": \"square\","
                                  " \"count\": 64, \"diameter\": 1}, \"stop\": {\"collisions\": 1000000}}";

static const char *const compressing = "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1,"
                                       " \"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\":"
                                       " 0.2, \"diameter\": 1}, \"compression\": {\"rate\": 0.01,"
                                       " \"until\": {\"packing_fraction\": 0.4}}, \"stop\": {\"collisions\": 100000}}";

static const char *const ball = "{\"dynamics\": \"time-stepping\", \"dimension\": 2, \"time_step\": 0.001,"
                                " \"bodies\": [{\"shape\": \"ball\", \"radius\": 0.5, \"position\": [0, 2]}],"
                                " \"stop\": {\"time\": 1}}";

static void go(rc_run *run, uint64_t collisions)
{
    rc_run_limits until = {INFINITY, collisions, 0, 0};
    CHECK(rc_run_advance(run, &until) == RC_STATUS_OK, "rc_run_advance: %s", rc_error_get());
}

/* The run's state now, in a frame the caller releases. */
static rc_frame state(const rc_run *run)
{
    rc_frame f;
    rc_frame_create(&f, rc_run_count(run), false);
    CHECK(rc_run_state_get(run, &f) == RC_STATUS_OK, "rc_run_state_get: %s", rc_error_get());
    return f;
}

static bool same_state(const rc_frame *a, const rc_frame *b)
{
    size_t n = (size_t)a->count;
    return a->count == b->count && memcmp(a->positions, b->positions, 3 * n * sizeof(double)) == 0 &&
           memcmp(a->velocities, b->velocities, 3 * n * sizeof(double)) == 0 && a->time == b->time &&
           memcmp(a->box, b->box, sizeof a->box) == 0;
}

/* A box the run refuses with a message containing `words`; the run's state unchanged and no change recorded. */
static void refused(rc_run *run, const double *box, int length, const char *words)
{
    rc_frame before = state(run);
    int changes = rc_run_change_count(run);
    rc_status s = rc_run_parameter_set(run, "box", box, length);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), words), "expected \"%s\", got %d: %s", words,
          (int)s, rc_error_get());
    rc_frame after = state(run);
    CHECK(same_state(&before, &after) && rc_run_change_count(run) == changes, "a refused box changed the run");
    rc_frame_destroy(&before);
    rc_frame_destroy(&after);
}

static double kinetic(const rc_frame *f)
{
    double k = 0;
    for (int32_t i = 0; i < 3 * f->count; i++) k += 0.5 * f->masses[i / 3] * f->velocities[i] * f->velocities[i];
    return k;
}

static void test_periodic(void)
{
    char checkpoint[320];
    snprintf(checkpoint, sizeof checkpoint, "%s/box.rcp", directory);
    rc_run *run = run_check_create(run_check_gas(5), NULL);
    go(run, 2000);
    rc_frame before = state(run);
    double box[3], got[3];
    int length = 0;
    for (int a = 0; a < 3; a++) box[a] = before.box[a] * (a == 0 ? 1.25 : 1.0625);
    CHECK(rc_run_parameter_set(run, "box", box, 3) == RC_STATUS_OK, "a larger box: %s", rc_error_get());
    CHECK(rc_run_parameter_get(run, "box", got, &length) == RC_STATUS_OK && length == 3 &&
              !memcmp(got, box, sizeof box),
          "the box read back");
    rc_frame after = state(run);
    CHECK(!memcmp(after.box, box, sizeof box), "the frame's box is %g %g %g", after.box[0], after.box[1], after.box[2]);
    CHECK(!memcmp(before.positions, after.positions, 3 * (size_t)before.count * sizeof(double)),
          "the particles moved when the box changed");
    char *summary = rc_run_summary_json(run, false);
    const char *changes = summary ? strstr(summary, "\"changes\"") : NULL;
    CHECK(changes && strstr(changes, "\"box\""), "the summary's changes: %.300s", changes ? changes : "");
    rc_text_destroy(summary);
    go(run, 6000);
    rc_frame later = state(run);
    CHECK(fabs(kinetic(&later) - kinetic(&before)) < 1e-9 * kinetic(&before),
          "the kinetic energy went from %.17g to "
          "%.17g in the new box",
          kinetic(&before), kinetic(&later));
    for (int32_t i = 0; i < later.count; i++)
        CHECK(later.positions[3 * i] >= 0 && later.positions[3 * i] < box[0], "particle %d at x %g, box %g", (int)i,
              later.positions[3 * i], box[0]);
    CHECK(rc_run_checkpoint_write(run, checkpoint) == RC_STATUS_OK, "%s", rc_error_get());
    go(run, 12000);
    rc_run *resumed = run_check_resume(checkpoint);
    if (resumed) {
        go(resumed, 12000);
        rc_frame a = state(run), b = state(resumed);
        CHECK(same_state(&a, &b), "the run resumed after a new box differs from the one that went on");
        rc_frame_destroy(&a);
        rc_frame_destroy(&b);
        rc_run_destroy(resumed);
    }
    double short_edge[3] = {2, box[1], box[2]}, wrong[2] = {box[0], box[1]}, nan[3] = {NAN, box[1], box[2]};
    refused(run, short_edge, 3, "box[0]: periodic edge 2 is too short");
    refused(run, wrong, 2, "box");
    refused(run, nan, 3, "box: nan is not a finite number");
    double cut[3] = {0.5 * box[0], box[1], box[2]};
    refused(run, cut, 3, "box: under the new box particle");
    rc_frame_destroy(&before);
    rc_frame_destroy(&after);
    rc_frame_destroy(&later);
    rc_run_destroy(run);
}

static void test_overlap(void)
{
    rc_run *run = run_check_create(three, NULL);
    double box[2] = {9, 10}, room[2] = {9.5, 10};
    refused(run, box, 2, "box: under the new box particle 0 overlaps particle 1");
    CHECK(rc_run_parameter_set(run, "box", room, 2) == RC_STATUS_OK, "a box that keeps them apart: %s", rc_error_get());
    rc_run_destroy(run);
}

static void test_closed(void)
{
    rc_run *run = run_check_create(closed, NULL);
    double box[2] = {20, 20}, highest = 0;
    CHECK(rc_run_parameter_set(run, "box", box, 2) == RC_STATUS_OK, "a taller closed box: %s", rc_error_get());
    for (int k = 1; k <= 20; k++) {
        go(run, 2000 * (uint64_t)k);
        rc_frame f = state(run);
        for (int32_t i = 0; i < f.count; i++) {
            double top = f.positions[3 * i + 1] + f.radii[i];
            CHECK(top <= 20 * (1 + 1e-12), "particle %d reaches %.17g above the new wall", (int)i, top);
            highest = fmax(highest, top);
        }
        rc_frame_destroy(&f);
    }
    CHECK(highest > 10, "no particle went past the old wall at 10 (highest %g)", highest);
    rc_run_destroy(run);
}

static void test_engines(void)
{
    rc_run *run = run_check_create(compressing, NULL);
    double box[3] = {10, 10, 10};
    refused(run, box, 3, "box: the event-driven engine cannot change it here: a compression");
    rc_run_destroy(run);
    run = run_check_create(ball, NULL);
    CHECK(rc_run_parameter_set(run, "box", box, 2) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "box: a time-stepping scene has no box"),
          "%s", rc_error_get());
    rc_run_destroy(run);
}

int main(void)
{
    if (!mkdtemp(directory)) return 1;
    test_periodic();
    test_overlap();
    test_closed();
    test_engines();
    check_remove_tree(directory);
    return check_finish();
}
