/* SPDX-License-Identifier: MIT */
/* One-way coupled Coulomb friction (Vouga et al. 2017, section 6.3; Smith et al. 2012): with each normal impulse
 * lambda fixed by the frictionless resolve, tangential impulses beta with |beta| <= mu lambda that dissipate the
 * most.
 *
 * Oracles:
 * - A ball hitting a wall obliquely (2D, 3D): lambda = m (1 + c) |v_n| whatever mu (friction is tangential), and
 *   the normal velocity after is -c v_n. If mu lambda >= m |v_t| the ball sticks: its tangential velocity goes to
 *   0. Otherwise it slides: the tangential velocity keeps its direction and drops by exactly mu lambda / m.
 * - Two balls (no rotation): the same with the reduced mass m_eff = m_a m_b / (m_a + m_b) and the relative
 *   tangential velocity; friction is internal, so the momentum is kept.
 * - Any single contact, rigid bodies included: beta is the tangential part of the momentum change m dv. Coulomb's
 *   law with maximal dissipation says |beta| <= mu lambda, and either the contact point's slip after is zero
 *   (sticking, |beta| <= mu lambda) or |beta| = mu lambda and the slip after is anti-parallel to beta (the energy's
 *   gradient in beta is the slip after; at the optimum on the disc's edge it points outward along beta).
 * - Several contacts: friction never adds energy (beta = 0 is admissible, the chosen beta minimises the energy),
 *   and without walls it keeps the linear momentum. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "scenes.h"

/* A ball of mass m at the origin, touching a wall with normal n, moving at v = -vn n + vt t (vn > 0). */
static void build_ball_wall(scene *s, int d, double m, const double *n, const double *t, double vn, double vt)
{
    double v[3], p[3], origin[3] = {0, 0, 0};
    for (int i = 0; i < d; i++) {
        v[i] = -vn * n[i] + vt * t[i];
        p[i] = -n[i];
    }
    scene_clear(s);
    scene_ball(s, d, m, origin, v);
    scene_contact_add(s, 0, -1, p, n);
}

static void tangent_of(scene_rng *rng, int d, const double *n, double *t)
{
    double u[3];
    do {
        scene_unit_vector(rng, d, u);
    } while (fabs(scene_dot(d, u, n)) > 0.9);
    double along = scene_dot(d, u, n);
    for (int i = 0; i < d; i++) u[i] -= along * n[i];
    double length = sqrt(scene_dot(d, u, u));
    for (int i = 0; i < d; i++) t[i] = u[i] / length;
}

static void test_ball_wall(void)
{
    scene *s = scene_create();
    scene_rng rng;
    scene_seed(&rng, 11);
    const double cs[3] = {0.0, 0.5, 1.0};
    for (int trial = 0; trial < 120; trial++) {
        int d = 2 + trial % 2;
        double n[3], t[3], m = scene_uniform(&rng, 0.2, 5), vn = scene_uniform(&rng, 0.1, 3),
                           vt = scene_uniform(&rng, 0.1, 3);
        scene_unit_vector(&rng, d, n);
        tangent_of(&rng, d, n, t);
        build_ball_wall(s, d, m, n, t, vn, vt);
        for (int j = 0; j < 3; j++)
            for (int stick = 0; stick < 2; stick++) {
                double c = cs[j], lambda = m * (1 + c) * vn, ratio = m * vt / lambda;
                double mu = stick ? 10 * ratio : 0.2 * ratio;
                rc_impact_options o = scene_operator(trial % SCENE_OPERATOR_COUNT);
                o.restitution = c;
                o.friction = mu;
                scene_outcome out;
                rc_status st = scene_resolve(s, &o, &out);
                CHECK(st == RC_STATUS_OK, "ball-wall friction %dD: %s", d, rc_status_name(st));
                CHECK(fabs(out.impulse[0] - lambda) <= 1e-12 * lambda,
                      "ball-wall %dD c %g mu %g: impulse %.17g, "
                      "expected m (1 + c) |v_n| = %.17g",
                      d, c, mu, out.impulse[0], lambda);
                double un = scene_dot(d, out.velocity, n);
                CHECK(fabs(un - c * vn) <= 1e-12 * vn, "ball-wall %dD c %g mu %g: v_n after %.17g, expected %.17g", d,
                      c, mu, un, c * vn);
                double expected = stick ? 0.0 : vt - mu * lambda / m;
                for (int i = 0; i < d; i++) {
                    double tangential = out.velocity[i] - un * n[i];
                    CHECK(fabs(tangential - expected * t[i]) <= 1e-12 * (vt + vn),
                          "ball-wall %dD c %g mu %g (%s): tangential %d is %.17g, expected %.17g", d, c, mu,
                          stick ? "sticks" : "slides", i, tangential, expected * t[i]);
                }
            }
    }
    scene_destroy(s);
}

