/* SPDX-License-Identifier: MIT */
/* Rough spheres and disks in the event-driven engine (docs/edmd.md, "Rough spheres and disks"): the spins, kept only
 * when some pair or wall is rough, and the tangential collision rule. At a contact with unit normal n (towards the
 * particle i) the relative velocity of the contact points is g = v_i - v_j - (a_i w_i + a_j w_j) x n; the normal rule
 * (collide.c) reverses its normal part with restitution e, this file its tangential part g_t with the tangential
 * restitution beta: g_t' = -beta g_t, by the impulse J = -mu_t (1 + beta) g_t with
 * 1 / mu_t = 1/m_i + 1/m_j + 1/(q_i m_i) + 1/(q_j m_j) (no j terms against a wall). Walton's model cuts |J| to mu
 * times the normal impulse. J is perpendicular to n, so the normal rule and the virial are untouched; it acts at the
 * contact point, so linear and angular momentum are kept, and it loses mu_t (1 - beta^2) |g_t|^2 / 2. A moving wall
 * moves along n, so its tangential rule is the static wall's; a thermal wall draws spins from its temperature. */
#include <math.h>
#include <stdlib.h>

#include "core/status.h"
#include "edmd/collide.h"
#include "edmd/engine.h"
#include "edmd/rough.h"

static bool beta_valid(double beta) { return beta >= -1 && beta <= 1; }

/* The number of species of the definition: species_count, else the largest index given plus one. */
static int32_t species_of(const rc_edmd_def *d)
{
    if (d->species_count > 0) return d->species_count;
    int32_t most = 0;
    for (int32_t k = 0; d->species && k < d->count; k++)
        if (d->species[k] > most) most = d->species[k];
    return most + 1;
}

/* The per-pair rules (messages name the scene's "interactions[k]" entries), and whether one of them is rough. */
static rc_status check_pairs(const rc_edmd_def *d, bool *rough)
{
    int32_t kinds = species_of(d);
    for (int32_t k = 0; k < d->pair_roughness_count; k++) {
        const rc_pair_roughness *p = &d->pair_roughness[k];
        for (int a = 0; a < 2; a++)
            if (p->species[a] < 0 || p->species[a] >= kinds)
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "interactions[%d].species[%d]: %d is not a species (there are %d)", (int)k, a,
                               (int)p->species[a], (int)kinds);
        for (int32_t l = 0; l < k; l++) {
            const int32_t *o = d->pair_roughness[l].species;
            if ((o[0] == p->species[0] && o[1] == p->species[1]) || (o[0] == p->species[1] && o[1] == p->species[0]))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "interactions[%d].species: the pair [%d, %d] has a rough rule "
                               "already (interactions[%d])",
                               (int)k, (int)p->species[0], (int)p->species[1], (int)l);
        }
        if (!beta_valid(p->tangential_restitution))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions[%d].tangential_restitution: %g is not in [-1, 1]",
                           (int)k, p->tangential_restitution);
        if (p->coulomb.on && !(p->coulomb.friction >= 0 && isfinite(p->coulomb.friction)))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "interactions[%d].coulomb.friction: %g is not a number >= 0",
                           (int)k, p->coulomb.friction);
        if (p->coulomb.on && !beta_valid(p->coulomb.tangential_restitution))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "interactions[%d].coulomb.tangential_restitution: %g is not in [-1, 1]", (int)k,
                           p->coulomb.tangential_restitution);
        *rough |= p->coulomb.on ? p->coulomb.tangential_restitution > -1 : p->tangential_restitution > -1;
    }
    return RC_STATUS_OK;
}

