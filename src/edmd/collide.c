/* SPDX-License-Identifier: MIT */
/* Collision rules (Bannerman et al. 2014, Eq. 5; docs/design.md, "Collision rule"): the impulse acts along the current
 * centre line r / |r|, not r / sigma, so a pair met a rounding error away from contact still exchanges exactly the
 * normal momentum. Also the wall rule and the Andersen thermostat's velocity redraw. Each keeps the books the
 * observables need: virial, dissipated energy, the largest overlap, the separation histogram. */
#include <math.h>

#include "edmd/collapse.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/fixed.h"
#include "edmd/rough.h"
#include "edmd/schedule.h"
#include "edmd/shear.h"
#include "edmd/speculate.h"
#include "edmd/thermal_wall.h"
#include "edmd/transport.h"

/* Adds 2K dt since the last change of K to the kinetic integral (K is piecewise constant without gravity). */
void rc_edmd_integrate_kinetic(rc_edmd *e)
{
    e->kinetic_integral += 2 * e->kinetic * (e->now - e->kinetic_time);
    e->kinetic_time = e->now;
}

static void record_separation(rc_edmd *e, double distance, double sigma)
{
    double gap = distance - sigma;
    if (-gap > e->max_overlap) e->max_overlap = -gap;
    if (!e->histogram) return;
    double units = gap / (sigma * 0x1p-53);
    long bin = lround(units < -RC_HISTOGRAM_RANGE  ? -RC_HISTOGRAM_RANGE
                      : units > RC_HISTOGRAM_RANGE ? RC_HISTOGRAM_RANGE
                                                   : units);
    if (e->job) { /* an event of a batch (speculate.c): counted at its commit */
        rc_edmd_job_bin(e, (int32_t)bin);
        return;
    }
    e->histogram[bin + RC_HISTOGRAM_RANGE]++;
}

const double rc_edmd_still[3] = {0, 0, 0};

/* An impulse must leave the bodies not approaching along r in the engine's arithmetic, or the same event recurs at
 * once: a normal velocity far below the rounding of the velocities themselves can leave them unchanged. Then the
 * impulse that cancels what remains (wi and wj: the velocity changes per unit of it along r; vj NULL for a static
 * body; lift the image's velocity added to the difference, nonzero only across a sheared boundary; least the normal
 * speed r.v to reach, 0 or under growth sigma sigma_dot) is applied, doubled each round until it shows: a change of a
 * few units in the last place of the velocities, a stabilising step like the paper's. */
void rc_edmd_ensure_receding(double *vi, double *vj, const double r[3], double wi, double wj, const double lift[3],
                             double least)
{
    for (double scale = 1; scale < 0x1p64; scale *= 2) {
        double b = -least;
        for (int a = 0; a < 3; a++) b += r[a] * (vi[a] - (vj ? vj[a] : 0) + lift[a]);
        if (b >= 0) return;
        for (int a = 0; a < 3; a++) {
            vi[a] -= scale * b * wi * r[a];
            if (vj) vj[a] += scale * b * wj * r[a];
        }
    }
}

