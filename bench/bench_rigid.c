/* SPDX-License-Identifier: MIT */
/* Benchmark of the time-stepped engine (src/rigid): steps per second of two resting piles under gravity,
 * with the share of the step's time in contact detection (broad and narrow phase) and in impact resolution, and the
 * peak memory of each case.
 *   2D: 10,000 balls of radius 0.5, 100 rows of 100 in hexagonal packing, on a floor between two walls that leave
 *       the rows half a diameter of play (every ball touches its neighbours; one island); and the same with 20 rows
 *       (2,000 balls), which finishes steps where the full pile may not within the budget.
 *   3D: 1,000 unit cubes in 100 towers of 10 on a floor, the towers 0.05 apart (100 islands of 10 boxes and 40
 *       contact points each).
 * Restitution 0 and no friction, as the peers' piles (bench_box2d, bench_bullet); sleeping off unless --sleep;
 * --settle-sweeps S sets rc_rigid_def's settle_sweeps (default 0: the engine's default).
 * Each case runs in a child with a time budget (BENCH_BUDGET seconds, default 300): one warm-up step, then timed steps
 * until a third of the budget (or 2,000 steps); the rate is steps per CPU second, the shares are of wall time (the
 * engine's own clocks). --case NAME runs one case. Results: bench/RESULTS.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ricochet/rigid.h"

typedef struct pile_case {
    const char *name;
    int dimension, rows; /* 2D: rows of 100 balls */
} pile_case;

static bool sleeping;     /* --sleep: islands at rest fall asleep (off by default, as in bench_box2d) */
static int settle_sweeps; /* --settle-sweeps */

static rc_rigid_def pile_2d(int rows, rc_rigid_body_def **bodies, rc_rigid_static_def *walls)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.dimension = 2;
    d.gravity[1] = -9.81;
    int n = 0;
    *bodies = malloc((size_t)rows * 100 * sizeof **bodies);
    for (int row = 0; row < rows; row++)
        for (int k = 0; k < 100; k++, n++) {
            (*bodies)[n] = rc_rigid_default_body_def();
            (*bodies)[n].ball = true;
            (*bodies)[n].radius = 0.5;
            (*bodies)[n].position[0] = 0.5 + k + (row % 2) * 0.5;
            (*bodies)[n].position[1] = 0.5 + row * sqrt(3.0) / 2;
        }
    const double normal[3][2] = {{0, 1}, {1, 0}, {-1, 0}}, point[3][2] = {{0, 0}, {0, 0}, {101, 0}};
    for (int w = 0; w < 3; w++) {
        walls[w] = rc_rigid_default_static_def();
        walls[w].normal[0] = normal[w][0], walls[w].normal[1] = normal[w][1], walls[w].normal[2] = 0;
        walls[w].position[0] = point[w][0], walls[w].position[1] = point[w][1];
    }
    d.bodies = *bodies, d.body_count = n, d.statics = walls, d.static_count = 3;
    return d;
}

static rc_rigid_def pile_3d(rc_rigid_body_def **bodies, rc_rigid_static_def *floor)
{
    rc_rigid_def d = rc_rigid_default_def();
    d.gravity[2] = -9.81;
    int n = 0;
    *bodies = malloc(1000 * sizeof **bodies);
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++)
            for (int k = 0; k < 10; k++, n++) {
                (*bodies)[n] = rc_rigid_default_body_def();
                (*bodies)[n].shape = RC_RIGID_SHAPE_BOX;
                (*bodies)[n].half[0] = (*bodies)[n].half[1] = (*bodies)[n].half[2] = 0.5;
                (*bodies)[n].position[0] = 1.05 * i, (*bodies)[n].position[1] = 1.05 * j;
                (*bodies)[n].position[2] = 0.5 + k;
            }
    *floor = rc_rigid_default_static_def();
    d.bodies = *bodies, d.body_count = n, d.statics = floor, d.static_count = 1;
    return d;
}

static double budget_seconds(void)
{
    const char *text = getenv("BENCH_BUDGET");
    return text && atof(text) > 0 ? atof(text) : 300;
}