/* The checks of the rough keys (messages name the scene's keys) and whether anything is rough. */
static rc_status check(const rc_edmd_def *d, bool *rough)
{
    if (!beta_valid(d->tangential_restitution))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "tangential_restitution: %g is not in [-1, 1]",
                       d->tangential_restitution);
    if (!beta_valid(d->box_tangential_restitution))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "box.tangential_restitution: %g is not in [-1, 1]",
                       d->box_tangential_restitution);
    if (d->coulomb.on && !(d->coulomb.friction >= 0 && isfinite(d->coulomb.friction)))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "coulomb.friction: %g is not a number >= 0", d->coulomb.friction);
    if (d->coulomb.on && !beta_valid(d->coulomb.tangential_restitution))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "coulomb.tangential_restitution: %g is not in [-1, 1]",
                       d->coulomb.tangential_restitution);
    *rough = d->tangential_restitution > -1 || d->box_tangential_restitution > -1 ||
             (d->coulomb.on && d->coulomb.tangential_restitution > -1);
    rc_status s = check_pairs(d, rough);
    if (s != RC_STATUS_OK) return s;
    for (int32_t w = 0; w < d->wall_count; w++) {
        if (!d->walls[w].rough) continue;
        if (!beta_valid(d->walls[w].tangential_restitution))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "walls[%d].tangential_restitution: %g is not in [-1, 1]", (int)w,
                           d->walls[w].tangential_restitution);
        *rough |= d->walls[w].tangential_restitution > -1;
    }
    double most = d->dimension == 3 ? 2.0 / 3 : 1;
    for (int32_t k = 0; d->inertias && k < d->count; k++)
        if (!(d->inertias[k] > 0 && d->inertias[k] <= most))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "inertia: particle %d has %g, not in (0, %s]", (int)k,
                           d->inertias[k], d->dimension == 3 ? "2/3" : "1");
    if (!*rough) {
        for (int32_t k = 0; d->angular_velocities && k < d->count * (d->dimension == 3 ? 3 : 1); k++)
            if (d->angular_velocities[k] != 0)
                return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                               "angular_velocity: particle %d spins, but every pair and wall is "
                               "smooth (tangential_restitution -1)",
                               (int)(k / (d->dimension == 3 ? 3 : 1)));
        return RC_STATUS_OK;
    }
    /* the paths rough particles do not take yet */
    const char *other = d->compression.rate != 0    ? "compression"
                        : d->shear.on               ? "box.shear"
                        : d->barostat.pressure != 0 ? "barostat"
                        : d->transport              ? "transport"
                                                    : NULL;
    if (other)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "tangential_restitution: rough particles with %s are not built",
                       other);
    /* a thermal wall draws spins from its temperature: a tangential restitution would have nothing to act on */
    for (int32_t w = 0; w < d->wall_count; w++)
        if (d->walls[w].thermal.temperature > 0 && d->walls[w].rough)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "walls[%d].tangential_restitution: a thermal wall takes none (it "
                           "draws the spins of rough particles from its temperature)",
                           (int)w);
    return RC_STATUS_OK;
}

rc_status rc_edmd_rough_create(rc_edmd *e, const rc_edmd_def *d)
{
    bool rough = false;
    rc_status s = check(d, &rough);
    if (s != RC_STATUS_OK || !rough) return s;
    size_t n = e->n > 0 ? (size_t)e->n : 1;
    e->spin_stride = e->dimension == 3 ? 3 : 1;
    e->spin = calloc(n * (size_t)e->spin_stride, sizeof *e->spin);
    e->inertia = malloc(n * sizeof *e->inertia);
    if (!e->spin || !e->inertia)
        return rc_fail(RC_STATUS_NO_MEMORY, "spins: out of memory for %d particles", (int)e->n);
    for (int32_t k = 0; k < e->n; k++) { /* slots are input order until the first renewal */
        e->inertia[k] = d->inertias ? d->inertias[k] : e->dimension == 3 ? 0.4 : 0.5;
        for (int a = 0; d->angular_velocities && a < e->spin_stride; a++) {
            double w = d->angular_velocities[e->spin_stride * k + a];
            if (!isfinite(w) || !(fabs(w) <= RC_EDMD_RANGE))
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "angular_velocity: particle %d has %g", (int)k, w);
            e->spin[e->spin_stride * k + a] = w;
        }
    }
    e->tangential_restitution = d->tangential_restitution;
    e->coulomb = d->coulomb;
    if (d->pair_roughness_count > 0) { /* every pair of species: the definition's rule, then the entries' */
        int32_t kinds = species_of(d);
        e->pair_rough = malloc((size_t)kinds * (size_t)kinds * sizeof *e->pair_rough);
        if (!e->pair_rough)
            return rc_fail(RC_STATUS_NO_MEMORY, "interactions: out of memory for %d species", (int)kinds);
        e->pair_species = kinds;
        rc_pair_roughness all = {{0, 0}, d->tangential_restitution, d->coulomb};
        for (int32_t k = 0; k < kinds * kinds; k++) e->pair_rough[k] = all;
        for (int32_t k = 0; k < d->pair_roughness_count; k++) {
            const rc_pair_roughness *p = &d->pair_roughness[k];
            e->pair_rough[p->species[0] * kinds + p->species[1]] = *p;
            e->pair_rough[p->species[1] * kinds + p->species[0]] = *p;
        }
    }
    e->rotational = rc_edmd_rotational_energy(e);
    return RC_STATUS_OK;
}

