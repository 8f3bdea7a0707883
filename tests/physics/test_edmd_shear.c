/* SPDX-License-Identifier: MIT */
/* Lees-Edwards shear in the event-driven engine (src/edmd/shear.c; docs/edmd.md, "Shear"), with
 * the stable rule of Bannerman et al. 2014 applied to the sliding images.
 *
 * Oracles:
 * - Rate 0 is no shear: the sheared code (sliding images, their lists and scans, the books of the peculiar motion)
 *   at rate 0 gives the plain engine's trajectory bit for bit.
 * - No pair is ever missed: after every step of sheared runs (3D and 2D, elastic and inelastic, a gradient edge of
 *   fewer than three cells, other axes), no two particles overlap in any of their Lees-Edwards images, found by
 *   brute force over every pair and every image near the box (an implementation independent of the engine's). A
 *   missed collision lets a pair pass through each other, which shows as a deep overlap. No negative-time events.
 * - The same collisions as a brute-force reference: a few disks in a small box sheared fast (the images slide by a
 *   box every few collisions), simulated here by the textbook O(N^2) rule over every pair and every Lees-Edwards
 *   image (positions folded by its own code), give the same times for their first 60 collisions (9 of them across
 *   the sheared boundary) within 1e-9 relative (measured 3e-11: chaos amplifies rounding little over so few).
 * - The exact energy balance of the peculiar motion: E(t) - E(0) = shear work - dissipated + thermostat, where the
 *   shear work is rate V times the integral of the shear stress (kinetic part integrated exactly between collisions,
 *   collisional part summed at collisions) and E is summed over the particles: |energy_drift| < 1e-9 (relative to
 *   the initial energy, which the viscous heating multiplies by up to ten here).
 * - The streaming profile: the mean flow velocity in slabs along the gradient is linear with slope rate (within 4 %).
 * - Zero-shear viscosity: an elastic hard-sphere fluid at n sigma^3 = 0.3 (N = 1000) sheared at rate 0.1 with a weak
 *   Andersen thermostat on the peculiar velocities gives Enskog's viscosity (Chapman and Cowling; eta_0 with the
 *   1.016 Sonine factor, not confirmed from a source: docs/edmd.md, "Literature values in the tests"; eta / eta_0 = 1/chi + 0.8 b n + 0.7614 chi (b n)^2, b = 2 pi sigma^3 / 3, chi the
 *   Carnahan-Starling contact value), at the measured temperature, within three block-average standard errors plus
 *   5 % (molecular dynamics exceeds Enskog by a few per cent at this density: Alder, Gass and Wainwright 1970;
 *   Pieprzyk et al. 2019; the thermostat lowers the kinetic part by about rate / collision rate, 1-2 %).
 * - A sheared inelastic gas (e = 0.9) reaches a steady granular temperature: the means over the second and last
 *   thirds of the run agree within 5 %, and there the dissipation rate equals the viscous heating rate within 3 %.
 * - Checkpoints: a sheared run saved and restored into a new engine goes on bit for bit.
 * - A flow edge too short is refused with the edge needed, which is taken, and 0.1 % less is not.
 * - A perfect crystal sheared at zero temperature jams: 32 spheres on an FCC lattice at phi = 0.3 on the streaming
 *   profile (rate 1) have their lattice planes across the gradient h = L/4 < sigma apart, so adjacent layers cannot
 *   pass; every layer meets the next at once at t* = (h - sqrt(sigma^2 - h^2)) / h, in straight chains that span the box
 *   and that the sliding images compress, and the exact dynamics has endless collisions before t* with its energy
 *   growing without bound. The watchdog stops it at t* with RC_STATUS_NOT_TERMINATED ("the events ran away", telling to give
 *   a temperature) at its first check after t*, where it ran tens of millions of collisions before. The same crystal
 *   at kT = 0.01 (the symmetry broken) runs 10^5 collisions without a stop at a modest rate per particle. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

#ifdef __SANITIZE_ADDRESS__
enum { SCALE = 8 }; /* shorter runs and fewer particles: the oracles hold, with wider statistical errors */
#else
enum { SCALE = 1 };
#endif

typedef struct sheared_gas {
    rc_edmd_def def;
    double *positions, *velocities, *radii, *masses;
    rc_edmd *engine;
} sheared_gas;