static void run_case(void *arg, FILE *out)
{
    const pile_case *c = arg;
    rc_rigid_body_def *bodies;
    rc_rigid_static_def statics[3];
    rc_rigid_def d = c->dimension == 2 ? pile_2d(c->rows, &bodies, statics) : pile_3d(&bodies, statics);
    d.impact.restitution = 0; /* as the peers' piles (bench_box2d, bench_bullet) */
    d.sleep = sleeping;
    d.settle_sweeps = settle_sweeps;
    rc_rigid *e;
    if (rc_rigid_create(&d, &e)) {
        fprintf(out, "error %s\n", rc_error_get());
        return;
    }
    free(bodies);
    rc_status s = rc_rigid_step(e, 1); /* warm-up: the first step builds the grid and grows the arrays */
    rc_rigid_observables before, now;
    rc_rigid_measure(e, &before);
    double cpu = bench_cpu_now(), wall = bench_now();
    for (int64_t steps = 1; steps <= 2000 && !s; steps++) {
        s = rc_rigid_step(e, 1);
        rc_rigid_measure(e, &now);
        double took = bench_cpu_now() - cpu, took_wall = bench_now() - wall;
        /* one line per step, so that a case the budget cuts short still reports */
        fprintf(out, "%s %lld %.6g %.6g %.6g %lld %lld %.3g %s\n", c->name, (long long)steps, took,
                (now.detection_seconds - before.detection_seconds) / took_wall,
                (now.resolution_seconds - before.resolution_seconds) / took_wall, (long long)now.contacts,
                (long long)now.max_iterations, now.max_penetration, rc_status_name(s));
        fflush(out);
        if (took > budget_seconds() / 3) break;
    }
    rc_rigid_destroy(e);
}

int main(int argc, char **argv)
{
    static const pile_case cases[] = {{"3d_boxes_1000", 3, 0}, {"2d_balls_2000", 2, 20}, {"2d_balls_10000", 2, 100}};
    const char *only = NULL;
    for (int k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--sleep") == 0) sleeping = true;
        else if (strcmp(argv[k], "--case") == 0 && k + 1 < argc) only = argv[++k];
        else if (strcmp(argv[k], "--settle-sweeps") == 0 && k + 1 < argc) settle_sweeps = atoi(argv[++k]);
        else {
            fprintf(stderr, "usage: bench_rigid [--sleep] [--settle-sweeps S] [--case 3d_boxes_1000|2d_balls_2000|"
                            "2d_balls_10000]\n");
            return 2;
        }
    }
    bench_print_load();
    printf("# restitution 0, no friction, sleeping %s, settle_sweeps %d\n", sleeping ? "on" : "off", settle_sweeps);
    printf("# case              steps   steps/s  detect%%  resolve%%  contacts  max_iter  overlap  peak_MB  status\n");
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        if (only && strcmp(only, cases[k].name) != 0) continue;
        bench_child r = bench_run_child(run_case, (void *)&cases[k], budget_seconds());
        char name[64] = "?", status[32] = "?";
        long long steps = 0, contacts = 0, iterations = 0;
        double took = NAN, detect = NAN, resolve = NAN, overlap = NAN;
        const char *last = r.text, *line = r.text;
        for (const char *p = r.text; *p; p++) /* the last complete line */
            if (*p == '\n') last = line, line = p + 1;
        if (sscanf(last, "%63s %lld %lf %lf %lf %lld %lld %lf %31s", name, &steps, &took, &detect, &resolve, &contacts,
                   &iterations, &overlap, status) != 9)
            printf("# %s: %s%s\n", cases[k].name, r.timed_out ? "timed out before one step; " : "", r.text);
        else
            printf("%-18s %6lld %9.3g %8.1f %9.1f %9lld %9lld %8.1e %8.1f  %s%s\n", name, steps, steps / took,
                   100 * detect, 100 * resolve, contacts, iterations, overlap, r.maxrss_kb / 1024.0, status,
                   r.timed_out ? " (budget ran out)" : "");
        free(r.text);
    }
    return 0;
}
