/* SPDX-License-Identifier: MIT */
/* How much of a real event-driven run could run at once (docs/scaling.md, "Available parallelism"; docs/edmd.md,
 * "Parallel"). Runs the serial engine one event at a time, reads the next event (its time, its particles and their
 * positions at that time) from the engine's calendar before processing it, and measures two things from the trace:
 *
 * - the causal bound: every event depends on the latest earlier event in any cell (of the neighbour reach) around
 *   its particles, because only those can have changed what it reads; the longest chain of such dependencies is the
 *   fewest steps any scheduler, knowing the trace beforehand, needs. Events over that length is the parallelism no
 *   scheme can beat.
 * - a conservative domain decomposition: the box cut into D slabs (along x) or D blocks (2x1x1, 2x2x2, 4x4x4, 8x8x8),
 *   time cut into windows of a fraction of the mean free time. An event whose particles lie within the border width
 *   (the neighbour reach plus twice the distance the fastest particle travels in a window) of a face between two
 *   domains must wait (it is processed alone, in order, after the window's interior events); the others proceed in
 *   their domain at once. The window then costs the largest domain's interior events plus the border events, and
 *   the decomposition's speedup on D threads is the events over the sum of those costs ("serial-b"). "local-b" is
 *   the bound of a scheme whose border events wait only for the two domains they touch: each border event counted
 *   in its home domain, a window costing its busiest domain's events.
 *
 * Cases: elastic hard spheres from FCC at kT = 1 (N = 32,000 and 256,000, φ = 0.30 and 0.45), and a granular bed:
 * inelastic spheres (e = 0.9) under gravity on a floor, periodic sideways. A measurement, never a verdict; instrumented
 * here so that the engine's event loop carries no counter for it. Usage: bench_parallelism [--quick] [--case NAME]. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edmd/engine.h"
#include "harness.h"
#include "ricochet/ricochet.h"

enum { LAYOUTS = 2, DOMAIN_COUNTS = 4, WINDOWS = 3 };
static const int domain_counts[DOMAIN_COUNTS] = {2, 8, 64, 512};
static const int block_side[DOMAIN_COUNTS][3] = {{2, 1, 1}, {2, 2, 2}, {4, 4, 4}, {8, 8, 8}};
static const double window_fraction[WINDOWS] = {0.01, 0.1, 1.0}; /* of the mean free time */

typedef struct para_case {
    const char *name;
    int32_t count;
    double packing_fraction;
    bool granular;
    double equilibration; /* collisions per particle before the trace */
    double traced;        /* events per particle traced */
} para_case;

/* One decomposition (layout, domain count, window) and its books. */
typedef struct split {
    int side[3];
    double window;      /* length in time */
    double border;      /* width in length, for the current window */
    int64_t current;    /* the window being filled */
    uint64_t *interior; /* per domain, in the current window */
    uint64_t *local;    /* per domain, in the current window: its interior and border events */
    uint64_t border_events, window_border;
    uint64_t events, cost, local_cost; /* totals */
} split;

static void fail(const char *what)
{
    fprintf(stderr, "bench_parallelism: %s: %s\n", what, rc_error_get());
    exit(2);
}

