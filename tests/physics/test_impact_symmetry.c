/* SPDX-License-Identifier: MIT */
/* Symmetry of the impact operators (Vouga et al. 2017, section 2 "Relation to Common Operators": global operators
 * such as Generalized Reflections avoid the artificial symmetry-breaking of pairwise methods; Smith et al. 2012).
 *
 * Oracles:
 * - Bernoulli's problem: a striker moving along the symmetry axis hits two touching balls placed mirror-
 *   symmetrically. The problem is invariant under the mirror y -> -y (which swaps the two balls), and so is GR's
 *   answer, to rounding. Pairwise Gauss-Seidel must treat one contact first, so its answer is not symmetric.
 * - A pool break (a cue ball on the axis of a triangle of touching balls) and a striker hitting a square of four
 *   balls in 3D: the same mirror symmetries for GR.
 * - GR is defined by the set of violated contacts, not by their numbering: renumbering the contacts does not change
 *   its answer. Both operators are rotation-equivariant: rotating the whole scene rotates the answer. */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "scenes.h"

/* max over balls i of |L v_i - v_image(i)|, for a linear map L of the velocity (d x d, row-major in 3x3). */
static double asymmetry(const scene *s, const double *v, const int *image, const double *map)
{
    int d = s->dimension;
    double worst = 0;
    for (int i = 0; i < s->body_count; i++) {
        const double *u = v + s->body[i].first_dof, *w = v + s->body[image[i]].first_dof;
        for (int r = 0; r < d; r++) {
            double lu = 0;
            for (int c = 0; c < d; c++) lu += map[3 * r + c] * u[c];
            worst = fmax(worst, fabs(lu - w[r]));
        }
    }
    return worst;
}

static const double MIRROR_Y[9] = {1, 0, 0, 0, -1, 0, 0, 0, 1};
static const double MIRROR_Z[9] = {1, 0, 0, 0, 1, 0, 0, 0, -1};
static const double SWAP_YZ[9] = {1, 0, 0, 0, 0, 1, 0, 1, 0};

/* Bernoulli's problem: balls 1 and 2 at (0, +-1) touch at the origin; the striker (ball 0) at (-sqrt 3, 0) touches
 * both and moves at (1, 0). Masses: striker ms, the pair m. */
static void build_bernoulli(scene *s, double ms, double m, bool reversed)
{
    const double xs[2] = {-sqrt(3.0), 0.0}, x1[2] = {0, 1}, x2[2] = {0, -1}, vs[2] = {1, 0}, rest[2] = {0, 0};
    scene_clear(s);
    scene_ball(s, 2, ms, xs, vs);
    scene_ball(s, 2, m, x1, rest);
    scene_ball(s, 2, m, x2, rest);
    if (!reversed) {
        scene_touch(s, 0, 1, 1.0);
        scene_touch(s, 0, 2, 1.0);
        scene_touch(s, 1, 2, 1.0);
    } else {
        scene_touch(s, 1, 2, 1.0);
        scene_touch(s, 0, 2, 1.0);
        scene_touch(s, 0, 1, 1.0);
    }
}

static void test_bernoulli(void)
{
    scene *s = scene_create();
    const int image[3] = {0, 2, 1};
    const double masses[][2] = {{1, 1}, {1, 3}, {2.5, 0.5}};
    for (int k = 0; k < 3; k++) {
        build_bernoulli(s, masses[k][0], masses[k][1], false);
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
            rc_impact_options o = scene_operator(which);
            scene_outcome out;
            rc_status st = scene_resolve(s, &o, &out);
            CHECK(st == RC_STATUS_OK, "Bernoulli %s: %s", scene_operator_name(which), rc_status_name(st));
            double a = asymmetry(s, out.velocity, image, MIRROR_Y);
            if (o.op == RC_IMPACT_OPERATOR_GR) {
                CHECK(a <= 1e-14, "Bernoulli masses %g/%g, GR: asymmetry %.3g", masses[k][0], masses[k][1], a);
                CHECK(out.result.iterations >= 1, "Bernoulli GR made no step");
            } else {
                CHECK(a > 1e-6, "Bernoulli masses %g/%g, %s: asymmetry only %.3g", masses[k][0], masses[k][1],
                      scene_operator_name(which), a);
            }
            /* elastic: the energy holds for every operator */
            CHECK_CLOSE(scene_energy(s, out.velocity), scene_energy(s, s->velocity), 1e-12, "Bernoulli energy");
        }
        /* random order, several seeds: never symmetric either */
        for (uint64_t seed = 1; seed <= 20; seed++) {
            rc_impact_options o = scene_options(RC_IMPACT_OPERATOR_GS, RC_GAUSS_SEIDEL_ORDER_RANDOM);
            o.seed = seed;
            scene_outcome out;
            scene_resolve(s, &o, &out);
            double a = asymmetry(s, out.velocity, image, MIRROR_Y);
            CHECK(a > 1e-6, "Bernoulli, random order seed %llu: asymmetry only %.3g", (unsigned long long)seed, a);
        }
    }
    scene_destroy(s);
}

