/* SPDX-License-Identifier: MIT */
/* Implicit equality constraints (Vouga et al. 2017, section 4 "Lineality subspaces", Fig. 2, Algorithm 2).
 *
 * Oracles:
 * - A ball wedged between two parallel walls, or two balls between them (Fig. 2, left and centre): every
 *   reflection only flips horizontal velocities, so without lineality detection no operator ever reaches a
 *   feasible velocity (unless the horizontal velocity is zero): with a budget the resolve runs it out. The impulses
 *   are horizontal (NORM), so the vertical velocities never change, and the energy is kept (KIN).
 * - With detection, the contacts whose gradients have a positive combination summing to zero are exactly the
 *   implicit equalities (section 4): the walls' and the balls' contacts, spanning 1 (one ball) or 2 (two balls)
 *   dimensions. Projecting them out in the M metric removes all horizontal velocity and keeps the vertical one; a
 *   contact orthogonal to them (a ball resting on top of the wedged one) is resolved as if they were absent.
 * - The detection LP on the paper's generic examples: an opposing pair (both), the Fig. 2 centre gradients (all
 *   three, dimension 2), the redundant but not opposing trio (1,1), (-1,1), (0,1) (none); and others whose cancelling
 *   combinations are found by hand. The answer does not depend on the masses (they only rescale gradients).
 * - Negative controls: a ball in a corner or in a wedge of two non-parallel walls has no implicit equality and
 *   ends without detection.
 * - Options without detection and without a budget warn (rc_warnings_get) exactly when the elastic loop runs
 *   (restitution above 0). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "scenes.h"

enum { BUDGET = 10000 };

/* A ball of radius 1 at the origin between walls at x = -1 and x = +1 (contacts 0 and 1), in 2 or 3 dimensions. */
static void build_wedged_ball(scene *s, int d, double mass, const double *v)
{
    const double origin[3] = {0, 0, 0}, left[3] = {-1, 0, 0}, right[3] = {1, 0, 0}, east[3] = {1, 0, 0},
                 west[3] = {-1, 0, 0};
    scene_clear(s);
    int ball = scene_ball(s, d, mass, origin, v);
    scene_contact_add(s, ball, -1, left, east);
    scene_contact_add(s, ball, -1, right, west);
}

/* Fig. 2, centre: balls of radius 1 at (-1, 0) and (1, 0) between walls at x = -2 and x = 2; contacts numbered from
 * left to right: wall-ball 0, ball 0-ball 1, ball 1-wall. */
static void build_wedged_pair(scene *s, const double *masses, const double *v0, const double *v1)
{
    const double x0[2] = {-1, 0}, x1[2] = {1, 0}, left[2] = {-2, 0}, right[2] = {2, 0}, east[2] = {1, 0},
                 west[2] = {-1, 0};
    scene_clear(s);
    int a = scene_ball(s, 2, masses[0], x0, v0), b = scene_ball(s, 2, masses[1], x1, v1);
    scene_contact_add(s, a, -1, left, east);
    scene_touch(s, b, a, 1.0);
    scene_contact_add(s, b, -1, right, west);
}

static void check_stuck(const scene *s, const char *what)
{
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
        rc_impact_options o = scene_operator(which);
        o.lineality = false;
        o.max_iterations = BUDGET;
        scene_outcome out;
        rc_status st = scene_resolve(s, &o, &out);
        CHECK(st == RC_STATUS_NOT_TERMINATED, "%s without lineality, %s: status %s", what, scene_operator_name(which),
              rc_status_name(st));
        CHECK(out.result.status == RC_STATUS_NOT_TERMINATED, "%s, %s: result status %s", what,
              scene_operator_name(which), rc_status_name(out.result.status));
        CHECK(out.result.iterations == BUDGET, "%s, %s: %lld iterations for a budget of %d", what,
              scene_operator_name(which), (long long)out.result.iterations, BUDGET);
        /* the velocities reached: vertical untouched, energy kept, still infeasible */
        for (int i = 0; i < s->body_count; i++)
            for (int j = 1; j < s->body[i].dimension; j++) {
                int dof = s->body[i].first_dof + j;
                CHECK(fabs(out.velocity[dof] - s->velocity[dof]) <= 1e-12, "%s, %s: dof %d moved from %.17g to %.17g",
                      what, scene_operator_name(which), dof, s->velocity[dof], out.velocity[dof]);
            }
        CHECK_CLOSE(scene_energy(s, out.velocity), scene_energy(s, s->velocity), 1e-12, what);
        CHECK(scene_min_relative(s, out.velocity) < -1e-6, "%s, %s: feasible (%.3g) though the loop cannot end", what,
              scene_operator_name(which), scene_min_relative(s, out.velocity));
    }
}

