/* SPDX-License-Identifier: MIT */
/* Property tests over thousands of seeded random impact problems (Vouga et al. 2017: the desiderata of section 2,
 * termination in sections 4-5 and 7 (Theorem 5.4 with Algorithm 2; the inexact loop of Algorithms 3 and 4)).
 *
 * Problems: clusters of touching balls in 2D and 3D (chains and closed triangles), with and without walls; boxes
 * and balls touching each other at corners, with walls at corners or flat against faces (sometimes on both sides, an
 * implicit equality); generic cones of random sparse gradients over bare dofs (sometimes with an opposing pair).
 * Every problem is resolved by pairwise GS in its four orders and by GR, at c = 1 and no budget.
 *
 * Oracles, for every resolve:
 * - (FIN) it terminates: RC_STATUS_OK with no budget (the test would hang or time out otherwise);
 * - it ends feasible: min_k n_k . v / (|n_k|_{M^-1} |v|_M) >= -1e-9, computed here and as reported;
 * - (KIN) the kinetic energy is kept to 1e-12 relative when there is no implicit equality; the projection of
 *   Algorithm 2 only removes energy, so otherwise it never increases;
 * - (NORM, ONE) the velocity changes by M^-1 N lambda with the reported lambda >= 0: the impulses account for the
 *   whole change;
 * - momentum: with no wall, impulses come in equal and opposite pairs through the contact point, so the linear
 *   momentum and the angular momentum about the origin are kept (balls' normals pass through their centres);
 * - the reported energies and momenta agree with the ones computed here;
 * - determinism: the same problem resolved again, by the same solver after other problems or by a fresh one, gives
 *   the same bits. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "scenes.h"

enum { PROBLEMS = 5000, KINDS = 7 };

static const char *const KIND_NAMES[KINDS] = {"2D balls", "2D balls+walls", "3D balls", "3D balls+walls",
                                              "2D rigid", "3D rigid",       "cone"};

static void build(scene *s, uint64_t seed, int kind)
{
    scene_rng rng;
    scene_seed(&rng, seed);
    bool big = seed % 97 == 0;
    int balls = big ? 60 + scene_below(&rng, 60) : 2 + scene_below(&rng, 14);
    switch (kind) {
    case 0: scene_random_balls(s, &rng, 2, balls, 0); break;
    case 1: scene_random_balls(s, &rng, 2, balls, 1 + scene_below(&rng, 4)); break;
    case 2: scene_random_balls(s, &rng, 3, balls, 0); break;
    case 3: scene_random_balls(s, &rng, 3, balls, 1 + scene_below(&rng, 4)); break;
    case 4: scene_random_rigid(s, &rng, 2, 1 + scene_below(&rng, 7), scene_below(&rng, 4)); break;
    case 5: scene_random_rigid(s, &rng, 3, 1 + scene_below(&rng, 7), scene_below(&rng, 4)); break;
    default: {
        int n = 1 + scene_below(&rng, 8);
        scene_random_cone(s, &rng, n, 1 + scene_below(&rng, 2 * n + 2), scene_below(&rng, 4) == 0);
    }
    }
}

static bool same_bits(const scene *s, const scene_outcome *a, const scene_outcome *b)
{
    return a->status == b->status && a->result.iterations == b->result.iterations &&
           a->result.lineality_count == b->result.lineality_count &&
           memcmp(a->velocity, b->velocity, (size_t)s->dof_count * sizeof(double)) == 0 &&
           memcmp(a->impulse, b->impulse, (size_t)s->contact_count * sizeof(double)) == 0 &&
           memcmp(a->lineality, b->lineality, (size_t)a->result.lineality_count * sizeof(int)) == 0;
}

typedef struct tally {
    long resolves, iterations, with_lineality, contacts;
} tally;

static void check_one(const scene *s, const scene_outcome *out, const char *what, tally *t)
{
    const rc_impact_result *r = &out->result;
    CHECK(out->status == RC_STATUS_OK, "%s: status %s (%s)", what, rc_status_name(out->status), rc_error_get());
    if (out->status != RC_STATUS_OK) return;
    t->resolves++;
    t->iterations += r->iterations;
    t->with_lineality += r->lineality_count > 0;
    t->contacts += s->contact_count;
    /* feasible at the end (as reported, and the report agrees with the measure computed here) */
    double least = scene_min_relative(s, out->velocity);
    CHECK(r->min_relative_velocity >= -1e-9,
          "%s: ends infeasible, min relative velocity %.3g (|v|_M %.3g from %.3g, "
          "%d implicit equalities)",
          what, r->min_relative_velocity, sqrt(2 * scene_energy(s, out->velocity)),
          sqrt(2 * scene_energy(s, s->velocity)), r->lineality_count);
    CHECK(fabs(r->min_relative_velocity - least) <= 1e-9, "%s: reports min relative velocity %.17g, computed %.17g",
          what, r->min_relative_velocity, least);
    /* energy */
    double e0 = scene_energy(s, s->velocity), e1 = scene_energy(s, out->velocity);
    CHECK_CLOSE(r->kinetic_energy_before, e0, 1e-12, what);
    CHECK_CLOSE(r->kinetic_energy_after, e1, 1e-12, what);
    if (r->lineality_count == 0)
        CHECK(fabs(e1 - e0) <= 1e-12 * e0, "%s: energy %.17g -> %.17g (relative %.3g)", what, e0, e1,
              e0 > 0 ? (e1 - e0) / e0 : 0.0);
    else
        CHECK(e1 <= e0 * (1 + 1e-12), "%s: energy grew %.17g -> %.17g with %d implicit equalities", what, e0, e1,
              r->lineality_count);
    /* impulses: non-negative, and they account for the change */
    double unit = sqrt(2 * e0);
    for (int k = 0; k < s->contact_count; k++)
        CHECK(out->impulse[k] * sqrt(scene_inverse_mass(s, k)) >= -1e-9 * unit, "%s: contact %d pulls (%.3g)", what, k,
              out->impulse[k]);
    double residual = scene_impulse_residual(s, s->velocity, out->velocity, out->impulse);
    CHECK(residual <= 1e-9,
          "%s: the impulses leave %.3g of the change of momentum unexplained (%d implicit "
          "equalities)",
          what, residual, r->lineality_count);
    /* momenta */
    double scale = scene_momentum_scale(s, s->velocity), p0[3], p1[3], l0[3], l1[3];
    const double origin[3] = {0, 0, 0};
    scene_linear_momentum(s, s->velocity, p0);
    scene_linear_momentum(s, out->velocity, p1);
    scene_angular_momentum(s, s->velocity, origin, l0);
    scene_angular_momentum(s, out->velocity, origin, l1);
    double reach = 1; /* the lever arms about the origin */
    for (int i = 0; i < s->body_count; i++)
        reach = fmax(reach, sqrt(scene_dot(3, s->body[i].position, s->body[i].position)));
    for (int i = 0; i < 3; i++) {
        CHECK(fabs(r->linear_momentum_before[i] - p0[i]) <= 1e-12 * scale, "%s: reported momentum", what);
        CHECK(fabs(r->linear_momentum_after[i] - p1[i]) <= 1e-12 * scale, "%s: reported momentum after", what);
        CHECK(fabs(r->angular_momentum_before[i] - l0[i]) <= 1e-12 * scale * reach, "%s: reported angular momentum",
              what);
        CHECK(fabs(r->angular_momentum_after[i] - l1[i]) <= 1e-12 * scale * reach,
              "%s: reported angular momentum after", what);
    }
    if (s->dimension == 0 || scene_has_static(s)) return;
    for (int i = 0; i < 3; i++) {
        CHECK(fabs(p1[i] - p0[i]) <= 1e-12 * scale, "%s: linear momentum %d %.17g -> %.17g", what, i, p0[i], p1[i]);
        CHECK(fabs(l1[i] - l0[i]) <= 1e-12 * scale * reach, "%s: angular momentum %d %.17g -> %.17g", what, i, l0[i],
              l1[i]);
    }
}

