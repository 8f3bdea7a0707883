/* SPDX-License-Identifier: MIT */
/* The cell list of src/core (rc_cells_pairs_within in core/cells.h) against every pair tried one by one.
 *
 * Oracles: for random points in 2D and 3D boxes that are periodic, closed or mixed, with and without a Lees-Edwards
 * tilt (an image across the gradient axis moves by the tilt along flow), with cutoffs from a tenth of the box to more
 * than half of it, with an edge that is not finite and with a box that is far longer along one axis than the points
 * need, the cell list hands out exactly the pairs nearer than the cutoff by the brute-force minimum image (each once,
 * lower index not assumed), with the same separation vector; its scratch is reused between calls, and mapped arrays
 * (temporary) give the same pairs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/cells.h"
#include "core/rng.h"

enum { MAX_POINTS = 300 };

typedef struct seen {
    int count, duplicates, wrong_vector;
    unsigned char hit[MAX_POINTS][MAX_POINTS];
    const double *x;
    const rc_cell_space *sp;
} seen;

/* The minimum image of y - x, worked the plain way: the tilt across the gradient axis, then every periodic axis. */
static double brute_separation(const rc_cell_space *sp, const double *x, const double *y, double r[3])
{
    for (int k = 0; k < 3; k++) r[k] = k < sp->dimension ? y[k] - x[k] : 0;
    if (sp->tilt != 0) {
        double m = nearbyint(r[sp->gradient] / sp->box[sp->gradient]);
        r[sp->gradient] -= m * sp->box[sp->gradient];
        r[sp->flow] -= m * sp->tilt;
    }
    double r2 = 0;
    for (int k = 0; k < sp->dimension; k++) {
        if (sp->periodic[k]) r[k] -= sp->box[k] * nearbyint(r[k] / sp->box[k]);
        r2 += r[k] * r[k];
    }
    return r2;
}

static void record(void *context, int32_t i, int32_t j, const double d[3], double r2)
{
    seen *s = context;
    int a = i < j ? i : j, b = i < j ? j : i;
    s->duplicates += s->hit[a][b]++ > 0;
    s->count++;
    double r[3];
    double b2 = brute_separation(s->sp, s->x + 3 * i, s->x + 3 * j, r);
    bool same = fabs(b2 - r2) <= 1e-12 * fmax(1, b2);
    for (int k = 0; k < s->sp->dimension; k++) same = same && fabs(r[k] - d[k]) <= 1e-12;
    s->wrong_vector += !same;
}

static void try_space(const char *name, const rc_cell_space *sp, int count, double cutoff, bool temporary,
                      uint64_t seed)
{
    static double x[3 * MAX_POINTS];
    static seen s;
    rc_rng rng;
    rc_rng_seed(&rng, seed);
    for (int i = 0; i < count; i++)
        for (int k = 0; k < 3; k++) {
            double edge = isfinite(sp->box[k]) ? sp->box[k] : 10;
            x[3 * i + k] = k < sp->dimension ? edge * rc_rng_uniform(&rng) : 0;
        }
    memset(&s, 0, sizeof s);
    s.x = x, s.sp = sp;
    rc_cells cells = {.temporary = temporary};
    for (int call = 0; call < 2; call++) { /* the second call reuses the scratch */
        memset(s.hit, 0, sizeof s.hit);
        s.count = s.duplicates = s.wrong_vector = 0;
        rc_status st = rc_cells_pairs_within(&cells, sp, x, (size_t)count, cutoff, record, &s);
        CHECK(st == RC_STATUS_OK, "%s: status %d", name, (int)st);
        int expected = 0, missing = 0;
        for (int i = 0; i < count; i++)
            for (int j = i + 1; j < count; j++) {
                double r[3];
                bool near = brute_separation(sp, x + 3 * i, x + 3 * j, r) < cutoff * cutoff;
                expected += near;
                missing += near && !s.hit[i][j];
            }
        CHECK(s.count == expected && missing == 0 && s.duplicates == 0 && s.wrong_vector == 0,
              "%s (call %d): %d pairs handed out, %d expected, %d missing, %d twice, %d with another vector", name,
              call, s.count, expected, missing, s.duplicates, s.wrong_vector);
    }
    rc_cells_release(&cells);
    CHECK(cells.start == NULL && cells.temporary == temporary, "%s: released scratch", name);
}

int main(void)
{
    rc_cell_space periodic3 = {3, {10, 10, 10}, {true, true, true}, 0, 0, 1};
    rc_cell_space closed3 = {3, {10, 8, 12}, {false, false, false}, 0, 0, 1};
    rc_cell_space mixed2 = {2, {20, 5, 0}, {true, false, false}, 0, 0, 1};
    rc_cell_space sheared3 = {3, {10, 10, 10}, {true, true, true}, 3.7, 0, 1};
    rc_cell_space sheared2 = {2, {12, 9, 0}, {true, true, false}, 5.5, 0, 1};
    rc_cell_space sheared_zx = {3, {9, 11, 10}, {true, true, true}, 2.25, 2, 0};
    rc_cell_space open_axis = {3, {10, INFINITY, 10}, {true, false, true}, 0, 0, 1};
    rc_cell_space long_box = {3, {4, 4, 1e12}, {true, true, false}, 0, 0, 1};
    for (int t = 0; t < 2; t++) {
        bool temporary = t == 1;
        try_space("periodic 3D", &periodic3, 300, 1.5, temporary, 1);
        try_space("periodic 3D, cutoff beyond half the box", &periodic3, 60, 6.5, temporary, 2);
        try_space("closed 3D", &closed3, 300, 2, temporary, 3);
        try_space("mixed 2D", &mixed2, 200, 1, temporary, 4);
        try_space("sheared 3D", &sheared3, 300, 1.5, temporary, 5);
        try_space("sheared 3D, wide cutoff", &sheared3, 120, 4.5, temporary, 6);
        try_space("sheared 2D", &sheared2, 250, 1.2, temporary, 7);
        try_space("sheared 3D, gradient x and flow z", &sheared_zx, 300, 1.5, temporary, 8);
        try_space("an edge that is not finite", &open_axis, 150, 2, temporary, 9);
        try_space("a box far longer than its points", &long_box, 200, 1, temporary, 10);
    }
    return check_finish();
}
