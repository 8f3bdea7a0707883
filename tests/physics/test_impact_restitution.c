/* SPDX-License-Identifier: MIT */
/* Restitution as the interpolation between the inelastic and the elastic answers (Vouga et al. 2017, section 6.2;
 * Smith et al. 2012), and its two ends.
 *
 * Oracles:
 * - One isolated contact (ball-ball and ball-wall, 2D and 3D, any masses, oblique velocities): the textbook rule.
 *   The relative normal velocity after is -c times the one before, the impulse is m_eff (1 + c) |u_n| with
 *   1/m_eff = 1/m_a + 1/m_b (1/m for a wall), it acts along the normal only (tangential velocities unchanged),
 *   the momentum is kept (no wall) and the energy lost is m_eff (1 - c^2) u_n^2 / 2.
 * - c = 1: the energy is kept. c = 0: the inelastic LCP answer, i.e. the M-projection of the velocity onto the
 *   feasible cone {v : N^T v >= 0}: impulses >= 0, every contact n.v >= 0 and impulse * n.v = 0 (complementarity);
 *   being a projection onto a cone, it keeps <v0 - v, v>_M = 0, so the energy lost is |v0 - v|_M^2 / 2; and it is
 *   unique, so every operator gives the same answer.
 * - Between the ends, v(c) = (1 - c) v_inelastic + c v_elastic. With v_elastic = v0 + M^-1 N mu (mu >= 0, no implicit
 *   equality), <v_inelastic, v_elastic - v_inelastic>_M = (N^T v_inelastic) . mu >= 0, and the energy is convex in
 *   c, so it never decreases as c grows. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "scenes.h"

static const double CS[] = {0.0, 0.2, 0.5, 0.8, 1.0};
enum { C_COUNT = 5 };

/* One contact between ball 0 and ball 1 (or a wall when wall), in d dimensions, approaching obliquely. */
static void build_pair(scene *s, scene_rng *rng, int d, bool wall)
{
    double n[3], xa[3] = {0, 0, 0}, xb[3], va[3], vb[3] = {0, 0, 0}, p[3];
    double ra = scene_uniform(rng, 0.5, 2), rb = scene_uniform(rng, 0.5, 2);
    scene_unit_vector(rng, d, n);
    for (int i = 0; i < d; i++) {
        xb[i] = xa[i] - (ra + rb) * n[i];
        p[i] = xa[i] - ra * n[i];
        va[i] = scene_normal(rng);
        if (!wall) vb[i] = scene_normal(rng);
    }
    /* make it approach: u_n = n . (va - vb) < 0 */
    double un = 0;
    for (int i = 0; i < d; i++) un += n[i] * (va[i] - vb[i]);
    if (un > -0.1)
        for (int i = 0; i < d; i++) va[i] -= (un + 0.1 + scene_uniform(rng, 0, 1)) * n[i];
    scene_clear(s);
    scene_ball(s, d, scene_uniform(rng, 0.2, 5), xa, va);
    if (wall) {
        scene_contact_add(s, 0, -1, p, n);
    } else {
        scene_ball(s, d, scene_uniform(rng, 0.2, 5), xb, vb);
        scene_touch(s, 0, 1, rb);
    }
}

