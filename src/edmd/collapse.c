/* SPDX-License-Identifier: MIT */
/* Inelastic collapse control (docs/design.md, "Inelastic collapse"): with e < 1 collisions can pile up in finite time
 * (three particles on a line, a ball coming to rest on a plate), and the clock must never freeze in an endless run of
 * zero-time events. Offered: the TC model (Luding and McNamara 1998: a collision within t_c of a body's previous one
 * is elastic), an elastic threshold on the normal approach speed, and sleeping: under gravity a particle at rest on
 * static supports (walls, sleepers) is frozen until something hits it; it was at rest, so waking it is exact. A
 * support holds a particle when the inelastic impact of its gravity against them (src/impact, GR with c = 0) leaves
 * nothing (the watchdog that stops a run whose clock no longer advances is stall.c). Each particle's last binary
 * collision is kept, so that a cluster can tell a collapse in progress from contacts set up (cluster.c). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/dense_solve.h"
#include "core/status.h"
#include "edmd/cluster.h"
#include "edmd/collapse.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/predict.h"
#include "edmd/restitution_law.h"
#include "edmd/rough.h"
#include "edmd/schedule.h"
#include "edmd/speculate.h"

rc_status rc_edmd_collapse_create(rc_edmd *e, const rc_edmd_def *d)
{
    const rc_edmd_collapse *c = &d->collapse;
    if (!(c->contact_time >= 0) || !isfinite(c->contact_time))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "collapse.contact_time: %g is not a number >= 0", c->contact_time);
    if (!(c->elastic_speed >= 0) || !isfinite(c->elastic_speed))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "collapse.elastic_speed: %g is not a number >= 0", c->elastic_speed);
    if (!(c->sleep_speed >= 0) || !isfinite(c->sleep_speed))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "collapse.sleep_speed: %g is not a number >= 0", c->sleep_speed);
    if (!(c->sleep_friction >= 0) || !isfinite(c->sleep_friction))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "collapse.sleep_friction: %g is not a number >= 0",
                       c->sleep_friction);
    if (!(c->kick_speed >= 0) || !isfinite(c->kick_speed))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "collapse.kick_speed: %g is not a number >= 0", c->kick_speed);
    bool classic =
        d->detection == RC_EVENT_DETECTION_NAIVE; /* the naive rule is for experiments: no collapse control */
    e->contact_time = classic ? 0 : c->contact_time;
    e->elastic_speed = classic ? 0 : c->elastic_speed;
    e->stall_limit = c->stall_events;
    e->collapse_rules = e->contact_time > 0 || e->elastic_speed > 0;
    e->sleep_on = c->sleep && e->has_gravity && !classic && e->clusters_on;
    double g = sqrt(e->gravity[0] * e->gravity[0] + e->gravity[1] * e->gravity[1] + e->gravity[2] * e->gravity[2]);
    e->sleep_speed = c->sleep_speed > 0 ? c->sleep_speed : 1e-12 * sqrt(g * e->max_diameter);
    e->kick_speed = c->kick_speed > 0 ? c->kick_speed : 1e-4 * sqrt(g * e->max_diameter);
    e->rest_speed = fmax(e->sleep_speed, e->kick_speed);
    e->sticking_cosine = c->sleep_friction > 0 ? 1 / sqrt(1 + c->sleep_friction * c->sleep_friction) : 2;
    e->hop = g > 0 ? e->rest_speed * e->rest_speed / (2 * g) : 0;
    e->group_sleep_interval = g > 0 ? 0.1 * e->sleep_speed / g : 0;
    e->group_sleep_clock = -INFINITY;
    size_t n = e->n > 0 ? (size_t)e->n : 1;
    if (e->contact_time > 0) {
        if (!(e->last_collision = malloc(n * sizeof *e->last_collision)))
            return rc_fail(RC_STATUS_NO_MEMORY, "collapse: out of memory");
        for (int32_t k = 0; k < e->n; k++) e->last_collision[k] = -INFINITY;
    }
    if (e->sleep_on && !e->hold && !(e->hold = calloc(n, 1))) /* fixed.c may have made it */
        return rc_fail(RC_STATUS_NO_MEMORY, "collapse: out of memory");
    /* only with dissipation can collisions pile up into a collapse */
    bool dissipative = e->restitution < 1 || d->restitution_law.kind != RC_RESTITUTION_KIND_CONSTANT;
    for (int32_t w = 0; w < d->wall_count; w++)
        dissipative |= d->walls[w].restitution_law.kind != RC_RESTITUTION_KIND_CONSTANT;
    for (int32_t w = 0; w < e->wall_count; w++) dissipative |= e->walls[w].restitution < 1;
    if (e->clusters_on && dissipative) {
        if (!(e->last_hit = malloc(n * sizeof *e->last_hit)))
            return rc_fail(RC_STATUS_NO_MEMORY, "collapse: out of memory");
        for (int32_t k = 0; k < e->n; k++) e->last_hit[k] = (rc_last_hit){RC_EVENT_NONE, 0};
    }
    return RC_STATUS_OK;
}