void rc_edmd_rough_destroy(rc_edmd *e)
{
    free(e->spin);
    free(e->inertia);
    free(e->pair_rough);
    e->spin = e->inertia = NULL;
    e->pair_rough = NULL;
}

/* Particle k's spin as a vector (the z component in 2D). */
static void load(const rc_edmd *e, int32_t k, double w[3])
{
    const double *s = e->spin + e->spin_stride * k;
    if (e->spin_stride == 3) w[0] = s[0], w[1] = s[1], w[2] = s[2];
    else w[0] = w[1] = 0, w[2] = s[0];
}

static void store(rc_edmd *e, int32_t k, const double w[3])
{
    double *s = e->spin + e->spin_stride * k;
    if (e->spin_stride == 3) s[0] = w[0], s[1] = w[1], s[2] = w[2];
    else s[0] = w[2];
}

/* I = q m a^2 with a the radius (q = 4 I / (m sigma^2), sigma = 2 a). */
static double moment(const rc_edmd *e, int32_t k)
{
    double a = e->kin[k].radius;
    return e->inertia[k] * rc_edmd_mass(e, k) * a * a;
}

static double spin_energy(const rc_edmd *e, int32_t k)
{
    double w[3];
    load(e, k, w);
    return 0.5 * moment(e, k) * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
}

double rc_edmd_rotational_energy(const rc_edmd *e)
{
    double sum = 0;
    for (int32_t k = 0; e->spin && k < e->n; k++) sum += spin_energy(e, k);
    return sum;
}

static double speed_squared(const double v[3]) { return v[0] * v[0] + v[1] * v[1] + v[2] * v[2]; }

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* The tangential rule at a contact of particle i with particle j (j < 0: a static body) along the unit normal n
 * (towards i), with tangential restitution beta, or Walton's model (walton, when not NULL and on) bounded by the
 * contact's normal impulse. */