/* With detection: RC_STATUS_OK, the expected set, horizontal velocities (dof 0 of each ball) zero, the others kept. */
static void check_resolved(const scene *s, const int *expected, int count, int dimension, const char *what)
{
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
        rc_impact_options o = scene_operator(which);
        o.max_iterations = BUDGET;
        scene_outcome out;
        rc_status st = scene_resolve(s, &o, &out);
        CHECK(st == RC_STATUS_OK, "%s with lineality, %s: status %s", what, scene_operator_name(which),
              rc_status_name(st));
        CHECK(out.result.lineality_count == count, "%s, %s: %d implicit equalities, expected %d", what,
              scene_operator_name(which), out.result.lineality_count, count);
        CHECK(out.result.lineality_dimension == dimension, "%s, %s: lineality dimension %d, expected %d", what,
              scene_operator_name(which), out.result.lineality_dimension, dimension);
        for (int i = 0; i < count && i < out.result.lineality_count; i++)
            CHECK(out.lineality[i] == expected[i], "%s: implicit equality %d is contact %d, expected %d", what, i,
                  out.lineality[i], expected[i]);
        for (int i = 0; i < s->body_count; i++)
            for (int j = 0; j < s->body[i].dimension; j++) {
                int dof = s->body[i].first_dof + j;
                double want = j == 0 ? 0.0 : s->velocity[dof];
                CHECK(fabs(out.velocity[dof] - want) <= 1e-12, "%s, %s: dof %d is %.17g, expected %.17g", what,
                      scene_operator_name(which), dof, out.velocity[dof], want);
            }
        CHECK(scene_min_relative(s, out.velocity) >= -1e-9, "%s: infeasible at the end", what);
    }
}

static void test_wedged_ball(void)
{
    scene *s = scene_create();
    const int both[2] = {0, 1};
    const double v2[2] = {0.8, 0.6}, v3[3] = {-0.5, 0.3, -0.2};
    build_wedged_ball(s, 2, 1.7, v2);
    check_stuck(s, "wedged ball 2D");
    check_resolved(s, both, 2, 1, "wedged ball 2D");
    build_wedged_ball(s, 3, 0.4, v3);
    check_stuck(s, "wedged ball 3D");
    check_resolved(s, both, 2, 1, "wedged ball 3D");
    /* moving only vertically: nothing is violated, nothing is done */
    const double up[2] = {0.0, 1.0};
    build_wedged_ball(s, 2, 1.0, up);
    rc_impact_options o = rc_impact_default_options();
    o.lineality = false;
    o.max_iterations = BUDGET;
    scene_outcome out;
    CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK && out.result.iterations == 0,
          "vertical wedged ball: %lld iterations", (long long)out.result.iterations);
    scene_destroy(s);
}

static void test_wedged_pair(void)
{
    scene *s = scene_create();
    const int all[3] = {0, 1, 2};
    const double masses[2] = {1.0, 2.0}, v0[2] = {0.5, 0.2}, v1[2] = {-0.3, -0.4}, w1[2] = {0.5, -0.4};
    build_wedged_pair(s, masses, v0, v1);
    check_stuck(s, "wedged pair");
    check_resolved(s, all, 3, 2, "wedged pair");
    /* only the right wall violated at first (both moving right) */
    build_wedged_pair(s, masses, v0, w1);
    check_stuck(s, "wedged pair moving right");
    check_resolved(s, all, 3, 2, "wedged pair moving right");
    scene_destroy(s);
}

