/* SPDX-License-Identifier: MIT */
/* Inelastic hard spheres from the event-driven engine: Haff's law for a freely cooling dilute granular gas, the
 * stable rule's invariants in dense inelastic gases, and what the naive rule does there (Bannerman et al. 2014,
 * sections 3-4; docs/design.md, "Overlap function and the stable rule").
 *
 * Oracles:
 * - Haff's law. On average a collision dissipates (1 - e^2) kT (half the loss of normal kinetic energy,
 *   (1 - e^2) mu <v_n^2> / 2, with mu = m/2 and the collision-weighted <v_n^2> = 4 kT/m), and there are N Gamma / 2
 *   collisions per unit time. With E = (d/2) N kT: dT/dt = -(1 - e^2) Gamma T / d, and Gamma = Gamma_0 sqrt(T/T_0)
 *   (Enskog rate, KLM contact value), so T(t) = T_0 / (1 + t/t_0)^2 with 1/t_0 = (1 - e^2) Gamma_0 / (2d). The law
 *   is self-similar: it holds from any instant t_s with T_s and 1/t_s0 = (1/t_0) sqrt(T_s/T_0), which lets the test
 *   start the clock after the lattice start is forgotten (collisions begin late on a lattice: fewer in the first
 *   mean free time, which would shift the curve by about 2 %).
 *   Tolerance 4 %: over seeds, N = 2048 runs scatter by about 1 % (the dissipation rate is a sum over a few 10^4
 *   collisions), and the homogeneous cooling state cools a little slower than Haff with Maxwellian velocities
 *   (the a_2 correction, 3 a_2 / 16 with a_2 = -0.015 at e = 0.9, and velocity correlations): measured offsets
 *   are +0.5 % to +2 % at N = 16,000. The gas is sampled until T has fallen by a factor 9, before clustering
 *   (the box, 22 mean free paths, is below the shear instability's critical length of about 44 mean free paths).
 *   The energy balance (kinetic + dissipated) must hold to rounding: |energy_drift| < 1e-12.
 * - The stable rule's definition: no event is ever predicted in the past (negative_time_events = 0) and overlaps are
 *   rounding errors only (max_overlap < 1e-9 sigma), in dense inelastic gases, free or held hot by the Andersen
 *   thermostat (which keeps re-colliding pairs and near-simultaneous contacts frequent).
 * - The naive rule returns negative times for pairs that end overlapped and approaching (the paper's Fig. 4): in
 *   the same thermostatted dense gas at e = 0.2 it must count negative-time events, the stable rule none.
 * - The event loop processes events in time order (docs/design.md, "Queue"): under the stable rule no pending event may
 *   ever lie before the engine's clock. This one check is white-box: it reads the engine's event times
 *   (src/edmd/engine.h), after every single event.
 * - The pair scan's variants (four-wide, two-wide, with and without the interior's shortcut) give the same bits
 *   (white-box: the engine's scan switches and records).
 * - No collision can be missed: for every pair of neighbours, the earlier of the two particles' pending events is no
 *   later than the pair's collision predicted afresh from the present state (src/edmd/schedule.c: a particle leaves
 *   a pair to its partner when the partner's own event comes first). White-box: it reads the lists and events. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd/engine.h"
#include "edmd/neighbours.h"
#include "edmd/predict.h"
#include "edmd/schedule.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

/* A gas of unit spheres (or disks) on a lattice at the packing fraction, kT = 1, and the engine built from it. */
typedef struct gas {
    rc_edmd_def def;
    double *positions, *velocities, *radii, *masses;
    double volume;
    rc_edmd *engine;
} gas;

