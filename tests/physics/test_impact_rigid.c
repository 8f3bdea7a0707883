/* SPDX-License-Identifier: MIT */
/* Rigid bodies (Vouga et al. 2017, section 2: configuration velocity with linear and angular parts, block-diagonal
 * mass matrix with the world inertia tensor, gradients [n, r x n]; section 6.2 for restitution).
 *
 * Oracles (the textbook impulse of one contact, and conservation laws):
 * - One contact between body a and body b (or a static floor): the relative normal velocity at the contact point,
 *   u_n = n . (v_a + w_a x r_a - v_b - w_b x r_b), goes to -c u_n, through an impulse lambda n at the point with
 *   lambda = -(1 + c) u_n / (1/m_a + (r_a x n)^T I_a^-1 (r_a x n) + the same for b). So v_a += lambda n / m_a,
 *   w_a += lambda I_a^-1 (r_a x n), and the opposite on b. A box falling on one corner off its centre therefore spins
 *   the way the lever arm says (the sign of r_x in 2D; along I^-1 (r x n) in 3D) and keeps its energy at c = 1.
 * - An impulse through a point has no moment about that point: the angular momentum about the contact point is
 *   kept, even against a wall; with no wall, the total linear momentum and the angular momentum about any point
 *   are kept, whatever the operator and the number of contacts.
 * - A box lying flat on the floor (one contact per corner of its bottom face) and falling without spin: GR meets all
 *   corners at once; by the symmetry of the problem (and the uniqueness of u' = -c u at every corner) it bounces
 *   straight back up without spin at c = 1 and stops (keeping its sliding velocity) at c = 0. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "scenes.h"

/* A body's inverse-inertia lever term: I^-1 (r x n) (3D) or (r x n) / I (2D, in out[0]). */
static void lever(const scene_body *b, const double *p, const double *n, double *out)
{
    double r[3] = {0, 0, 0}, rn[3];
    for (int i = 0; i < b->dimension; i++) r[i] = p[i] - b->position[i];
    if (b->dimension == 2) {
        out[0] = scene_cross2(r, n) / b->inertia[0];
        return;
    }
    scene_cross(r, n, rn);
    scene_solve3(b->inertia, rn, out);
}

/* The textbook answer for a scene with exactly one contact (contact 0) and restitution c, into v. */
static void textbook(const scene *s, double c, double *v)
{
    const scene_contact *k = &s->contact[0];
    double lambda = -(1 + c) * scene_normal_velocity(s, 0, s->velocity) / scene_inverse_mass(s, 0);
    memcpy(v, s->velocity, (size_t)s->dof_count * sizeof *v);
    for (int side = 0; side < 2; side++) {
        int body = side == 0 ? k->a : k->b;
        if (body < 0) continue;
        const scene_body *b = &s->body[body];
        double sign = side == 0 ? 1.0 : -1.0, l[3];
        for (int i = 0; i < b->dimension; i++) v[b->first_dof + i] += sign * lambda * k->normal[i] / b->mass;
        if (b->kind != RC_BODY_KIND_RIGID) continue;
        lever(b, k->point, k->normal, l);
        int angular = b->dimension == 2 ? 1 : 3;
        for (int i = 0; i < angular; i++) v[b->first_dof + b->dimension + i] += sign * lambda * l[i];
    }
}

static void check_momenta(const scene *s, const double *v, const char *what)
{
    double scale = scene_momentum_scale(s, s->velocity), l0[3], l1[3];
    const double origin[3] = {0, 0, 0};
    for (int k = -1; k < s->contact_count; k++) {
        const double *about = k < 0 ? origin : s->contact[k].point;
        if (k < 0 && scene_has_static(s)) continue;
        if (k >= 0 && s->contact_count > 1 && scene_has_static(s)) continue;
        scene_angular_momentum(s, s->velocity, about, l0);
        scene_angular_momentum(s, v, about, l1);
        /* lengths in these scenes are of order 1..10 */
        double reach = 10 + sqrt(scene_dot(3, about, about));
        for (int i = 0; i < 3; i++)
            CHECK(fabs(l1[i] - l0[i]) <= 1e-12 * scale * reach, "%s: angular momentum %d about %s %.17g -> %.17g", what,
                  i, k < 0 ? "the origin" : "the contact", l0[i], l1[i]);
    }
    if (scene_has_static(s)) return;
    scene_linear_momentum(s, s->velocity, l0);
    scene_linear_momentum(s, v, l1);
    for (int i = 0; i < 3; i++)
        CHECK(fabs(l1[i] - l0[i]) <= 1e-12 * scale, "%s: linear momentum %d %.17g -> %.17g", what, i, l0[i], l1[i]);
}