/* The wedged ball A (contacts 0, 1) with a ball B resting on top (contact 2, vertical normal) falling on it: the
 * projection removes A's horizontal velocity and leaves the vertical contact alone, which then acts as a 1D elastic
 * collision: vA' = 2 mB vB / (mA + mB), vB' = (mB - mA) vB / (mA + mB). */
static void test_wedged_with_ball_on_top(void)
{
    scene *s = scene_create();
    const double ma = 1.0, mb = 3.0, va[2] = {0.3, 0.0}, vb[2] = {0.0, -1.0}, top[2] = {0, 2};
    build_wedged_ball(s, 2, ma, va);
    int b = scene_ball(s, 2, mb, top, vb);
    scene_touch(s, 0, b, 1.0);
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
        rc_impact_options o = scene_operator(which);
        scene_outcome out;
        rc_status st = scene_resolve(s, &o, &out);
        CHECK(st == RC_STATUS_OK, "ball on wedged ball, %s: %s", scene_operator_name(which), rc_status_name(st));
        CHECK(out.result.lineality_count == 2 && out.result.lineality_dimension == 1,
              "ball on wedged ball: %d implicit equalities of dimension %d", out.result.lineality_count,
              out.result.lineality_dimension);
        const double expected[4] = {0.0, 2 * mb * vb[1] / (ma + mb), 0.0, (mb - ma) * vb[1] / (ma + mb)};
        for (int i = 0; i < 4; i++)
            CHECK(fabs(out.velocity[i] - expected[i]) <= 1e-12,
                  "ball on wedged ball, %s: dof %d is %.17g, expected %.17g", scene_operator_name(which), i,
                  out.velocity[i], expected[i]);
    }
    scene_destroy(s);
}

/* Two wedged balls far apart: two islands, each with its own implicit equalities. */
static void test_two_islands(void)
{
    scene *s = scene_create();
    const double origin[2] = {0, 0}, far[2] = {10, 0}, va[2] = {1, 1}, vb[2] = {-2, 0.5};
    const double p[4][2] = {{-1, 0}, {1, 0}, {9, 0}, {11, 0}}, east[2] = {1, 0}, west[2] = {-1, 0};
    int a = scene_ball(s, 2, 1.0, origin, va), b = scene_ball(s, 2, 2.0, far, vb);
    scene_contact_add(s, a, -1, p[0], east);
    scene_contact_add(s, b, -1, p[2], east);
    scene_contact_add(s, a, -1, p[1], west);
    scene_contact_add(s, b, -1, p[3], west);
    const int all[4] = {0, 1, 2, 3};
    check_resolved(s, all, 4, 2, "two wedged balls");
    scene_destroy(s);
}

/* Negative controls: a corner (normals (1,0), (0,1)) and a wedge of half-angle 0.3 rad: no implicit equality, and
 * the loop ends without detection. In the corner each wall reflects its own component: (-1,-2) -> (1, 2). */