int main(void)
{
    scene *s = scene_create();
    rc_impact_solver *shared[SCENE_OPERATOR_COUNT];
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
        rc_impact_options o = scene_operator(which);
        rc_impact_solver_create(&o, &shared[which]);
    }
    tally tallies[KINDS] = {{0}};
    static scene_outcome first, again, fresh;
    for (uint64_t seed = 1; seed <= PROBLEMS; seed++) {
        int kind = (int)(seed % KINDS);
        build(s, seed, kind);
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
            char what[96];
            snprintf(what, sizeof what, "seed %llu (%s, %d bodies, %d contacts) %s", (unsigned long long)seed,
                     KIND_NAMES[kind], s->body_count, s->contact_count, scene_operator_name(which));
            scene_resolve_with(shared[which], s, &first);
            check_one(s, &first, what, &tallies[kind]);
            scene_resolve_with(shared[which], s, &again);
            rc_impact_options o = scene_operator(which);
            scene_resolve(s, &o, &fresh);
            CHECK(same_bits(s, &first, &again), "%s: a second resolve gave other bits", what);
            CHECK(same_bits(s, &first, &fresh), "%s: a fresh solver gave other bits", what);
        }
    }
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) rc_impact_solver_destroy(shared[which]);
    scene_destroy(s);
    for (int k = 0; k < KINDS; k++) {
        double n = tallies[k].resolves > 0 ? (double)tallies[k].resolves : 1.0;
        fprintf(stderr,
                "%-15s %6ld resolves, %7.2f contacts and %8.2f iterations each, %5ld with implicit equalities\n",
                KIND_NAMES[k], tallies[k].resolves, (double)tallies[k].contacts / n, (double)tallies[k].iterations / n,
                tallies[k].with_lineality);
    }
    return check_finish();
}