static void contact(rc_edmd *e, int32_t i, int32_t j, const double n[3], double beta, const rc_edmd_coulomb *walton,
                    double normal_impulse)
{
    if (walton && !walton->on) walton = NULL;
    if (!(beta > -1) && !walton) return;
    double wi[3], wj[3] = {0, 0, 0}, ai = e->kin[i].radius, aj = j >= 0 ? e->kin[j].radius : 0, sum[3], turn[3];
    load(e, i, wi);
    if (j >= 0) load(e, j, wj);
    for (int a = 0; a < 3; a++) sum[a] = ai * wi[a] + aj * wj[a];
    cross(sum, n, turn);
    double g[3], gn = 0;
    for (int a = 0; a < 3; a++) {
        g[a] = e->kin[i].v[a] - (j >= 0 ? e->kin[j].v[a] : 0) - turn[a];
        gn += g[a] * n[a];
    }
    for (int a = 0; a < 3; a++) g[a] -= gn * n[a];
    double gt = sqrt(speed_squared(g));
    if (!(gt > 0)) return;
    double mi = rc_edmd_mass(e, i), mj = j >= 0 ? rc_edmd_mass(e, j) : INFINITY;
    double qi = e->inertia[i], qj = j >= 0 ? e->inertia[j] : 1;
    double mt = 1 / (1 / mi + 1 / mj + 1 / (qi * mi) + 1 / (qj * mj));
    if (walton) { /* Walton: the sticking restitution, or sliding at mu times the normal impulse */
        double sliding = -1 + walton->friction * normal_impulse / (mt * gt);
        beta = fmin(walton->tangential_restitution, sliding);
    }
    if (!(beta > -1)) return;
    double f = -mt * (1 + beta), impulse[3], axis[3];
    for (int a = 0; a < 3; a++) impulse[a] = f * g[a];
    cross(n, impulse, axis);
    double kinetic = 0.5 * mi * speed_squared(e->kin[i].v), rotational = spin_energy(e, i);
    if (j >= 0) kinetic += 0.5 * mj * speed_squared(e->kin[j].v), rotational += spin_energy(e, j);
    for (int a = 0; a < 3; a++) {
        e->kin[i].v[a] += impulse[a] / mi;
        wi[a] -= axis[a] / (qi * mi * ai);
        if (j < 0) continue;
        e->kin[j].v[a] -= impulse[a] / mj;
        wj[a] -= axis[a] / (qj * mj * aj);
    }
    if (e->dimension == 2) e->kin[i].v[2] = 0;
    store(e, i, wi);
    if (j >= 0) {
        if (e->dimension == 2) e->kin[j].v[2] = 0;
        store(e, j, wj);
    }
    double kinetic_after = 0.5 * mi * speed_squared(e->kin[i].v), rotational_after = spin_energy(e, i);
    if (j >= 0) kinetic_after += 0.5 * mj * speed_squared(e->kin[j].v), rotational_after += spin_energy(e, j);
    rc_edmd_integrate_kinetic(e);
    e->kinetic += kinetic_after - kinetic;
    e->rotational += rotational_after - rotational;
    e->dissipated += 0.5 * mt * (1 - beta * beta) * gt * gt;
}

/* The tangential rule of the pair of particles i and j: their species pair's entry, or the definition's. */
static const rc_pair_roughness *pair_rule(const rc_edmd *e, int32_t i, int32_t j, rc_pair_roughness *own)
{
    if (e->pair_rough) {
        int32_t a = e->species ? e->species[i] : 0, b = e->species ? e->species[j] : 0;
        return &e->pair_rough[a * e->pair_species + b];
    }
    own->tangential_restitution = e->tangential_restitution, own->coulomb = e->coulomb;
    return own;
}

/* The tangential rule of a contact of i with particle j (a fixed one when static), at pair j's rule. */
static void pair_contact(rc_edmd *e, int32_t i, int32_t j, bool fixed, const double n[3], double normal_impulse)
{
    rc_pair_roughness own;
    const rc_pair_roughness *rule = pair_rule(e, i, j, &own);
    contact(e, i, fixed ? -1 : j, n, rule->tangential_restitution, &rule->coulomb, normal_impulse);
}

void rc_edmd_rough_pair(rc_edmd *e, int32_t i, int32_t j, const double r[3], double rr, double normal_impulse)
{
    double d = sqrt(rr), n[3] = {r[0] / d, r[1] / d, r[2] / d};
    pair_contact(e, i, j, false, n, normal_impulse);
}

void rc_edmd_rough_obstacle(rc_edmd *e, int32_t k, int32_t f, const double n[3], double normal_impulse)
{
    pair_contact(e, k, f, true, n, normal_impulse);
}

void rc_edmd_rough_moving_wall(rc_edmd *e, int32_t k, int32_t w)
{
    /* the plate moves along n, so its contact point adds nothing to g_t: the static wall's tangential rule */
    contact(e, k, -1, e->walls[w].normal, e->walls[w].tangential_restitution, NULL, 0);
}

double rc_edmd_rough_thermalise(rc_edmd *e, int32_t k, double temperature, rc_rng *rng)
{
    double w[3] = {0, 0, 0}, before = spin_energy(e, k), scale = sqrt(temperature / moment(e, k));
    if (e->spin_stride == 3)
        for (int a = 0; a < 3; a++) w[a] = scale * rc_rng_normal(rng);
    else w[2] = scale * rc_rng_normal(rng);
    store(e, k, w);
    double gain = spin_energy(e, k) - before;
    e->rotational += gain;
    return gain;
}

