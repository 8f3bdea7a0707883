/* SPDX-License-Identifier: MIT */
/* Tangential rules per pair of species (docs/edmd.md, "Rough spheres and disks", rc_edmd_def.pair_roughness).
 *
 * Oracles:
 * - Entries that give every pair of species the top-level rule change nothing: the run is bit-identical to the one
 *   with the top-level tangential_restitution (or coulomb) alone.
 * - With only the pair (1, 1) rough, a species-0 particle that starts without spin never spins (every contact it has
 *   is smooth) while species 1 does, and an elastic gas keeps its energy.
 * - Entries out of range (beta, mu, a species that is not there, a pair given twice) are refused naming the entry. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ricochet/edmd.h"
#include "ricochet/scene.h"

enum { N = 256 };

/* N spheres of two species (every third is species 1, diameter 1.2) in a periodic box at packing fraction 0.2. */
typedef struct mixture {
    double x[3 * N], v[3 * N], r[N], m[N];
    int32_t species[N];
} mixture;

static rc_edmd_def mixture_def(mixture *g)
{
    rc_edmd_def d = rc_edmd_default_def();
    for (int k = 0; k < N; k++) {
        g->species[k] = k % 3 == 2;
        g->r[k] = g->species[k] ? 0.6 : 0.5, g->m[k] = g->species[k] ? 1.7 : 1;
    }
    rc_status s = rc_box_scale_to_packing_fraction(3, N, g->r, 0.2, d.box);
    if (s == RC_STATUS_OK) s = rc_placement_fill(RC_PLACEMENT_RANDOM, 3, d.box, d.periodic, N, g->r, 31, g->x);
    if (s == RC_STATUS_OK) s = rc_velocities_draw_maxwell_boltzmann(3, N, g->m, 1.0, 32, g->v);
    CHECK(s == RC_STATUS_OK, "mixture: %s", rc_error_get());
    d.count = N, d.positions = g->x, d.velocities = g->v, d.radii = g->r, d.masses = g->m, d.species = g->species;
    d.species_count = 2;
    return d;
}

/* Runs d for `collisions` pair collisions: the spins (3 N) and the observables. */
static bool run(const rc_edmd_def *d, uint64_t collisions, double *spins, rc_edmd_observables *o)
{
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(d, &e);
    CHECK(s == RC_STATUS_OK, "create: %s", rc_error_get());
    if (s != RC_STATUS_OK) return false;
    rc_edmd_limits limits = {INFINITY, collisions, 0};
    rc_edmd_advance(e, &limits);
    rc_edmd_angular_velocities(e, spins);
    rc_edmd_measure(e, o);
    rc_edmd_destroy(e);
    return true;
}

static void same_as_top_level(bool walton)
{
    static mixture g;
    static double first[3 * N], second[3 * N];
    rc_edmd_def d = mixture_def(&g);
    d.restitution = 0.9;
    rc_edmd_coulomb coulomb = {true, 0.2, 0.6};
    if (walton) d.coulomb = coulomb;
    else d.tangential_restitution = 0.3;
    rc_edmd_observables a, b;
    if (!run(&d, 20000, first, &a)) return;
    rc_pair_roughness pairs[3] = {
        {{0, 0}, 0.3, {false, 0, 1}}, {{1, 0}, 0.3, {false, 0, 1}}, {{1, 1}, 0.3, {false, 0, 1}}};
    for (int k = 0; k < 3 && walton; k++) pairs[k].coulomb = coulomb;
    d.tangential_restitution = -1, d.coulomb = (rc_edmd_coulomb){false, 0, 1};
    d.pair_roughness = pairs, d.pair_roughness_count = 3;
    if (!run(&d, 20000, second, &b)) return;
    CHECK(memcmp(first, second, sizeof first) == 0 && a.time == b.time && a.energy == b.energy,
          "%s per pair: time %.17g vs %.17g, energy %.17g vs %.17g", walton ? "coulomb" : "beta", a.time, b.time,
          a.energy, b.energy);
    printf("%s: per-pair entries equal to the top level give the same run (t %.6g, rotational %.6g)\n",
           walton ? "coulomb" : "beta", b.time, b.rotational_energy);
}

static void only_one_pair_rough(void)
{
    static mixture g;
    static double spins[3 * N];
    rc_edmd_def d = mixture_def(&g);
    rc_pair_roughness pairs[1] = {{{1, 1}, 1, {false, 0, 1}}};
    d.pair_roughness = pairs, d.pair_roughness_count = 1;
    rc_edmd_observables o;
    if (!run(&d, 40000, spins, &o)) return;
    double largest[2] = {0, 0};
    for (int k = 0; k < N; k++)
        for (int a = 0; a < 3; a++) largest[g.species[k]] = fmax(largest[g.species[k]], fabs(spins[3 * k + a]));
    printf("only (1, 1) rough: largest spin of species 0 %g, of species 1 %g; drift %.3g\n", largest[0], largest[1],
           o.energy_drift);
    CHECK(largest[0] == 0, "a species-0 particle spins (%g): some contact of species 0 was rough", largest[0]);
    CHECK(largest[1] > 0.1, "species 1 does not spin (%g)", largest[1]);
    CHECK(fabs(o.energy_drift) < 1e-12, "elastic: energy drift %g", o.energy_drift);
}

static void refused(const rc_pair_roughness *pair, const char *field)
{
    static mixture g;
    rc_edmd_def d = mixture_def(&g);
    rc_pair_roughness pairs[2] = {{{0, 0}, 0.5, {false, 0, 1}}, *pair};
    d.pair_roughness = pairs, d.pair_roughness_count = 2;
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_create(&d, &e);
    CHECK(s == RC_STATUS_INVALID_ARGUMENT && strstr(rc_error_get(), field), "%s: %d \"%s\"", field, (int)s,
          rc_error_get());
    rc_edmd_destroy(e);
}

int main(void)
{
    same_as_top_level(false);
    same_as_top_level(true);
    only_one_pair_rough();
    refused(&(rc_pair_roughness){{0, 1}, 1.5, {false, 0, 1}}, "interactions[1].tangential_restitution");
    refused(&(rc_pair_roughness){{0, 1}, -1, {true, -0.1, 1}}, "interactions[1].coulomb.friction");
    refused(&(rc_pair_roughness){{0, 2}, 0.5, {false, 0, 1}}, "interactions[1].species[1]: 2 is not a species");
    refused(&(rc_pair_roughness){{0, 0}, 0.5, {false, 0, 1}}, "interactions[1].species: the pair [0, 0]");
    return check_finish();
}
