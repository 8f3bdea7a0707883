/* SPDX-License-Identifier: MIT */
/* Benchmark scenes of 2D balls shared by bench/bench_*.c: the 15-ball pool break, a hexagonal pile of equal balls
 * in which every neighbour pair touches, and a disordered polydisperse pile grown ball by ball so that each new ball
 * exactly touches two others (Bennett-style greedy growth towards the origin). Piles are free (no walls), so they
 * hold no implicit equalities: a ball on the pile's outer edge can never be balanced by pushes alone. Each scene
 * becomes an rc_impact_problem through the public API, contacts in a fixed order. Header only. */
#ifndef RC_BENCH_PILES_H
#define RC_BENCH_PILES_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "ricochet/impact.h"

typedef struct bench_pile {
    int balls, contacts;
    double *x;    /* 2 per ball */
    double *r;    /* radius per ball */
    double *mass; /* per ball */
    int *a, *b;   /* per contact: the two balls; the normal points from b to a */
    int cap_balls, cap_contacts;
} bench_pile;

static inline void *bench_xrealloc(void *p, size_t bytes)
{
    void *q = realloc(p, bytes ? bytes : 1);
    if (!q) {
        fprintf(stderr, "out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    return q;
}

static inline void bench_pile_free(bench_pile *p)
{
    free(p->x);
    free(p->r);
    free(p->mass);
    free(p->a);
    free(p->b);
    memset(p, 0, sizeof *p);
}

static inline int bench_pile_add_ball(bench_pile *p, double x, double y, double radius, double mass)
{
    if (p->balls == p->cap_balls) {
        p->cap_balls = p->cap_balls ? 2 * p->cap_balls : 64;
        p->x = bench_xrealloc(p->x, 2 * (size_t)p->cap_balls * sizeof(double));
        p->r = bench_xrealloc(p->r, (size_t)p->cap_balls * sizeof(double));
        p->mass = bench_xrealloc(p->mass, (size_t)p->cap_balls * sizeof(double));
    }
    p->x[2 * p->balls] = x;
    p->x[2 * p->balls + 1] = y;
    p->r[p->balls] = radius;
    p->mass[p->balls] = mass;
    return p->balls++;
}

static inline void bench_pile_add_contact(bench_pile *p, int a, int b)
{
    if (p->contacts == p->cap_contacts) {
        p->cap_contacts = p->cap_contacts ? 2 * p->cap_contacts : 64;
        p->a = bench_xrealloc(p->a, (size_t)p->cap_contacts * sizeof(int));
        p->b = bench_xrealloc(p->b, (size_t)p->cap_contacts * sizeof(int));
    }
    p->a[p->contacts] = a;
    p->b[p->contacts] = b;
    p->contacts++;
}

static inline double bench_pile_gap(const bench_pile *p, int i, int j)
{
    double dx = p->x[2 * i] - p->x[2 * j], dy = p->x[2 * i + 1] - p->x[2 * j + 1];
    return sqrt(dx * dx + dy * dy) - p->r[i] - p->r[j];
}

/* Touching: the gap is below this, relative to the radii (the scenes are built touching up to rounding). */
static const double BENCH_TOUCH = 1e-9;

/* The pool break: a cue ball (ball 0) touching the apex of a 15-ball triangle rack of radius-1 balls, moving at
 * unit speed along the rack's axis; every touching pair is a contact (31 of them, the cue-apex pair first). */
static inline void bench_pile_pool_break(bench_pile *p, double *velocity /* 2 per ball: 32 */)
{
    memset(p, 0, sizeof *p);
    bench_pile_add_ball(p, -2.0, 0.0, 1.0, 1.0);
    for (int row = 0; row < 5; row++)
        for (int j = 0; j <= row; j++) bench_pile_add_ball(p, row * sqrt(3.0), 2.0 * j - row, 1.0, 1.0);
    for (int i = 0; i < p->balls; i++)
        for (int j = i + 1; j < p->balls; j++)
            if (fabs(bench_pile_gap(p, i, j)) < BENCH_TOUCH) bench_pile_add_contact(p, j, i);
    memset(velocity, 0, 2 * (size_t)p->balls * sizeof(double));
    velocity[0] = 1.0;
}

/* A hexagonal pile of equal balls (radius 1, mass 1) on the triangular lattice of spacing 2: balls are taken in order
 * of distance from the origin until the contacts (every touching neighbour pair) reach target. */
static inline void bench_pile_hexagonal(bench_pile *p, int target)
{
    memset(p, 0, sizeof *p);
    int half = (int)ceil(sqrt((double)target / 3.0 + 1.0)) + 4, side = 2 * half + 1;
    int sites = side * side;
    int *order = bench_xrealloc(NULL, (size_t)sites * sizeof(int));
    double *dist = bench_xrealloc(NULL, (size_t)sites * sizeof(double));
    int *ball_at = bench_xrealloc(NULL, (size_t)sites * sizeof(int));
    for (int s = 0; s < sites; s++) {
        int i = s % side - half, j = s / side - half;
        double x = 2.0 * i + j, y = sqrt(3.0) * j;
        dist[s] = x * x + y * y;
        order[s] = s;
        ball_at[s] = -1;
    }
    /* insertion sort by (distance, site index) would be quadratic; a simple shell sort keeps it short */
    for (int gap = sites / 2; gap > 0; gap /= 2)
        for (int s = gap; s < sites; s++)
            for (int t = s; t >= gap; t -= gap) {
                int u = order[t - gap], v = order[t];
                if (dist[u] < dist[v] || (dist[u] == dist[v] && u < v)) break;
                order[t - gap] = v;
                order[t] = u;
            }
    static const int step[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {-1, 1}, {1, -1}};
    for (int k = 0; k < sites && p->contacts < target; k++) {
        int s = order[k], i = s % side - half, j = s / side - half;
        int ball = bench_pile_add_ball(p, 2.0 * i + j, sqrt(3.0) * j, 1.0, 1.0);
        ball_at[s] = ball;
        for (int d = 0; d < 6; d++) {
            int ni = i + step[d][0] + half, nj = j + step[d][1] + half;
            if (ni < 0 || nj < 0 || ni >= side || nj >= side) continue;
            int other = ball_at[nj * side + ni];
            if (other >= 0) bench_pile_add_contact(p, ball, other);
        }
    }
    free(order);
    free(dist);
    free(ball_at);
}

/* A disordered pile of balls with radii uniform in [1 - poly, 1 + poly] and mass proportional to r^2, grown until
 * the contacts reach target: each new ball is put at the free site closest to the origin among the sites touching
 * both balls of an existing contact, so every contact touches exactly (up to rounding) and the pile is compact
 * (about two contacts per ball). Any further pair found touching is a contact too. */
static inline void bench_pile_grown(bench_pile *p, int target, double poly, uint64_t seed)
{
    memset(p, 0, sizeof *p);
    rc_rng rng;
    rc_rng_seed(&rng, seed);
    int max_balls = target + 8;
    double cell = 2.0 * (1.0 + poly) * 1.05;
    double extent = 3.0 * sqrt((double)max_balls) + 16.0; /* the pile stays well inside |x|, |y| < extent */
    int cells = (int)ceil(2.0 * extent / cell) + 1;
    int *head = bench_xrealloc(NULL, (size_t)cells * (size_t)cells * sizeof(int));
    int *next = bench_xrealloc(NULL, (size_t)max_balls * sizeof(int));
    unsigned char *dead = NULL;
    int cap_dead = 0;
    for (int c = 0; c < cells * cells; c++) head[c] = -1;
#define BENCH_CELL(px, py) ((int)floor(((py) + extent) / cell) * cells + (int)floor(((px) + extent) / cell))
    double r0 = 1.0 + poly * (2.0 * rc_rng_uniform(&rng) - 1.0), r1 = 1.0 + poly * (2.0 * rc_rng_uniform(&rng) - 1.0);
    bench_pile_add_ball(p, 0.0, 0.0, r0, r0 * r0);
    bench_pile_add_ball(p, r0 + r1, 0.0, r1, r1 * r1);
    bench_pile_add_contact(p, 1, 0);
    for (int i = 0; i < 2; i++) {
        int c = BENCH_CELL(p->x[2 * i], p->x[2 * i + 1]);
        next[i] = head[c];
        head[c] = i;
    }
    while (p->contacts < target && p->balls < max_balls) {
        double r = 1.0 + poly * (2.0 * rc_rng_uniform(&rng) - 1.0);
        if (cap_dead < p->contacts) {
            int old = cap_dead;
            cap_dead = 2 * p->contacts;
            dead = bench_xrealloc(dead, (size_t)cap_dead);
            memset(dead + old, 0, (size_t)(cap_dead - old));
        }
        double best = INFINITY, bx = 0, by = 0;
        int best_a = -1, best_b = -1;
        for (int k = 0; k < p->contacts; k++) {
            if (dead[k]) continue;
            int a = p->a[k], b = p->b[k];
            double ax = p->x[2 * a], ay = p->x[2 * a + 1], dx = p->x[2 * b] - ax, dy = p->x[2 * b + 1] - ay;
            double d = sqrt(dx * dx + dy * dy), ra = p->r[a] + r, rb = p->r[b] + r;
            double along = (ra * ra - rb * rb + d * d) / (2.0 * d), h2 = ra * ra - along * along;
            if (h2 <= 0) {
                dead[k] = 1;
                continue;
            }
            double h = sqrt(h2), ux = dx / d, uy = dy / d;
            int free_sites = 0;
            for (int side = -1; side <= 1; side += 2) {
                double sx = ax + along * ux - side * h * uy, sy = ay + along * uy + side * h * ux;
                int cx = (int)floor((sx + extent) / cell), cy = (int)floor((sy + extent) / cell), blocked = 0;
                for (int gy = cy - 1; gy <= cy + 1 && !blocked; gy++)
                    for (int gx = cx - 1; gx <= cx + 1 && !blocked; gx++)
                        for (int j = head[gy * cells + gx]; j >= 0; j = next[j]) {
                            if (j == a || j == b) continue;
                            double ex = p->x[2 * j] - sx, ey = p->x[2 * j + 1] - sy;
                            if (sqrt(ex * ex + ey * ey) < p->r[j] + r - BENCH_TOUCH) {
                                blocked = 1;
                                break;
                            }
                        }
                if (blocked) continue;
                free_sites++;
                double d2 = sx * sx + sy * sy;
                if (d2 < best) {
                    best = d2, bx = sx, by = sy, best_a = a, best_b = b;
                }
            }
            if (!free_sites) dead[k] = 1; /* both sites blocked: interior (a smaller ball might still fit; ignored) */
        }
        if (best_a < 0) break;
        int ball = bench_pile_add_ball(p, bx, by, r, r * r);
        int cx = (int)floor((bx + extent) / cell), cy = (int)floor((by + extent) / cell);
        for (int gy = cy - 1; gy <= cy + 1; gy++)
            for (int gx = cx - 1; gx <= cx + 1; gx++)
                for (int j = head[gy * cells + gx]; j >= 0; j = next[j])
                    if (j == best_a || j == best_b || fabs(bench_pile_gap(p, ball, j)) < BENCH_TOUCH)
                        bench_pile_add_contact(p, ball, j);
        int c = BENCH_CELL(bx, by);
        next[ball] = head[c];
        head[c] = ball;
    }
#undef BENCH_CELL
    free(head);
    free(next);
    free(dead);
}

/* Random ball velocities: independent standard normal components, seeded. */
static inline void bench_pile_random_velocity(const bench_pile *p, uint64_t seed, double *velocity)
{
    rc_rng rng;
    rc_rng_seed(&rng, seed);
    for (int i = 0; i < 2 * p->balls; i++) velocity[i] = rc_rng_normal(&rng);
}

/* The impact problem of the first `contacts` contacts of the pile (all of them when contacts < 0), with every ball
 * of the pile as a body. Exits on failure: a benchmark scene must build. */
static inline rc_impact_problem *bench_pile_problem(const bench_pile *p, const double *velocity, int contacts)
{
    rc_impact_problem *problem = NULL;
    if (rc_impact_problem_create(&problem)) goto fail;
    for (int i = 0; i < p->balls; i++)
        if (rc_impact_problem_add_ball(problem, 2, p->mass[i], p->x + 2 * i, velocity + 2 * i, NULL)) goto fail;
    if (contacts < 0 || contacts > p->contacts) contacts = p->contacts;
    for (int k = 0; k < contacts; k++) {
        int a = p->a[k], b = p->b[k];
        double dx = p->x[2 * a] - p->x[2 * b], dy = p->x[2 * a + 1] - p->x[2 * b + 1], d = sqrt(dx * dx + dy * dy);
        double normal[2] = {dx / d, dy / d};
        double point[2] = {p->x[2 * b] + p->r[b] * normal[0], p->x[2 * b + 1] + p->r[b] * normal[1]};
        if (rc_impact_problem_add_contact(problem, a, b, point, normal, NULL)) goto fail;
    }
    return problem;
fail:
    fprintf(stderr, "building a benchmark problem failed: %s\n", rc_error_get());
    exit(1);
}

#endif
