/* SPDX-License-Identifier: MIT */
/* Checkpoints of the event-driven engine (src/edmd/state.c): saving renews the engine, so a run that saves and goes
 * on and an engine built from the same definition that takes the state back take the same steps.
 *
 * Oracles: bit-identity of the final frames and equality of every counter, for an elastic fluid with a thermostat
 * (the random generator is part of the state) and for inelastic spheres under gravity in a closed box (clusters,
 * and the collapse state arrays saved with the rest; no particle falls asleep by the time of saving); a state refused
 * by an engine of another definition, and a truncated one; a compression's state refused by an engine compressing at
 * another rate. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "edmd_check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

enum { N = 400 };
static double x[3 * N], v[3 * N], r[N], m[N];

static rc_edmd_def fluid(bool gravity)
{
    rc_edmd_def d = rc_edmd_default_def();
    for (int k = 0; k < N; k++) r[k] = 0.5, m[k] = 1 + (k % 3) * 0.5;
    rc_status s = rc_box_scale_to_packing_fraction(3, N, r, gravity ? 0.2 : 0.45, d.box);
    if (gravity) d.periodic[2] = false, d.gravity[2] = -1, d.restitution = 0.8, d.box_restitution = 0.8;
    else d.thermostat_rate = 0.5;
    if (s == RC_STATUS_OK)
        s = rc_placement_fill(gravity ? RC_PLACEMENT_RANDOM : RC_PLACEMENT_FCC, 3, d.box, d.periodic, N, r, 4, x);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(3, N, m, 1.0, 5, v);
    CHECK(s == RC_STATUS_OK, "placement: %s", rc_error_get());
    d.count = N, d.positions = x, d.velocities = v, d.radii = r, d.masses = m;
    return d;
}

static void run_to(rc_edmd *e, double t)
{
    rc_edmd_limits limits = {t, 0, 0};
    rc_status s = rc_edmd_advance(e, &limits);
    CHECK(s == RC_STATUS_OK, "advance to %g: %s", t, rc_error_get());
}

static void check_resume(const char *what, bool gravity, double save_at, double end)
{
    rc_edmd_def d = fluid(gravity);
    rc_edmd *a = edmd_check_create(&d), *b = edmd_check_create(&d);
    if (!a || !b) return;
    run_to(a, save_at);
    size_t size = rc_edmd_state_size(a);
    void *state = malloc(size);
    CHECK(rc_edmd_state_save(a, state, size) == RC_STATUS_OK, "%s: save: %s", what, rc_error_get());
    CHECK(rc_edmd_state_restore(b, state, size) == RC_STATUS_OK, "%s: restore: %s", what, rc_error_get());
    run_to(a, end);
    run_to(b, end);
    rc_frame fa, fb;
    rc_frame_create(&fa, N, false);
    rc_frame_create(&fb, N, false);
    rc_edmd_fill_frame(a, &fa);
    rc_edmd_fill_frame(b, &fb);
    rc_edmd_observables oa, ob;
    rc_edmd_measure(a, &oa);
    rc_edmd_measure(b, &ob);
    bool same = memcmp(fa.positions, fb.positions, 3 * N * sizeof(double)) == 0 &&
                memcmp(fa.velocities, fb.velocities, 3 * N * sizeof(double)) == 0;
    CHECK(same, "%s: the resumed run's frame differs from the uninterrupted one", what);
    CHECK(oa.events == ob.events && oa.collisions == ob.collisions && oa.clusters == ob.clusters &&
              oa.sleeps == ob.sleeps && oa.thermostat_events == ob.thermostat_events &&
              oa.energy_drift == ob.energy_drift && oa.virial == ob.virial,
          "%s: counters differ (events %llu / %llu, collisions %llu / %llu)", what, (unsigned long long)oa.events,
          (unsigned long long)ob.events, (unsigned long long)oa.collisions, (unsigned long long)ob.collisions);
    printf("%s: saved at t = %g (%zu bytes, %.0f per particle), both at t = %g after %llu events, %llu collisions, "
           "%llu clusters, %d asleep: %s\n",
           what, save_at, size, (double)size / N, end, (unsigned long long)oa.events, (unsigned long long)oa.collisions,
           (unsigned long long)oa.clusters, (int)oa.sleeping, same ? "bit-identical" : "DIFFERENT");
    /* another definition refuses the state; so does a truncated one */
    rc_edmd_def other = d;
    other.count = N - 1;
    rc_edmd *c = edmd_check_create(&other);
    CHECK(c && rc_edmd_state_restore(c, state, size) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "particles"),
          "%s: a state of %d particles taken by an engine of %d (%s)", what, N, N - 1, rc_error_get());
    CHECK(rc_edmd_state_restore(b, state, size - 8) == RC_STATUS_INVALID_ARGUMENT, "%s: a truncated state was taken",
          what);
    rc_edmd_destroy(c);
    rc_frame_destroy(&fa);
    rc_frame_destroy(&fb);
    free(state);
    rc_edmd_destroy(a);
    rc_edmd_destroy(b);
}

/* A compression's state is taken only by an engine whose compression the same definition fixes: the same rate and
 * targets (a checkpoint is resumed into its own scene), and back into its own kind the state runs on. */
static void check_compression_refused(void)
{
    rc_edmd_def d = fluid(false);
    d.thermostat_rate = 0;
    d.compression.rate = 0.01;
    d.compression.packing_fraction = 0.5;
    rc_edmd *a = edmd_check_create(&d), *b = edmd_check_create(&d);
    d.compression.rate = 0.02;
    rc_edmd *c = edmd_check_create(&d);
    if (!a || !b || !c) return;
    run_to(a, 0.5);
    size_t size = rc_edmd_state_size(a);
    void *state = malloc(size);
    CHECK(rc_edmd_state_save(a, state, size) == RC_STATUS_OK, "compression: save: %s", rc_error_get());
    CHECK(rc_edmd_state_restore(c, state, size) == RC_STATUS_INVALID_ARGUMENT &&
              strstr(rc_error_get(), "not its scene's"),
          "a compression's state taken by an engine compressing twice as fast (%s)", rc_error_get());
    CHECK(rc_edmd_state_restore(b, state, size) == RC_STATUS_OK, "compression: restore: %s", rc_error_get());
    run_to(a, 1);
    run_to(b, 1);
    rc_edmd_observables oa, ob;
    rc_edmd_measure(a, &oa);
    rc_edmd_measure(b, &ob);
    CHECK(oa.collisions == ob.collisions && oa.kinetic_energy == ob.kinetic_energy,
          "compression resumed: %llu / %llu collisions", (unsigned long long)oa.collisions,
          (unsigned long long)ob.collisions);
    free(state);
    rc_edmd_destroy(a);
    rc_edmd_destroy(b);
    rc_edmd_destroy(c);
}

int main(void)
{
    check_compression_refused();
    check_resume("hard spheres with a thermostat", false, 2, 6);
    check_resume("inelastic spheres under gravity", true, 3, 6);
    return check_finish();
}
