/* SPDX-License-Identifier: MIT */
/* Oscillating walls in the event-driven engine (docs/edmd.md, "Oscillating walls"): one ball on a plate moving as
 * z_p(t) = A sin(omega t + phase) under gravity g.
 *
 * Oracles:
 * - The prediction against random states matches a dense scan of the gap: never later than the first sample found
 *   overlapped after an approach, never earlier than the gap allows, never negative.
 * - Completely inelastic (e = 0), a ball resting on the plate rides it and leaves it when the plate's acceleration
 *   reaches -g, at the phase asin(g / (A omega^2)) (the lift-off is analytic).
 * - With 0 < e < 1, dropped from the apex of the period-one orbit, it hits the plate once per period at the phase
 *   psi with cos psi = pi g (1 - e) / ((1 + e) A omega^2), sin psi > 0 (the exact motion, docs/edmd.md).
 * - A sweep over plate phases, offsets and restitutions with many bounces finds no ball below the plate by more
 *   than rounding and no negative-time event; the energy balance with the walls' work closes to rounding.
 * - Thermal walls: one brings a gas to its temperature; between two at different temperatures the heat that enters
 *   at the hot one leaves at the cold one.
 * - Restitution by impact speed: a table interpolates linearly and refuses speeds that do not increase or values
 *   that are not numbers; with the viscoelastic law a ball on a fixed plate comes to rest at the sum of its bounces'
 *   flight times (finite, as 1 - e ~ v^(1/5)), and the clock goes on past it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd/engine.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

#ifdef __SANITIZE_ADDRESS__
enum { SCALE = 10 };
#else
enum { SCALE = 1 };
#endif

typedef struct plate_setup {
    double amplitude, omega, phase, offset, restitution, gravity;
    double height, speed; /* the ball's centre above the plate's rest point, and its vertical speed, at time 0 */
} plate_setup;

static const double RADIUS = 0.5, MASS = 1;

/* One ball of radius RADIUS and mass MASS at x with velocity v, one wall, in a 4 x 4 x height box closed along z,
 * under gravity -gravity along z. */
static rc_edmd_def one_ball(const rc_wall *wall, const double x[3], const double v[3], double height, double gravity)
{
    rc_edmd_def def = rc_edmd_default_def();
    def.box[0] = def.box[1] = 4;
    def.box[2] = height;
    def.periodic[2] = false;
    def.gravity[2] = -gravity;
    def.walls = wall;
    def.wall_count = 1;
    def.count = 1;
    def.positions = x;
    def.velocities = v;
    def.radii = &RADIUS;
    def.masses = &MASS;
    return def;
}

static rc_edmd *make_ball(const plate_setup *p)
{
    double x[3] = {2, 2, p->offset + p->height}, v[3] = {0, 0, p->speed};
    rc_wall wall = {.point = {0, 0, p->offset},
                    .normal = {0, 0, 1},
                    .restitution = p->restitution,
                    .oscillation = {p->amplitude, p->omega, p->phase}};
    rc_edmd_def def = one_ball(&wall, x, v, p->offset + p->height + 50, p->gravity);
    def.contact_tolerance = 0;
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_create(&def, &engine);
    CHECK(s == RC_STATUS_OK, "ball on a plate: %s", rc_error_get());
    return engine;
}

/* The ball's gap above the plate now. */
static double ball_gap(const rc_edmd *e, const plate_setup *p)
{
    double x[3], v[3];
    rc_edmd_state_now(e, 0, x, v);
    return x[2] - RADIUS - p->offset - p->amplitude * sin(rc_edmd_wall_phase(e, 0, e->now));
}

static double gap_at(const double *q, double t)
{
    return q[0] + q[1] * t + 0.5 * q[2] * t * t - q[3] * (sin(q[4] * t + q[5]) - sin(q[5]));
}