void rc_edmd_collapse_destroy(rc_edmd *e)
{
    free(e->last_collision);
    free(e->hold);
    free(e->last_hit);
}

void rc_edmd_remember_hit(rc_edmd *e, int32_t k, int32_t j)
{
    if (!e->last_hit) return;
    e->last_hit[k] = (rc_last_hit){j >= 0 ? e->id[j] : j, e->counter[k]};
    if (j >= 0) e->last_hit[j] = (rc_last_hit){e->id[k], e->counter[j]};
}

bool rc_edmd_hit_last(const rc_edmd *e, int32_t k, int32_t j)
{
    const rc_last_hit *h = &e->last_hit[k];
    return h->counter == e->counter[k] && h->partner == (j >= 0 ? e->id[j] : j);
}

double rc_edmd_approach_speed(const rc_edmd *e, int32_t i, int32_t j)
{
    const rc_kin *p = &e->kin[i];
    if (j < 0) {
        const double *n = e->walls[RC_EVENT_WALL0 - j].normal;
        return -(n[0] * p->v[0] + n[1] * p->v[1] + n[2] * p->v[2]);
    }
    const rc_kin *q = &e->kin[j];
    double r[3] = {p->x[0] - q->x[0], p->x[1] - q->x[1], p->x[2] - q->x[2]};
    double v[3] = {p->v[0] - q->v[0], p->v[1] - q->v[1], p->v[2] - q->v[2]};
    rc_edmd_pair_image(e, r, v);
    double b = 0, rr = 0;
    for (int a = 0; a < 3; a++) b += r[a] * v[a], rr += r[a] * r[a];
    return -b / sqrt(rr);
}

double rc_edmd_restitution(rc_edmd *e, int32_t i, int32_t j)
{
    double base = j >= 0 ? e->restitution : e->walls[RC_EVENT_WALL0 - j].restitution;
    double speed = e->elastic_speed > 0 || e->laws ? rc_edmd_approach_speed(e, i, j) : 0;
    if (e->laws) base = rc_edmd_law_restitution(e, i, j, speed, base); /* by impact speed (restitution_law.c) */
    bool elastic = e->elastic_speed > 0 && speed < e->elastic_speed;
    if (e->last_collision) {
        double *last = e->last_collision;
        elastic |= e->now - last[i] < e->contact_time || (j >= 0 && e->now - last[j] < e->contact_time);
        last[i] = e->now;
        if (j >= 0) last[j] = e->now;
    }
    return elastic ? 1 : base;
}

/* The one wall particle k touches that holds it up against gravity (others it touches may only be parallel to
 * gravity or overhang it), or -1. */
static int32_t resting_wall(const rc_edmd *e, int32_t k)
{
    const rc_kin *p = &e->kin[k];
    int32_t found = -1;
    for (int32_t w = 0; w < e->wall_count; w++) {
        const double *n = e->walls[w].normal;
        if (!rc_edmd_supports(e, rc_edmd_wall_gap(e, k, w), p->radius)) continue;
        if (n[0] * e->gravity[0] + n[1] * e->gravity[1] + n[2] * e->gravity[2] >= 0) continue;
        if (found >= 0) return -1;
        found = w;
    }
    return found < RC_MAX_SLIDING_WALLS ? found : -1;
}