static void gas_start(gas *g, int dimension, int32_t count, double packing_fraction, double restitution,
                      rc_event_detection rule, double thermostat_rate)
{
    g->def = rc_edmd_default_def();
    rc_edmd_def *d = &g->def;
    d->dimension = dimension;
    d->count = count;
    d->restitution = restitution;
    d->detection = rule;
    d->contact_tolerance = 0; /* classic processing: every collision binary (clusters are test_edmd_clusters.c's) */
    d->thermostat_rate = thermostat_rate;
    d->seed = 3;
    g->positions = calloc(3 * (size_t)count, sizeof(double));
    g->velocities = calloc(3 * (size_t)count, sizeof(double));
    g->radii = malloc((size_t)count * sizeof(double));
    g->masses = malloc((size_t)count * sizeof(double));
    for (int32_t i = 0; i < count; i++) g->radii[i] = 0.5, g->masses[i] = 1;
    if (dimension == 2) d->box[1] = sqrt(3.0);
    rc_status s = rc_box_scale_to_packing_fraction(dimension, count, g->radii, packing_fraction, d->box);
    if (s == RC_STATUS_OK)
        s = rc_placement_fill(dimension == 3 ? RC_PLACEMENT_FCC : RC_PLACEMENT_HEXAGONAL, dimension, d->box,
                              d->periodic, count, g->radii, 1, g->positions);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(dimension, count, g->masses, 1.0, 1, g->velocities);
    d->positions = g->positions;
    d->velocities = g->velocities;
    d->radii = g->radii;
    d->masses = g->masses;
    g->volume = d->box[0] * d->box[1] * (dimension == 3 ? d->box[2] : 1);
    g->engine = NULL;
    if (s == RC_STATUS_OK) s = rc_edmd_create(d, &g->engine);
    CHECK(s == RC_STATUS_OK, "gas of %d at %g: %s", (int)count, packing_fraction, rc_error_get());
}

static void gas_stop(gas *g)
{
    rc_edmd_destroy(g->engine);
    free(g->positions);
    free(g->velocities);
    free(g->radii);
    free(g->masses);
}

/* Runs until `collisions` (bounded in events too: an inelastic collapse freezes the clock but still counts
 * collisions, and nothing here may spin forever). */
static rc_edmd_observables run_collisions(gas *g, uint64_t collisions)
{
    rc_edmd_limits limits = {INFINITY, collisions, 20 * collisions};
    rc_edmd_advance(g->engine, &limits);
    rc_edmd_observables o;
    rc_edmd_measure(g->engine, &o);
    return o;
}

static double klm(double x) { return (1 + x + x * x - 2.0 / 3.0 * (x * x * x + x * x * x * x)) / pow(1 - x, 3); }

static void test_haff(void)
{
    const double x = 0.05, e = 0.9;
    const int32_t count = 2048; /* fcc, 8 x 8 x 8 cells */
    gas g;
    gas_start(&g, 3, count, x, e, RC_EVENT_DETECTION_STABLE, 0);
    if (!g.engine) return;
    double n = count / g.volume, contact = (klm(x) - 1) / (4 * x);
    double rate0 = 4 * n * contact * sqrt(M_PI); /* Enskog at T_0 = 1 */
    double t0 = 2 * 3 / ((1 - e * e) * rate0);
    /* the clock starts at t_s = t_0 / 4, about 7 collisions per particle in */
    rc_edmd_limits limits = {0.25 * t0, 0, 10000000};
    rc_edmd_advance(g.engine, &limits);
    rc_edmd_observables start, o;
    rc_edmd_measure(g.engine, &start);
    double ts = start.time, Ts = start.temperature, t0s = t0 / sqrt(Ts);
    const double samples[] = {0.25, 0.5, 1, 1.5, 2};
    double worst = 0;
    for (size_t k = 0; k < sizeof samples / sizeof *samples; k++) {
        limits.time = ts + samples[k] * t0s;
        rc_edmd_advance(g.engine, &limits);
        rc_edmd_measure(g.engine, &o);
        double haff = Ts / pow(1 + (o.time - ts) / t0s, 2), deviation = o.temperature / haff - 1;
        if (fabs(deviation) > fabs(worst)) worst = deviation;
        CHECK(fabs(deviation) <= 0.04, "Haff: t - t_s = %.3g t_s0: T = %.5f vs %.5f (%+.2f %%)", samples[k],
              o.temperature, haff, 100 * deviation);
        CHECK(fabs(o.energy_drift) < 1e-12, "Haff: energy balance off by %.3g", o.energy_drift);
    }
    CHECK(o.temperature < Ts / 8, "Haff: cooled only from %.4f to %.4f", Ts, o.temperature);
    CHECK(o.negative_time_events == 0 && o.max_overlap < 1e-9, "Haff: %llu negative-time events, overlap %.3g",
          (unsigned long long)o.negative_time_events, o.max_overlap);
    fprintf(stderr,
            "Haff (N = %d, x = %g, e = %g): T from %.4f to %.4f over %llu collisions, worst deviation %+.2f %%, "
            "energy drift %.2g\n",
            (int)count, x, e, Ts, o.temperature, (unsigned long long)(o.collisions - start.collisions), 100 * worst,
            o.energy_drift);
    gas_stop(&g);
}

