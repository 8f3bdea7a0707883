/* SPDX-License-Identifier: MIT */
/* Driver of experiments/fig7_bouncing_ball.py: the bouncing ball of Bannerman et al. 2014, section 5 and Fig. 7.
 * A ball of diameter 1 starts at rest with its centre at r_plate + 1 above a plate at r_plate, under gravity
 * g = -1, with restitution 0.5; the plate position takes COUNT values r_plate = (k + 1/2) / COUNT in [0, 1].
 *
 *   exp_bouncing_ball pure   stable|naive COUNT MAX_EVENTS RECORDS
 *   exp_bouncing_ball engine stable|naive COUNT MAX_EVENTS RECORDS
 *
 * "pure" runs the paper's loop on the prediction rule alone: dt = rc_edmd_predict_plane(rule, x - r_plate - 1/2, v, g),
 * then x += v dt + g dt^2 / 2, v += g dt, t += dt, and the reflection v = -e v (the naive rule reflects every time,
 * as the textbook does; the stable rule only when the ball approaches, v < 0). "engine" runs the event-driven engine
 * instead: one particle, a wall at the plate, the box periodic in x and y and closed in z, read after every event.
 * Each plate position ends with one outcome (the codes below) and appends five doubles (native byte order) to the
 * file RECORDS: r_plate, outcome, events processed, the time (of rest: when the clock stopped; otherwise the clock
 * at the end), and the lowest gap seen x - r_plate - 1/2 (negative: overlapped). A summary line goes to stdout.
 *
 * "At rest" means the clock has moved by at most one ulp per event for FROZEN_EVENTS events: the pure loop's clock
 * stops outright (t + dt == t), while the engine's creeps on by one ulp per event, since an event time is absolute
 * (now + dt rounds up to the next double) and the ball, streamed over that ulp, gains |g| ulp of speed each time.
 * The engine may also put the ball to sleep on the plate (docs/edmd.md, "Gravity and rest"): then nothing is left to
 * happen, and the run has come to rest at the time it fell asleep. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ricochet/ricochet.h"

#define GRAVITY (-1.0)
#define RESTITUTION 0.5
#define RADIUS 0.5
#define START 1.0 /* the centre starts this high above the plate: a fall of START - RADIUS to the first impact */
#define FROZEN_EVENTS 100  /* consecutive events that move the clock by one ulp at most: the ball has come to rest */
#define FELL_THROUGH 1e-12 /* an overlap this deep is no rounding error: the ball went through the plate */

/* The outcome codes of a record (fig7_bouncing_ball.py names them in this order). */
enum outcome {
    CAME_TO_REST = 0,
    NEGATIVE_DISCRIMINANT = 1, /* the rule found no event: the ball would fall through */
    WENT_THROUGH = 2,
    NEGATIVE_TIME = 3,
    STILL_BOUNCING = 4 /* the events limit came first */
};

typedef struct record {
    double plate, outcome, events, time, lowest_gap;
} record;

/* Counts consecutive events that move the clock from `before` to `after` by one ulp at most; `rest` keeps the time
 * the count started. */
static long still(double before, double after, long frozen, double *rest)
{
    if (after > nextafter(before, INFINITY)) return 0;
    if (frozen == 0) *rest = before;
    return frozen + 1;
}

static void pure(rc_event_detection rule, double plate, long max_events, record *out)
{
    double x = plate + START, v = 0, t = 0, lowest = INFINITY, rest = 0;
    long events = 0, frozen = 0;
    enum outcome result = STILL_BOUNCING;
    while (events < max_events) {
        double dt = rc_edmd_predict_plane(rule, x - plate - RADIUS, v, GRAVITY);
        if (dt == INFINITY) {
            result = NEGATIVE_DISCRIMINANT;
            break;
        }
        if (dt < 0) {
            result = NEGATIVE_TIME;
            break;
        }
        x += v * dt + 0.5 * GRAVITY * dt * dt;
        v += GRAVITY * dt;
        frozen = still(t, t + dt, frozen, &rest);
        t += dt;
        events++;
        double gap = x - plate - RADIUS;
        if (gap < lowest) lowest = gap;
        if (gap < -FELL_THROUGH) {
            result = WENT_THROUGH;
            break;
        }
        if (rule == RC_EVENT_DETECTION_NAIVE || v < 0) v = -RESTITUTION * v;
        if (frozen >= FROZEN_EVENTS || v == 0) {
            result = CAME_TO_REST;
            break;
        }
    }
    *out = (record){plate, result, (double)events, result == CAME_TO_REST && frozen ? rest : t, lowest};
}