/* Takes away the velocity dv (its kinetic energy change counted as dissipated) and sets k's hold. */
static void hold(rc_edmd *e, int32_t k, int state, const double removed[3])
{
    if (rc_edmd_is_fixed(e, k)) return; /* held still for good already */
    if (e->job) { /* an event of a batch (speculate.c): a sleeper's neighbours predict again; it runs alone */
        rc_edmd_job_abort(e);
        return;
    }
    double *v = e->kin[k].v, before = 0, after = 0;
    for (int a = 0; a < 3; a++) {
        before += v[a] * v[a];
        v[a] -= removed[a];
        after += v[a] * v[a];
    }
    double loss = 0.5 * rc_edmd_mass(e, k) * (before - after);
    rc_edmd_integrate_kinetic(e);
    e->kinetic -= loss;
    e->dissipated += loss;
    if (e->hold[k] == RC_FREE) e->held++;
    if (state == RC_ASLEEP) e->sleeping++, e->sleeps++;
    e->hold[k] = (uint8_t)state;
    e->counter[k]++;
    rc_edmd_schedule(e, k, false);
    if (state != RC_ASLEEP) return;
    /* A sleeper predicts nothing; its neighbours predict their events with it, and the ones they hold were made
     * for the path it has left (a hit on it may now come before them), so they predict again. */
    const uint8_t *list = rc_edmd_list(e, k);
    for (int32_t i = 0; i < rc_edmd_list_length(e, k); i++) {
        int32_t q = rc_edmd_neighbour(e, list, i);
        if (rc_edmd_is_asleep(e, q)) continue;
        rc_edmd_stream(e, q, e->now);
        rc_edmd_schedule(e, q, false);
    }
}

/* Whether -g lies in the cone of the normals n (unit, from the supports to the particle): some lambda >= 0 with
 * sum lambda_i n_i = -g, so that frictionless supports can balance gravity. By Caratheodory a cone point is in the
 * cone of at most `dimension` of them: each such subset is tried by least squares (normal equations). */
static bool in_cone(const double (*n)[3], int count, const double g[3], int dimension)
{
    double gg = g[0] * g[0] + g[1] * g[1] + g[2] * g[2];
    int pick[3];
    for (int size = 1; size <= dimension && size <= count; size++)
        for (pick[0] = 0; pick[0] < count; pick[0]++)
            for (pick[1] = size > 1 ? pick[0] + 1 : 0; pick[1] < (size > 1 ? count : 1); pick[1]++)
                for (pick[2] = size > 2 ? pick[1] + 1 : 0; pick[2] < (size > 2 ? count : 1); pick[2]++) {
                    double m[9], r[3], lambda[3], residual[3];
                    for (int a = 0; a < size; a++) {
                        r[a] = 0;
                        for (int x = 0; x < 3; x++) r[a] -= n[pick[a]][x] * g[x];
                        for (int b = 0; b < size; b++)
                            m[a * size + b] = n[pick[a]][0] * n[pick[b]][0] + n[pick[a]][1] * n[pick[b]][1] +
                                              n[pick[a]][2] * n[pick[b]][2];
                    }
                    for (int a = 0; a < size; a++) lambda[a] = r[a];
                    if (!rc_dense_solve(m, lambda, size)) continue;
                    bool ok = true;
                    for (int a = 0; a < size; a++) ok &= lambda[a] >= 0;
                    double rr = 0;
                    for (int x = 0; x < 3; x++) {
                        residual[x] = g[x];
                        for (int a = 0; a < size; a++) residual[x] += lambda[a] * n[pick[a]][x];
                        rr += residual[x] * residual[x];
                    }
                    if (ok && rr <= 1e-18 * gg) return true;
                }
    return false;
}

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* side = up less its part along the unit axis a: the direction, perpendicular to a, in which a turns towards up.
 * Returns its length (0 when up lies along a). */
