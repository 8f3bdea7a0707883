/* SPDX-License-Identifier: MIT */
/* The watchdog of the event loop (docs/edmd.md, "Stalls"): every collapse.stall_events events, two tests that stop a
 * run which can no longer get anywhere, with RC_STATUS_NOT_TERMINATED and a sentence that says what to do.
 * - The clock stalled: the events advanced it by no more than a few units in its last place each (an endless run of
 *   zero-time events, an inelastic collapse).
 * - The events came far faster than the motion allows: more events per particle per unit time than RATE_FACTOR times
 *   the collision frequency of an ideal gas of the same density, with spheres of the largest diameter moving at the
 *   speed the kinetic energy gives, plus what the drives can give (the shear's image speed, the fall across the box).
 *   An ideal gas collides sqrt(2) c n sigma^(d-1) u times per particle per unit time (c = pi in 3D, 2 in 2D; u the rms
 *   speed); a dense fluid g(sigma) times that (Enskog), and g(sigma) ~ Z / (4 phi) reaches about 4e11 at the jamming
 *   threshold's Z = 10^12 (compression.jamming_pressure), so the factor 10^14 leaves two decades above a packing at
 *   that threshold. A zero-time pile-up that the clock test misses (the clock's origin moves to the present at every
 *   renewal, so its units in the last place shrink with it) exceeds it by many decades: a perfect crystal sheared at
 *   zero temperature, whose layers meet all at once in straight chains that span the box and are compressed by the
 *   sliding images, ran at about 10^18 times the gas's frequency with its energy growing without bound. While the
 *   diameters grow (a compression), the rate test is off: the compression ends at jamming by its own rules. */
#include <math.h>
#include <stdio.h>

#include "core/status.h"
#include "edmd/collapse.h"
#include "edmd/engine.h"
#include "edmd/observe.h"

static const double RATE_FACTOR = 1e14;

/* " with particle j" or " with wall w" for the last event's partner, or "". */
static void partner(const rc_edmd *e, char *with, size_t size)
{
    int32_t j = e->last_pair[1];
    with[0] = '\0';
    if (j >= 0) snprintf(with, size, " with particle %d", (int)e->id[j]);
    else if (j <= RC_EVENT_WALL0) snprintf(with, size, " with wall %d", (int)(RC_EVENT_WALL0 - j));
}

/* The collision frequency per particle of an ideal gas at the engine's density, of spheres of the largest diameter
 * at the rms speed of the kinetic energy plus the speeds the drives can add: the shear's image speed and the speed
 * of a fall across the largest box edge. */
static double gas_frequency(const rc_edmd *e)
{
    double mass = 0, edge = 0, g = 0;
    for (int32_t k = 0; k < e->n; k++) mass += rc_edmd_mass(e, k);
    for (int a = 0; a < e->dimension; a++) edge = fmax(edge, e->box[a]), g += e->gravity[a] * e->gravity[a];
    double u = sqrt(2 * rc_edmd_kinetic_energy(e) / mass) + (e->shear_on ? fabs(e->shear_speed) : 0) +
               sqrt(2 * sqrt(g) * edge);
    double sigma = e->max_diameter, density = e->n / rc_edmd_box_volume(e, e->box);
    double cross_section = e->dimension == 3 ? M_PI * sigma * sigma : 2 * sigma;
    return sqrt(2.0) * cross_section * density * u;
}

rc_status rc_edmd_check_stall(rc_edmd *e)
{
    double advance = e->now - e->stall_clock, ulp = nextafter(fabs(e->now), INFINITY) - fabs(e->now);
    double events = (double)e->stall_limit;
    e->stall_window = 0;
    e->stall_clock = e->now;
    char with[48];
    partner(e, with, sizeof with);
    if (!(advance > 8 * events * ulp))
        return rc_fail(RC_STATUS_NOT_TERMINATED,
                       "the clock stalled at time %.17g: %llu events advanced it by %g (an inelastic collapse, or "
                       "particles jammed under a drive), the last one of particle %d%s; choose collapse control in the "
                       "scene (\"collapse\", docs/edmd.md), or give the particles a temperature",
                       e->time_origin + e->now, (unsigned long long)e->stall_limit, advance,
                       (int)e->id[e->last_pair[0]], with);
    if (e->growing || e->n == 0) return RC_STATUS_OK;
    double rate = events / (e->n * advance), gas = gas_frequency(e);
    if (!(rate > RATE_FACTOR * gas)) return RC_STATUS_OK;
    return rc_fail(RC_STATUS_NOT_TERMINATED,
                   "the events ran away at time %.17g: %llu events in %g, %.3g per particle per unit time, %.3g times "
                   "what a gas at this kinetic energy and density would collide (more than %g: docs/edmd.md, "
                   "\"Stalls\"), the last one of particle %d%s; the particles are jammed or collapsing under the "
                   "drive: give them a temperature (a perfect lattice sheared at zero temperature jams), lower the "
                   "density or the shear rate, or choose collapse control (\"collapse\")",
                   e->time_origin + e->now, (unsigned long long)e->stall_limit, advance, rate, rate / gas, RATE_FACTOR,
                   (int)e->id[e->last_pair[0]], with);
}