static void test_single_contact(void)
{
    scene *s = scene_create();
    scene_rng rng;
    scene_seed(&rng, 7);
    for (int trial = 0; trial < 200; trial++) {
        int d = 2 + trial % 2;
        bool wall = (trial / 2) % 2;
        build_pair(s, &rng, d, wall);
        const double *n = s->contact[0].normal;
        double un = scene_normal_velocity(s, 0, s->velocity);
        double meff = 1.0 / scene_inverse_mass(s, 0);
        double p0[3];
        scene_linear_momentum(s, s->velocity, p0);
        for (int j = 0; j < C_COUNT; j++)
            for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
                double c = CS[j];
                rc_impact_options o = scene_operator(which);
                o.restitution = c;
                scene_outcome out;
                rc_status st = scene_resolve(s, &o, &out);
                const char *what = wall ? "ball-wall" : "ball-ball";
                CHECK(st == RC_STATUS_OK, "%s %dD c %g %s: %s", what, d, c, scene_operator_name(which),
                      rc_status_name(st));
                double after = scene_normal_velocity(s, 0, out.velocity);
                CHECK(fabs(after + c * un) <= 1e-12 * fabs(un), "%s %dD c %g %s: u_n %.17g -> %.17g, expected %.17g",
                      what, d, c, scene_operator_name(which), un, after, -c * un);
                double impulse = meff * (1 + c) * fabs(un);
                CHECK(fabs(out.impulse[0] - impulse) <= 1e-12 * impulse,
                      "%s %dD c %g %s: impulse %.17g, expected %.17g", what, d, c, scene_operator_name(which),
                      out.impulse[0], impulse);
                /* tangential components of every velocity unchanged */
                for (int b = 0; b < s->body_count; b++) {
                    const double *u0 = s->velocity + s->body[b].first_dof, *u1 = out.velocity + s->body[b].first_dof;
                    double t0[3], t1[3], a0 = scene_dot(d, u0, n), a1 = scene_dot(d, u1, n);
                    for (int i = 0; i < d; i++) {
                        t0[i] = u0[i] - a0 * n[i];
                        t1[i] = u1[i] - a1 * n[i];
                        CHECK(fabs(t1[i] - t0[i]) <= 1e-12 * (1 + fabs(t0[i])),
                              "%s %dD c %g: tangential velocity changed", what, d, c);
                    }
                }
                if (!wall) {
                    double p1[3];
                    scene_linear_momentum(s, out.velocity, p1);
                    for (int i = 0; i < d; i++)
                        CHECK(fabs(p1[i] - p0[i]) <= 1e-12 * scene_momentum_scale(s, s->velocity),
                              "ball-ball %dD c %g: momentum %d %.17g -> %.17g", d, c, i, p0[i], p1[i]);
                }
                double lost = scene_energy(s, s->velocity) - scene_energy(s, out.velocity);
                double expected = 0.5 * meff * (1 - c * c) * un * un;
                CHECK(fabs(lost - expected) <= 1e-12 * scene_energy(s, s->velocity),
                      "%s %dD c %g %s: energy lost %.17g, expected %.17g", what, d, c, scene_operator_name(which), lost,
                      expected);
            }
    }
    scene_destroy(s);
}

/* A family of multi-contact problems: clusters of balls with and without walls, rigid bodies, generic cones. */
static void build_problem(scene *s, uint64_t seed)
{
    scene_rng rng;
    scene_seed(&rng, seed);
    switch (seed % 5) {
    case 0: scene_random_balls(s, &rng, 2, 3 + scene_below(&rng, 10), 0); break;
    case 1: scene_random_balls(s, &rng, 3, 3 + scene_below(&rng, 10), scene_below(&rng, 3)); break;
    case 2: scene_random_rigid(s, &rng, 2, 2 + scene_below(&rng, 5), scene_below(&rng, 3)); break;
    case 3: scene_random_rigid(s, &rng, 3, 2 + scene_below(&rng, 5), scene_below(&rng, 3)); break;
    default: scene_random_cone(s, &rng, 2 + scene_below(&rng, 5), 1 + scene_below(&rng, 5), false); break;
    }
}