static double towards_up(const double a[3], const double up[3], double side[3])
{
    double along = dot(up, a);
    for (int x = 0; x < 3; x++) side[x] = up[x] - along * a[x];
    return sqrt(dot(side, side));
}

/* Whether two supports with sticking friction hold a ball in 3D: up (unit) lies in K1 + K2, the sum of their
 * friction cones (axes n1, n2 unit, half-angle atan mu, of cosine c and sine s). It does unless some w in the dual
 * cones (w.n >= s |w|, caps of half-angle 90 deg - atan mu) has w.up < 0; the least w.up over the caps' intersection
 * lies at -up, at the lowest point of one cap's rim, or at a corner where the rims cross. */
static bool held_by_two(const double n1[3], const double n2[3], const double up[3], double c, double s)
{
    const double *axis[2] = {n1, n2};
    double slack = 1e-12, margin = 1e-9;
    if (-dot(up, n1) >= s - slack && -dot(up, n2) >= s - slack) return false; /* straight down is in both */
    for (int i = 0; i < 2; i++) {                                             /* the rim of cap i at its lowest */
        const double *a = axis[i];
        double side[3], w[3], length = towards_up(a, up, side);
        if (!(length > 1e-12)) continue; /* up along the axis: the rim is level */
        for (int x = 0; x < 3; x++) w[x] = s * a[x] - c * side[x] / length;
        if (dot(w, axis[1 - i]) >= s - slack && dot(w, up) < margin) return false;
    }
    double cross = dot(n1, n2),
           m[3] = {n1[1] * n2[2] - n1[2] * n2[1], n1[2] * n2[0] - n1[0] * n2[2], n1[0] * n2[1] - n1[1] * n2[0]};
    double mm = dot(m, m);
    if (!(cross > -1) || !(mm > 1e-24)) return true;
    double pp = 2 * s * s / (1 + cross); /* |p|^2 with p = s (n1 + n2) / (1 + n1.n2), on both rims' planes */
    if (pp > 1) return true;             /* the rims do not cross: the lowest points above decided */
    double t = sqrt((1 - pp) / mm);
    for (int sign = -1; sign <= 1; sign += 2) {
        double w[3];
        for (int x = 0; x < 3; x++) w[x] = s * (n1[x] + n2[x]) / (1 + cross) + sign * t * m[x];
        if (dot(w, up) < margin) return false;
    }
    return true;
}

/* Whether the static bodies k touches hold it up against gravity. Frictionless, gravity must lie in the cone of
 * their normals. With sticking friction (collapse.sleep_friction mu) each contact force may lean up to atan mu from
 * its normal: a single support within atan mu of straight up holds alone, two hold when up lies in the sum of their
 * friction cones (a ball wedged between two), and otherwise the normals are turned that far towards straight up and
 * the frictionless test decides (a sufficient test; in 2D an exact one). */
static bool supported(const rc_edmd *e, int32_t k)
{
    double normals[32][3], up[3], g = sqrt(dot(e->gravity, e->gravity));
    int count = rc_edmd_support_normals(e, k, normals, 32);
    for (int a = 0; a < 3; a++) up[a] = -e->gravity[a] / g;
    double c = e->sticking_cosine, s = c <= 1 ? sqrt(1 - c * c) : 0;
    if (s > 0) {
        for (int i = 0; i < count; i++)
            if (dot(normals[i], up) >= c) return true;
        for (int i = 0; i < count && e->dimension == 3; i++)
            for (int j = i + 1; j < count; j++)
                if (held_by_two(normals[i], normals[j], up, c, s)) return true;
        for (int i = 0; i < count; i++) {
            double *n = normals[i], side[3], length = towards_up(n, up, side);
            if (!(length > 1e-12)) continue; /* straight down: no way up */
            for (int a = 0; a < 3; a++) n[a] = c * n[a] + s * side[a] / length;
        }
    }
    return count > 0 && in_cone((const double(*)[3])normals, count, e->gravity, e->dimension);
}

