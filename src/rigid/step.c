/* SPDX-License-Identifier: MIT */
/* One step of the time-stepped engine (docs/design.md, "The time-stepped engine"; docs/rigid.md, "The step"). The kinetic
 * energy that steps 3 and 5 take out is counted as dissipated, for the energy balance (rc_rigid_observables); for
 * step 5 that is the kinetic energy after step 3 plus the work gravity does in step 6's motion minus the kinetic
 * energy after step 5 (0 for a body held at rest; a speculative contact's settle can slow a moving body):
 *   1. contacts of the present configuration (detect.c);
 *   2. existing overlaps are pushed apart at the position level (each body by the mean of its overlapping
 *      contacts' depths, shared by inverse mass), with no change of velocity, so no energy is added;
 *   3. collisions: the islands with contacts approaching faster than g h are resolved with the scene's restitution
 *      (elastic at c = 1) on the velocities of the end of the previous step. Slower approach is what the previous
 *      step's resting settle left (a collision slower than what gravity adds in a step could not outlast step 5
 *      anyway): it is left to step 5, so a resting pile costs one settle a step, not a resolve and a settle;
 *   4. gravity: v += h g;
 *   5. resting contact: the islands are settled (restitution 0, warm-started from the previous step's resting
 *      impulses: islands.c, warm.c; with friction, resolved with restitution 0), which takes out the approach gravity
 *      just added (a resting stack stays at rest instead of hopping by g h^2 a step); the impulses are kept for the
 *      next step;
 *   6. positions: x += h (v3 + v5) / 2 with v3 the velocity after step 3 and v5 after step 5: in free flight this
 *      is the exact parabola x + h v + h^2 g / 2, so flight between impacts keeps its energy exactly (plain
 *      x += h v5 loses g^2 h^2 / 2 per step and per unit mass, which bounces turn into a drift); a body held at
 *      rest has v3 = v5 = 0 and does not move; and both velocities satisfy every contact, so their mean does too.
 *      Orientations turn by the exact rotation of the angular velocity over h (unit quaternions); the angular
 *      momentum of each body is kept through its rotation (w = I_world^-1 L after the turn).
 *   7. sleeping (sleep.c): islands whose bodies have all stayed slower than the sleep speed for the sleep time fall
 *      asleep and take no part in steps 1-6 until a contact with an awake body (found in step 1) or a new velocity
 *      wakes them.
 * Steps 3 and 5 follow Guendelman, Bridson and Fedkiw (2003): collisions before, contact after the velocity
 * update. With friction, steps 3 and 5 are each followed by a resolve with restitution 0 and no friction of the
 * islands that friction left approaching faster than 1e-6 g h: the resolver's friction is one-way coupled (its
 * tangential impulses can make other contacts approach), and this takes that approach out, so no overlap appears.
 * An interrupt (rc_rigid_interrupt) makes the step's resolves end early at safe points (rc_impact_solver_watch); the
 * step then completes and rc_rigid_step returns after it. */
#include <math.h>
#include <string.h>

#include "core/clock.h"
#include "core/range.h"
#include "core/status.h"
#include "core/vec.h"
#include "rigid/engine.h"

/* Pushes overlapping bodies apart; records the deepest overlap and clears the gaps it removed. */
static void separate(rc_rigid *e)
{
    bool any = false;
    for (int k = 0; k < e->contacts.count; k++) {
        rc_rigid_contact *c = &e->contacts.items[k];
        if (c->gap >= 0) continue;
        if (-c->gap > e->stats.max_penetration) e->stats.max_penetration = -c->gap;
        if (!any) memset(e->shift, 0, 4 * (size_t)e->n * sizeof *e->shift);
        any = true;
        double ia = 1 / e->mass[c->a], ib = c->b >= 0 ? 1 / e->mass[c->b] : 0, share = -c->gap / (ia + ib);
        for (int side = 0; side < 2; side++) {
            int32_t i = side ? c->b : c->a;
            if (i < 0) continue;
            double *s = e->shift + 4 * i, amount = (side ? -ib : ia) * share;
            for (int j = 0; j < 3; j++) s[j] += amount * c->normal[j];
            s[3] += 1;
        }
        c->gap = 0;
    }
    for (int32_t i = 0; any && i < e->n; i++)
        if (e->shift[4 * i + 3] > 0) rc_v3_axpy(e->x + 3 * i, 1 / e->shift[4 * i + 3], e->shift + 4 * i, e->x + 3 * i);
}

/* The world rotation and inertia of body i from its quaternion. */
void rc_rigid_orient(rc_rigid *e, int32_t i)
{
    rc_quat_matrix(e->q + 4 * i, e->rot + 9 * i);
    rc_m3_rotate_tensor(e->rot + 9 * i, e->inertia_body + 9 * i, e->inertia_world + 9 * i);
}

static void turn(rc_rigid *e, int32_t i)
{
    double *w = e->w + 3 * i, speed = rc_v3_norm(w);
    if (speed == 0) return;
    double half = speed * e->h / 2, s = sin(half) / speed, dq[4] = {cos(half), s * w[0], s * w[1], s * w[2]};
    double *q = e->q + 4 * i, momentum[3], inverse[9];
    rc_m3_apply(e->inertia_world + 9 * i, w, momentum);
    rc_quat_multiply(dq, q, q);
    rc_quat_normalise(q);
    rc_rigid_orient(e, i);
    if (e->d == 2) return; /* w is along z, an axis of inertia: it keeps its value */
    rc_m3_rotate_tensor(e->rot + 9 * i, e->inverse_body + 9 * i, inverse);
    rc_m3_apply(inverse, momentum, w);
}