typedef struct setup {
    int dimension;
    int32_t count;
    double packing_fraction, rate, restitution, thermostat;
    int flow, gradient;
    bool shear;
    uint64_t seed;
    double shape[3]; /* the box's proportions (0: a cube, or the hexagonal lattice's in 2D); random placement */
} setup;

static bool gas_start(sheared_gas *g, const setup *s)
{
    g->def = rc_edmd_default_def();
    rc_edmd_def *d = &g->def;
    int32_t n = s->count;
    d->dimension = s->dimension;
    d->count = n;
    d->restitution = s->restitution;
    d->thermostat_rate = s->thermostat;
    d->seed = s->seed;
    d->shear = (rc_edmd_shear){s->shear, s->rate, s->flow, s->gradient, 0};
    g->positions = calloc(3 * (size_t)n, sizeof(double));
    g->velocities = calloc(3 * (size_t)n, sizeof(double));
    g->radii = malloc((size_t)n * sizeof(double));
    g->masses = malloc((size_t)n * sizeof(double));
    for (int32_t i = 0; i < n; i++) g->radii[i] = 0.5, g->masses[i] = 1;
    if (s->dimension == 2) d->box[1] = sqrt(3.0);
    rc_placement lattice = s->dimension == 3 ? RC_PLACEMENT_FCC : RC_PLACEMENT_HEXAGONAL;
    if (s->shape[0] > 0)
        for (int a = 0; a < 3; a++) d->box[a] = s->shape[a], lattice = RC_PLACEMENT_RANDOM;
    rc_status st = rc_box_scale_to_packing_fraction(s->dimension, n, g->radii, s->packing_fraction, d->box);
    if (st == RC_STATUS_OK)
        st = rc_placement_fill(lattice, s->dimension, d->box, d->periodic, n, g->radii, s->seed, g->positions);
    if (st == RC_STATUS_OK)
        st = rc_velocities_draw_maxwell_boltzmann(s->dimension, n, g->masses, 1.0, s->seed, g->velocities);
    d->positions = g->positions, d->velocities = g->velocities, d->radii = g->radii, d->masses = g->masses;
    rc_edmd_def_add_shear_profile(d, g->velocities);
    if (st == RC_STATUS_OK) st = rc_edmd_create(d, &g->engine);
    CHECK(st == RC_STATUS_OK, "engine: %s", rc_error_get());
    return st == RC_STATUS_OK;
}

static void gas_free(sheared_gas *g)
{
    rc_edmd_destroy(g->engine);
    free(g->positions), free(g->velocities), free(g->radii), free(g->masses);
}

static void advance_to(sheared_gas *g, double time)
{
    rc_edmd_limits limits = {time, 0, 0};
    rc_status s = rc_edmd_advance(g->engine, &limits);
    CHECK(s == RC_STATUS_OK, "advance: %s", rc_error_get());
}

static bool same_frames(const rc_frame *a, const rc_frame *b)
{
    size_t bytes = 3 * (size_t)a->count * sizeof(double);
    return a->time == b->time && a->collisions == b->collisions && memcmp(a->positions, b->positions, bytes) == 0 &&
           memcmp(a->velocities, b->velocities, bytes) == 0;
}

static void zero_rate_is_no_shear(void)
{
    setup s = {3, 500, 0.3, 0, 1, 0, 0, 1, false, 5, {0, 0, 0}};
    sheared_gas plain, sheared;
    if (!gas_start(&plain, &s)) return;
    s.shear = true;
    if (!gas_start(&sheared, &s)) return;
    rc_frame a, b;
    rc_frame_create(&a, s.count, false), rc_frame_create(&b, s.count, false);
    for (int step = 1; step <= 4; step++) {
        advance_to(&plain, 5.0 * step), advance_to(&sheared, 5.0 * step);
        rc_edmd_fill_frame(plain.engine, &a), rc_edmd_fill_frame(sheared.engine, &b);
        CHECK(same_frames(&a, &b),
              "rate 0: the sheared engine left the plain trajectory by time %g (%llu vs %llu "
              "collisions)",
              5.0 * step, (unsigned long long)a.collisions, (unsigned long long)b.collisions);
    }
    rc_frame_destroy(&a), rc_frame_destroy(&b);
    gas_free(&plain), gas_free(&sheared);
}