/* Puts k to sleep when it is slower than `speed` and its static supports hold it up; returns whether it sleeps. */
static rc_status sleep_if_held(rc_edmd *e, int32_t k, double speed, bool *asleep)
{
    rc_kin *p = &e->kin[k];
    double vv = p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2];
    *asleep = rc_edmd_is_asleep(e, k);
    if (*asleep || vv > speed * speed) return RC_STATUS_OK;
    *asleep = supported(e, k);
    if (*asleep) hold(e, k, RC_ASLEEP, p->v);
    return RC_STATUS_OK;
}

void rc_edmd_put_to_sleep(rc_edmd *e, int32_t k)
{
    rc_edmd_release(e, k); /* a sliding particle stops sliding first */
    if (e->spin) rc_edmd_rough_stop(e, k);
    hold(e, k, RC_ASLEEP, e->kin[k].v);
}

/* Whether taking `removed` from k's velocity would make it approach a body it touches and did not approach: a
 * cluster's answer may lift k off the wall it would slide on, over a neighbour it touches, and sliding would undo
 * that answer, so that the same contact fired again at the same instant, forever. */
static bool slide_approaches(const rc_edmd *e, int32_t k, const double removed[3])
{
    const double *v = e->kin[k].v;
    for (int32_t w = 0; w < e->wall_count; w++) {
        const double *n = e->walls[w].normal;
        double before = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
        double after = before - (n[0] * removed[0] + n[1] * removed[1] + n[2] * removed[2]);
        if (after < 0 && before >= 0 && rc_edmd_wall_gap(e, k, w) < e->contact_tolerance * e->kin[k].radius)
            return true;
    }
    const uint8_t *list = rc_edmd_list(e, k);
    for (int32_t i = 0; i < rc_edmd_list_length(e, k); i++) {
        double r[3], distance, xq[3], vq[3];
        if (!rc_edmd_pair_touches(e, k, rc_edmd_neighbour(e, list, i), r, &distance)) continue;
        rc_edmd_state_now(e, rc_edmd_neighbour(e, list, i), xq, vq);
        double before = 0, after = 0;
        for (int a = 0; a < 3; a++) before += r[a] * (v[a] - vq[a]), after += r[a] * (v[a] - removed[a] - vq[a]);
        if (after < 0 && before >= 0) return true;
    }
    return false;
}

rc_status rc_edmd_try_sleep(rc_edmd *e, int32_t k)
{
    if (rc_edmd_is_fixed(e, k)) return RC_STATUS_OK;
    rc_kin *p = &e->kin[k];
    bool asleep;
    rc_status s = sleep_if_held(e, k, e->sleep_speed, &asleep);
    if (s != RC_STATUS_OK || asleep || rc_edmd_is_held(e, k)) return s;
    double slow = e->sleep_speed * e->sleep_speed;
    int32_t w = resting_wall(e, k);
    if (w < 0 && e->time_origin + e->now >= e->group_sleep_clock) { /* on others that move: all at rest? */
        if (e->job) return rc_edmd_job_abort(e); /* a batch's event (speculate.c): the group's test runs alone */
        e->group_sleep_clock = e->time_origin + e->now + e->group_sleep_interval;
        return rc_edmd_sleep_group(e, k);
    }
    if (w < 0) return RC_STATUS_OK;
    const double *n = e->walls[w].normal;
    double vn = n[0] * p->v[0] + n[1] * p->v[1] + n[2] * p->v[2];
    if (vn * vn > slow) return RC_STATUS_OK;
    double removed[3] = {vn * n[0], vn * n[1], vn * n[2]};
    if (!slide_approaches(e, k, removed)) hold(e, k, RC_SLIDING0 + w, removed);
    return RC_STATUS_OK;
}