static void test_no_lineality(void)
{
    scene *s = scene_create();
    const double origin[2] = {0, 0}, v[2] = {-1, -2}, p0[2] = {-1, 0}, n0[2] = {1, 0}, p1[2] = {0, -1}, n1[2] = {0, 1};
    scene_ball(s, 2, 1.0, origin, v);
    scene_contact_add(s, 0, -1, p0, n0);
    scene_contact_add(s, 0, -1, p1, n1);
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++)
        for (int lineality = 0; lineality < 2; lineality++) {
            rc_impact_options o = scene_operator(which);
            o.lineality = lineality;
            o.max_iterations = BUDGET;
            scene_outcome out;
            CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "corner, %s: not resolved", scene_operator_name(which));
            CHECK(out.result.lineality_count == 0, "corner: %d implicit equalities", out.result.lineality_count);
            CHECK(fabs(out.velocity[0] - 1) <= 1e-12 && fabs(out.velocity[1] - 2) <= 1e-12,
                  "corner, %s: (%.17g, %.17g), expected (1, 2)", scene_operator_name(which), out.velocity[0],
                  out.velocity[1]);
        }
    /* a wedge: walls through the origin region with normals (+-cos a, sin a), the ball falling into it */
    const double half = 0.3, down[2] = {0.2, -1};
    scene_clear(s);
    scene_ball(s, 2, 1.0, origin, down);
    for (int side = -1; side <= 1; side += 2) {
        double n[2] = {side * cos(half), sin(half)}, p[2] = {-n[0], -n[1]};
        scene_contact_add(s, 0, -1, p, n);
    }
    for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
        rc_impact_options o = scene_operator(which);
        o.lineality = false;
        o.max_iterations = BUDGET;
        scene_outcome out;
        CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "wedge, %s: not resolved", scene_operator_name(which));
        CHECK(scene_min_relative(s, out.velocity) >= -1e-9, "wedge, %s: infeasible", scene_operator_name(which));
        CHECK_CLOSE(scene_energy(s, out.velocity), scene_energy(s, s->velocity), 1e-12, "wedge energy");
    }
    scene_destroy(s);
}

/* The warning that options give up termination: only the elastic loop (restitution above 0) without detection and
 * without a budget may run forever (section 4.1, Fig. 1), whether the options come to a new solver or an old one. */
static void test_no_lineality_warning(void)
{
    static const struct {
        bool lineality;
        double restitution;
        int64_t budget;
        bool warned;
    } rows[] = {
        {false, 1, 0, true}, {false, 0.5, 0, true}, {false, 0, 0, false}, {false, 1, 10, false}, {true, 1, 0, false}};
    const char *expected = "lineality is off and max_iterations is 0 (no budget): an impact with implicit equality "
                           "constraints (a wedged ball) may never finish resolving\n";
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
        for (int existing = 0; existing < 2; existing++) {
            rc_impact_options o = rc_impact_default_options();
            o.lineality = rows[i].lineality;
            o.restitution = rows[i].restitution;
            o.max_iterations = rows[i].budget;
            rc_impact_solver *solver = NULL;
            rc_warnings_clear();
            rc_status s = rc_impact_solver_create(existing ? NULL : &o, &solver);
            if (existing) {
                CHECK(rc_warnings_get()[0] == '\0', "default options warned: %s", rc_warnings_get());
                if (!s) s = rc_impact_solver_set_options(solver, &o);
            }
            CHECK(s == RC_STATUS_OK, "row %zu: options refused: %s", i, rc_error_get());
            const char *w = rc_warnings_get();
            CHECK(rows[i].warned ? strcmp(w, expected) == 0 : w[0] == '\0', "row %zu (%s solver): warnings \"%s\"", i,
                  existing ? "existing" : "new", w);
            rc_impact_solver_destroy(solver);
        }
}

/* ---- the detection LP alone, on generic gradients -------------------------------------------------------- */

typedef struct cone_case {
    const char *name;
    int n, m;
    double gradient[6][4]; /* m rows of n entries (dense, zeros included) */
    int count, dimension;
    int expected[6];
} cone_case;

static const cone_case CASES[] = {
    {"opposing pair", 2, 2, {{1, 0}, {-1, 0}}, 2, 1, {0, 1}},
    {"Fig. 2 centre", 4, 3, {{1, 0, 0, 0}, {-1, 0, 1, 0}, {0, 0, -1, 0}}, 3, 2, {0, 1, 2}},
    {"redundant trio", 2, 3, {{1, 1}, {-1, 1}, {0, 1}}, 0, 0, {0}},
    {"pointed triangle", 2, 3, {{1, 0}, {-1, 1}, {0, -1}}, 3, 2, {0, 1, 2}},
    {"pair and a bystander", 2, 3, {{1, 0}, {0, 1}, {-1, 0}}, 2, 1, {0, 2}},
    {"simplex in 3D", 3, 4, {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, -1, -1}}, 4, 3, {0, 1, 2, 3}},
    {"plane in 3D", 3, 4, {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}, {-1, -1, 0}}, 3, 2, {0, 2, 3}},
    {"two pairs", 4, 5, {{1, 0, 0, 0}, {0, 0, 1, 0}, {0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, -1, 0}}, 4, 2, {0, 1, 3, 4}},
    {"acute cone", 3, 3, {{1, 0, 0}, {0, 1, 0}, {-1, -1, 1}}, 0, 0, {0}},
};