/* The smallest gap |r| - sigma over every pair and every Lees-Edwards image, by brute force: each of the three rows
 * of images along the gradient (the tilted cell's lattice), and in it the nearest image along the other axes. */
static double smallest_gap(const rc_frame *f, int flow, int gradient)
{
    int other = 3 - flow - gradient;
    double smallest = INFINITY;
    for (int32_t i = 0; i < f->count; i++)
        for (int32_t j = i + 1; j < f->count; j++) {
            double sigma = f->radii[i] + f->radii[j];
            for (int ng = -1; ng <= 1; ng++) {
                double r[3];
                for (int a = 0; a < 3; a++) r[a] = f->positions[3 * i + a] - f->positions[3 * j + a];
                r[gradient] += ng * f->box[gradient];
                r[flow] += ng * f->tilt;
                r[flow] -= f->box[flow] * round(r[flow] / f->box[flow]);
                if (f->dimension == 3) r[other] -= f->box[other] * round(r[other] / f->box[other]);
                double gap = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]) - sigma;
                if (gap < smallest) smallest = gap;
            }
        }
    return smallest;
}

static void never_overlapping(const char *name, const setup *s, double span)
{
    sheared_gas g;
    if (!gas_start(&g, s)) return;
    rc_frame f;
    rc_frame_create(&f, s->count, false);
    double worst = INFINITY;
    for (int step = 1; step <= 40; step++) {
        advance_to(&g, span * step / 40);
        rc_edmd_fill_frame(g.engine, &f);
        double gap = smallest_gap(&f, s->flow, s->gradient);
        if (gap < worst) worst = gap;
    }
    rc_edmd_observables o;
    rc_edmd_measure(g.engine, &o);
    printf("%s: %llu collisions, smallest gap %.3g, energy drift %.3g, shear stress %.4g\n", name,
           (unsigned long long)o.collisions, worst, o.energy_drift, o.shear_stress);
    CHECK(worst > -1e-9, "%s: two particles overlap by %g in some image: a collision was missed", name, -worst);
    CHECK(o.negative_time_events == 0, "%s: %llu negative-time events", name,
          (unsigned long long)o.negative_time_events);
    CHECK(fabs(o.energy_drift) < 1e-9, "%s: the energy balance is off by %g", name, o.energy_drift);
    CHECK(o.collisions > 2000 / (SCALE * SCALE), "%s: only %llu collisions", name, (unsigned long long)o.collisions);
    rc_frame_destroy(&f);
    gas_free(&g);
}

/* The brute-force reference of the first collisions: 2D, flow x, gradient y, elastic equal disks of unit mass. */
typedef struct reference {
    int32_t n;
    double x[64][2], v[64][2], box[2], rate, radius, time;
} reference;

/* Folds every disk into the box: across y the flow position moves by the offset and the flow velocity by rate L_y. */
static void reference_fold(reference *r)
{
    double offset = fmod(r->rate * r->box[1] * r->time, r->box[0]);
    for (int32_t i = 0; i < r->n; i++) {
        while (r->x[i][1] >= r->box[1])
            r->x[i][1] -= r->box[1], r->x[i][0] -= offset, r->v[i][0] -= r->rate * r->box[1];
        while (r->x[i][1] < 0) r->x[i][1] += r->box[1], r->x[i][0] += offset, r->v[i][0] += r->rate * r->box[1];
        r->x[i][0] -= r->box[0] * floor(r->x[i][0] / r->box[0]);
    }
}