/* Dense inelastic gases under the stable rule. */
static void check_stable(int dimension, int32_t count, double restitution, double thermostat_rate, uint64_t collisions)
{
    gas g;
    gas_start(&g, dimension, count, 0.45, restitution, RC_EVENT_DETECTION_STABLE, thermostat_rate);
    if (!g.engine) return;
    rc_edmd_observables o = run_collisions(&g, collisions);
    CHECK(o.negative_time_events == 0, "%dD e = %g, thermostat %g: %llu negative-time events", dimension, restitution,
          thermostat_rate, (unsigned long long)o.negative_time_events);
    CHECK(o.max_overlap < 1e-9, "%dD e = %g, thermostat %g: largest overlap %.3g sigma after %llu collisions (t = %g)",
          dimension, restitution, thermostat_rate, o.max_overlap, (unsigned long long)o.collisions, o.time);
    CHECK(fabs(o.energy_drift) < 1e-10, "%dD e = %g: energy balance off by %.3g", dimension, restitution,
          o.energy_drift);
    fprintf(stderr,
            "stable %dD x = 0.45 e = %g thermostat %g: %llu collisions to t = %.4g, T = %.3g, max overlap %.2g, "
            "%llu stabilising, %llu three-body, drift %.2g\n",
            dimension, restitution, thermostat_rate, (unsigned long long)o.collisions, o.time, o.temperature,
            o.max_overlap, (unsigned long long)o.stabilising_collisions, (unsigned long long)o.three_body_events,
            o.energy_drift);
    gas_stop(&g);
}

static void test_stable_invariants(void)
{
    /* Free cooling at e = 0.5 (T falls by 10^16 over 2e5 collisions) and e = 1 with a thermostat. */
    check_stable(3, 500, 0.5, 0, 200000);
    check_stable(3, 500, 1.0, 5, 200000);
    /* Held hot by the thermostat (5 redraws per particle per unit time, Gamma ~ 15-30): re-collisions are
     * frequent, the events of a pair and of its neighbours crowd the near future of the calendar. */
    check_stable(3, 500, 0.5, 5, 200000);
    check_stable(3, 500, 0.4, 5, 200000);
    check_stable(3, 500, 0.3, 5, 200000);
    check_stable(2, 400, 0.3, 5, 200000);
}

/* The naive switch in a thermostatted dense gas at e = 0.2: pairs left overlapped and approaching get a negative
 * time from the textbook root (an unchecked rewind); the stable rule collides them now instead. */
static void test_naive_switch(void)
{
    gas naive, stable;
    gas_start(&naive, 3, 500, 0.45, 0.2, RC_EVENT_DETECTION_NAIVE, 5);
    gas_start(&stable, 3, 500, 0.45, 0.2, RC_EVENT_DETECTION_STABLE, 5);
    if (!naive.engine || !stable.engine) return;
    rc_edmd_observables a = run_collisions(&naive, 20000), b = run_collisions(&stable, 20000);
    CHECK(a.negative_time_events > 0, "naive: no negative-time events in %llu collisions",
          (unsigned long long)a.collisions);
    CHECK(b.negative_time_events == 0, "stable: %llu negative-time events", (unsigned long long)b.negative_time_events);
    CHECK(b.stabilising_collisions > 0, "stable: no stabilising collisions at e = 0.2");
    CHECK(a.stabilising_collisions == 0, "naive: %llu stabilising collisions",
          (unsigned long long)a.stabilising_collisions);
    fprintf(stderr,
            "e = 0.2, x = 0.45, thermostat 5, 20000 collisions: naive %llu negative-time events, %llu three-body, "
            "max overlap %.2g, t = %.4g; stable %llu stabilising, %llu three-body, max overlap %.2g, t = %.4g\n",
            (unsigned long long)a.negative_time_events, (unsigned long long)a.three_body_events, a.max_overlap, a.time,
            (unsigned long long)b.stabilising_collisions, (unsigned long long)b.three_body_events, b.max_overlap,
            b.time);
    gas_stop(&naive);
    gas_stop(&stable);
}