static void build_cone(scene *s, const cone_case *c, const double *masses, const double *velocity)
{
    int dofs[4] = {0, 1, 2, 3};
    scene_clear(s);
    scene_dofs(s, c->n, masses, velocity);
    for (int k = 0; k < c->m; k++) scene_constraint(s, c->n, dofs, c->gradient[k]);
}

static void test_detection_lp(void)
{
    scene *s = scene_create();
    const double masses[2][4] = {{1, 1, 1, 1}, {3, 0.25, 7, 0.5}}, zero[4] = {0, 0, 0, 0};
    const double tolerances[2] = {1e-12, 0.0};
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++)
        for (int mass = 0; mass < 2; mass++)
            for (int t = 0; t < 2; t++) {
                const cone_case *c = &CASES[i];
                build_cone(s, c, masses[mass], zero);
                rc_impact_options o = rc_impact_default_options();
                o.tolerance = tolerances[t];
                rc_impact_solver *solver;
                rc_impact_solver_create(&o, &solver);
                int indices[8] = {-1, -1, -1, -1, -1, -1, -1, -1}, count = -1, dimension = -1;
                rc_status st = rc_impact_solver_lineality(solver, s->problem, indices, &count, &dimension);
                rc_impact_solver_destroy(solver);
                CHECK(st == RC_STATUS_OK, "%s: %s", c->name, rc_error_get());
                CHECK(count == c->count, "%s (masses %d, tol %g): %d implicit equalities, expected %d", c->name, mass,
                      tolerances[t], count, c->count);
                CHECK(dimension == c->dimension, "%s (masses %d, tol %g): dimension %d, expected %d", c->name, mass,
                      tolerances[t], dimension, c->dimension);
                for (int j = 0; j < c->count && j < count; j++)
                    CHECK(indices[j] == c->expected[j], "%s: implicit equality %d is %d, expected %d", c->name, j,
                          indices[j], c->expected[j]);
            }
    scene_destroy(s);
}

/* Resolving generic cones: the velocity loses exactly its components along the implicit equalities (all unit
 * masses here, so the M projection is the Euclidean one) and keeps the rest. */
static void test_generic_projection(void)
{
    scene *s = scene_create();
    const double ones[4] = {1, 1, 1, 1};
    const double v_pair[2] = {3, 4}, v_fig2[4] = {1, 2, -1, 5};
    const double want_pair[2] = {0, 4}, want_fig2[4] = {0, 2, 0, 5};
    const cone_case *cases[2] = {&CASES[0], &CASES[1]};
    const double *vs[2] = {v_pair, v_fig2}, *wants[2] = {want_pair, want_fig2};
    for (int i = 0; i < 2; i++) {
        build_cone(s, cases[i], ones, vs[i]);
        for (int which = 0; which < SCENE_OPERATOR_COUNT; which++) {
            rc_impact_options o = scene_operator(which);
            scene_outcome out;
            CHECK(scene_resolve(s, &o, &out) == RC_STATUS_OK, "%s resolve, %s", cases[i]->name,
                  scene_operator_name(which));
            for (int j = 0; j < cases[i]->n; j++)
                CHECK(fabs(out.velocity[j] - wants[i][j]) <= 1e-12, "%s, %s: dof %d is %.17g, expected %g",
                      cases[i]->name, scene_operator_name(which), j, out.velocity[j], wants[i][j]);
        }
    }
    scene_destroy(s);
}

int main(void)
{
    test_wedged_ball();
    test_wedged_pair();
    test_wedged_with_ball_on_top();
    test_two_islands();
    test_no_lineality();
    test_no_lineality_warning();
    test_detection_lp();
    test_generic_projection();
    return check_finish();
}