/* Moves to the next collision over every pair and image; returns whether it was across the sheared boundary. */
static bool reference_step(reference *r)
{
    double offset = fmod(r->rate * r->box[1] * r->time, r->box[0]), best = INFINITY, rij[2] = {0, 0};
    int32_t bi = -1, bj = -1, across = 0;
    for (int32_t i = 0; i < r->n; i++)
        for (int32_t j = i + 1; j < r->n; j++)
            for (int ny = -1; ny <= 1; ny++)
                for (int nx = -2; nx <= 2; nx++) {
                    double d[2] = {r->x[i][0] - r->x[j][0] + ny * offset + nx * r->box[0],
                                   r->x[i][1] - r->x[j][1] + ny * r->box[1]};
                    double w[2] = {r->v[i][0] - r->v[j][0] + ny * r->rate * r->box[1], r->v[i][1] - r->v[j][1]};
                    double b = d[0] * w[0] + d[1] * w[1], ww = w[0] * w[0] + w[1] * w[1];
                    double c = d[0] * d[0] + d[1] * d[1] - 4 * r->radius * r->radius, disc = b * b - ww * c;
                    if (b >= 0 || disc <= 0) continue;
                    double t = (-b - sqrt(disc)) / ww;
                    if (t > 1e-12 && t < best) best = t, bi = i, bj = j, across = ny;
                }
    r->time += best;
    for (int32_t i = 0; i < r->n; i++) r->x[i][0] += r->v[i][0] * best, r->x[i][1] += r->v[i][1] * best;
    double offset_now = fmod(r->rate * r->box[1] * r->time, r->box[0]);
    double d[2] = {r->x[bi][0] - r->x[bj][0] + across * offset_now, r->x[bi][1] - r->x[bj][1] + across * r->box[1]};
    for (int nx = -3; nx <= 3; nx++) /* the flow image that touches */
        if (fabs(d[0] + nx * r->box[0]) < 2.5 * r->radius) rij[0] = d[0] + nx * r->box[0];
    rij[1] = d[1];
    double w[2] = {r->v[bi][0] - r->v[bj][0] + across * r->rate * r->box[1], r->v[bi][1] - r->v[bj][1]};
    double f = (w[0] * rij[0] + w[1] * rij[1]) / (rij[0] * rij[0] + rij[1] * rij[1]);
    for (int a = 0; a < 2; a++) r->v[bi][a] -= f * rij[a], r->v[bj][a] += f * rij[a];
    reference_fold(r);
    return across != 0;
}

static void same_collisions_as_brute_force(void)
{
    enum { N = 16, COLLISIONS = 60 };
    double positions[3 * N] = {0}, velocities[3 * N] = {0}, radii[N], masses[N];
    reference r = {N, {{0}}, {{0}}, {8, 8}, 1.5, 0.5, 0};
    uint64_t seed = 77;
    for (int32_t i = 0; i < N; i++) {
        radii[i] = 0.5, masses[i] = 1;
        positions[3 * i] = r.x[i][0] = 1 + 2 * (i % 4);
        positions[3 * i + 1] = r.x[i][1] = 1 + 2 * (i / 4);
    }
    CHECK(rc_velocities_draw_maxwell_boltzmann(2, N, masses, 1.0, seed, velocities) == RC_STATUS_OK, "velocities");
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = 2, d.count = N, d.box[0] = r.box[0], d.box[1] = r.box[1];
    d.positions = positions, d.velocities = velocities, d.radii = radii, d.masses = masses;
    d.shear = (rc_edmd_shear){true, r.rate, 0, 1, 0};
    d.shell = 0.3;
    rc_edmd_def_add_shear_profile(&d, velocities);
    for (int32_t i = 0; i < N; i++) r.v[i][0] = velocities[3 * i], r.v[i][1] = velocities[3 * i + 1];
    rc_edmd *e;
    if (rc_edmd_create(&d, &e) != RC_STATUS_OK) {
        CHECK(false, "engine: %s", rc_error_get());
        return;
    }
    int crossings = 0;
    double worst = 0;
    for (uint64_t c = 1; c <= COLLISIONS; c++) {
        crossings += reference_step(&r);
        rc_edmd_limits limits = {INFINITY, c, 0};
        rc_edmd_advance(e, &limits);
        double gap = fabs(rc_edmd_time(e) - r.time) / r.time;
        if (gap > worst) worst = gap;
    }
    printf("brute force: %d collisions, %d across the sheared boundary, times within %.2g\n", COLLISIONS, crossings,
           worst);
    CHECK(worst < 1e-9, "the engine's collision times leave the brute-force reference's by %g", worst);
    CHECK(crossings >= 2, "only %d collisions across the sheared boundary: no test of the sliding images", crossings);
    rc_edmd_destroy(e);
}