/* After every event, the earliest pending event must not be in the past: a late event lets a pair sink into each
 * other for as long as it is late. Elastic and inelastic, free and thermostatted. */
static void check_time_order(int dimension, int32_t count, double restitution, double thermostat_rate, int events)
{
    gas g;
    gas_start(&g, dimension, count, 0.45, restitution, RC_EVENT_DETECTION_STABLE, thermostat_rate);
    if (!g.engine) return;
    const rc_edmd *e = g.engine;
    int late = 0, first = -1;
    double worst = 0;
    for (int k = 0; k < events; k++) {
        rc_edmd_limits limits = {INFINITY, 0, e->events + 1};
        rc_edmd_advance(g.engine, &limits);
        double earliest = INFINITY;
        for (int32_t i = 0; i < e->n; i++) earliest = fmin(earliest, e->event[i].time);
        if (earliest < e->now) {
            late++;
            if (first < 0) first = k + 1;
            worst = fmax(worst, e->now - earliest);
        }
    }
    CHECK(late == 0,
          "%dD e = %g, thermostat %g: after %d of %d events a pending event was in the past (first after event %d, "
          "by up to %.3g time units)",
          dimension, restitution, thermostat_rate, late, events, first, worst);
    gas_stop(&g);
}

static void test_time_order(void)
{
    check_time_order(3, 500, 1.0, 0, 100000);
    check_time_order(3, 500, 0.5, 5, 100000);
    check_time_order(2, 400, 0.3, 5, 100000);
}

/* The pair scan's variants give the same bits: the four-wide scan (AVX2, where the CPU has it), the two-wide one, and
 * the two-wide one with the minimum image on every particle (no interior: rc_edmd_interior_bounds never holds). A
 * gas of 4,000 at 0.45 (a box of 16.7 diameters: a third of the particles interior) run with and without the
 * post-collision contact count (clusters on and off); every particle's record and event are compared bit for bit. */
static void test_scan_variants(void)
{
    gas g;
    gas_start(&g, 3, 4000, 0.45, 1.0, RC_EVENT_DETECTION_STABLE, 0);
    if (!g.engine) return;
    for (int clusters = 0; clusters < 2; clusters++) {
        g.def.contact_tolerance = clusters ? rc_edmd_default_def().contact_tolerance : 0;
        rc_edmd *e[3] = {NULL, NULL, NULL};
        for (int v = 0; v < 3; v++) {
            CHECK(rc_edmd_create(&g.def, &e[v]) == RC_STATUS_OK, "scan variants: %s", rc_error_get());
            if (!e[v]) return;
            if (v > 0) e[v]->wide_scan = false;
            for (int a = 0; v == 2 && a < 3; a++) e[v]->inner_low[a] = INFINITY;
            rc_edmd_limits limits = {INFINITY, 60000, 0}; /* 15 per particle: before the first renewal */
            rc_edmd_advance(e[v], &limits);
        }
        for (int v = 1; v < 3; v++)
            CHECK(memcmp(e[0]->kin, e[v]->kin, 4000 * sizeof *e[0]->kin) == 0 &&
                      memcmp(e[0]->event, e[v]->event, 4000 * sizeof *e[0]->event) == 0 && e[0]->now == e[v]->now,
                  "scan variants (clusters %s): variant %d differs from the default after %llu collisions",
                  clusters ? "on" : "off", v, (unsigned long long)e[0]->collisions);
        fprintf(stderr, "scan variants, clusters %s: the same bits after %llu collisions (four-wide scan %s here)\n",
                clusters ? "on" : "off", (unsigned long long)e[0]->collisions,
                rc_edmd_wide_scan_available() ? "available" : "not available");
        for (int v = 0; v < 3; v++) rc_edmd_destroy(e[v]);
    }
    gas_stop(&g);
}