static rc_edmd *build(const para_case *c)
{
    size_t n = (size_t)c->count;
    double *x = malloc(3 * n * sizeof *x), *v = malloc(3 * n * sizeof *v);
    double *r = malloc(n * sizeof *r), *m = malloc(n * sizeof *m);
    if (!x || !v || !r || !m) fail("allocating the input");
    for (size_t k = 0; k < n; k++) r[k] = 0.5, m[k] = 1;
    rc_edmd_def d = rc_edmd_default_def();
    d.box[0] = d.box[1] = d.box[2] = 1;
    if (rc_box_scale_to_packing_fraction(3, c->count, r, c->packing_fraction, d.box) != RC_STATUS_OK) fail("box");
    rc_placement placement = RC_PLACEMENT_FCC;
    if (c->granular) { /* a bed four times as tall as wide at the given fraction, then gravity pulls it down */
        double side = cbrt(d.box[0] * d.box[1] * d.box[2] / 4);
        d.box[0] = d.box[1] = side, d.box[2] = 4 * side;
        d.periodic[2] = false;
        d.gravity[2] = -1;
        d.restitution = 0.9;
        d.box_restitution = 0.9;
        placement = RC_PLACEMENT_RANDOM;
    }
    if (rc_placement_fill(placement, 3, d.box, d.periodic, c->count, r, 1, x) != RC_STATUS_OK) fail("placing");
    if (rc_velocities_draw_maxwell_boltzmann(3, c->count, m, 1.0, 1, v) != RC_STATUS_OK) fail("velocities");
    d.count = c->count;
    d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    rc_edmd *e;
    if (rc_edmd_create(&d, &e) != RC_STATUS_OK) fail("creating the engine");
    free(x), free(v), free(r), free(m);
    return e;
}

/* Particle k's position at time t (engine clock), wrapped into the box on periodic axes. */
static void position_at(const rc_edmd *e, int32_t k, double t, double x[3])
{
    const rc_kin *p = &e->kin[k];
    double dt = t - p->t;
    bool moves = !rc_edmd_is_held(e, k);
    for (int a = 0; a < 3; a++) {
        x[a] = p->x[a] + (moves ? p->v[a] * dt + 0.5 * e->gravity[a] * dt * dt : 0);
        if (e->periodic[a]) x[a] -= e->box[a] * floor(x[a] / e->box[a]);
        if (x[a] < 0) x[a] = 0;
        if (x[a] >= e->box[a]) x[a] = nextafter(e->box[a], 0);
    }
}

static double largest_speed(const rc_edmd *e)
{
    double best = 0;
    for (int32_t k = 0; k < e->n; k++) {
        const double *v = e->kin[k].v;
        double s = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
        if (s > best) best = s;
    }
    return sqrt(best);
}

/* The domain of position x in split s, and whether x lies within the border width of a face between domains. */
static int domain_of(const rc_edmd *e, const split *s, const double x[3], bool *border)
{
    int domain = 0;
    for (int a = 2; a >= 0; a--) {
        int g = s->side[a];
        double width = e->box[a] / g;
        int i = (int)(x[a] / width);
        if (i >= g) i = g - 1;
        domain = domain * g + i;
        if (g == 1) continue;
        double low = x[a] - i * width, high = (i + 1) * width - x[a];
        bool low_face = i > 0 || e->periodic[a], high_face = i < g - 1 || e->periodic[a];
        if ((low_face && low < s->border) || (high_face && high < s->border)) *border = true;
    }
    return domain;
}

static void close_window(split *s, int domains)
{
    uint64_t most = 0, sum = 0, most_local = 0;
    for (int d = 0; d < domains; d++) {
        if (s->interior[d] > most) most = s->interior[d];
        if (s->local[d] > most_local) most_local = s->local[d];
        sum += s->interior[d];
        s->interior[d] = s->local[d] = 0;
    }
    s->local_cost += most_local;
    s->events += sum + s->window_border;
    s->cost += most + s->window_border;
    s->border_events += s->window_border;
    s->window_border = 0;
}

/* The causal bound's books: per cell of the reach, the depth of the latest event there. */
typedef struct causal {
    int cells[3];
    uint32_t *depth;
    uint32_t longest;
} causal;

