/* SPDX-License-Identifier: MIT */
/* A closed box moving as one body (docs/edmd.md, "A granular damper"): spheres placed inside it (particles.region),
 * its floor shaken as A sin(omega t + phase) along +z and its lid, of normal -z, following it (oscillation "with": 0,
 * the phase plus pi), under gravity, read from a scene text as a user writes it.
 *
 * Oracle, elastic (e = 1 between grains and at both walls): at a wall's collision the grain's normal velocity
 * relative to the wall is reversed, so the grain's kinetic energy changes by J u, the impulse J times the wall's
 * velocity u (with v' = 2u - v: m (v'^2 - v^2) / 2 = m (v' - v) u). Every event's impulse is read off the total
 * momentum (pair collisions conserve it; gravity adds M g dt between events) and multiplied by the box's velocity at
 * that instant, taken from the floor's phase alone: the sum is the walls' work, accumulated independently of the
 * engine's own book. Then
 * - K + U - E0 equals that work to rounding (and the engine's wall_work), over thousands of hits on floor and lid;
 * - the impulses are along z only (the walls are the only outside bodies, the box is periodic across);
 * - no grain is ever below the floor or above the lid by more than rounding: they never leave the box.
 * The oracle can fail: the same box with a lid moving against the floor (its phase the floor's, not plus pi) breaks
 * the balance computed with the box's velocity by far more than rounding. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "edmd/engine.h"
#include "ricochet/edmd.h"
#include "run_check.h"

#ifdef __SANITIZE_ADDRESS__
enum { EVENTS = 40000 };
#else
enum { EVENTS = 400000 };
#endif

static const double AMPLITUDE = 0.3, OMEGA = 6, PHASE = -1.5707963267948966, HEIGHT = 6, GRAVITY = 1;

/* The scene: 40 spheres in a 5 x 5 box (periodic across) whose floor (at z = A at rest) and lid (HEIGHT above it)
 * move together; lid is the lid's oscillation section. */
static rc_edmd *make_box(const char *lid)
{
    char text[2048];
    snprintf(text, sizeof text,
             "{\"dimension\": 3, \"box\": {\"size\": [5, 5, 20], \"periodic\": [true, true, false]},"
             " \"particles\": {\"lattice\": \"random\", \"count\": 40, \"diameter\": 1,"
             "                 \"region\": {\"lower\": [0, 0, 0], \"upper\": [5, 5, %.17g]}},"
             " \"temperature\": 1, \"seed\": 7, \"gravity\": [0, 0, %.17g], \"restitution\": 1,"
             " \"contact_tolerance\": 0,"
             " \"walls\": [{\"point\": [0, 0, %.17g], \"normal\": [0, 0, 1],"
             "              \"oscillation\": {\"amplitude\": %.17g, \"angular_frequency\": %.17g, \"phase\": %.17g}},"
             "             {\"point\": [0, 0, %.17g], \"normal\": [0, 0, -1], \"oscillation\": %s}],"
             " \"stop\": {\"time\": 100}}",
             HEIGHT, -GRAVITY, AMPLITUDE, AMPLITUDE, OMEGA, PHASE, AMPLITUDE + HEIGHT, lid);
    return run_check_engine(text);
}

typedef struct books {
    double momentum[3], energy; /* total momentum and K + U now */
} books;

static books take_books(const rc_edmd *e)
{
    books b = {{0, 0, 0}, 0};
    for (int32_t k = 0; k < e->n; k++) {
        double x[3], v[3], m = rc_edmd_mass(e, k);
        rc_edmd_state_now(e, k, x, v);
        for (int a = 0; a < 3; a++) b.momentum[a] += m * v[a];
        b.energy += m * (0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + GRAVITY * x[2]);
    }
    return b;
}

/* The largest distance of a grain outside [floor, lid] now. */
static double worst_escape(const rc_edmd *e)
{
    double s = AMPLITUDE * sin(rc_edmd_wall_phase(e, 0, e->now)), floor = AMPLITUDE + s, lid = AMPLITUDE + HEIGHT + s,
           worst = -INFINITY;
    for (int32_t k = 0; k < e->n; k++) {
        double x[3], v[3], r = e->kin[k].radius;
        rc_edmd_state_now(e, k, x, v);
        worst = fmax(worst, fmax(floor - (x[2] - r), x[2] + r - lid));
    }
    return worst;
}