static void compare(const scene *s, const double *got, const double *want, const char *what)
{
    for (int i = 0; i < s->dof_count; i++)
        CHECK(fabs(got[i] - want[i]) <= 1e-12 * (1 + fabs(want[i])), "%s: dof %d is %.17g, expected %.17g", what, i,
              got[i], want[i]);
}

static void test_corner_drop(void)
{
    scene *s = scene_create();
    scene_rng rng;
    scene_seed(&rng, 21);
    for (int trial = 0; trial < 300; trial++) {
        int d = 2 + trial % 2;
        double half[3], rotation[9], axis[3] = {0, 0, 1}, v[3], w[3] = {0, 0, 0}, m = scene_uniform(&rng, 0.2, 5);
        for (int i = 0; i < 3; i++) {
            half[i] = scene_uniform(&rng, 0.2, 2);
            v[i] = scene_normal(&rng);
        }
        v[1] = -0.5 - fabs(v[1]);
        if (d == 3) scene_unit_vector(&rng, 3, axis);
        scene_rotation(axis, scene_uniform(&rng, -M_PI, M_PI), rotation);
        scene_box_on_floor(s, d, m, half, rotation, v, w);
        const double c = trial % 3 == 0 ? 1.0 : scene_uniform(&rng, 0, 1);
        double want[6], un = scene_normal_velocity(s, 0, s->velocity);
        textbook(s, c, want);
        const scene_body *b = &s->body[0];
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
            rc_impact_options o = scene_operator(which);
            o.restitution = c;
            scene_outcome out;
            char what[96];
            snprintf(what, sizeof what, "corner drop %dD trial %d c %.3g %s", d, trial, c, scene_operator_name(which));
            CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "%s: %s", what, rc_error_get());
            compare(s, out.velocity, want, what);
            CHECK(fabs(scene_normal_velocity(s, 0, out.velocity) + c * un) <= 1e-12 * fabs(un),
                  "%s: u_n %.17g -> %.17g", what, un, scene_normal_velocity(s, 0, out.velocity));
            /* the spin's direction from the lever arm: r x n with n = (0, 1) */
            double r[3] = {0, 0, 0}, rn[3], iw[3], dw[3] = {0, 0, 0};
            for (int i = 0; i < d; i++) r[i] = -b->position[i];
            if (d == 2) {
                CHECK(out.velocity[2] * r[0] > 0 || fabs(r[0]) < 1e-9,
                      "%s: spins at %.17g with the corner at r_x = %.17g", what, out.velocity[2], r[0]);
            } else {
                const double up[3] = {0, 1, 0};
                scene_cross(r, up, rn);
                for (int i = 0; i < 3; i++) dw[i] = out.velocity[3 + i] - s->velocity[3 + i];
                scene_mat_vec(b->inertia, dw, iw);
                /* I dw is parallel to r x n, with the impulse's sign: lambda > 0 */
                double along = scene_dot(3, iw, rn), cross[3];
                scene_cross(iw, rn, cross);
                CHECK(along > 0, "%s: I dw . (r x n) = %.17g", what, along);
                CHECK(sqrt(scene_dot(3, cross, cross)) <= 1e-12 * fabs(along) + 1e-15, "%s: I dw not along r x n",
                      what);
            }
            if (c == 1.0) CHECK_CLOSE(scene_energy(s, out.velocity), scene_energy(s, s->velocity), 1e-12, what);
            check_momenta(s, out.velocity, what);
        }
    }
    scene_destroy(s);
}

