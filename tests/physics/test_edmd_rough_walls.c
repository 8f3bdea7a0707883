/* SPDX-License-Identifier: MIT */
/* Rough spheres at moving and thermal walls (docs/edmd.md, "Rough particles at moving and thermal walls").
 *
 * Oracles:
 * - One spinning ball dropped on an oscillating rough plate: at the hit the normal velocity relative to the plate is
 *   reversed with e, and the tangential velocity of the contact point, v_t - a w x n (the plate moves along n only,
 *   so its own velocity has no tangential part), becomes -beta times itself; linear momentum along the plate and the
 *   angular momentum about the contact point are kept.
 * - Elastic rough spheres (e = 1, beta = +1 for pairs, +1 or -1 for the plate) on an oscillating floor under gravity
 *   dissipate nothing: the energy balance K + U + K_rot - wall_work = E0 closes to rounding while the plate pumps
 *   energy in and the spins take their share.
 * - A rough elastic gas (e = 1, beta = +1) between two thermal walls at the same kT = 2, started at kT = 1 without
 *   spin, reaches equilibrium at the walls' temperature in both kinds of degree of freedom: T_tr = T_rot = 2. The
 *   tolerance, 4 %, is about six standard errors of the time averages (N = 300: the relative fluctuation of one
 *   sample of T_tr is sqrt(2 / (3N)) = 4.7 %, of T_rot the same, over about 300 samples a collision time or more
 *   apart), and far below the 50 % a wall that left the spins alone would leave.
 * - A thermal wall refuses a tangential restitution, naming it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd/engine.h"
#include "edmd/rough.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

static const double RADIUS = 0.5, MASS = 1;

static void one_hit(double restitution, double beta)
{
    double x[3] = {2, 2, 4}, v[3] = {0.7, -0.4, -2}, w[3] = {1.5, 2.5, -0.8}, g = 1;
    rc_wall wall = {.point = {0, 0, 1},
                    .normal = {0, 0, 1},
                    .restitution = restitution,
                    .rough = true,
                    .tangential_restitution = beta,
                    .oscillation = {0.1, 3, 0.4}};
    rc_edmd_def def = rc_edmd_default_def();
    def.box[0] = def.box[1] = 4, def.box[2] = 40, def.periodic[2] = false, def.gravity[2] = -g;
    def.walls = &wall, def.wall_count = 1, def.contact_tolerance = 0;
    def.count = 1, def.positions = x, def.velocities = v, def.radii = &RADIUS, def.masses = &MASS;
    def.angular_velocities = w;
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(&def, &e);
    CHECK(s == RC_STATUS_OK, "one hit: %s", rc_error_get());
    if (s != RC_STATUS_OK) return;
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    for (uint64_t events = 1; events < 100 && o.wall_collisions == 0; events++) { /* up to the first wall hit */
        rc_edmd_limits limits = {INFINITY, 0, events};
        rc_edmd_advance(e, &limits);
        rc_edmd_measure(e, &o);
    }
    CHECK(o.wall_collisions == 1, "the first event is not the plate's hit (%llu)",
          (unsigned long long)o.wall_collisions);
    double plate =
        wall.oscillation.amplitude * wall.oscillation.angular_frequency * cos(rc_edmd_wall_phase(e, 0, e->now));
    double y[3], u[3], spin[3];
    rc_edmd_state_now(e, 0, y, u);
    rc_edmd_angular_velocities(e, spin);
    double before = v[2] - g * o.time; /* the normal speed just before: gravity's work since 0 */
    CHECK(fabs((u[2] - plate) + restitution * (before - plate)) < 1e-12,
          "e %g: normal speed %.17g relative, %.17g "
          "before",
          restitution, u[2] - plate, before - plate);
    /* contact point velocity: v + w x (-a n) = (v_x - a w_y, v_y + a w_x) for n = z */
    double gx = v[0] - RADIUS * w[1], gy = v[1] + RADIUS * w[0];
    double hx = u[0] - RADIUS * spin[1], hy = u[1] + RADIUS * spin[0];
    CHECK(fabs(hx + beta * gx) < 1e-13 && fabs(hy + beta * gy) < 1e-13,
          "beta %g: contact velocity (%.17g, %.17g) from (%.17g, %.17g)", beta, hx, hy, gx, gy);
    /* angular momentum about the contact point: m a n x v + I w, its tangential part kept (the impulse acts there) */
    double moment = 0.4 * MASS * RADIUS * RADIUS;
    double lx = -MASS * RADIUS * v[1] + moment * w[0], ly = MASS * RADIUS * v[0] + moment * w[1];
    double kx = -MASS * RADIUS * u[1] + moment * spin[0], ky = MASS * RADIUS * u[0] + moment * spin[1];
    CHECK(fabs(lx - kx) < 1e-13 && fabs(ly - ky) < 1e-13 && spin[2] == w[2],
          "angular momentum about the contact (%g, %g) became (%g, %g)", lx, ly, kx, ky);
    rc_edmd_destroy(e);
}

/* n spheres placed at random 0.35 above the floor of an edge x edge x height box (periodic along x, y), velocities
 * Maxwellian at kT = 1, no spins. */
typedef struct bed {
    int32_t n;
    double *x, *v, *r, *m;
} bed;

