/* SPDX-License-Identifier: MIT */
/* Rough spheres with stepped potentials (docs/edmd.md, "Rough spheres and disks", "Stepped potentials"): a step's
 * impulse is central (along the line of centres, the normal velocity changed by the step's energy), so it exerts no
 * torque and leaves the spins alone; the hard core takes the rough rule with e and beta.
 *
 * Oracles:
 * - Two rough spheres bound in a square well (lambda 1.5, depth 1), spinning, in a periodic box: the total angular
 *   momentum about their centre of mass, mu r x v + I1 w1 + I2 w2, stays what it was to rounding over hundreds of
 *   core collisions and well crossings, for elastic and inelastic rough cores (e, beta) = (1, 1), (0.8, 0.3),
 *   (1, -0.5); and their energy, kinetic + rotational + the well's, is conserved for e = 1 with beta = +1.
 * - The oracle can fail: a step that also turned the spins (a torque from a central force) would break it; the test
 *   checks that both kinds of event happened many times.
 * - A fluid of 300 rough spheres with square wells at e = 1, beta = +1 and -1 keeps its energy balance to rounding,
 *   and at e = 1, beta = +1 translation and rotation share the energy (equipartition within the fluctuation). */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "edmd/engine.h"
#include "ricochet/edmd.h"
#include "run_check.h"

static const double INERTIA = 0.1; /* q m sigma^2 / 4 with q = 0.4, m = sigma = 1 */

typedef struct pair_books {
    double angular[3], energy;
} pair_books;

static pair_books take(const rc_edmd *e)
{
    double x[2][3], v[2][3], spins[6];
    for (int k = 0; k < 2; k++) rc_edmd_state_now(e, k, x[k], v[k]);
    rc_edmd_angular_velocities(e, spins);
    int a = e->id[0]; /* spins are in input order, the records in slots */
    double r[3], u[3], mu = 0.5;
    for (int c = 0; c < 3; c++) r[c] = x[0][c] - x[1][c], u[c] = v[0][c] - v[1][c];
    rc_edmd_minimum_image(e, r);
    if (a == 1)
        for (int c = 0; c < 3; c++) r[c] = -r[c], u[c] = -u[c]; /* the same vector either way round */
    pair_books b;
    b.angular[0] = mu * (r[1] * u[2] - r[2] * u[1]) + INERTIA * (spins[0] + spins[3]);
    b.angular[1] = mu * (r[2] * u[0] - r[0] * u[2]) + INERTIA * (spins[1] + spins[4]);
    b.angular[2] = mu * (r[0] * u[1] - r[1] * u[0]) + INERTIA * (spins[2] + spins[5]);
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    b.energy = o.potential_energy; /* the well's, as the capture map has it (a bounce at the edge reads outside) */
    for (int k = 0; k < 2; k++) b.energy += 0.5 * (v[k][0] * v[k][0] + v[k][1] * v[k][1] + v[k][2] * v[k][2]);
    for (int c = 0; c < 6; c++) b.energy += 0.5 * INERTIA * spins[c] * spins[c];
    return b;
}

static void bound_pair(double restitution, double beta)
{
    char scene[1024];
    snprintf(scene, sizeof scene,
             "{\"dimension\": 3, \"box\": {\"size\": [10, 10, 10], \"periodic\": [true, true, true]},"
             " \"restitution\": %g, \"tangential_restitution\": %g,"
             " \"interactions\": [{\"species\": [0, 0], \"square_well\": {\"lambda\": 1.5, \"depth\": 1}}],"
             " \"particles\": [{\"position\": [5, 5, 5], \"velocity\": [0.3, 0.05, 0], \"diameter\": 1,"
             "                  \"angular_velocity\": [1, -2, 0.5]},"
             "                 {\"position\": [6.2, 5.1, 5], \"velocity\": [-0.3, -0.05, 0.02], \"diameter\": 1,"
             "                  \"angular_velocity\": [-0.5, 0.3, 2]}],"
             " \"stop\": {\"time\": 100}}",
             restitution, beta);
    rc_edmd *e = run_check_engine(scene);
    if (!e) return;
    pair_books start = take(e);
    double worst = 0, drift = 0;
    for (uint64_t i = 1; i <= 4000; i++) {
        rc_edmd_limits limits = {INFINITY, UINT64_MAX, i};
        if (rc_edmd_advance(e, &limits) != RC_STATUS_OK) break;
        pair_books now = take(e);
        for (int c = 0; c < 3; c++) worst = fmax(worst, fabs(now.angular[c] - start.angular[c]));
        drift = fmax(drift, fabs(now.energy - start.energy));
    }
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    printf("bound rough pair, e %g beta %g: %llu core collisions, %llu step events, angular momentum off by %.3g, "
           "energy off by %.3g (dissipated %.3g)\n",
           restitution, beta, (unsigned long long)o.collisions, (unsigned long long)o.step_events, worst, drift,
           o.dissipated_energy);
    CHECK(o.collisions > 50 && o.step_events > 100, "both kinds of event: %llu core, %llu steps",
          (unsigned long long)o.collisions, (unsigned long long)o.step_events);
    CHECK(worst < 1e-12, "angular momentum off by %g", worst);
    if (restitution == 1 && fabs(beta) == 1) CHECK(drift < 1e-12, "energy off by %g", drift);
    CHECK(fabs(o.energy_drift) < 1e-12, "energy balance off by %g", o.energy_drift);
    rc_edmd_destroy(e);
}

static void fluid(double beta)
{
    char scene[1024];
    snprintf(scene, sizeof scene,
             "{\"dimension\": 3, \"box\": {\"periodic\": [true, true, true]},"
             " \"particles\": {\"lattice\": \"random\", \"count\": 300, \"packing_fraction\": 0.2, \"diameter\": 1},"
             " \"temperature\": 1, \"seed\": 3, \"restitution\": 1, \"tangential_restitution\": %g,"
             " \"interactions\": [{\"species\": [0, 0], \"square_well\": {\"lambda\": 1.5, \"depth\": 1}}],"
             " \"stop\": {\"time\": 50}}",
             beta);
    cJSON *summary = run_check_summary(scene);
    double drift = run_check_number(summary, "energy_drift"), steps = run_check_number(summary, "step_events");
    double tt = run_check_number(summary, "translational_temperature"),
           tr = run_check_number(summary, "rotational_temperature");
    printf("rough square-well fluid, beta %g: %g step events, drift %.3g, T_tr %.4f, T_rot %.4f\n", beta, steps, drift,
           tt, tr);
    CHECK(steps > 10000, "step events %g", steps);
    CHECK(fabs(drift) < 1e-12, "energy drift %g", drift);
    /* one sample of T over 300 particles fluctuates by sqrt(2 / 900) = 4.7 %: 15 % is three of those */
    if (beta == 1) CHECK(fabs(tr / tt - 1) < 0.15, "equipartition: T_rot %g, T_tr %g", tr, tt);
    cJSON_Delete(summary);
}

int main(void)
{
    bound_pair(1, 1);
    bound_pair(0.8, 0.3);
    bound_pair(1, -0.5);
    fluid(1);
    fluid(-1);
    return check_finish();
}