static int engine(rc_event_detection rule, double plate, long max_events, record *out)
{
    double x[3] = {2, 2, plate + START}, v[3] = {0, 0, 0}, radius = RADIUS, mass = 1;
    rc_wall wall = {.point = {0, 0, plate}, .normal = {0, 0, 1}, .restitution = RESTITUTION};
    rc_edmd_def d = rc_edmd_default_def();
    d.box[0] = d.box[1] = d.box[2] = 4;
    d.periodic[2] = false;
    d.box_restitution = RESTITUTION;
    d.gravity[2] = GRAVITY;
    d.restitution = RESTITUTION;
    d.walls = &wall, d.wall_count = 1;
    d.count = 1, d.positions = x, d.velocities = v, d.radii = &radius, d.masses = &mass;
    d.detection = rule;
    rc_edmd *e;
    rc_frame frame;
    if (rc_edmd_create(&d, &e) != RC_STATUS_OK || rc_frame_create(&frame, 1, false) != RC_STATUS_OK) return 1;
    double lowest = INFINITY, last = 0, rest = 0;
    long frozen = 0;
    enum outcome result = STILL_BOUNCING;
    rc_edmd_observables o;
    for (long k = 1; k <= max_events; k++) {
        rc_edmd_limits limits = {INFINITY, 0, (uint64_t)k};
        rc_edmd_advance(e, &limits);
        rc_edmd_fill_frame(e, &frame);
        rc_edmd_measure(e, &o);
        double gap = frame.positions[2] - plate - RADIUS;
        if (gap < lowest) lowest = gap;
        frozen = still(last, frame.time, frozen, &rest);
        last = frame.time;
        if (o.negative_time_events > 0) result = NEGATIVE_TIME;
        else if (gap < -FELL_THROUGH) result = WENT_THROUGH;
        else if (frozen >= FROZEN_EVENTS) result = CAME_TO_REST;
        if (o.events < (uint64_t)k && result == STILL_BOUNCING && o.sleeping == 1) { /* asleep on the plate */
            result = CAME_TO_REST;
            rest = frame.time;
        }
        if (result != STILL_BOUNCING || o.events < (uint64_t)k) break; /* o.events < k: nothing left to happen */
    }
    *out = (record){plate, result, (double)o.events, result == CAME_TO_REST ? rest : rc_edmd_time(e), lowest};
    rc_frame_destroy(&frame);
    rc_edmd_destroy(e);
    return 0;
}

int main(int argc, char **argv)
{
    rc_event_detection rule;
    long count = argc == 6 ? atol(argv[3]) : 0, max_events = argc == 6 ? atol(argv[4]) : 0;
    bool use_engine = argc == 6 && strcmp(argv[1], "engine") == 0;
    if (argc != 6 || (!use_engine && strcmp(argv[1], "pure") != 0) || rc_event_detection_parse(argv[2], &rule) ||
        count <= 0 || max_events <= 0) {
        fprintf(stderr, "usage: %s pure|engine stable|naive COUNT MAX_EVENTS RECORDS\n", argv[0]);
        return 1;
    }
    FILE *f = fopen(argv[5], "wb");
    if (!f) {
        perror(argv[5]);
        return 1;
    }
    for (long k = 0; k < count; k++) {
        record r;
        double plate = (k + 0.5) / (double)count;
        if (use_engine) {
            if (engine(rule, plate, max_events, &r)) {
                fprintf(stderr, "r_plate %.17g: %s\n", plate, rc_error_get());
                return 2;
            }
        } else {
            pure(rule, plate, max_events, &r);
        }
        if (fwrite(&r, sizeof r, 1, f) != 1) {
            perror(argv[5]);
            return 1;
        }
    }
    fclose(f);
    printf("{\"mode\": \"%s\", \"rule\": \"%s\", \"plates\": %ld, \"max_events\": %ld, \"gravity\": %.17g, "
           "\"restitution\": %.17g, \"radius\": %.17g, \"drop\": %.17g, \"fell_through_depth\": %.17g}\n",
           argv[1], argv[2], count, max_events, GRAVITY, RESTITUTION, RADIUS, START - RADIUS, FELL_THROUGH);
    return 0;
}
