/* SPDX-License-Identifier: MIT */
/* The Helfand moments of the stress and the heat flux, kept exactly through every collision (docs/formats.md,
 * "Transport"; Helfand, Phys. Rev. 119, 1 (1960); the hard-sphere form of Alder, Gass and Wainwright, J. Chem.
 * Phys. 53, 3813 (1970), section II): G_ab(t) = int_0^t sum_i m v_i,a v_i,b dt' + sum over collisions of
 * r_ij,a dp_i,b, and G_q,a(t) = int_0^t sum_i e_i v_i,a dt' + sum over collisions of r_ij,a de_i. Between velocity
 * changes the sums are constant, so the integrals advance by sum times interval; the collisional terms use the
 * minimum image r_ij, which is what makes the moments valid in a periodic box (no unwrapped positions). */
#include <math.h>

#include "core/status.h"
#include "edmd/engine.h"
#include "edmd/speculate.h"
#include "edmd/transport.h"

/* The components ab of the symmetric tensors, in the order xx, yy, zz, xy, xz, yz. */
static const int first[6] = {0, 1, 2, 0, 0, 1}, second[6] = {0, 1, 2, 1, 2, 2};

rc_status rc_edmd_transport_start(rc_edmd *e, const rc_edmd_def *d)
{
    if (!d->transport) return RC_STATUS_OK;
    const char *why = NULL;
    for (int a = 0; a < d->dimension; a++)
        if (!d->periodic[a]) why = "every axis periodic";
    if (d->wall_count > 0) why = "no walls";
    if (e->has_gravity) why = "no gravity";
    if (d->thermostat_rate > 0) why = "no thermostat";
    if (d->shear.on) why = "no shear";
    if (d->compression.rate != 0) why = "no compression";
    if (d->barostat.pressure != 0) why = "a fixed volume (no barostat)";
    if (d->interaction_count > 0) why = "no stepped potentials";
    if (d->restitution != 1) why = "elastic collisions (restitution 1)";
    if (why)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "measure: viscosity and thermal conductivity need momentum and energy "
                       "conserved: %s",
                       why);
    e->transport_on = true;
    for (int32_t k = 0; k < e->n; k++) {
        static const double still[3] = {0, 0, 0};
        rc_edmd_transport_kick(e, k, still, NULL); /* from rest: the sums of the velocities */
    }
    return RC_STATUS_OK;
}

/* Carries the integrals to now. */
static void integrate(rc_edmd_flux *f, double now)
{
    double dt = now - f->time;
    if (dt == 0) return;
    for (int c = 0; c < 6; c++) f->moments[c] += f->tensor[c] * dt;
    for (int a = 0; a < 3; a++) f->moments[6 + a] += f->heat[a] * dt;
    f->time = now;
}

/* The kinetic sums and the moments after a particle of mass m changed its velocity from old to v at now. */
static void kick(rc_edmd_flux *f, double now, double m, const double v[3], const double old[3], const double d[3])
{
    integrate(f, now);
    double after = 0, before = 0, dp[3];
    for (int a = 0; a < 3; a++) {
        after += v[a] * v[a], before += old[a] * old[a];
        dp[a] = m * (v[a] - old[a]);
    }
    after *= 0.5 * m, before *= 0.5 * m;
    for (int c = 0; c < 6; c++) {
        int a = first[c], b = second[c];
        f->tensor[c] += m * (v[a] * v[b] - old[a] * old[b]);
        if (d) f->moments[c] += d[a] * dp[b];
    }
    for (int a = 0; a < 3; a++) {
        f->heat[a] += after * v[a] - before * old[a];
        if (d) f->moments[6 + a] += d[a] * (after - before);
    }
}

void rc_edmd_transport_kick(rc_edmd *e, int32_t k, const double old[3], const double d[3])
{
    if (e->job && rc_edmd_job_kick(e, k, old, d)) return; /* a thread's: added at its commit */
    kick(&e->flux, e->now, rc_edmd_mass(e, k), e->kin[k].v, old, d);
}

void rc_edmd_transport_replay(rc_edmd *e, const rc_edmd_kick *k)
{
    kick(&e->flux, e->now, k->mass, k->v, k->old, k->has_d ? k->d : NULL);
}

void rc_edmd_transport_rebase(rc_edmd *e, double shift)
{
    integrate(&e->flux, shift);
    e->flux.time = 0;
}

rc_status rc_edmd_transport_moments(const rc_edmd *e, double moments[9])
{
    if (!e || !e->transport_on)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "measure: the engine keeps no Helfand moments (def.transport is off)");
    rc_edmd_flux f = e->flux;
    integrate(&f, e->now);
    for (int c = 0; c < 9; c++) moments[c] = f.moments[c];
    return RC_STATUS_OK;
}