/* The mean flow velocity in slabs along the gradient, over frames; its least-squares slope must be the rate. */
static void streaming_profile(void)
{
    setup s = {2, 400, 0.3, 0.5, 1, 0.2, 0, 1, true, 7, {0, 0, 0}};
    sheared_gas g;
    if (!gas_start(&g, &s)) return;
    enum { SLABS = 8 };
    double sum[SLABS] = {0}, count[SLABS] = {0};
    rc_frame f;
    rc_frame_create(&f, s.count, false);
    for (int step = 1; step <= 200; step++) {
        advance_to(&g, 0.5 * step);
        rc_edmd_fill_frame(g.engine, &f);
        for (int32_t k = 0; k < s.count; k++) {
            int slab = (int)(f.positions[3 * k + 1] / f.box[1] * SLABS);
            slab = slab < 0 ? 0 : slab >= SLABS ? SLABS - 1 : slab;
            sum[slab] += f.velocities[3 * k], count[slab]++;
        }
    }
    double sy = 0, su = 0, syy = 0, syu = 0;
    for (int b = 0; b < SLABS; b++) {
        double y = (b + 0.5) * f.box[1] / SLABS, u = sum[b] / count[b];
        sy += y, su += u, syy += y * y, syu += y * u;
    }
    double slope = (SLABS * syu - sy * su) / (SLABS * syy - sy * sy);
    printf("profile: slope %.4f for rate %.4f\n", slope, s.rate);
    CHECK(fabs(slope / s.rate - 1) < 0.04, "the streaming profile's slope %g is not the rate %g", slope, s.rate);
    rc_frame_destroy(&f);
    gas_free(&g);
}

static double enskog_viscosity(double density, double temperature)
{
    double phi = M_PI / 6 * density, chi = (1 - phi / 2) / ((1 - phi) * (1 - phi) * (1 - phi));
    double bn = 2 * M_PI / 3 * density, eta0 = 1.016 * 5.0 / 16.0 * sqrt(temperature / M_PI);
    return eta0 * (1 / chi + 0.8 * bn + 0.7614 * chi * bn * bn);
}

/* Block averages of the viscosity and the temperature over `blocks` intervals of `length` after `start`. */
static void block_average(sheared_gas *g, double start, double length, int blocks, double *eta, double *error,
                          double *temperature)
{
    advance_to(g, start);
    rc_edmd_observables since, now;
    rc_edmd_measure(g->engine, &since);
    double s1 = 0, s2 = 0, t1 = 0;
    for (int b = 1; b <= blocks; b++) {
        advance_to(g, start + b * length);
        rc_edmd_measure_since(g->engine, &since, &now);
        s1 += now.shear_viscosity, s2 += now.shear_viscosity * now.shear_viscosity;
        t1 += now.kinetic_integral - since.kinetic_integral;
        rc_edmd_measure(g->engine, &since);
    }
    *eta = s1 / blocks;
    *error = sqrt((s2 / blocks - *eta * *eta) / (blocks - 1));
    *temperature = t1 / (3.0 * g->def.count * blocks * length); /* 2K integrated, over d N (thermostat) */
}

static void zero_shear_viscosity(void)
{
    setup s = {3, 1000, M_PI / 6 * 0.3, 0.1, 1, 0.05, 0, 1, true, 11, {0, 0, 0}};
    sheared_gas g;
    if (!gas_start(&g, &s)) return;
    double eta, error, temperature;
    block_average(&g, 50, 50.0 / SCALE, 20, &eta, &error, &temperature);
    double enskog = enskog_viscosity(0.3, temperature);
    printf("viscosity at n sigma^3 = 0.3: %.4f +- %.4f at kT %.4f; Enskog %.4f (ratio %.3f)\n", eta, error, temperature,
           enskog, eta / enskog);
    CHECK(fabs(eta - enskog) < 3 * error + 0.05 * enskog, "viscosity %g +- %g is not Enskog's %g", eta, error, enskog);
    gas_free(&g);
}