static bed bed_make(rc_edmd_def *d, int32_t n, double edge, double height, double fill, uint64_t seed)
{
    bed b = {n, malloc(3 * sizeof(double) * (size_t)n), malloc(3 * sizeof(double) * (size_t)n),
             malloc(sizeof(double) * (size_t)n), malloc(sizeof(double) * (size_t)n)};
    for (int32_t k = 0; k < n; k++) b.r[k] = RADIUS, b.m[k] = MASS;
    double region[3] = {edge, edge, fill};
    bool periodic[3] = {true, true, false};
    rc_status s = rc_placement_fill(RC_PLACEMENT_RANDOM, 3, region, periodic, n, b.r, seed, b.x);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(3, n, b.m, 1.0, seed + 1, b.v);
    CHECK(s == RC_STATUS_OK, "placement: %s", rc_error_get());
    for (int32_t k = 0; k < n; k++) b.x[3 * k + 2] += 0.35;
    d->box[0] = d->box[1] = edge, d->box[2] = height, d->periodic[2] = false, d->contact_tolerance = 0;
    d->count = n, d->positions = b.x, d->velocities = b.v, d->radii = b.r, d->masses = b.m;
    return b;
}

static void bed_free(bed *b) { free(b->x), free(b->v), free(b->r), free(b->m); }

/* e = 1, pairs beta = +1, the floor beta as given, oscillating: nothing dissipated, the balance closed. */
static void elastic_bed(double floor_beta)
{
    rc_edmd_def d = rc_edmd_default_def();
    bed b = bed_make(&d, 200, 6, 60, 8, 3);
    rc_wall floor = {.point = {0, 0, 0.2},
                     .normal = {0, 0, 1},
                     .restitution = 1,
                     .rough = true,
                     .tangential_restitution = floor_beta,
                     .oscillation = {0.1, 8, 0}};
    d.walls = &floor, d.wall_count = 1, d.gravity[2] = -1, d.tangential_restitution = 1;
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(&d, &e);
    CHECK(s == RC_STATUS_OK, "elastic bed: %s", rc_error_get());
    if (s == RC_STATUS_OK) {
        rc_edmd_limits limits = {INFINITY, 0, 200000};
        rc_edmd_advance(e, &limits);
        rc_edmd_observables o;
        rc_edmd_measure(e, &o);
        double rotational = rc_edmd_rotational_energy(e);
        printf("elastic rough bed, floor beta %+g: %llu wall hits, wall work %.6g, rotational %.6g, dissipated %.3g, "
               "drift %.3g\n",
               floor_beta, (unsigned long long)o.wall_collisions, rc_edmd_wall_work(e), rotational, o.dissipated_energy,
               o.energy_drift);
        CHECK(o.wall_collisions > 2000, "only %llu wall hits", (unsigned long long)o.wall_collisions);
        CHECK(fabs(o.dissipated_energy) < 1e-10 * fabs(o.energy), "floor beta %g: dissipated %g", floor_beta,
              o.dissipated_energy);
        CHECK(fabs(o.energy_drift) < 1e-11, "floor beta %g: energy drift %g", floor_beta, o.energy_drift);
        CHECK(rotational > 0.01 * o.kinetic_energy, "floor beta %g: rotational energy %g", floor_beta, rotational);
    }
    rc_edmd_destroy(e);
    bed_free(&b);
}

/* A rough elastic gas between two thermal walls at kT = 2: both temperatures reach 2. */
static void thermal_equilibrium(void)
{
    rc_edmd_def d = rc_edmd_default_def();
    bed b = bed_make(&d, 300, 8, 12, 11.5, 9);
    rc_wall walls[2] = {{.point = {0, 0, 0}, .normal = {0, 0, 1}, .thermal = {2, 0}},
                        {.point = {0, 0, 12}, .normal = {0, 0, -1}, .thermal = {2, 0}}};
    d.walls = walls, d.wall_count = 2, d.tangential_restitution = 1, d.seed = 17;
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(&d, &e);
    CHECK(s == RC_STATUS_OK, "thermal gas: %s", rc_error_get());
    if (s == RC_STATUS_OK) {
        double translational = 0, rotational = 0;
        int samples = 0;
        rc_edmd_observables o;
        for (int step = 1; step <= 360; step++) {
            rc_edmd_limits limits = {step * 1.0, 0, 0};
            rc_edmd_advance(e, &limits);
            rc_edmd_measure(e, &o);
            if (step <= 60) continue; /* about 15 wall hits per particle to forget the start */
            translational += o.translational_temperature, rotational += o.rotational_temperature, samples++;
        }
        translational /= samples, rotational /= samples;
        printf("rough gas between thermal walls at 2: T_tr %.4f, T_rot %.4f, heat %.4g + %.4g, drift %.3g\n",
               translational, rotational, rc_edmd_wall_heat(e, 0), rc_edmd_wall_heat(e, 1), o.energy_drift);
        CHECK(fabs(translational / 2 - 1) < 0.04, "T_tr %g, the walls' 2", translational);
        CHECK(fabs(rotational / 2 - 1) < 0.04, "T_rot %g, the walls' 2", rotational);
        CHECK(fabs(o.energy_drift) < 1e-12, "energy balance with the walls' heat: drift %g", o.energy_drift);
    }
    rc_edmd_destroy(e);
    walls[0].rough = true, walls[0].tangential_restitution = 0.5;
    s = rc_edmd_create(&d, &e);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "walls[0].tangential_restitution"), "%s",
          rc_error_get());
    rc_edmd_destroy(e);
    bed_free(&b);
}

int main(void)
{
    one_hit(0.8, 0.5);
    one_hit(1, 1);
    one_hit(0.3, -0.4);
    elastic_bed(1);
    elastic_bed(-1);
    thermal_equilibrium();
    return check_finish();
}