/* A pool break: rows r = 0..rows-1 of r+1 touching balls of radius 1 at x = r sqrt 3, y = 2j - r, and a cue ball
 * at (-2, 0) moving at (1, 0); contacts between every touching pair, in the order given by `reversed`. Ball i has
 * mass 1 + spread i (spread 0: all equal, the mirror-symmetric break). The layout is rotated by angle (velocities
 * too). image[] receives each ball's mirror image across the axis. */
static void build_pool(scene *s, int rows, double spread, double angle, bool reversed, int *image)
{
    double c = cos(angle), sn = sin(angle), pos[64][2];
    int count = 0;
    pos[count][0] = -2.0, pos[count][1] = 0.0, image[count] = count, count++;
    for (int r = 0; r < rows; r++)
        for (int j = 0; j <= r; j++) {
            pos[count][0] = r * sqrt(3.0);
            pos[count][1] = 2.0 * j - r;
            image[count] = count - j + (r - j);
            count++;
        }
    scene_clear(s);
    for (int i = 0; i < count; i++) {
        double x[2] = {c * pos[i][0] - sn * pos[i][1], sn * pos[i][0] + c * pos[i][1]};
        double v[2] = {i == 0 ? c : 0.0, i == 0 ? sn : 0.0};
        scene_ball(s, 2, 1.0 + spread * i, x, v);
    }
    int pairs[256][2], n = 0;
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++) {
            double dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1];
            if (fabs(sqrt(dx * dx + dy * dy) - 2.0) < 1e-9) pairs[n][0] = i, pairs[n][1] = j, n++;
        }
    for (int k = 0; k < n; k++) {
        int at = reversed ? n - 1 - k : k;
        scene_touch(s, pairs[at][0], pairs[at][1], 1.0);
    }
}

static void test_pool_break(void)
{
    scene *s = scene_create();
    int image[64];
    for (int rows = 2; rows <= 5; rows++) {
        build_pool(s, rows, 0.0, 0.0, false, image);
        rc_impact_options o = scene_options(RC_IMPACT_OPERATOR_GR, RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC);
        scene_outcome out;
        rc_status st = scene_resolve(s, &o, &out);
        CHECK(st == RC_STATUS_OK, "pool break %d rows: %s", rows, rc_status_name(st));
        double a = asymmetry(s, out.velocity, image, MIRROR_Y);
        CHECK(a <= 1e-13, "pool break %d rows, GR: asymmetry %.3g", rows, a);
        o = scene_options(RC_IMPACT_OPERATOR_GS, RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC);
        scene_resolve(s, &o, &out);
        a = asymmetry(s, out.velocity, image, MIRROR_Y);
        CHECK(a > 1e-6, "pool break %d rows, pairwise GS: asymmetry only %.3g", rows, a);
    }
    scene_destroy(s);
}

/* 3D: four unit balls at (0, +-1, +-1) (a square of side 2) and a striker at (-sqrt 2, 0, 0), touching all four,
 * moving at (1, 0, 0). Symmetric under y -> -y, z -> -z and y <-> z. */