static uint32_t causal_add(causal *c, const rc_edmd *e, const double (*x)[3], int count)
{
    uint32_t before = 0;
    int home[2][3];
    for (int p = 0; p < count; p++)
        for (int a = 0; a < 3; a++) {
            int i = (int)(x[p][a] / e->box[a] * c->cells[a]);
            home[p][a] = i >= c->cells[a] ? c->cells[a] - 1 : i;
        }
    for (int p = 0; p < count; p++)
        for (int dz = -1; dz <= 1; dz++)
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int i[3] = {home[p][0] + dx, home[p][1] + dy, home[p][2] + dz};
                    bool inside = true;
                    for (int a = 0; a < 3; a++) {
                        if (i[a] < 0 || i[a] >= c->cells[a]) {
                            if (!e->periodic[a]) inside = false;
                            i[a] = (i[a] + c->cells[a]) % c->cells[a];
                        }
                    }
                    if (!inside) continue;
                    uint32_t d = c->depth[((size_t)i[2] * c->cells[1] + i[1]) * c->cells[0] + i[0]];
                    if (d > before) before = d;
                }
    uint32_t mine = before + 1;
    for (int p = 0; p < count; p++)
        c->depth[((size_t)home[p][2] * c->cells[1] + home[p][1]) * c->cells[0] + home[p][0]] = mine;
    if (mine > c->longest) c->longest = mine;
    return mine;
}