static void test_prediction(void)
{
    srand(7);
    int worst_late = 0, worst_early = 0, negative = 0;
    for (int trial = 0; trial < 3000 / SCALE; trial++) {
        double q[6];
        q[3] = 0.01 + rand() / (double)RAND_MAX;              /* amplitude */
        q[4] = 0.5 + 20.0 * rand() / (double)RAND_MAX;        /* omega */
        q[5] = 6.283185307179586 * rand() / (double)RAND_MAX; /* phase */
        q[0] = (rand() / (double)RAND_MAX) * 3 * q[3];        /* gap now */
        q[1] = (2.0 * rand() / RAND_MAX - 1) * 3 * q[3] * q[4];
        q[2] = -(rand() / (double)RAND_MAX) * 2 * q[3] * q[4] * q[4];
        double horizon = 20 / q[4];
        double t = rc_edmd_predict_oscillating_plane(q[0], q[1], q[2], q[3], q[4], q[5], horizon);
        negative += t < 0;
        /* the dense scan: the first sample with f <= 0 (after which the gap had been positive) */
        int samples = 20000;
        double first = INFINITY;
        for (int i = 1; i <= samples; i++) {
            double s = horizon * i / samples;
            if (gap_at(q, s) <= 0) {
                first = s;
                break;
            }
        }
        double step = horizon / samples;
        if (first < INFINITY && !(t <= first + 1e-12)) worst_late++;
        if (t < INFINITY && !(fabs(gap_at(q, t)) <= 1e-9 * (q[0] + q[3]))) worst_early++;
        if (t < INFINITY && first < INFINITY && t < first - step - 1e-12) {
            /* earlier than the scan: only a graze the scan stepped over, where the gap dips to zero */
            worst_early += !(gap_at(q, t) <= 1e-9 * (q[0] + q[3]));
        }
    }
    CHECK(worst_late == 0, "prediction later than the dense scan's first overlap in %d trials", worst_late);
    CHECK(worst_early == 0, "prediction not at a root of the gap in %d trials", worst_early);
    CHECK(negative == 0, "%d negative times", negative);
}

static void test_lift_off(void)
{
    /* Gamma = A omega^2 / g = 3: the ball rides from phase 0.2 and lifts off at asin(1/3) + 2 pi k */
    plate_setup p = {0.1, 2 * M_PI, 0.05, 1, 0, 0, 0, 0};
    p.gravity = p.amplitude * p.omega * p.omega / 3;
    p.height = RADIUS + p.amplitude * sin(p.phase);
    p.speed = p.amplitude * p.omega * cos(p.phase);
    rc_edmd *e = make_ball(&p);
    if (!e) return;
    double expected = (asin(1.0 / 3) - p.phase) / p.omega, lifted = NAN;
    rc_edmd_observables o;
    for (int k = 0; k < 200 && isnan(lifted); k++) {
        rc_edmd_measure(e, &o);
        rc_edmd_limits limits = {INFINITY, 0, o.events + 1};
        rc_edmd_advance(e, &limits);
        if (k > 0 && !rc_edmd_is_riding(e, 0)) lifted = rc_edmd_time(e);
        CHECK(k > 0 || rc_edmd_is_riding(e, 0), "the ball resting on a pressing plate does not ride it");
    }
    CHECK(fabs(lifted - expected) <= 1e-12, "lift-off at %.17g, expected %.17g", lifted, expected);
    /* then a free flight from the plate's state at lift-off, and a landing that rides again: the clock goes on */
    rc_edmd_limits limits = {20, 0, 1000000};
    rc_edmd_advance(e, &limits);
    rc_edmd_measure(e, &o);
    CHECK(o.time == 20, "the ride stalled at %g", o.time);
    CHECK(fabs(o.energy_drift) < 1e-9, "energy balance with the plate's work: drift %g", o.energy_drift);
    CHECK(o.negative_time_events == 0, "%llu negative-time events", (unsigned long long)o.negative_time_events);
    rc_edmd_destroy(e);
}

static void test_period_one(void)
{
    /* e = 0.5, Gamma = 1.3: between the orbit's existence (pi (1 - e) / (1 + e) = 1.047) and its stability limit
     * sqrt((pi (1 - e) / (1 + e))^2 + 4 (1 + e^2)^2 / (1 + e)^4) = 1.527 */
    const double e = 0.5, gamma = 1.3, omega = 2 * M_PI, g = 1, period = 2 * M_PI / omega;
    const double amplitude = gamma * g / (omega * omega);
    const double psi = acos(M_PI * g * (1 - e) / ((1 + e) * amplitude * omega * omega));
    /* the apex half a period before the impact at time 0 + period: at phase psi, the plate at A sin psi */
    plate_setup p = {amplitude, omega, psi - omega * period / 2 - omega * period, 0.5, e, g, 0, 0};
    double apex = g * period * period / 8;
    p.height = RADIUS + amplitude * sin(psi) + apex;
    p.speed = 0;
    rc_edmd *engine = make_ball(&p);
    if (!engine) return;
    rc_edmd_observables o;
    uint64_t hits = 0;
    double worst = 0;
    int bounces = 0;
    for (int k = 0; k < 20000 && bounces < 60; k++) {
        rc_edmd_measure(engine, &o);
        rc_edmd_limits limits = {INFINITY, 0, o.events + 1};
        rc_edmd_advance(engine, &limits);
        rc_edmd_measure(engine, &o);
        if (o.wall_collisions > hits) {
            /* the impact's phase, against psi: impacts at period / 2 + n period */
            double phase = fmod(o.time - period / 2, period) / period * 2 * M_PI;
            if (phase > M_PI) phase -= 2 * M_PI;
            worst = fmax(worst, fabs(phase));
            bounces++;
        }
        hits = o.wall_collisions;
    }
    CHECK(bounces == 60, "%d bounces", bounces);
    CHECK(worst < 1e-9, "the period-one orbit drifts: impact phase off by %g rad", worst);
    rc_edmd_destroy(engine);
}