/* A square standing on a corner right below its centre (45 degrees) bounces without spin. */
static void test_corner_below_centre(void)
{
    scene *s = scene_create();
    const double half[3] = {1, 1, 1}, axis[3] = {0, 0, 1}, v[3] = {0.3, -1, 0}, w[3] = {0, 0, 0};
    double rotation[9];
    scene_rotation(axis, M_PI / 4, rotation);
    scene_box_on_floor(s, 2, 1.0, half, rotation, v, w);
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
        rc_impact_options o = scene_operator(which);
        scene_outcome out;
        CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "square on a corner: %s", rc_error_get());
        CHECK(fabs(out.velocity[0] - 0.3) <= 1e-12 && fabs(out.velocity[1] - 1) <= 1e-12 &&
                  fabs(out.velocity[2]) <= 1e-12,
              "square on a corner, %s: (%.17g, %.17g, %.17g), expected (0.3, 1, 0)", scene_operator_name(which),
              out.velocity[0], out.velocity[1], out.velocity[2]);
    }
    scene_destroy(s);
}

/* Rigid bodies and balls touching each other, no wall. Two bodies and one contact: the textbook answer for both.
 * Clusters (tree-like, 3 to 8 bodies): the momenta. Every operator keeps the momenta. */
static void test_without_walls(void)
{
    scene *s = scene_create();
    for (uint64_t seed = 1; seed <= 600; seed++) {
        scene_rng rng;
        scene_seed(&rng, 500 + seed);
        int d = 2 + (int)(seed % 2);
        bool pair = seed % 4 < 2;
        scene_random_rigid(s, &rng, d, pair ? 2 : 3 + scene_below(&rng, 6), 0);
        if (pair && scene_normal_velocity(s, 0, s->velocity) >= 0) continue;
        double c = pair || seed % 3 == 0 ? scene_uniform(&rng, 0, 1) : 1.0, want[12];
        if (pair) textbook(s, c, want);
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
            rc_impact_options o = scene_operator(which);
            o.restitution = c;
            scene_outcome out;
            char what[96];
            snprintf(what, sizeof what, "%s %dD seed %llu %s", pair ? "two bodies" : "rigid cluster", d,
                     (unsigned long long)seed, scene_operator_name(which));
            CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "%s: %s", what, rc_error_get());
            if (pair) compare(s, out.velocity, want, what);
            check_momenta(s, out.velocity, what);
        }
    }
    scene_destroy(s);
}

/* A box flat on the floor, falling and sliding without spin: a contact at each bottom corner. */
static void test_flat_box(void)
{
    scene *s = scene_create();
    const double up[3] = {0, 1, 0};
    for (int d = 2; d <= 3; d++)
        for (int c = 0; c <= 1; c++) {
            const double half[3] = {1.5, 0.5, 0.8}, centre[3] = {0, 0.5, 0}, v[3] = {0.4, -2, -0.3}, w[3] = {0, 0, 0},
                         m = 2.0;
            double inertia[9];
            const double identity[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
            if (d == 2) inertia[0] = scene_box2_inertia(m, half[0], half[1]);
            else scene_box3_inertia(m, half, identity, inertia);
            scene_clear(s);
            scene_rigid(s, d, m, inertia, centre, v, w);
            for (int corner = 0; corner < (d == 2 ? 2 : 4); corner++) {
                double p[3] = {(corner & 1 ? 1 : -1) * half[0], 0, (corner & 2 ? 1 : -1) * half[2]};
                scene_contact_add(s, 0, -1, p, up);
            }
            rc_impact_options o = scene_options(RC_IMPACT_OPERATOR_GR, RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC);
            o.restitution = c;
            scene_outcome out;
            CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "flat box %dD: %s", d, rc_error_get());
            double want[6] = {v[0], c ? -v[1] : 0.0, d == 3 ? v[2] : 0.0, 0, 0, 0};
            char what[64];
            snprintf(what, sizeof what, "flat box %dD c %d, GR", d, c);
            compare(s, out.velocity, want, what);
            if (c == 0) {
                /* any operator: the inelastic answer is a projection, unique */
                o = scene_options(RC_IMPACT_OPERATOR_GS, RC_GAUSS_SEIDEL_ORDER_SWEEP);
                o.restitution = 0;
                CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "flat box %dD GS: %s", d, rc_error_get());
                compare(s, out.velocity, want, "flat box, inelastic, GS");
            }
        }
    scene_destroy(s);
}

int main(void)
{
    test_corner_drop();
    test_corner_below_centre();
    test_without_walls();
    test_flat_box();
    return check_finish();
}