static void test_ball_ball(void)
{
    scene *s = scene_create();
    scene_rng rng;
    scene_seed(&rng, 12);
    for (int trial = 0; trial < 120; trial++) {
        int d = 2 + trial % 2;
        double n[3], t[3], xa[3] = {0, 0, 0}, xb[3], va[3], vb[3], ma = scene_uniform(&rng, 0.2, 5),
                           mb = scene_uniform(&rng, 0.2, 5), vn = scene_uniform(&rng, 0.1, 3),
                           vt = scene_uniform(&rng, 0.1, 3), c = scene_uniform(&rng, 0, 1);
        scene_unit_vector(&rng, d, n);
        tangent_of(&rng, d, n, t);
        /* ball b moves with a random velocity w; a moves at w - vn n + vt t relative to it */
        for (int i = 0; i < d; i++) {
            double w = scene_normal(&rng);
            xb[i] = -2 * n[i];
            vb[i] = w;
            va[i] = w - vn * n[i] + vt * t[i];
        }
        scene_clear(s);
        scene_ball(s, d, ma, xa, va);
        scene_ball(s, d, mb, xb, vb);
        scene_touch(s, 0, 1, 1.0);
        double meff = ma * mb / (ma + mb), lambda = meff * (1 + c) * vn, ratio = meff * vt / lambda, p0[3];
        scene_linear_momentum(s, s->velocity, p0);
        for (int stick = 0; stick < 2; stick++) {
            rc_impact_options o = scene_operator(trial % SCENE_OPERATOR_COUNT);
            o.restitution = c;
            o.friction = stick ? 10 * ratio : 0.2 * ratio;
            scene_outcome out;
            CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "ball-ball friction: %s", rc_error_get());
            CHECK(fabs(out.impulse[0] - lambda) <= 1e-12 * lambda, "ball-ball %dD: impulse %.17g, expected %.17g", d,
                  out.impulse[0], lambda);
            double rel[3], p1[3];
            for (int i = 0; i < d; i++) rel[i] = out.velocity[i] - out.velocity[d + i];
            double un = scene_dot(d, rel, n), expected = stick ? 0.0 : vt - o.friction * lambda / meff;
            CHECK(fabs(un - c * vn) <= 1e-12 * vn, "ball-ball %dD: relative v_n %.17g, expected %.17g", d, un, c * vn);
            for (int i = 0; i < d; i++)
                CHECK(fabs(rel[i] - un * n[i] - expected * t[i]) <= 1e-12 * (vt + vn),
                      "ball-ball %dD (%s): relative tangential %d is %.17g, expected %.17g", d,
                      stick ? "sticks" : "slides", i, rel[i] - un * n[i], expected * t[i]);
            scene_linear_momentum(s, out.velocity, p1);
            for (int i = 0; i < d; i++)
                CHECK(fabs(p1[i] - p0[i]) <= 1e-12 * scene_momentum_scale(s, s->velocity),
                      "ball-ball friction: "
                      "momentum %d %.17g -> %.17g",
                      i, p0[i], p1[i]);
        }
    }
    scene_destroy(s);
}