/* Bounces of one ball on a plate, for the sweep; returns the bounces and records the worst gap. */
static uint64_t sweep_one(const plate_setup *p, uint64_t events, double *lowest, uint64_t *negative, double *drift)
{
    rc_edmd *e = make_ball(p);
    if (!e) return 0;
    rc_edmd_observables o;
    for (uint64_t k = 0; k < events; k++) {
        rc_edmd_limits limits = {INFINITY, 0, k + 1};
        if (rc_edmd_advance(e, &limits) != RC_STATUS_OK) break;
        *lowest = fmin(*lowest, ball_gap(e, p) / RADIUS);
    }
    rc_edmd_measure(e, &o);
    *negative += o.negative_time_events;
    *drift = fmax(*drift, fabs(o.energy_drift));
    rc_edmd_destroy(e);
    return o.wall_collisions;
}

static void test_sweep(void)
{
    uint64_t bounces = 0, negative = 0;
    double lowest = INFINITY, drift = 0;
    const double restitutions[] = {0, 0.3, 0.7, 0.95, 1};
    int runs = 0;
    for (int i = 0; i < 40 / SCALE; i++)
        for (int r = 0; r < 5; r++) {
            plate_setup p = {
                0.02 + 0.01 * (i % 7), 5 + 3 * (i % 5), 0.157 * i, 0.37 * i + 0.001 * r, restitutions[r], 9.81, 0, 0};
            p.height = RADIUS + p.amplitude * (1 + 0.1 * r) + 0.013 * i;
            p.speed = 0;
            bounces += sweep_one(&p, 32000, &lowest, &negative, &drift);
            runs++;
        }
    printf("sweep: %d runs, %llu bounces, lowest gap %.3g radii, worst drift %.3g\n", runs, (unsigned long long)bounces,
           lowest, drift);
    CHECK(lowest > -1e-9, "a ball %.3g radii below the plate", lowest);
    CHECK(negative == 0, "%llu negative-time events", (unsigned long long)negative);
    CHECK(drift < 1e-8, "energy balance: drift %g", drift);
    CHECK(bounces >= (uint64_t)(1000000 / SCALE), "only %llu bounces", (unsigned long long)bounces);
}

/* A gas of n spheres of diameter 1 on a simple cubic lattice in an edge x edge x height box, periodic along x and y,
 * closed along z by elastic walls; walls[0] (thermal at t0, the box floor's plane) and, when t1 > 0, walls[1] (the
 * ceiling's plane, thermal at t1) replace the faces they lie on (a wall given in the definition wins a tie). */
static rc_edmd *thermal_gas(int side, int layers, double spacing, double t0, double t1)
{
    int n = side * side * layers;
    double *x = malloc(3 * sizeof *x * (size_t)n), *v = malloc(3 * sizeof *v * (size_t)n);
    double *r = malloc(sizeof *r * (size_t)n), *m = malloc(sizeof *m * (size_t)n);
    for (int i = 0; i < n; i++) {
        x[3 * i] = spacing * (i % side + 0.5), x[3 * i + 1] = spacing * (i / side % side + 0.5);
        x[3 * i + 2] = spacing * (i / (side * side) + 0.5);
        r[i] = 0.5, m[i] = 1;
    }
    rc_velocities_draw_maxwell_boltzmann(3, n, m, 1, 11, v);
    double height = spacing * layers;
    rc_wall walls[2] = {{.point = {0, 0, 0}, .normal = {0, 0, 1}, .restitution = 1, .thermal = {t0, 0}},
                        {.point = {0, 0, height}, .normal = {0, 0, -1}, .restitution = 1, .thermal = {t1, 0}}};
    rc_edmd_def def = rc_edmd_default_def();
    def.box[0] = def.box[1] = spacing * side;
    def.box[2] = height;
    def.periodic[2] = false;
    def.walls = walls;
    def.wall_count = t1 > 0 ? 2 : 1;
    def.contact_tolerance = 0;
    def.count = n;
    def.positions = x;
    def.velocities = v;
    def.radii = r;
    def.masses = m;
    def.seed = 5;
    rc_edmd *engine = NULL;
    rc_status s = rc_edmd_create(&def, &engine);
    CHECK(s == RC_STATUS_OK, "thermal gas: %s", rc_error_get());
    free(x), free(v), free(r), free(m);
    return engine;
}