void rc_edmd_rough_wall(rc_edmd *e, int32_t k, int32_t w, double restitution)
{
    const double *n = e->walls[w].normal;
    const double *v = e->kin[k].v;
    double b = n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
    if (b >= 0) return; /* receding: no impulse (the stable rule's condition), the normal rule does the same */
    rc_edmd_bounce(e, k, n, restitution);
    contact(e, k, -1, n, e->walls[w].tangential_restitution, NULL, -(1 + restitution) * rc_edmd_mass(e, k) * b);
}

bool rc_edmd_rough_cluster(rc_edmd *e, const rc_edmd_cluster *ws, const double *normal_impulse)
{
    for (int32_t c = 0; c < ws->contact_count; c++) {
        const rc_cluster_contact *k = &ws->contacts[c];
        if (!(normal_impulse[c] > 0)) continue; /* no push, no friction: a touching contact that did not act */
        int32_t a = ws->members[k->a];
        e->counter[a]++; /* the events others predicted with it are stale */
        if (k->b >= 0) e->counter[ws->members[k->b]]++;
        if (k->b >= 0) pair_contact(e, a, ws->members[k->b], false, k->normal, normal_impulse[c]);
        else if (k->other < 0) /* a wall */
            contact(e, a, -1, k->normal, e->walls[RC_EVENT_WALL0 - k->other].tangential_restitution, NULL,
                    normal_impulse[c]);
        else if (rc_edmd_is_fixed(e, k->other)) /* a fixed particle is rough as a pair; a sleeper is frictionless */
            pair_contact(e, a, k->other, true, k->normal, normal_impulse[c]);
    }
    bool approaching = false;
    for (int32_t c = 0; c < ws->contact_count; c++) {
        const rc_cluster_contact *k = &ws->contacts[c];
        const double *va = e->kin[ws->members[k->a]].v, *vb = k->b >= 0 ? e->kin[ws->members[k->b]].v : rc_edmd_still;
        double u = 0;
        for (int a = 0; a < 3; a++) u += k->normal[a] * (va[a] - vb[a]);
        approaching |= u < 0;
    }
    return approaching;
}

void rc_edmd_rough_stop(rc_edmd *e, int32_t k)
{
    double loss = spin_energy(e, k), still[3] = {0, 0, 0};
    store(e, k, still);
    e->rotational -= loss;
    e->dissipated += loss;
}

void rc_edmd_spins_part(const rc_edmd *e, double *spins, int32_t first, int32_t count)
{
    for (int32_t k = 0; k < e->n; k++) {
        int32_t id = e->id[k] - first;
        if ((uint32_t)id >= (uint32_t)count) continue;
        double w[3] = {0, 0, 0};
        if (e->spin) load(e, k, w);
        for (int a = 0; a < 3; a++) spins[3 * id + a] = w[a];
    }
}

void rc_edmd_inertia_part(const rc_edmd *e, rc_frame *f, int32_t first)
{
    for (int32_t k = 0; k < e->n; k++) {
        int32_t id = e->id[k] - first;
        if ((uint32_t)id >= (uint32_t)f->count) continue;
        double r = e->kin[k].radius, moment = e->spin ? e->inertia[k] * rc_edmd_mass(e, k) * r * r : 0, w[3] = {0};
        if (e->spin) load(e, k, w);
        double *tensor = f->inertia + 9 * id;
        for (int i = 0; i < 9; i++) tensor[i] = i % 4 == 0 && (e->dimension == 3 || i == 8) ? moment : 0;
        for (int a = 0; a < 3; a++) f->angular_momenta[3 * id + a] = moment * w[a];
    }
}

bool rc_edmd_is_rough(const rc_edmd *e) { return e && e->spin; }

rc_status rc_edmd_angular_velocities(const rc_edmd *e, double *spins)
{
    if (!e || !spins) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_edmd_angular_velocities: NULL argument");
    if (!e->spin) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "angular_velocities: the engine is smooth (no spins)");
    rc_edmd_spins_part(e, spins, 0, e->n);
    return RC_STATUS_OK;
}