typedef struct balance {
    double work, gap, sideways; /* the work summed as J u; K + U - E0 less it; the largest impulse across z */
    double escape;              /* the largest distance of a grain outside the box */
    int floor_hits, lid_hits;
    double energy_scale;
} balance;

static balance run_box(rc_edmd *e, uint64_t events)
{
    balance out = {0, 0, 0, -INFINITY, 0, 0, 0};
    double mass = 0;
    for (int32_t k = 0; k < e->n; k++) mass += rc_edmd_mass(e, k);
    books start = take_books(e), last = start;
    double t_last = rc_edmd_time(e);
    for (uint64_t i = 1; i <= events; i++) {
        rc_edmd_limits limits = {INFINITY, UINT64_MAX, i};
        if (rc_edmd_advance(e, &limits) != RC_STATUS_OK) break;
        books now = take_books(e);
        double t = rc_edmd_time(e), impulse[3];
        for (int a = 0; a < 3; a++) impulse[a] = now.momentum[a] - last.momentum[a];
        impulse[2] += mass * GRAVITY * (t - t_last);
        double u = AMPLITUDE * OMEGA * cos(rc_edmd_wall_phase(e, 0, e->now)); /* the box's velocity along +z */
        out.work += impulse[2] * u;
        out.sideways = fmax(out.sideways, fmax(fabs(impulse[0]), fabs(impulse[1])));
        if (impulse[2] > 1e-9) out.floor_hits++;
        if (impulse[2] < -1e-9) out.lid_hits++;
        out.escape = fmax(out.escape, worst_escape(e));
        out.energy_scale = fmax(out.energy_scale, fabs(now.energy));
        last = now, t_last = t;
    }
    out.gap = last.energy - start.energy - out.work;
    return out;
}

static void test_closed_box(void)
{
    rc_edmd *e = make_box("{\"with\": 0}");
    if (!e) return;
    balance b = run_box(e, EVENTS);
    printf("closed elastic box: %d floor and %d lid hits, walls' work %.6g (engine %.6g), K + U - E0 less it %.3g, "
           "impulse across %.3g, worst escape %.3g\n",
           b.floor_hits, b.lid_hits, b.work, rc_edmd_wall_work(e), b.gap, b.sideways, b.escape);
    CHECK(b.floor_hits > 500 && b.lid_hits > 500, "the grains hit both walls: %d floor, %d lid", b.floor_hits,
          b.lid_hits);
    CHECK(fabs(b.gap) < 1e-11 * b.energy_scale, "K + U - E0 = the walls' work summed as J u: off by %g (scale %g)",
          b.gap, b.energy_scale);
    CHECK(fabs(b.work - rc_edmd_wall_work(e)) < 1e-11 * b.energy_scale, "the engine's wall_work %.17g vs J u %.17g",
          rc_edmd_wall_work(e), b.work);
    CHECK(b.sideways < 1e-10, "impulse across the walls' normal: %g", b.sideways);
    CHECK(b.escape < 1e-9, "a grain left the box by %g", b.escape);
    rc_edmd_destroy(e);
}

/* The oracle's power: a lid moving against the floor does work the box's velocity does not account for. */
static void test_lid_against_floor(void)
{
    char lid[256];
    snprintf(lid, sizeof lid, "{\"amplitude\": %.17g, \"angular_frequency\": %.17g, \"phase\": %.17g}", AMPLITUDE,
             OMEGA, PHASE);
    rc_edmd *e = make_box(lid);
    if (!e) return;
    balance b = run_box(e, EVENTS / 4);
    printf("lid against the floor: K + U - E0 less the box's J u %.3g\n", b.gap);
    CHECK(fabs(b.gap) > 1e-3 * b.energy_scale, "a lid moving against the floor breaks the rigid box's balance: %g",
          b.gap);
    rc_edmd_destroy(e);
}

/* The lid "with" the floor is the floor's motion with the phase plus pi, as the reader writes it. */
static void test_with_is_phase_plus_pi(void)
{
    rc_edmd *e = make_box("{\"with\": 0}");
    if (!e) return;
    CHECK(e->walls[1].amplitude == AMPLITUDE && e->walls[1].omega == OMEGA, "the lid takes the floor's %g, %g",
          e->walls[1].amplitude, e->walls[1].omega);
    CHECK_CLOSE(e->walls[1].phase, PHASE + M_PI, 1e-15, "the lid's phase");
    rc_edmd_destroy(e);
}

int main(void)
{
    test_with_is_phase_plus_pi();
    test_closed_box();
    test_lid_against_floor();
    return check_finish();
}
