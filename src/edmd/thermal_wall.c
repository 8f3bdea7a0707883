/* SPDX-License-Identifier: MIT */
/* Thermal walls (docs/edmd.md, "Thermal walls"): a particle of mass m that hits a wall at temperature kT leaves it with
 * the velocity of a particle crossing a plane out of a gas at rest at kT, the wall-flux Maxwellian: its normal
 * component has the density (m v / kT) exp(-m v^2 / 2kT) on v > 0 (Rayleigh, drawn as sqrt(-2 ln U) sqrt(kT/m)), each
 * tangential component is Gaussian with variance kT/m. With an accommodation coefficient alpha < 1 only a fraction
 * alpha of the hits is thermalised; the others reflect elastically (Maxwell's model of a wall). Each wall draws from its
 * own stream, seeded from the definition's seed and its index, so that a run is deterministic and one wall's draws do
 * not depend on another's hits. The heat each wall gives (the kinetic energy change of its hits) is kept per wall;
 * their sum joins the walls' work in the energy balance.
 *
 * Spins of rough particles: a thermalised hit also draws each spin component (three in 3D, the z one in 2D) from a
 * Gaussian of variance kT/I, after the translation's draws (rough.c); that distribution is the equilibrium one at kT
 * and independent of the velocity, so the wall keeps a gas at its temperature in both kinds of degree of freedom. An
 * elastic (not accommodated) hit keeps the spin. Smooth engines draw nothing more, so their streams are unchanged. */
#include <math.h>

#include "core/status.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/rough.h"
#include "edmd/thermal_wall.h"

/* Two unit vectors that complete the unit normal n to an orthonormal basis (the second is zero in 2D, where the
 * plane is a line in the xy plane). */
static void tangents(const double n[3], int dimension, double t1[3], double t2[3])
{
    if (dimension == 2) {
        t1[0] = -n[1], t1[1] = n[0], t1[2] = 0;
        t2[0] = t2[1] = t2[2] = 0;
        return;
    }
    /* the axis least along n, crossed with n */
    int a = fabs(n[0]) <= fabs(n[1]) && fabs(n[0]) <= fabs(n[2]) ? 0 : fabs(n[1]) <= fabs(n[2]) ? 1 : 2;
    double axis[3] = {0, 0, 0};
    axis[a] = 1;
    t1[0] = axis[1] * n[2] - axis[2] * n[1];
    t1[1] = axis[2] * n[0] - axis[0] * n[2];
    t1[2] = axis[0] * n[1] - axis[1] * n[0];
    double length = sqrt(t1[0] * t1[0] + t1[1] * t1[1] + t1[2] * t1[2]);
    for (int i = 0; i < 3; i++) t1[i] /= length;
    t2[0] = n[1] * t1[2] - n[2] * t1[1];
    t2[1] = n[2] * t1[0] - n[0] * t1[2];
    t2[2] = n[0] * t1[1] - n[1] * t1[0];
}

/* Draws the returning velocity into v. */
static void thermalise(rc_plane *w, double mass, int dimension, double v[3])
{
    double scale = sqrt(w->temperature / mass), t1[3], t2[3], u;
    tangents(w->normal, dimension, t1, t2);
    do u = rc_rng_uniform(&w->rng);
    while (!(u > 0)); /* a normal speed of 0 would leave the particle on the wall */
    double normal = scale * sqrt(-2 * log(u)), first = scale * rc_rng_normal(&w->rng);
    double second = dimension == 3 ? scale * rc_rng_normal(&w->rng) : 0;
    for (int a = 0; a < 3; a++) v[a] = normal * w->normal[a] + first * t1[a] + second * t2[a];
}

void rc_edmd_collide_thermal_wall(rc_edmd *e, int32_t k, int32_t w)
{
    rc_plane *plane = &e->walls[w];
    rc_kin *p = &e->kin[k];
    const double *n = plane->normal;
    double b = n[0] * p->v[0] + n[1] * p->v[1] + n[2] * p->v[2];
    if (b >= 0) return;
    double m = rc_edmd_mass(e, k), before = p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2];
    /* every hit draws its accommodation test, so that the stream's use does not depend on alpha being 1 */
    bool thermalised = rc_rng_uniform(&plane->rng) < plane->accommodation;
    double spun = 0; /* the rotational energy the wall gives */
    if (thermalised) {
        thermalise(plane, m, e->dimension, p->v);
        if (e->spin) spun = rc_edmd_rough_thermalise(e, k, plane->temperature, &plane->rng);
    } else {
        for (int a = 0; a < 3; a++) p->v[a] -= 2 * b * n[a];
        rc_edmd_ensure_receding(p->v, NULL, n, 1, 0, rc_edmd_still, 0);
    }
    double after = p->v[0] * p->v[0] + p->v[1] * p->v[1] + p->v[2] * p->v[2], gain = 0.5 * m * (after - before);
    rc_edmd_integrate_kinetic(e);
    e->kinetic += gain;
    plane->heat += gain + spun;
    e->wall_work += gain + spun;
    e->counter[k]++;
    e->wall_collisions++;
}

double rc_edmd_wall_heat(const rc_edmd *e, int32_t w)
{
    return e && w >= 0 && w < e->wall_count && e->walls[w].temperature > 0 ? e->walls[w].heat : NAN;
}

int32_t rc_edmd_wall_count(const rc_edmd *e) { return e ? e->wall_count : 0; }

bool rc_edmd_has_working_walls(const rc_edmd *e) { return e && (e->walls_move || e->walls_thermal); }

rc_status rc_edmd_thermal_walls_create(rc_edmd *e, const rc_edmd_def *d)
{
    for (int32_t w = 0; w < d->wall_count; w++) {
        const rc_wall *in = &d->walls[w];
        const rc_wall_thermal *t = &in->thermal;
        if (t->temperature == 0 && t->accommodation == 0) continue;
        if (!(t->temperature > 0) || !isfinite(t->temperature))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].thermal.temperature: %g is not a positive number",
                           (int)w, t->temperature);
        if (!(t->accommodation >= 0 && t->accommodation <= 1))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].thermal.accommodation: %g is not in (0, 1]", (int)w,
                           t->accommodation);
        if (in->oscillation.amplitude != 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].thermal: a thermal wall does not move (oscillation)",
                           (int)w);
        if (e->clusters_on)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "walls[%d].thermal: thermal walls need binary collisions "
                           "(contact_tolerance 0): a cluster against a thermal wall is not built",
                           (int)w);
        rc_plane *p = &e->walls[w];
        p->temperature = t->temperature;
        p->accommodation = t->accommodation > 0 ? t->accommodation : 1;
        p->restitution = 1; /* what the collapse rules and sleeping read: a thermal wall dissipates nothing itself */
        /* "thermal" and the wall's index: a stream apart from the thermostat's and every other wall's */
        rc_rng_seed(&p->rng, d->seed ^ 0x746865726d616cULL ^ ((uint64_t)w * 0x9e3779b97f4a7c15ULL));
        e->walls_thermal = true;
    }
    return RC_STATUS_OK;
}
