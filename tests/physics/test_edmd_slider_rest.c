/* SPDX-License-Identifier: MIT */
/* A grain resting on a grain that slides on the floor (docs/edmd.md, "Simultaneous contacts and collapse", the rest
 * rule): two disks under gravity with clusters and sleeping (the defaults), the lower one gliding along the floor,
 * the upper one lying against its upper side and moving over it. The lower disk's floor bears the pair's weight, so
 * gravity presses the contact, and the rest rule must push the pair apart at the kick speed; deciding that after
 * the resolution had released the slider (both then falling alike) read the contact as not pressed, and the upper
 * disk fell back on the lower one ever more often, a collapse that stopped the clock at t = 0.001 (the Galton board
 * of examples/edmd/galton.json stalled so with clusters at t = 17).
 *
 * Oracles: the run reaches its stop time with the stall watchdog on (10^5 events), the contact is kicked (kicks > 0),
 * at a bounded cost (fewer than 10^6 events over 5 time units), and the energy balance holds to rounding. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "run_check.h"

static const char *const SCENE =
    "{\"dimension\": 2, \"box\": {\"size\": [10, 10], \"periodic\": false, \"restitution\": 0.5},"
    " \"gravity\": [0, -1], \"restitution\": 0.5, \"collapse\": {\"stall_events\": 100000},"
    " \"stop\": {\"time\": 5},"
    " \"particles\": [{\"position\": [5, 0.35], \"velocity\": [-0.124, 0], \"radius\": 0.35},"
    "                 {\"position\": [5.437990463919842, 0.8960442779814305], \"velocity\": [-0.247, 0.098],"
    "                  \"radius\": 0.35}]}";

int main(void)
{
    rc_edmd *e = run_check_engine(SCENE);
    if (!e) return check_finish();
    rc_edmd_limits until = {5, UINT64_MAX, 1000000};
    rc_status s = rc_edmd_advance(e, &until);
    rc_edmd_observables o;
    rc_edmd_measure(e, &o);
    printf("grain on a slider: reached t = %.6g after %llu events, %llu kicks, energy drift %.3g (%s)\n",
           rc_edmd_time(e), (unsigned long long)o.events, (unsigned long long)o.kicks, o.energy_drift,
           s ? rc_error_get() : "ok");
    CHECK(s == RC_STATUS_OK, "the run stalled: %s", rc_error_get());
    CHECK(rc_edmd_time(e) == 5, "stopped at %g, not at its stop time", rc_edmd_time(e));
    CHECK(o.kicks > 0, "the pressed contact was never kicked (%llu)", (unsigned long long)o.kicks);
    CHECK(fabs(o.energy_drift) < 1e-12, "energy balance off by %g", o.energy_drift);
    rc_edmd_destroy(e);
    return check_finish();
}