/* The mean temperature 2K / (3N) over `samples` times spaced by dt. */
static double mean_temperature(rc_edmd *e, double *clock, double dt, int samples)
{
    double sum = 0;
    rc_edmd_observables o;
    for (int k = 0; k < samples; k++) {
        *clock += dt;
        rc_edmd_limits limits = {*clock, 0, 0};
        rc_edmd_advance(e, &limits);
        rc_edmd_measure(e, &o);
        sum += o.temperature;
    }
    return sum / samples;
}

static void test_thermal_wall(void)
{
    /* one thermal wall at kT = 2 brings a gas started at kT = 1 to its temperature: 216 spheres at packing fraction
     * 0.065, about 30 collisions each with the wall in the averaging window */
    rc_edmd *e = thermal_gas(6, 6, 2, 2, 0);
    if (!e) return;
    double clock = 0;
    mean_temperature(e, &clock, 1, 40);
    double t = mean_temperature(e, &clock, 1, 200);
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    printf("one thermal wall at 2: mean kT %.4f over t in [%g, %g], heat %.4g, drift %.3g\n", t, 40.0, clock,
           rc_edmd_wall_heat(e, 0), o.energy_drift);
    CHECK(fabs(t - 2) < 0.06, "the gas's temperature %g, the wall's 2", t);
    CHECK(fabs(o.energy_drift) < 1e-12, "energy balance with the wall's heat: drift %g", o.energy_drift);
    CHECK(rc_edmd_wall_heat(e, 0) > 0 && isnan(rc_edmd_wall_heat(e, 1)), "heats %g %g", rc_edmd_wall_heat(e, 0),
          rc_edmd_wall_heat(e, 1));
    rc_edmd_destroy(e);

    /* two walls at 1.5 and 0.5: heat flows in at the hot one and out at the cold one, equally on average */
    e = thermal_gas(6, 6, 2, 1.5, 0.5);
    if (!e) return;
    clock = 0;
    mean_temperature(e, &clock, 1, 40);
    double hot0 = rc_edmd_wall_heat(e, 0), cold0 = rc_edmd_wall_heat(e, 1);
    t = mean_temperature(e, &clock, 1, 400);
    double hot = rc_edmd_wall_heat(e, 0) - hot0, cold = rc_edmd_wall_heat(e, 1) - cold0;
    printf("walls at 1.5 and 0.5: mean kT %.4f, heat in %.4g, out %.4g\n", t, hot, cold);
    CHECK(hot > 0 && cold < 0, "heat in %g at the hot wall, %g at the cold one", hot, cold);
    CHECK(fabs(hot + cold) < 0.1 * hot, "heat in %g and out %g do not balance", hot, cold);
    CHECK(t > 0.5 && t < 1.5, "mean kT %g between the walls' 0.5 and 1.5", t);
    rc_edmd_destroy(e);
}