/* Coulomb's law with maximal dissipation for the single contact 0 of body 0 against a wall, from the outside. */
static void check_coulomb(const scene *s, const scene_outcome *out, double mu, const char *what)
{
    int d = s->dimension;
    const scene_contact *c = &s->contact[0];
    double m = s->body[0].mass, dp[3] = {0, 0, 0}, beta[3] = {0, 0, 0}, slip[3] = {0, 0, 0}, u[3] = {0, 0, 0};
    for (int i = 0; i < d; i++) dp[i] = m * (out->velocity[i] - s->velocity[i]);
    double lambda = scene_dot(d, dp, c->normal);
    CHECK(fabs(lambda - out->impulse[0]) <= 1e-9 * out->impulse[0],
          "%s: normal momentum change %.17g, reported "
          "impulse %.17g",
          what, lambda, out->impulse[0]);
    scene_point_velocity(s, 0, out->velocity, c->point, u);
    double un = scene_dot(d, u, c->normal);
    for (int i = 0; i < d; i++) {
        beta[i] = dp[i] - lambda * c->normal[i];
        slip[i] = u[i] - un * c->normal[i];
    }
    double b = sqrt(scene_dot(d, beta, beta)), sl = sqrt(scene_dot(d, slip, slip)), bound = mu * lambda;
    double scale = sqrt(2 * scene_energy(s, s->velocity) / m), rounding = 1e-12 * m * scale;
    CHECK(b <= bound * (1 + 1e-9) + rounding, "%s: friction impulse %.17g outside the cone %.17g", what, b, bound);
    if (sl <= 1e-9 * scale || bound == 0) return; /* sticks, or no friction */
    CHECK(b >= bound * (1 - 1e-9), "%s: slips at %.3g with an impulse %.17g inside the cone %.17g", what, sl, b, bound);
    double cosine = scene_dot(d, slip, beta) / (sl * b);
    CHECK(cosine <= -1 + 1e-9, "%s: slip after is not opposite the friction impulse (cosine %.17g)", what, cosine);
}

/* A box (2D or 3D) falling and sliding onto a floor on one corner. */
static void test_rigid_corner(void)
{
    scene *s = scene_create();
    scene_rng rng;
    scene_seed(&rng, 13);
    for (int trial = 0; trial < 200; trial++) {
        int d = 2 + trial % 2;
        double m = scene_uniform(&rng, 0.3, 3), half[3], r[9], axis[3] = {0, 0, 1}, v[3], w[3];
        for (int i = 0; i < 3; i++) {
            half[i] = scene_uniform(&rng, 0.3, 1.5);
            v[i] = scene_normal(&rng);
            w[i] = scene_normal(&rng);
        }
        v[1] = -fabs(v[1]) - 0.5;
        if (d == 3) scene_unit_vector(&rng, 3, axis);
        scene_rotation(axis, scene_uniform(&rng, -M_PI, M_PI), r);
        scene_box_on_floor(s, d, m, half, r, v, w);
        if (scene_normal_velocity(s, 0, s->velocity) >= -1e-3) continue;
        const double mus[4] = {0, 0.05, 0.3, 5.0};
        for (int j = 0; j < 4; j++) {
            rc_impact_options o = scene_operator(trial % SCENE_OPERATOR_COUNT);
            o.restitution = scene_uniform(&rng, 0, 1);
            o.friction = mus[j];
            scene_outcome out;
            CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "box corner friction: %s", rc_error_get());
            char what[64];
            snprintf(what, sizeof what, "box corner %dD mu %g trial %d", d, mus[j], trial);
            check_coulomb(s, &out, mus[j], what);
            CHECK(scene_energy(s, out.velocity) <= scene_energy(s, s->velocity) * (1 + 1e-12), "%s: energy grew", what);
        }
    }
    scene_destroy(s);
}

/* The same law on one fixed case where the two tangent directions have very different effective masses: a 3D box
 * of half sizes (2, 1, 0.5), mass 1, axis-aligned, its corner (-2, -1, -0.5) from the centre touching the floor
 * y = 0 at the origin, falling at (2, -1, 0) or (0, -1, 2) without spin; c = 0, mu = 0.1. The normal impulse is
 * |u_n| / (1/m + (r x n)^T I^-1 (r x n)) = 1 / 4, so the friction impulse may not exceed 0.025. */