void rc_edmd_release(rc_edmd *e, int32_t k)
{
    if (!rc_edmd_is_held(e, k) || rc_edmd_is_fixed(e, k)) return; /* nothing wakes a fixed obstacle */
    if (rc_edmd_is_riding(e, k)) {                                /* a grain riding a moving wall (wall_motion.c) */
        rc_edmd_ride_end(e, k);
        return;
    }
    if (e->job) { /* an event of a batch (speculate.c): a waking sleeper wakes those it holds up; it runs alone */
        rc_edmd_job_abort(e);
        return;
    }
    rc_edmd_stream(e, k, e->now);
    bool asleep = e->hold[k] == RC_ASLEEP;
    e->hold[k] = RC_FREE;
    e->held--;
    e->counter[k]++;
    if (!asleep) return;
    e->sleeping--;
    e->wakes++;
    /* the sleepers it holds up lose their support */
    const uint8_t *list = rc_edmd_list(e, k);
    const rc_kin *p = &e->kin[k];
    for (int32_t i = 0; i < rc_edmd_list_length(e, k); i++) {
        int32_t q = rc_edmd_neighbour(e, list, i);
        if (!rc_edmd_is_asleep(e, q)) continue;
        double r[3] = {e->kin[q].x[0] - p->x[0], e->kin[q].x[1] - p->x[1], e->kin[q].x[2] - p->x[2]};
        rc_edmd_minimum_image(e, r);
        double sigma = p->radius + e->kin[q].radius, rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
        bool above = r[0] * e->gravity[0] + r[1] * e->gravity[1] + r[2] * e->gravity[2] < 0;
        if (above && rc_edmd_supports(e, sqrt(rr) - sigma, sigma)) {
            rc_edmd_release(e, q);
            rc_edmd_schedule(e, q, false);
        }
    }
}

/* Pushes k and j (a particle, possibly asleep and then immovable, or RC_EVENT_WALL0 - w) apart along their normal
 * until they separate at kick_speed, the energy it takes counted as added; whatever moves flies freely after it, and
 * both are rescheduled. */
static void kick(rc_edmd *e, int32_t k, int32_t j)
{
    bool movable = j >= 0 && !rc_edmd_is_asleep(e, j);
    rc_edmd_release(e, k);
    if (movable) rc_edmd_release(e, j);
    double n[3], zero[3] = {0, 0, 0}, *vk = e->kin[k].v, *vj = movable ? e->kin[j].v : zero;
    double mk = rc_edmd_mass(e, k), mj = movable ? rc_edmd_mass(e, j) : INFINITY;
    if (j < 0) {
        for (int a = 0; a < 3; a++) n[a] = e->walls[RC_EVENT_WALL0 - j].normal[a];
    } else {
        rc_edmd_stream(e, j, e->now);
        for (int a = 0; a < 3; a++) n[a] = e->kin[k].x[a] - e->kin[j].x[a];
        rc_edmd_minimum_image(e, n);
        double length = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        for (int a = 0; a < 3; a++) n[a] /= length;
    }
    double u = 0, before = 0, after = 0;
    for (int a = 0; a < 3; a++)
        u += n[a] * (vk[a] - vj[a]), before += mk * vk[a] * vk[a] + (movable ? mj * vj[a] * vj[a] : 0);
    double missing = e->kick_speed - u, reduced = movable ? mk * mj / (mk + mj) : mk;
    if (missing > 0) {
        for (int a = 0; a < 3; a++) {
            vk[a] += reduced / mk * missing * n[a];
            if (movable) vj[a] -= reduced / mj * missing * n[a];
            after += mk * vk[a] * vk[a] + (movable ? mj * vj[a] * vj[a] : 0);
        }
        double gain = 0.5 * (after - before);
        rc_edmd_integrate_kinetic(e);
        e->kinetic += gain;
        e->thermostat_energy += gain;
        e->counter[k]++;
        if (movable) e->counter[j]++;
        e->kicks++;
    }
    rc_edmd_schedule(e, k, false);
    if (j >= 0) rc_edmd_schedule(e, j, false);
}

rc_status rc_edmd_unstick(rc_edmd *e, int32_t k, int32_t j)
{
    rc_status s = RC_STATUS_OK;
    if (e->sleep_on) { /* at rest on static supports: asleep; on a wall: sliding on it (a pair still needs a push) */
        s = rc_edmd_try_sleep(e, k);
        if (s == RC_STATUS_OK && j >= 0) s = rc_edmd_try_sleep(e, j);
        bool settled = j < 0 ? rc_edmd_is_held(e, k) : rc_edmd_is_asleep(e, k) || rc_edmd_is_asleep(e, j);
        if (s != RC_STATUS_OK || settled) return s;
    }
    kick(e, k, j);
    return RC_STATUS_OK;
}