/* Complementarity and the projection identity of the inelastic answer, the same for every operator. */
static void test_inelastic(void)
{
    scene *s = scene_create();
    for (uint64_t seed = 1; seed <= 400; seed++) {
        build_problem(s, seed);
        double e0 = scene_energy(s, s->velocity), norm2 = 2 * e0;
        scene_outcome first;
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
            rc_impact_options o = scene_operator(which);
            o.restitution = 0;
            scene_outcome out;
            rc_status st = scene_resolve(s, &o, which == 0 ? &first : &out);
            const scene_outcome *r = which == 0 ? &first : &out;
            CHECK(st == RC_STATUS_OK, "inelastic seed %llu %s: %s", (unsigned long long)seed,
                  scene_operator_name(which), rc_status_name(st));
            for (int k = 0; k < s->contact_count; k++) {
                double g = sqrt(scene_inverse_mass(s, k));
                double un = scene_normal_velocity(s, k, r->velocity) / g, lambda = r->impulse[k] * g;
                CHECK(un >= -1e-9 * sqrt(norm2), "inelastic seed %llu %s: contact %d approaches (%.3g)",
                      (unsigned long long)seed, scene_operator_name(which), k, un);
                CHECK(lambda >= -1e-9 * sqrt(norm2), "inelastic seed %llu %s: contact %d pulls (%.3g)",
                      (unsigned long long)seed, scene_operator_name(which), k, lambda);
                CHECK(fabs(lambda * un) <= 1e-9 * norm2,
                      "inelastic seed %llu %s: contact %d has impulse %.3g and "
                      "separates at %.3g",
                      (unsigned long long)seed, scene_operator_name(which), k, lambda, un);
            }
            /* projection onto a cone: |v0|^2 = |v|^2 + |v0 - v|^2 */
            double dv[SCENE_MAX_DOFS];
            for (int i = 0; i < s->dof_count; i++) dv[i] = s->velocity[i] - r->velocity[i];
            double lost = e0 - scene_energy(s, r->velocity), change = scene_energy(s, dv);
            CHECK(fabs(lost - change) <= 1e-9 * e0, "inelastic seed %llu %s: energy lost %.17g, |v0 - v|^2/2 = %.17g",
                  (unsigned long long)seed, scene_operator_name(which), lost, change);
            CHECK(scene_impulse_residual(s, s->velocity, r->velocity, r->impulse) <= 1e-9,
                  "inelastic seed %llu %s: the impulses do not account for the change (%.3g)", (unsigned long long)seed,
                  scene_operator_name(which), scene_impulse_residual(s, s->velocity, r->velocity, r->impulse));
            if (which > 0)
                for (int i = 0; i < s->dof_count; i++)
                    CHECK(fabs(out.velocity[i] - first.velocity[i]) <= 1e-9 * sqrt(norm2),
                          "inelastic seed %llu: %s gives %.17g at dof %d, %s %.17g", (unsigned long long)seed,
                          scene_operator_name(which), out.velocity[i], i, scene_operator_name(0), first.velocity[i]);
        }
    }
    scene_destroy(s);
}

/* c = 1 keeps the energy; the energy never decreases with c; the blend is (1 - c) v(0) + c v(1). */
static void test_interpolation(void)
{
    scene *s = scene_create();
    for (uint64_t seed = 1; seed <= 200; seed++) {
        build_problem(s, seed);
        double e0 = scene_energy(s, s->velocity);
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
            scene_outcome ends[2], out;
            double previous = 0;
            for (int j = 0; j < C_COUNT; j++) {
                rc_impact_options o = scene_operator(which);
                o.restitution = CS[j];
                scene_outcome *r = j == 0 ? &ends[0] : j == C_COUNT - 1 ? &ends[1] : &out;
                CHECK(scene_resolve(s, &o, r) == RC_STATUS_OK, "seed %llu c %g: not resolved", (unsigned long long)seed,
                      CS[j]);
                double e = scene_energy(s, r->velocity);
                CHECK(e <= e0 * (1 + 1e-12), "seed %llu %s c %g: energy grew from %.17g to %.17g",
                      (unsigned long long)seed, scene_operator_name(which), CS[j], e0, e);
                if (r->result.lineality_count == 0) {
                    CHECK(e >= previous * (1 - 1e-12), "seed %llu %s: energy %.17g at c %g below %.17g at the c before",
                          (unsigned long long)seed, scene_operator_name(which), e, CS[j], previous);
                    if (CS[j] == 1.0) CHECK_CLOSE(e, e0, 1e-12, "elastic energy");
                }
                previous = e;
            }
            /* middle values from the ends (recomputed: out holds the last middle one, c = 0.8) */
            for (int i = 0; i < s->dof_count; i++) {
                double blend = 0.2 * ends[0].velocity[i] + 0.8 * ends[1].velocity[i];
                CHECK(fabs(out.velocity[i] - blend) <= 1e-12 * (1 + sqrt(2 * e0)),
                      "seed %llu %s c 0.8: dof %d is %.17g, blend of the ends %.17g", (unsigned long long)seed,
                      scene_operator_name(which), i, out.velocity[i], blend);
            }
        }
    }
    scene_destroy(s);
}

int main(void)
{
    test_single_contact();
    test_inelastic();
    test_interpolation();
    return check_finish();
}
