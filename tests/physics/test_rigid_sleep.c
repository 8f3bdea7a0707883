/* SPDX-License-Identifier: MIT */
/* Island sleeping of the time-stepped engine (docs/rigid.md, "Sleeping"). Scene: in 2D under gravity, a
 * column of 4 touching balls at rest on a floor, a lone ball at rest far away, and a fifth ball dropped from 3.5 above
 * the column (restitution 0). Oracles:
 * - the documented time: every body at rest is awake after sleep_time / h - 1 steps and asleep after sleep_time / h,
 *   and asleep bodies cost nothing: no contact among them is detected (0 contacts while only the drop is awake);
 * - waking: the drop wakes the column (4 wakes) and not the lone ball; the result is physical: an inelastic hit on a
 *   supported column stops everything (the LCP's answer: all velocities 0), the drop rests on the column's top within
 *   the margin, no overlap appears, the energy balance closes, and the same scene without sleeping ends at the same
 *   positions (to 1e-6); then the column with the drop falls asleep again;
 * - a new velocity wakes a sleeping body's island;
 * - determinism: a checkpoint taken while bodies sleep, restored into a new engine, steps on bit-identically through
 *   the wake; sleeping off, nothing ever sleeps. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/rigid.h"

enum { BODIES = 6, DROP = 4, LONE = 5 };

static rc_rigid *scene(bool sleep)
{
    static rc_rigid_body_def b[BODIES];
    static rc_rigid_static_def floor;
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    d.gravity[1] = -9.81;
    d.impact.restitution = 0;
    d.sleep = sleep;
    for (int k = 0; k < BODIES; k++) {
        b[k] = rc_rigid_default_body_def();
        b[k].ball = true;
        b[k].radius = 0.5;
        b[k].position[1] = 0.5 + k;
    }
    b[DROP].position[1] = 8;
    b[LONE].position[0] = 10, b[LONE].position[1] = 0.5;
    floor = rc_rigid_default_static_def();
    floor.normal[1] = 1, floor.normal[2] = 0;
    d.bodies = b, d.body_count = BODIES, d.statics = &floor, d.static_count = 1;
    rc_rigid *e = NULL;
    CHECK(rc_rigid_create(&d, &e) == RC_STATUS_OK, "create: %s", rc_error_get());
    return e;
}

static rc_rigid_observables step(rc_rigid *e, int64_t steps)
{
    rc_rigid_observables o;
    CHECK(rc_rigid_step(e, steps) == RC_STATUS_OK, "step: %s", rc_error_get());
    rc_rigid_measure(e, &o);
    return o;
}

static double speed_of(const rc_rigid *e, int32_t i)
{
    double v[3];
    rc_rigid_body_state(e, i, NULL, NULL, v, NULL);
    return hypot(v[0], v[1]);
}

/* Falls asleep on time, costs nothing asleep, wakes when hit, and ends where the scene without sleeping ends. */
static void sleep_and_wake(void)
{
    rc_rigid *e = scene(true), *awake = scene(false);
    if (!e || !awake) return;
    rc_rigid_observables o = step(e, 499);
    CHECK(o.sleeping == 0 && o.sleeps == 0, "asleep before the sleep time: %d", (int)o.sleeping);
    o = step(e, 1);
    printf("after 500 steps (sleep_time 0.5 s): %d asleep, %lld contacts\n", (int)o.sleeping, (long long)o.contacts);
    CHECK(o.sleeping == 5, "the column and the lone ball are not asleep at the sleep time: %d", (int)o.sleeping);
    o = step(e, 100);
    CHECK(o.contacts == 0, "sleeping bodies still have %lld contacts detected", (long long)o.contacts);
    /* the drop falls 3.5 - margin: it hits at t = sqrt(7 / 9.81) = 0.845 */
    int64_t woke = -1;
    for (int64_t k = 600; k < 1000 && woke < 0; k++) {
        o = step(e, 1);
        if (o.wakes > 0) woke = k + 1;
    }
    printf("woken at step %lld: %lld wakes, %d still asleep\n", (long long)woke, (long long)o.wakes, (int)o.sleeping);
    CHECK(woke >= 840 && woke <= 850, "the column woke at step %lld, not at the hit (845)", (long long)woke);
    CHECK(o.wakes == 4 && o.sleeping == 1, "the hit woke %lld bodies and left %d asleep (4 and the lone ball)",
          (long long)o.wakes, (int)o.sleeping);
    /* the collision stops the drop up to a step's travel (8 mm) above the column; the resting settle does not hold a
     * body that is not touching, so it falls the rest (about 40 steps) and stops at the margin */
    o = step(e, 100);
    double fastest = 0;
    for (int32_t i = 0; i < BODIES; i++) fastest = fmax(fastest, speed_of(e, i));
    printf("100 steps after the wake: fastest %.3g, deepest overlap %.3g, energy drift %.3g\n", fastest,
           o.max_penetration, o.energy_drift);
    CHECK(fastest < 1e-6, "an inelastic hit on a supported column left speed %.3g", fastest);
    CHECK(o.max_penetration < 1e-7, "overlap %.3g after the hit", o.max_penetration);
    o = step(e, 1500 - 950);
    rc_rigid_observables u = step(awake, 1500);
    double top[3], apart = 0;
    rc_rigid_body_state(e, DROP, top, NULL, NULL, NULL);
    for (int32_t i = 0; i < BODIES; i++) {
        double x[3], y[3];
        rc_rigid_body_state(e, i, x, NULL, NULL, NULL);
        rc_rigid_body_state(awake, i, y, NULL, NULL, NULL);
        apart = fmax(apart, hypot(x[0] - y[0], x[1] - y[1]));
    }
    printf("at t = 1.5: drop at height %.9f (4.5 + margin), %.3g from the run without sleeping; drift %.3g and "
           "%.3g; %d asleep\n",
           top[1], apart, o.energy_drift, u.energy_drift, (int)o.sleeping);
    CHECK(top[1] > 4.5 - 1e-9 && top[1] < 4.5 + 4 * 5e-4, "the drop rests at %.17g, not on the column", top[1]);
    CHECK(apart < 1e-6, "sleeping moved the bodies %.3g from where they end without it", apart);
    CHECK(fabs(o.energy_drift) < 1e-9 && fabs(u.energy_drift) < 1e-9, "energy balance: %.3g with sleeping",
          o.energy_drift);
    CHECK(o.max_penetration < 1e-7, "overlap %.3g (the collision settle stops at 1e-6 of the approach)",
          o.max_penetration);
    o = step(e, 500);
    CHECK(o.sleeping == BODIES, "the column with the drop did not fall asleep again: %d asleep", (int)o.sleeping);
    CHECK(u.sleeping == 0 && u.sleeps == 0, "sleeping off, %d bodies slept", (int)u.sleeping);
    /* a new velocity wakes the lone ball (its own island) and nothing else */
    const double kick[3] = {1, 0, 0};
    rc_rigid_set_velocity(e, LONE, kick, NULL);
    rc_rigid_measure(e, &o);
    CHECK(o.sleeping == BODIES - 1, "set_velocity left %d asleep", (int)o.sleeping);
    o = step(e, 10);
    double x[3];
    rc_rigid_body_state(e, LONE, x, NULL, NULL, NULL);
    CHECK(fabs(x[0] - 10.01) < 1e-12, "the kicked ball is at %.17g, not 10.01", x[0]);
    rc_rigid_destroy(e);
    rc_rigid_destroy(awake);
}