/* The work gravity does in step 6's motion: h g . (v3 + v5) / 2 times each awake body's mass. */
static double gravity_work(const rc_rigid *e)
{
    double work = 0;
    for (int32_t i = 0; i < e->n; i++) {
        if (e->asleep[i] >= 0) continue;
        double mean[3];
        rc_v3_axpy(e->v_collided + 3 * i, 1, e->v + 3 * i, mean);
        work += e->mass[i] * e->h / 2 * rc_v3_dot(e->gravity, mean);
    }
    return work;
}

static void move(rc_rigid *e)
{
    for (int32_t i = 0; i < e->n; i++) {
        if (e->asleep[i] >= 0) continue;
        double mean[3];
        rc_v3_axpy(e->v_collided + 3 * i, 1, e->v + 3 * i, mean);
        rc_v3_axpy(e->x + 3 * i, e->h / 2, mean, e->x + 3 * i);
        if (!e->ball[i]) turn(e, i);
    }
}

static rc_status one_step(rc_rigid *e)
{
    double t0 = rc_clock_seconds();
    rc_status s = rc_rigid_detect(e);
    while (!s && rc_rigid_wake_touched(e) > 0) s = rc_rigid_detect(e); /* the woken bodies' contacts */
    if (s) return s;
    separate(e);
    rc_rigid_warm_start(e);
    double t1 = rc_clock_seconds();
    e->stats.detection_seconds += t1 - t0;
    e->step_iterations = 0;
    double gh = rc_v3_norm(e->gravity) * e->h;
    double before = rc_rigid_kinetic_energy(e);
    s = rc_rigid_resolve(e, e->collide, gh);
    if (!s && e->impact.friction > 0) s = rc_rigid_resolve(e, e->project, 1e-6 * gh);
    double collided = rc_rigid_kinetic_energy(e);
    if (!s) e->stats.dissipated_energy += before - collided;
    if (!s) memcpy(e->v_collided, e->v, 3 * (size_t)e->n * sizeof *e->v);
    for (int32_t i = 0; i < e->n && !s; i++)
        if (e->asleep[i] < 0) rc_v3_axpy(e->v + 3 * i, e->h, e->gravity, e->v + 3 * i);
    if (!s) s = rc_rigid_resolve(e, e->rest, 0);
    if (!s && e->impact.friction > 0) s = rc_rigid_resolve(e, e->project, 1e-6 * gh);
    if (!s) e->stats.dissipated_energy += collided + gravity_work(e) - rc_rigid_kinetic_energy(e);
    e->stats.resolution_seconds += rc_clock_seconds() - t1;
    if (e->step_iterations > e->stats.max_iterations) e->stats.max_iterations = e->step_iterations;
    if (e->contacts.count > e->stats.max_contacts) e->stats.max_contacts = e->contacts.count;
    e->stats.contacts = e->contacts.count;
    if (!s) s = rc_rigid_warm_keep(e);
    if (s) return s;
    move(e);
    rc_rigid_sleep_update(e);
    e->stats.steps++;
    e->time = e->step_origin_time + (double)(e->stats.steps - e->step_origin) * e->h;
    return RC_STATUS_OK;
}

/* The state after a step must stay within the range the engine takes (core/range.h): a scene within it can still
 * leave it (gravity near 2^40 for long enough, a resolve fed by huge momenta), and past it energies turn infinite and
 * orientations NaN, which would be written as a success. The step that leaves it stops the run (RC_STATUS_NOT_TERMINATED,
 * the answer of an engine that cannot go on) with a sentence naming the body, its number and the time. */
static rc_status check_range(const rc_rigid *e)
{
    static const char *const names[] = {"position", "velocity", "angular velocity"};
    for (int32_t i = 0; i < e->n; i++) {
        const double *v[3] = {e->x + 3 * i, e->v + 3 * i, e->w + 3 * i};
        for (int k = 0; k < 3; k++) {
            if (rc_in_range(v[k], 3)) continue;
            double size = fmax(fabs(v[k][0]), fmax(fabs(v[k][1]), fabs(v[k][2])));
            if (!isfinite(v[k][0] + v[k][1] + v[k][2])) size = NAN;
            return rc_fail(RC_STATUS_NOT_TERMINATED,
                           "body %d's %s reached %g at time %g (step %lld), beyond 2^40 (about 1.1e12): the state can "
                           "no longer be followed; lower the speeds or the gravity of the scene",
                           (int)i, names[k], size, e->time, (long long)e->stats.steps);
        }
    }
    return RC_STATUS_OK;
}

rc_status rc_rigid_step(rc_rigid *engine, int64_t steps)
{
    rc_status s = RC_STATUS_OK;
    for (int64_t k = 0; k < steps && !s && !engine->interrupted; k++) {
        s = one_step(engine);
        if (s == RC_STATUS_NOT_TERMINATED) /* the step was abandoned: the time is its start's */
            return rc_fail(s,
                           "at time %.17g: the impact did not terminate within the budget of max_iterations = %lld "
                           "operator applications (lineality detection is %s)",
                           engine->time, (long long)engine->impact.max_iterations,
                           engine->impact.lineality ? "on" : "off");
        if (!s) s = check_range(engine);
    }
    engine->interrupted = 0; /* taken: the next call steps again */
    return s;
}

void rc_rigid_interrupt(rc_rigid *engine)
{
    if (engine) engine->interrupted = 1;
}