static void run_case(const para_case *c)
{
    double wall0 = bench_now();
    rc_edmd *e = build(c);
    uint64_t equilibration = (uint64_t)(c->equilibration * c->count);
    rc_edmd_observables o0, o1;
    rc_edmd_measure(e, &o0);
    rc_edmd_limits limits = {INFINITY, equilibration, 0};
    if (rc_edmd_advance(e, &limits) != RC_STATUS_OK) fail("equilibrating");
    rc_edmd_measure(e, &o1);
    /* the mean free time: the time per collision of one particle (two particles per collision) */
    double tau = (o1.time - o0.time) * c->count / (2.0 * (double)(o1.collisions - o0.collisions));
    double reach = e->max_diameter * e->reach_factor + 2 * e->shell;

    split splits[LAYOUTS][DOMAIN_COUNTS][WINDOWS];
    for (int l = 0; l < LAYOUTS; l++)
        for (int d = 0; d < DOMAIN_COUNTS; d++)
            for (int w = 0; w < WINDOWS; w++) {
                split *s = &splits[l][d][w];
                memset(s, 0, sizeof *s);
                for (int a = 0; a < 3; a++) s->side[a] = l == 0 ? (a == 0 ? domain_counts[d] : 1) : block_side[d][a];
                s->window = window_fraction[w] * tau;
                s->current = -1;
                s->interior = calloc((size_t)domain_counts[d], sizeof *s->interior);
                s->local = calloc((size_t)domain_counts[d], sizeof *s->local);
                if (!s->interior || !s->local) fail("allocating");
            }
    causal cause = {{1, 1, 1}, NULL, 0};
    size_t cell_count = 1;
    for (int a = 0; a < 3; a++) {
        cause.cells[a] = (int)(e->box[a] / reach);
        if (cause.cells[a] < 1) cause.cells[a] = 1;
        cell_count *= (size_t)cause.cells[a];
    }
    cause.depth = calloc(cell_count, sizeof *cause.depth);
    if (!cause.depth) fail("allocating");

    uint64_t traced = (uint64_t)(c->traced * c->count), system = 0, particle_events = 0;
    double start = e->now, vmax = largest_speed(e);
    int64_t speed_window = -1;
    for (uint64_t n = 0; n < traced; n++) {
        int32_t k = rc_calendar_peek(&e->calendar);
        double t = k >= 0 ? e->event[k].time : INFINITY;
        double t_system = fmin(e->next_thermostat, e->next_renewal);
        if (t_system <= t || k < 0) { /* a renewal: every particle at once, a barrier for any scheme */
            system++;
        } else {
            int32_t partner = e->event[k].partner;
            double x[2][3];
            position_at(e, k, t, x[0]);
            int count = 1;
            if (partner >= 0) position_at(e, partner, t, x[count++]);
            causal_add(&cause, e, x, count);
            /* the fastest particle, measured afresh every finest window */
            int64_t fine = (int64_t)floor((t - start) / splits[0][0][0].window);
            if (fine != speed_window) speed_window = fine, vmax = largest_speed(e);
            for (int l = 0; l < LAYOUTS; l++)
                for (int d = 0; d < DOMAIN_COUNTS; d++)
                    for (int w = 0; w < WINDOWS; w++) {
                        split *s = &splits[l][d][w];
                        int64_t window = (int64_t)floor((t - start) / s->window);
                        if (window != s->current) {
                            if (s->current >= 0) close_window(s, domain_counts[d]);
                            s->current = window;
                            s->border = reach + 2 * vmax * s->window;
                        }
                        bool border = false;
                        int home = domain_of(e, s, x[0], &border);
                        if (count == 2 && domain_of(e, s, x[1], &border) != home) border = true;
                        if (border) s->window_border++;
                        else s->interior[home]++;
                        s->local[home]++;
                    }
            particle_events++;
        }
        limits = (rc_edmd_limits){INFINITY, 0, e->events + 1};
        if (rc_edmd_advance(e, &limits) != RC_STATUS_OK) fail("advancing");
    }
    rc_edmd_observables o2;
    rc_edmd_measure(e, &o2);
    printf("\n%s: N = %d, phi = %.2f%s; mean free time %.4g, reach %.3g, box %.4g x %.4g x %.4g; %llu events traced "
           "(%llu renewals), %.3g mean free times, %.0f s\n",
           c->name, (int)c->count, c->packing_fraction, c->granular ? ", granular bed (e = 0.9, gravity)" : "", tau,
           reach, e->box[0], e->box[1], e->box[2], (unsigned long long)particle_events, (unsigned long long)system,
           (o2.time - o1.time) / tau, bench_now() - wall0);
    printf("causal bound: longest dependency chain %u events: parallelism at most %.0f\n", cause.longest,
           (double)particle_events / cause.longest);
    printf("%-7s %5s %8s %10s %12s %10s %10s\n", "layout", "D", "window", "border %", "events/win", "serial-b",
           "local-b");
    for (int l = 0; l < LAYOUTS; l++)
        for (int d = 0; d < DOMAIN_COUNTS; d++)
            for (int w = 0; w < WINDOWS; w++) {
                split *s = &splits[l][d][w];
                close_window(s, domain_counts[d]);
                double windows = (double)(s->current + 1);
                printf("%-7s %5d %7.2ft %10.1f %12.3g %10.2f %10.2f\n", l == 0 ? "slabs" : "blocks", domain_counts[d],
                       window_fraction[w], 100.0 * (double)s->border_events / (double)s->events,
                       (double)s->events / windows, (double)s->events / (double)s->cost,
                       (double)s->events / (double)s->local_cost);
                free(s->interior);
                free(s->local);
            }
    fflush(stdout);
    free(cause.depth);
    rc_edmd_destroy(e);
}

int main(int argc, char **argv)
{
    bool quick = false;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) quick = true;
        else if (!strcmp(argv[i], "--case") && i + 1 < argc) only = argv[++i];
        else {
            fprintf(stderr, "usage: bench_parallelism [--quick] [--case NAME]\n");
            return 2;
        }
    }
    const para_case cases[] = {
        {"fluid-32k-0.30", 32000, 0.30, false, 5, 10},  {"fluid-32k-0.45", 32000, 0.45, false, 5, 10},
        {"fluid-256k-0.30", 256000, 0.30, false, 3, 4}, {"fluid-256k-0.45", 256000, 0.45, false, 3, 4},
        {"granular-32k", 32000, 0.30, true, 20, 10},
    };
    bench_print_load();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (only && strcmp(only, cases[i].name)) continue;
        para_case c = cases[i];
        if (quick) c.count = c.count > 32000 ? 32000 : 4000, c.traced = 2, c.equilibration = 2;
        run_case(&c);
    }
    return 0;
}