/* A checkpoint taken while the column sleeps steps on bit-identically through the wake. */
static void checkpoint(void)
{
    rc_rigid *a = scene(true), *b = scene(true);
    if (!a || !b) return;
    step(a, 700);
    size_t size = rc_rigid_state_size(a);
    unsigned char *state = malloc(size);
    CHECK(rc_rigid_state_save(a, state, size) == RC_STATUS_OK, "save: %s", rc_error_get());
    CHECK(rc_rigid_state_restore(b, state, size) == RC_STATUS_OK, "restore: %s", rc_error_get());
    rc_rigid_observables oa = step(a, 800), ob = step(b, 800);
    int differ = 0;
    for (int32_t i = 0; i < BODIES; i++) {
        double xa[3], va[3], xb[3], vb[3];
        rc_rigid_body_state(a, i, xa, NULL, va, NULL);
        rc_rigid_body_state(b, i, xb, NULL, vb, NULL);
        differ += memcmp(xa, xb, sizeof xa) != 0 || memcmp(va, vb, sizeof va) != 0;
    }
    printf("resumed while asleep: %d bodies differ; sleeps %lld / %lld, wakes %lld / %lld\n", differ,
           (long long)oa.sleeps, (long long)ob.sleeps, (long long)oa.wakes, (long long)ob.wakes);
    CHECK(differ == 0, "%d bodies differ after resuming", differ);
    CHECK(oa.wakes == 4 && ob.wakes == oa.wakes && ob.sleeps == oa.sleeps && ob.sleeping == oa.sleeping,
          "the resumed run's sleep counters differ");
    free(state);
    rc_rigid_destroy(a);
    rc_rigid_destroy(b);
}

int main(void)
{
    sleep_and_wake();
    checkpoint();
    return check_finish();
}