/* Every `every` events over `events`, each pair of neighbours (k, j): their collision time from now, by the stable
 * rule on the present state (both streamed to now without moving them), must not come before both pending events
 * (a tolerance of 1e-9 for the rounding of times predicted earlier). Counts the pairs that only the partner's event
 * covers (the particle found the pair and left it to the partner). */
static void check_pairs_covered(double packing_fraction, double restitution, double thermostat_rate, bool clusters)
{
    gas g;
    gas_start(&g, 3, 2048, packing_fraction, restitution, RC_EVENT_DETECTION_STABLE, thermostat_rate);
    if (!g.engine) return;
    if (clusters) {
        rc_edmd_destroy(g.engine);
        g.def.contact_tolerance = rc_edmd_default_def().contact_tolerance;
        g.engine = NULL;
        CHECK(rc_edmd_create(&g.def, &g.engine) == RC_STATUS_OK, "pairs covered: %s", rc_error_get());
        if (!g.engine) return gas_stop(&g);
    }
    const rc_edmd *e = g.engine;
    uint64_t checked = 0, missed = 0, by_partner = 0;
    double worst = 0;
    for (int round = 0; round < 200; round++) {
        rc_edmd_limits limits = {INFINITY, 0, e->events + 97};
        rc_edmd_advance(g.engine, &limits);
        for (int32_t k = 0; k < e->n; k++) {
            const uint8_t *list = rc_edmd_list(e, k);
            for (int32_t m = 0; m < rc_edmd_list_length(e, k); m++) {
                int32_t j = rc_edmd_neighbour(e, list, m);
                double xk[3], vk[3], xj[3], vj[3], r[3], v[3];
                rc_edmd_state_now(e, k, xk, vk);
                rc_edmd_state_now(e, j, xj, vj);
                for (int a = 0; a < 3; a++) r[a] = xk[a] - xj[a], v[a] = vk[a] - vj[a];
                rc_edmd_minimum_image(e, r);
                double sigma = e->kin[k].radius + e->kin[j].radius;
                double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
                double c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - sigma * sigma;
                double t = e->now + rc_stable_pair_time(b, c, v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
                double first = fmin(e->event[k].time, e->event[j].time);
                checked++;
                if (first > t + 1e-9) missed++, worst = fmax(worst, first - t);
                by_partner += t < INFINITY && e->event[k].time > t + 1e-9 && e->event[j].time <= t + 1e-9;
            }
        }
    }
    CHECK(missed == 0,
          "pairs covered (x = %g, e = %g, thermostat %g, clusters %s): %llu of %llu neighbour pairs collide before "
          "either pending event, by up to %.3g",
          packing_fraction, restitution, thermostat_rate, clusters ? "on" : "off", (unsigned long long)missed,
          (unsigned long long)checked, worst);
    fprintf(stderr,
            "pairs covered (x = %g, e = %g, thermostat %g, clusters %s): %llu neighbour pairs checked after %llu "
            "events, %llu missed; %llu covered by the partner's event only\n",
            packing_fraction, restitution, thermostat_rate, clusters ? "on" : "off", (unsigned long long)checked,
            (unsigned long long)e->events, (unsigned long long)missed, (unsigned long long)by_partner);
    gas_stop(&g);
}

static void test_pairs_covered(void)
{
    check_pairs_covered(0.45, 1.0, 0, false);
    check_pairs_covered(0.30, 1.0, 0, true);
    check_pairs_covered(0.45, 0.5, 5, true);
}

int main(void)
{
    test_pairs_covered();
    test_scan_variants();
    test_time_order();
    test_haff();
    test_stable_invariants();
    test_naive_switch();
    return check_finish();
}