static void granular_steady_state(void)
{
    setup s = {3, 1000 / SCALE, 0.1, 1.0, 0.9, 0, 0, 1, true, 13, {0, 0, 0}};
    sheared_gas g;
    if (!gas_start(&g, &s)) return;
    double thirds[3] = {0}, heat = 0, lost = 0;
    rc_edmd_observables since, now, start;
    rc_edmd_measure(g.engine, &start);
    for (int third = 0; third < 3; third++) {
        rc_edmd_measure(g.engine, &since);
        for (int k = 1; k <= 20; k++) {
            advance_to(&g, 60.0 * third + 3.0 * k);
            rc_edmd_measure(g.engine, &now);
            thirds[third] += now.temperature / 20;
        }
        heat = now.shear_work - since.shear_work, lost = now.dissipated_energy - since.dissipated_energy;
    }
    printf("granular: kT %.4f %.4f %.4f over the thirds; heating %.4g, dissipation %.4g in the last\n", thirds[0],
           thirds[1], thirds[2], heat, lost);
    CHECK(fabs(thirds[2] / thirds[1] - 1) < 0.05, "no steady temperature: %g then %g", thirds[1], thirds[2]);
    CHECK(fabs(lost / heat - 1) < 0.03, "dissipation %g does not balance the viscous heating %g", lost, heat);
    double error = fabs(now.energy_drift) * start.kinetic_energy; /* the drift is relative to the initial energy */
    CHECK(error < 1e-10 * now.shear_work, "energy balance off by %g of the shear work %g", error, now.shear_work);
    gas_free(&g);
}

static void checkpoint_resumes(void)
{
    setup s = {3, 256, 0.3, 0.8, 0.95, 0.2, 2, 0, true, 17, {0, 0, 0}};
    sheared_gas a, b;
    if (!gas_start(&a, &s) || !gas_start(&b, &s)) return;
    advance_to(&a, 7.3);
    size_t size = rc_edmd_state_size(a.engine);
    void *state = malloc(size);
    CHECK(rc_edmd_state_save(a.engine, state, size) == RC_STATUS_OK, "save: %s", rc_error_get());
    CHECK(rc_edmd_state_restore(b.engine, state, size) == RC_STATUS_OK, "restore: %s", rc_error_get());
    advance_to(&a, 20), advance_to(&b, 20);
    rc_frame fa, fb;
    rc_frame_create(&fa, s.count, false), rc_frame_create(&fb, s.count, false);
    rc_edmd_fill_frame(a.engine, &fa), rc_edmd_fill_frame(b.engine, &fb);
    CHECK(same_frames(&fa, &fb) && fa.tilt == fb.tilt, "a restored sheared run left the original");
    rc_edmd_observables oa, ob;
    rc_edmd_measure(a.engine, &oa), rc_edmd_measure(b.engine, &ob);
    CHECK(oa.shear_integral == ob.shear_integral && oa.kinetic_integral == ob.kinetic_integral,
          "the restored books differ");
    free(state);
    rc_frame_destroy(&fa), rc_frame_destroy(&fb);
    gas_free(&a), gas_free(&b);
}

/* Creates two spheres of diameter 1 in a periodic box flow x gradient y edge x `edge` (10 along the others) sheared
 * at rate 1; the status. */
static rc_status two_sheared(double edge)
{
    double x[6] = {0.5, 1, 1, 0.5, 6, 6}, v[6] = {0}, r[2] = {0.5, 0.5}, m[2] = {1, 1};
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = 3, d.count = 2, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    d.box[0] = edge, d.box[1] = d.box[2] = 10;
    d.periodic[0] = d.periodic[1] = d.periodic[2] = true;
    d.shear = (rc_edmd_shear){true, 1, 0, 1, 0};
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(&d, &e);
    rc_edmd_destroy(e);
    return s;
}

/* The refusal of a flow edge too short states the bound the engine applies: it is the edge needed (rounded up to
 * four digits), so that edge is taken and one 0.1 % shorter is refused. */
static void shortest_flow_edge(void)
{
    CHECK(two_sheared(2.4) == RC_STATUS_INVALID_ARGUMENT, "a flow edge of 2.4 diameters was taken");
    const char *at_least = strstr(rc_error_get(), "must be at least ");
    CHECK(at_least, "the refusal names no edge needed: %s", rc_error_get());
    if (!at_least) return;
    double needed = strtod(at_least + strlen("must be at least "), NULL);
    CHECK(needed > 2.4 && two_sheared(needed) == RC_STATUS_OK, "the edge %g said to be enough is refused: %s", needed,
          rc_error_get());
    CHECK(two_sheared(needed * 0.999) == RC_STATUS_INVALID_ARGUMENT,
          "an edge of %g, below the %g said to be needed, is taken", needed * 0.999, needed);
}