static void test_square_3d(void)
{
    scene *s = scene_create();
    const double striker[3] = {-sqrt(2.0), 0, 0}, vs[3] = {1, 0, 0}, rest[3] = {0, 0, 0};
    scene_ball(s, 3, 1.5, striker, vs);
    for (int i = 0; i < 4; i++) {
        double x[3] = {0, i & 1 ? 1.0 : -1.0, i & 2 ? 1.0 : -1.0};
        scene_ball(s, 3, 1.0, x, rest);
    }
    for (int i = 1; i <= 4; i++) scene_touch(s, 0, i, 1.0);
    const int edges[4][2] = {{1, 2}, {1, 3}, {2, 4}, {3, 4}};
    for (int e = 0; e < 4; e++) scene_touch(s, edges[e][0], edges[e][1], 1.0);
    /* ball 1 + (i & 1) + 2 (i & 2 ? 1 : 0): flipping y toggles bit 0, z bit 1, swapping y and z swaps the bits */
    const int flip_y[5] = {0, 2, 1, 4, 3}, flip_z[5] = {0, 3, 4, 1, 2}, swap[5] = {0, 1, 3, 2, 4};
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
        rc_impact_options o = scene_operator(which);
        scene_outcome out;
        rc_status st = scene_resolve(s, &o, &out);
        CHECK(st == RC_STATUS_OK, "3D square %s: %s", scene_operator_name(which), rc_status_name(st));
        double a = fmax(asymmetry(s, out.velocity, flip_y, MIRROR_Y),
                        fmax(asymmetry(s, out.velocity, flip_z, MIRROR_Z), asymmetry(s, out.velocity, swap, SWAP_YZ)));
        if (o.op == RC_IMPACT_OPERATOR_GR) CHECK(a <= 1e-14, "3D square, GR: asymmetry %.3g", a);
        else CHECK(a > 1e-6, "3D square, %s: asymmetry only %.3g", scene_operator_name(which), a);
    }
    scene_destroy(s);
}

/* GR's answer does not depend on how the contacts are numbered. */
static void test_renumbering(void)
{
    scene *s = scene_create(), *t = scene_create();
    int image[64];
    rc_impact_options o = scene_options(RC_IMPACT_OPERATOR_GR, RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC);
    scene_outcome a, b;
    build_bernoulli(s, 1.0, 2.0, false);
    build_bernoulli(t, 1.0, 2.0, true);
    scene_resolve(s, &o, &a);
    scene_resolve(t, &o, &b);
    for (int i = 0; i < s->dof_count; i++)
        CHECK(fabs(a.velocity[i] - b.velocity[i]) <= 1e-13, "Bernoulli renumbered: dof %d %.17g vs %.17g", i,
              a.velocity[i], b.velocity[i]);
    for (int rows = 2; rows <= 5; rows++) {
        build_pool(s, rows, 0.0, 0.0, false, image);
        build_pool(t, rows, 0.0, 0.0, true, image);
        scene_resolve(s, &o, &a);
        scene_resolve(t, &o, &b);
        for (int i = 0; i < s->dof_count; i++)
            CHECK(fabs(a.velocity[i] - b.velocity[i]) <= 1e-12, "pool %d rows renumbered: dof %d %.17g vs %.17g", rows,
                  i, a.velocity[i], b.velocity[i]);
    }
    scene_destroy(s);
    scene_destroy(t);
}

/* Rotating the scene rotates the answer (every operator; the orders depend only on rotation-invariant numbers).
 * The masses differ so that no two contacts tie exactly: the most-violated order breaks a tie by index, and after
 * a rotation rounding may break it the other way. */
static void test_rotation(void)
{
    scene *s = scene_create(), *t = scene_create();
    int image[64];
    const double angles[] = {0.3, 1.0, 2.5, -2.0};
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++)
        for (int i = 0; i < 4; i++) {
            rc_impact_options o = scene_operator(which);
            scene_outcome a, b;
            build_pool(s, 4, 0.1, 0.0, false, image);
            build_pool(t, 4, 0.1, angles[i], false, image);
            scene_resolve(s, &o, &a);
            scene_resolve(t, &o, &b);
            double c = cos(angles[i]), sn = sin(angles[i]), worst = 0;
            for (int j = 0; j < s->body_count; j++) {
                const double *u = a.velocity + 2 * j, *w = b.velocity + 2 * j;
                worst = fmax(worst, fmax(fabs(c * u[0] - sn * u[1] - w[0]), fabs(sn * u[0] + c * u[1] - w[1])));
            }
            CHECK(worst <= 1e-12, "pool break rotated by %g, %s: answers differ by %.3g", angles[i],
                  scene_operator_name(which), worst);
        }
    scene_destroy(s);
    scene_destroy(t);
}

int main(void)
{
    test_bernoulli();
    test_pool_break();
    test_square_3d();
    test_renumbering();
    test_rotation();
    return check_finish();
}