static void test_anisotropic_corner(void)
{
    scene *s = scene_create();
    const double half[3] = {2, 1, 0.5}, identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, centre[3] = {2, 1, 0.5},
                 spin[3] = {0, 0, 0}, origin[3] = {0, 0, 0}, up[3] = {0, 1, 0};
    const double velocities[2][3] = {{2, -1, 0}, {0, -1, 2}};
    double inertia[9];
    scene_box3_inertia(1.0, half, identity, inertia);
    for (int i = 0; i < 2; i++) {
        scene_clear(s);
        scene_rigid(s, 3, 1.0, inertia, centre, velocities[i], spin);
        scene_contact_add(s, 0, -1, origin, up);
        rc_impact_options o = rc_impact_default_options();
        o.restitution = 0;
        o.friction = 0.1;
        scene_outcome out;
        CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "anisotropic corner: %s", rc_error_get());
        CHECK(fabs(out.impulse[0] - 0.25) <= 1e-12, "anisotropic corner: normal impulse %.17g, expected 1/4",
              out.impulse[0]);
        char what[64];
        snprintf(what, sizeof what, "anisotropic corner sliding along %s", i == 0 ? "x" : "z");
        check_coulomb(s, &out, o.friction, what);
    }
    scene_destroy(s);
}

/* Several contacts: friction only removes energy, and keeps the momentum when no wall acts. */
static void test_many_contacts(void)
{
    scene *s = scene_create();
    for (uint64_t seed = 1; seed <= 300; seed++) {
        scene_rng rng;
        scene_seed(&rng, 1000 + seed);
        int kind = (int)(seed % 4), d = 2 + kind % 2;
        if (kind < 2) scene_random_balls(s, &rng, d, 3 + scene_below(&rng, 10), scene_below(&rng, 3));
        else scene_random_rigid(s, &rng, d, 2 + scene_below(&rng, 5), scene_below(&rng, 3));
        int which = (int)(seed % SCENE_OPERATOR_COUNT);
        rc_impact_options o = scene_operator(which);
        o.restitution = scene_uniform(&rng, 0, 1);
        scene_outcome plain, rough;
        CHECK(scene_resolve(s, &o, &plain) == RC_STATUS_OK, "seed %llu frictionless: %s", (unsigned long long)seed,
              rc_error_get());
        o.friction = scene_uniform(&rng, 0.05, 2);
        CHECK(scene_resolve(s, &o, &rough) == RC_STATUS_OK, "seed %llu friction: %s", (unsigned long long)seed,
              rc_error_get());
        double e0 = scene_energy(s, s->velocity), e1 = scene_energy(s, plain.velocity),
               e2 = scene_energy(s, rough.velocity);
        CHECK(e2 <= e1 + 1e-12 * e0, "seed %llu %s mu %g: friction added energy, %.17g -> %.17g",
              (unsigned long long)seed, scene_operator_name(which), o.friction, e1, e2);
        for (int k = 0; k < s->contact_count; k++)
            CHECK(rough.impulse[k] == plain.impulse[k],
                  "seed %llu: friction changed the normal impulse %d "
                  "(%.17g -> %.17g)",
                  (unsigned long long)seed, k, plain.impulse[k], rough.impulse[k]);
        if (!scene_has_static(s)) {
            double p0[3], p1[3];
            scene_linear_momentum(s, s->velocity, p0);
            scene_linear_momentum(s, rough.velocity, p1);
            for (int i = 0; i < d; i++)
                CHECK(fabs(p1[i] - p0[i]) <= 1e-12 * scene_momentum_scale(s, s->velocity),
                      "seed %llu friction: momentum %d %.17g -> %.17g", (unsigned long long)seed, i, p0[i], p1[i]);
        }
    }
    scene_destroy(s);
}

/* Friction needs physical contacts: a generic constraint with mu > 0 is refused, naming the constraint. */
static void test_refused(void)
{
    scene *s = scene_create();
    const double masses[2] = {1, 1}, v[2] = {1, -1}, g[2] = {1, 1};
    const int dofs[2] = {0, 1};
    scene_dofs(s, 2, masses, v);
    scene_constraint(s, 2, dofs, g);
    rc_impact_options o = rc_impact_default_options();
    o.friction = 0.5;
    scene_outcome out;
    CHECK(scene_resolve(s, &o, &out) == RC_STATUS_INVALID_ARGUMENT, "friction on a generic constraint was accepted");
    scene_destroy(s);
}

int main(void)
{
    test_ball_wall();
    test_ball_ball();
    test_rigid_corner();
    test_anisotropic_corner();
    test_many_contacts();
    test_refused();
    return check_finish();
}
