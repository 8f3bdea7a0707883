/* SPDX-License-Identifier: MIT */
/* Helpers of the event-driven engine's tests (edmd_check.h): engines made, advanced and checkpointed twice over. */
#include "edmd_check.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

rc_edmd *edmd_check_create(const rc_edmd_def *d)
{
    rc_edmd *e = NULL;
    CHECK(rc_edmd_create(d, &e) == RC_STATUS_OK, "create: %s", rc_error_get());
    return e;
}

rc_edmd_observables edmd_check_advance(rc_edmd *e, double time, uint64_t events)
{
    rc_edmd_limits limits = {time, 0, events};
    CHECK(rc_edmd_advance(e, &limits) == RC_STATUS_OK, "advance: %s", rc_error_get());
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    return o;
}

rc_edmd *edmd_check_lattice(int dimension, int32_t count, int32_t threads, double thermostat_rate)
{
    double *x = malloc(3 * (size_t)count * sizeof *x), *v = malloc(3 * (size_t)count * sizeof *v);
    double *r = malloc((size_t)count * sizeof *r), *m = malloc((size_t)count * sizeof *m);
    rc_edmd *e = NULL;
    rc_edmd_def d = rc_edmd_default_def();
    d.dimension = dimension;
    rc_placement lattice = dimension == 3 ? RC_PLACEMENT_FCC : RC_PLACEMENT_HEXAGONAL;
    for (int32_t k = 0; x && v && r && m && k < count; k++) r[k] = 0.5, m[k] = 1;
    if (x && v && r && m && !rc_box_scale_to_packing_fraction(dimension, count, r, 0.45, d.box) &&
        !rc_placement_fill(lattice, dimension, d.box, d.periodic, count, r, 1, x) &&
        !rc_velocities_draw_maxwell_boltzmann(dimension, count, m, 1, 2, v)) {
        d.count = count, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
        d.shell = 0.5;
        d.threads = threads;
        d.thermostat_rate = thermostat_rate;
        if (rc_edmd_create(&d, &e) != RC_STATUS_OK) e = NULL;
    }
    free(x), free(v), free(r), free(m);
    return e;
}

/* Positions and velocities of a and b equal to the bit, and their clocks. */
static bool same_state(const rc_edmd *a, const rc_edmd *b, int32_t count)
{
    rc_frame fa, fb;
    if (rc_frame_create(&fa, count, false) || rc_frame_create(&fb, count, false)) return false;
    rc_edmd_fill_frame(a, &fa);
    rc_edmd_fill_frame(b, &fb);
    size_t bytes = 3 * (size_t)count * sizeof(double);
    bool same = fa.time == fb.time && memcmp(fa.positions, fb.positions, bytes) == 0 &&
                memcmp(fa.velocities, fb.velocities, bytes) == 0;
    rc_frame_destroy(&fa);
    rc_frame_destroy(&fb);
    return same;
}

bool edmd_check_same(const rc_edmd *a, const rc_edmd *b)
{
    rc_edmd_observables oa, ob;
    rc_edmd_measure(a, &oa);
    rc_edmd_measure(b, &ob);
    const double books[][2] = {{oa.kinetic_energy, ob.kinetic_energy},     {oa.virial, ob.virial},
                               {oa.kinetic_integral, ob.kinetic_integral}, {oa.pressure, ob.pressure},
                               {oa.energy_drift, ob.energy_drift},         {oa.max_overlap, ob.max_overlap}};
    bool same = oa.events == ob.events && oa.collisions == ob.collisions &&
                oa.neighbour_rebuilds == ob.neighbour_rebuilds &&
                oa.stabilising_collisions == ob.stabilising_collisions;
    for (size_t k = 0; k < sizeof books / sizeof *books; k++)
        same &= memcmp(&books[k][0], &books[k][1], sizeof(double)) == 0;
    return same && rc_edmd_count(a) == rc_edmd_count(b) && same_state(a, b, rc_edmd_count(a));
}

edmd_twins edmd_check_twins(const rc_edmd_def *d, double first, double then)
{
    edmd_twins t = {0};
    t.a = edmd_check_create(d);
    t.b = edmd_check_create(d);
    if (!t.a || !t.b) {
        edmd_twins_destroy(&t);
        return t;
    }
    edmd_check_advance(t.a, first, 0);
    t.size = rc_edmd_state_size(t.a);
    t.state = malloc(t.size);
    CHECK(t.state && rc_edmd_state_save(t.a, t.state, t.size) == RC_STATUS_OK, "save: %s", rc_error_get());
    CHECK(t.state && rc_edmd_state_restore(t.b, t.state, t.size) == RC_STATUS_OK, "restore: %s", rc_error_get());
    t.oa = edmd_check_advance(t.a, then, 0);
    t.ob = edmd_check_advance(t.b, then, 0);
    t.same = same_state(t.a, t.b, d->count);
    return t;
}

void edmd_twins_destroy(edmd_twins *t)
{
    free(t->state);
    if (t->a) rc_edmd_destroy(t->a);
    if (t->b) rc_edmd_destroy(t->b);
    *t = (edmd_twins){0};
}