static void test_restitution_laws(void)
{
    rc_restitution_law table = {.kind = RC_RESTITUTION_KIND_TABLE, .points = 3, .table = {{0, 1}, {1, 0.8}, {3, 0.4}}};
    CHECK(rc_restitution_law_check(&table, "restitution") == RC_STATUS_OK, "%s", rc_error_get());
    CHECK(fabs(rc_restitution_law_value(&table, 0.5) - 0.9) < 1e-15 &&
              fabs(rc_restitution_law_value(&table, 2) - 0.6) < 1e-15 && rc_restitution_law_value(&table, 7) == 0.4 &&
              rc_restitution_law_value(&table, 0) == 1,
          "table interpolation: %g %g %g", rc_restitution_law_value(&table, 0.5), rc_restitution_law_value(&table, 2),
          rc_restitution_law_value(&table, 7));
    table.table[2][0] = 1;
    CHECK(rc_restitution_law_check(&table, "restitution") == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "restitution.table[2][0]"),
          "%s", rc_error_get());
    table.table[2][0] = 3, table.table[1][1] = NAN;
    CHECK(rc_restitution_law_check(&table, "restitution") == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "restitution.table[1][1]"),
          "%s", rc_error_get());
    /* the viscoelastic law: e -> 1 as v -> 0, 1 - C1 x + C2 x^2 with x = delta v^(1/5) */
    rc_restitution_law visco = {.kind = RC_RESTITUTION_KIND_VISCOELASTIC, .delta = 0.3};
    double x = 0.3 * pow(2, 0.2);
    CHECK(fabs(rc_restitution_law_value(&visco, 2) - (1 - 1.15344 * x + 0.79826 * x * x)) < 1e-15, "e(2) = %g",
          rc_restitution_law_value(&visco, 2));
    CHECK(rc_restitution_law_value(&visco, 0) == 1 && rc_restitution_law_value(&visco, 1e-20) > 0.99, "e(0) = %g",
          rc_restitution_law_value(&visco, 0));

    /* A ball dropped from h = 2 on a fixed plate with the viscoelastic law makes ever smaller bounces,
     * v_{k+1} = e(v_k) v_k, over a total time t_1 + sum 2 v_k / g that converges (1 - e ~ v^(1/5)); the engine puts
     * it to sleep at that instant and its clock goes on */
    double xs[3] = {2, 2, 1 + RADIUS + 2}, vs[3] = {0, 0, 0};
    rc_wall wall = {.point = {0, 0, 1}, .normal = {0, 0, 1}, .restitution = 1, .restitution_law = visco};
    rc_edmd_def def = one_ball(&wall, xs, vs, 10, 1);
    rc_edmd *e = NULL;
    CHECK(rc_edmd_create(&def, &e) == RC_STATUS_OK, "%s", rc_error_get());
    if (!e) return;
    double v = 2, rest = 2; /* t_1 = sqrt(2 h / g) = 2, v_1 = 2 */
    for (int k = 0; k < 100000000 && v > 1e-13; k++) {
        v *= rc_restitution_law_value(&visco, v);
        rest += 2 * v;
    }
    double asleep_at = NAN;
    rc_edmd_observables o;
    for (int k = 0; k < 100000 && isnan(asleep_at); k++) {
        rc_edmd_measure(e, &o);
        rc_edmd_limits limits = {INFINITY, 0, o.events + 1};
        rc_edmd_advance(e, &limits);
        rc_edmd_measure(e, &o);
        if (o.sleeping == 1) asleep_at = o.time;
    }
    printf("viscoelastic ball: at rest at %.12g (the bounces' sum %.12g), after %llu bounces\n", asleep_at, rest,
           (unsigned long long)o.wall_collisions);
    CHECK(fabs(asleep_at - rest) < 1e-6, "at rest at %.17g, the bounces sum to %.17g", asleep_at, rest);
    rc_edmd_limits limits = {100, 0, 0};
    CHECK(rc_edmd_advance(e, &limits) == RC_STATUS_OK, "%s", rc_error_get());
    rc_edmd_measure(e, &o);
    CHECK(o.time == 100 && fabs(o.energy_drift) < 1e-12, "the clock at %g, drift %g", o.time, o.energy_drift);
    rc_edmd_destroy(e);
}

static void test_refused(void)
{
    double x[3] = {2, 2, 2}, v[3] = {0, 0, 0};
    rc_wall wall = {.point = {0, 0, 0}, .normal = {0, 0, 1}, .restitution = 0.5, .oscillation = {-0.1, 1, 0}};
    rc_edmd_def def = one_ball(&wall, x, v, 4, 1);
    def.contact_tolerance = 0;
    rc_edmd *e = NULL;
    CHECK(rc_edmd_create(&def, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "amplitude"), "%s",
          rc_error_get());
    wall.oscillation = (rc_wall_oscillation){0.1, 0, 0};
    CHECK(rc_edmd_create(&def, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "angular_frequency"), "%s",
          rc_error_get());
    wall.oscillation = (rc_wall_oscillation){0.1, 1, 0};
    def.contact_tolerance = 1e-9;
    CHECK(rc_edmd_create(&def, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "contact_tolerance"), "%s",
          rc_error_get());
    def.contact_tolerance = 0;
    def.gravity[2] = 0;
    CHECK(rc_edmd_create(&def, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "gravity"), "%s",
          rc_error_get());
    wall.oscillation = (rc_wall_oscillation){0, 0, 0};
    wall.thermal = (rc_wall_thermal){-1, 0};
    CHECK(rc_edmd_create(&def, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "thermal.temperature"), "%s",
          rc_error_get());
    wall.thermal = (rc_wall_thermal){1, 1.5};
    CHECK(rc_edmd_create(&def, &e) == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), "thermal.accommodation"),
          "%s", rc_error_get());
}

int main(void)
{
    test_prediction();
    test_lift_off();
    test_period_one();
    test_sweep();
    test_thermal_wall();
    test_restitution_laws();
    test_refused();
    return check_finish();
}