/* Whether k and j (a particle, streamed to now) are bent into each other: the second derivative of |r|^2 / 2,
 * |v|^2 + r.a with the relative velocity and the relative acceleration of ak and aj, is negative, so that their
 * different accelerations bring them back at once. A pair sliding past each other fast enough separates by itself. */
static bool pressed(const rc_edmd *e, int32_t k, int32_t j, const double ak[3], const double aj[3])
{
    double r[3], along = 0, g = 0;
    for (int a = 0; a < 3; a++) r[a] = e->kin[k].x[a] - e->kin[j].x[a];
    rc_edmd_minimum_image(e, r);
    for (int a = 0; a < 3; a++) {
        double dv = e->kin[k].v[a] - e->kin[j].v[a];
        along += r[a] * (ak[a] - aj[a]) + dv * dv;
        g += e->gravity[a] * e->gravity[a];
    }
    double length = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
    return along < -1e-9 * sqrt(g) * length;
}

/* Whether the pair k, j (one of them held, so that their accelerations differ) would be met again at once by the
 * prediction itself (the stable rule for the quartic, rc_static_pair_time): a grain level with a sleeper beside it
 * and a hair above its centre is bent into it by gravity, too little for pressed()'s tolerance, yet the prediction
 * finds their contact closing within the clock's resolution, every time. */
static bool met_at_once(const rc_edmd *e, int32_t k, int32_t j)
{
    double xk[3], vk[3], xj[3], vj[3], ak[3], aj[3], r[3], v[3], acc[3];
    rc_edmd_state_now(e, k, xk, vk);
    rc_edmd_state_now(e, j, xj, vj);
    rc_edmd_acceleration(e, k, ak);
    rc_edmd_acceleration(e, j, aj);
    for (int a = 0; a < 3; a++) r[a] = xk[a] - xj[a], v[a] = vk[a] - vj[a], acc[a] = ak[a] - aj[a];
    rc_edmd_minimum_image(e, r);
    /* looked for within the time gravity takes to reach the kick speed: only a root at the present matters */
    double t = rc_static_pair_time(r, v, acc, e->kin[k].radius + e->kin[j].radius,
                                   e->kick_speed / sqrt(dot(e->gravity, e->gravity)));
    return !(e->now + t > e->now); /* below the clock's resolution: the same instant */
}

rc_status rc_edmd_rest(rc_edmd *e, int32_t k, int32_t j, double restitution)
{
    if (e->job) return rc_edmd_job_abort(e); /* an event run ahead (speculate.c): a cluster runs alone in its turn */
    bool asleep = false;
    rc_status s = RC_STATUS_OK;
    /* the accelerations as held: a sliding particle's wall bears its weight. The resolution below releases a slider
     * (it flies again, a hair off its wall), and with both then falling alike a grain resting on a slider would read
     * as not pressed: it would fall back on it at once, ever more often, a collapse onto the slider that never ends */
    double ak[3], aj[3];
    rc_edmd_acceleration(e, k, ak);
    rc_edmd_acceleration(e, j, aj);
    if (e->sleep_on && rc_edmd_is_asleep(e, j)) s = sleep_if_held(e, k, e->rest_speed, &asleep);
    if (s == RC_STATUS_OK && !asleep) s = rc_edmd_resolve_cluster(e, k, j, restitution);
    if (s != RC_STATUS_OK || asleep || rc_edmd_is_asleep(e, k)) return s;
    double approach = rc_edmd_approach_speed(e, k, j);
    /* a pair the resolution left approaching, if only by rounding, or that the prediction would meet again at once,
     * would be met at the same instant forever: it is pushed apart as well */
    bool again = approach > 0 || ((rc_edmd_is_held(e, k) || rc_edmd_is_held(e, j)) && met_at_once(e, k, j));
    if (-approach >= e->kick_speed || (!pressed(e, k, j, ak, aj) && !again)) return s;
    kick(e, k, j); /* still together, and their different accelerations would bring them back at once */
    return RC_STATUS_OK;
}