/* The crystal of the header at temperature kT (0: on the profile exactly), advanced to `collisions`. */
static rc_status sheared_crystal(double temperature, uint64_t collisions, double *time, uint64_t *done)
{
    enum { N = 32 };
    double x[3 * N], v[3 * N] = {0}, r[N], m[N];
    for (int i = 0; i < N; i++) r[i] = 0.5, m[i] = 1;
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = 3, d.count = N, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    d.shear = (rc_edmd_shear){true, 1, 0, 1, 0};
    rc_status s = rc_box_scale_to_packing_fraction(3, N, r, 0.3, d.box);
    if (!s) s = rc_placement_fill(RC_PLACEMENT_FCC, 3, d.box, d.periodic, N, r, 1, x);
    if (!s && temperature > 0) s = rc_velocities_draw_maxwell_boltzmann(3, N, m, temperature, 1, v);
    rc_edmd_def_add_shear_profile(&d, v);
    rc_edmd *e = NULL;
    if (!s) s = rc_edmd_create(&d, &e);
    rc_edmd_limits limits = {INFINITY, collisions, 0};
    if (!s) s = rc_edmd_advance(e, &limits);
    uint64_t events = 0;
    *time = e ? rc_edmd_time(e) : 0;
    if (e) rc_edmd_counts(e, &events, done);
    rc_edmd_destroy(e);
    return s;
}

static void sheared_crystal_jams(void)
{
    double time, h = cbrt(32 * M_PI / 6 / 0.3) / 4, jam = (h - sqrt(1 - h * h)) / h;
    uint64_t done;
    rc_status s = sheared_crystal(0, 5000000, &time, &done);
    printf("sheared crystal at kT = 0: %s after %llu collisions at t = %.17g (t* = %.17g)\n",
           s ? rc_error_get() : "no stop", (unsigned long long)done, time, jam);
    CHECK(s == RC_STATUS_NOT_TERMINATED && strstr(rc_error_get(), "the events ran away") &&
              strstr(rc_error_get(), "give them a temperature"),
          "the jammed crystal was not stopped by the watchdog (%d): %s", (int)s, rc_error_get());
    CHECK(fabs(time - jam) < 1e-12 && done < 2000000,
          "it stopped at t = %.17g after %llu collisions; expected t* = %.17g at the first check after t* (every 10^6 "
          "events)",
          time, (unsigned long long)done, jam);
    s = sheared_crystal(0.01, 100000, &time, &done);
    CHECK(s == RC_STATUS_OK && done == 100000, "the crystal at kT = 0.01 stopped (%d) after %llu collisions: %s",
          (int)s, (unsigned long long)done, rc_error_get());
    printf("sheared crystal at kT = 0.01: %llu collisions by t = %.4g, %.3g per particle per unit time\n",
           (unsigned long long)done, time, (double)done / 32 / time);
    CHECK((double)done / 32 / time < 1000, "the crystal at kT = 0.01 collides %.3g times per particle per unit time",
          (double)done / 32 / time);
}

int main(void)
{
    sheared_crystal_jams();
    shortest_flow_edge();
    zero_rate_is_no_shear();
    same_collisions_as_brute_force();
    setup fluid = {3, 500 / SCALE, 0.3, 2.0, 1, 0, 0, 1, true, 3, {0, 0, 0}};
    never_overlapping("3D elastic, rate 2", &fluid, 6.0 / SCALE);
    setup disks = {2, 300 / SCALE, 0.5, 1.0, 0.8, 0, 0, 1, true, 4, {0, 0, 0}};
    never_overlapping("2D e = 0.8, rate 1", &disks, 20.0 / SCALE);
    setup narrow = {3, 108, 0.2, 3.0, 0.9, 0.5, 2, 0, true, 5, {1, 1.5, 3}};
    never_overlapping("3D two cells on the gradient, flow z, gradient x", &narrow, 30 / SCALE);
    setup dense = {3, 500 / SCALE, 0.45, -1.5, 1, 0, 1, 2, true, 6, {0, 0, 0}};
    never_overlapping("3D dense, negative rate, flow y, gradient z", &dense, 3.0 / SCALE);
    streaming_profile();
    zero_shear_viscosity();
    granular_steady_state();
    checkpoint_resumes();
    return check_finish();
}