void rc_edmd_collide_pair(rc_edmd *e, int32_t i, int32_t j, bool stabilising, double restitution)
{
    if (e->fixed && rc_edmd_fixed_pair(e, i, j, restitution)) return; /* a fixed obstacle: the wall rule */
    rc_kin *p = &e->kin[i], *q = &e->kin[j];
    double r[3] = {p->x[0] - q->x[0], p->x[1] - q->x[1], p->x[2] - q->x[2]};
    double v[3] = {p->v[0] - q->v[0], p->v[1] - q->v[1], p->v[2] - q->v[2]}, lift[3] = {0, 0, 0};
    lift[e->flow] = rc_edmd_pair_image(e, r, v);
    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    if (b >= 0) return; /* receding: f' >= 0, no impulse (the stable rule's condition, checked at execution) */
    double rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    record_separation(e, sqrt(rr), p->radius + q->radius);
    double mi = rc_edmd_mass(e, i), mj = rc_edmd_mass(e, j), e1 = 1 + restitution;
    double f = e1 * b / (rr * (mi + mj));
    double vi[3] = {p->v[0], p->v[1], p->v[2]}, vj[3] = {q->v[0], q->v[1], q->v[2]};
    for (int a = 0; a < 3; a++) {
        p->v[a] -= f * mj * r[a];
        q->v[a] += f * mi * r[a];
    }
    if (e->spin) rc_edmd_rough_pair(e, i, j, r, rr, -e1 * mi * mj / (mi + mj) * b / sqrt(rr));
    rc_edmd_ensure_receding(p->v, q->v, r, mj / (rr * (mi + mj)), mi / (rr * (mi + mj)), lift, 0);
    double reduced = mi * mj / (mi + mj);
    rc_edmd_integrate_kinetic(e);
    double loss = 0.5 * (1 - restitution * restitution) * reduced * b * b / rr;
    e->kinetic -= loss;
    e->dissipated += loss;
    e->virial -= e1 * reduced * b;
    if (e->transport_on) { /* the Helfand moments (transport.c): i's impulse acts at r from j */
        rc_edmd_transport_kick(e, i, vi, r);
        rc_edmd_transport_kick(e, j, vj, NULL);
    }
    e->counter[i]++;
    e->counter[j]++;
    e->collisions++;
    e->stabilising += stabilising;
}

void rc_edmd_collide_wall(rc_edmd *e, int32_t k, int32_t w, double restitution)
{
    if (e->walls[w].amplitude > 0) {
        rc_edmd_collide_moving_wall(e, k, w, restitution);
        return;
    }
    if (e->walls[w].temperature > 0) {
        rc_edmd_collide_thermal_wall(e, k, w);
        return;
    }
    if (e->spin) rc_edmd_rough_wall(e, k, w, restitution);
    else rc_edmd_bounce(e, k, e->walls[w].normal, restitution);
}

void rc_edmd_bounce(rc_edmd *e, int32_t k, const double n[3], double restitution)
{
    rc_kin *p = &e->kin[k];
    double b = n[0] * p->v[0] + n[1] * p->v[1] + n[2] * p->v[2];
    if (b >= 0) return;
    double f = (1 + restitution) * b;
    for (int a = 0; a < 3; a++) p->v[a] -= f * n[a];
    rc_edmd_ensure_receding(p->v, NULL, n, 1, 0, rc_edmd_still, 0);
    double loss = 0.5 * (1 - restitution * restitution) * rc_edmd_mass(e, k) * b * b;
    rc_edmd_integrate_kinetic(e);
    e->kinetic -= loss;
    e->dissipated += loss;
    e->counter[k]++;
    e->wall_collisions++;
}

void rc_edmd_thermostat_kick(rc_edmd *e)
{
    int32_t k = (int32_t)rc_rng_below(&e->rng, (uint64_t)e->n);
    if (rc_edmd_is_fixed(e, k)) return; /* an obstacle keeps still: the draw goes to nobody */
    rc_edmd_release(e, k);
    rc_edmd_stream(e, k, e->now);
    rc_kin *p = &e->kin[k];
    double m = rc_edmd_mass(e, k), scale = sqrt(e->thermostat_temperature / m), before = 0, after = 0;
    double old[3] = {p->v[0], p->v[1], p->v[2]};
    for (int a = 0; a < e->dimension; a++) {
        before += p->v[a] * p->v[a];
        p->v[a] = scale * rc_rng_normal(&e->rng);
        after += p->v[a] * p->v[a];
    }
    double gain = e->shear_on ? rc_edmd_shear_redraw(e, k, old) : 0.5 * m * (after - before);
    rc_edmd_integrate_kinetic(e);
    e->kinetic += gain;
    e->thermostat_energy += gain;
    e->counter[k]++;
    e->thermostat_events++;
    rc_edmd_schedule(e, k, false);
}
