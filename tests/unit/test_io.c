/* SPDX-License-Identifier: MIT */
/* Tests of the problem file reader (src/io, ricochet/io.h): every example reads with the contacts one counts by
 * hand, contacts come in the documented order with normals from b to a, shapes get the right mass and inertia (mass
 * or density, default density 1), the deprecated keys "half" and "angle" read as "half_extents" and "orientation"
 * with a warning, two boxes touch through the shared narrow phase (a box dropped flat on a box of equal mass:
 * e = 0 moves the pair together, e = 1 exchanges the velocities), options in the file and by name are checked, and
 * every kind of bad input fails with the field named. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "impact/problem.h"
#include "ricochet/ricochet.h"

static rc_problem_file *parse(const char *text)
{
    rc_problem_file *file = NULL;
    rc_status s = rc_problem_file_create_from_text(text, &file);
    CHECK(s == RC_STATUS_OK, "parse failed (%s): %s", rc_error_get(), text);
    return file;
}

/* ---- the examples ------------------------------------------------------------------------------------------ */

typedef struct example {
    const char *name;
    rc_problem_form form;
    int balls, rigid, contacts, dofs;
    int lineality; /* implicit-equality contacts the solver finds */
} example;

static const example examples[] = {
    {"cradle3", RC_PROBLEM_FORM_PHYSICAL, 3, 0, 2, 3, 0},
    {"cradle5", RC_PROBLEM_FORM_PHYSICAL, 5, 0, 4, 5, 0},
    {"bernoulli", RC_PROBLEM_FORM_PHYSICAL, 3, 0, 3, 6, 0},
    /* a triangle of side 5 has 3 * (5 * 4 / 2) = 30 touching pairs; the cue ball adds 1 */
    {"pool_break", RC_PROBLEM_FORM_PHYSICAL, 16, 0, 31, 32, 0},
    {"wedge", RC_PROBLEM_FORM_PHYSICAL, 1, 0, 2, 2, 0},
    {"wedged_ball", RC_PROBLEM_FORM_PHYSICAL, 1, 0, 2, 2, 2},
    /* plug: 2 ball pairs and 6 wall contacts; the fired ball: the plug's bottom ball and the left wall */
    {"geyser", RC_PROBLEM_FORM_PHYSICAL, 4, 0, 10, 8, 6},
    {"generic_cone", RC_PROBLEM_FORM_GENERIC, 0, 0, 4, 4, 0},
    {"tilted_box", RC_PROBLEM_FORM_PHYSICAL, 0, 1, 1, 3, 0},
    /* ball-floor, ball-cube, cube-sphere, 4 cube corners on the floor */
    {"cube_on_floor", RC_PROBLEM_FORM_PHYSICAL, 1, 2, 7, 15, 0},
};

static void check_example(const example *e, rc_impact_solver *solver)
{
    char path[256];
    snprintf(path, sizeof path, "examples/impact/%s.json", e->name);
    rc_problem_file *file = NULL;
    rc_status s = rc_problem_file_create_from_file(path, &file);
    CHECK(s == RC_STATUS_OK, "%s: %s", path, rc_error_get());
    if (s) return;
    const rc_problem_info *info = rc_problem_file_info(file);
    const rc_impact_problem *problem = rc_problem_file_problem(file);
    CHECK(info->form == e->form, "%s: form %d", e->name, (int)info->form);
    CHECK(info->ball_count == e->balls, "%s: %d balls", e->name, info->ball_count);
    CHECK(info->rigid_count == e->rigid, "%s: %d rigid bodies", e->name, info->rigid_count);
    CHECK(info->contact_count == e->contacts, "%s: %d contacts, expected %d", e->name, info->contact_count,
          e->contacts);
    CHECK(rc_impact_problem_contact_count(problem) == e->contacts, "%s: problem contacts", e->name);
    CHECK(rc_impact_problem_dof_count(problem) == e->dofs, "%s: %d dofs", e->name,
          rc_impact_problem_dof_count(problem));
    int indices[64], count = -1, dimension = -1;
    s = rc_impact_solver_lineality(solver, problem, indices, &count, &dimension);
    CHECK(s == RC_STATUS_OK && count == e->lineality, "%s: %d implicit equalities, expected %d", e->name, count,
          e->lineality);
    CHECK((info->contacts == NULL) == (e->form == RC_PROBLEM_FORM_GENERIC), "%s: contact descriptions", e->name);
    for (int k = 0; info->contacts && k < info->contact_count; k++)
        CHECK(fabs(info->contacts[k].gap) < 1e-12, "%s: contact %d has gap %g", e->name, k, info->contacts[k].gap);
    rc_problem_file_destroy(file);
}

static void test_examples(void)
{
    rc_impact_solver *solver;
    rc_impact_solver_create(NULL, &solver);
    for (size_t i = 0; i < sizeof examples / sizeof *examples; i++) check_example(&examples[i], solver);
    rc_impact_solver_destroy(solver);
}

/* ---- contact order, normals and points --------------------------------------------------------------------- */

static void check_contact(const rc_contact_info *c, rc_item_kind ak, int ai, rc_item_kind bk, int bi, int vertex,
                          double nx, double ny, int k)
{
    CHECK(c->a_kind == ak && c->a_index == ai && c->b_kind == bk && c->b_index == bi,
          "contact %d joins %s[%d] and %s[%d]", k, rc_item_kind_name(c->a_kind), c->a_index,
          rc_item_kind_name(c->b_kind), c->b_index);
    CHECK(c->vertex == vertex, "contact %d vertex %d", k, c->vertex);
    CHECK(fabs(c->normal[0] - nx) < 1e-15 && fabs(c->normal[1] - ny) < 1e-15, "contact %d normal (%g, %g)", k,
          c->normal[0], c->normal[1]);
}

static void test_contact_order(void)
{
    /* two balls on the floor, a disk beside them, a box beside the disk */
    rc_problem_file *file = parse("{\"dimension\": 2, \"walls\": [{\"point\": [0, 0], \"normal\": [0, 2]}],"
                                  " \"balls\": [{\"position\": [0, 1], \"radius\": 1},"
                                  "             {\"position\": [2, 1], \"radius\": 1}],"
                                  " \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [4, 1], \"radius\": 1},"
                                  "   {\"shape\": \"box\", \"position\": [6, 1], \"half_extents\": [1, 1]}]}");
    if (!file) return;
    const rc_problem_info *info = rc_problem_file_info(file);
    const rc_contact_info *c = info->contacts;
    CHECK(info->contact_count == 8, "%d contacts", info->contact_count);
    if (info->contact_count != 8) return;
    check_contact(&c[0], RC_ITEM_KIND_BALL, 0, RC_ITEM_KIND_BALL, 1, -1, -1, 0, 0);
    check_contact(&c[1], RC_ITEM_KIND_BALL, 0, RC_ITEM_KIND_WALL, 0, -1, 0, 1, 1);
    check_contact(&c[2], RC_ITEM_KIND_BALL, 1, RC_ITEM_KIND_WALL, 0, -1, 0, 1, 2);
    check_contact(&c[3], RC_ITEM_KIND_BALL, 1, RC_ITEM_KIND_RIGID_BODY, 0, -1, -1, 0, 3);
    check_contact(&c[4], RC_ITEM_KIND_RIGID_BODY, 0, RC_ITEM_KIND_RIGID_BODY, 1, -1, -1, 0, 4);
    check_contact(&c[5], RC_ITEM_KIND_RIGID_BODY, 0, RC_ITEM_KIND_WALL, 0, -1, 0, 1, 5);
    check_contact(&c[6], RC_ITEM_KIND_RIGID_BODY, 1, RC_ITEM_KIND_WALL, 0, 0, 0, 1, 6);
    check_contact(&c[7], RC_ITEM_KIND_RIGID_BODY, 1, RC_ITEM_KIND_WALL, 0, 1, 0, 1, 7);
    CHECK(c[0].point[0] == 1 && c[0].point[1] == 1, "ball pair point (%g, %g)", c[0].point[0], c[0].point[1]);
    CHECK(c[4].point[0] == 5 && c[4].point[1] == 1, "disk-box point (%g, %g)", c[4].point[0], c[4].point[1]);
    CHECK(c[6].point[0] == 5 && c[6].point[1] == 0, "box vertex 0 at (%g, %g)", c[6].point[0], c[6].point[1]);
    CHECK(c[7].point[0] == 7 && c[7].point[1] == 0, "box vertex 1 at (%g, %g)", c[7].point[0], c[7].point[1]);
    /* problem bodies: balls first, then rigid bodies; walls are static */
    const rc_impact_problem *p = rc_problem_file_problem(file);
    CHECK(p->contacts[3].body_a == 1 && p->contacts[3].body_b == 2, "contact 3 joins bodies %d and %d",
          p->contacts[3].body_a, p->contacts[3].body_b);
    CHECK(p->contacts[7].body_a == 3 && p->contacts[7].body_b == -1, "contact 7 joins bodies %d and %d",
          p->contacts[7].body_a, p->contacts[7].body_b);
    rc_problem_file_destroy(file);
}

static void test_overlap_and_tolerance(void)
{
    /* an overlap deeper than the tolerance is a contact; a gap wider than the tolerance is not */
    rc_problem_file *file = parse("{\"dimension\": 1, \"contact_tolerance\": 0.01, \"balls\": ["
                                  "{\"position\": [0], \"radius\": 1}, {\"position\": [1.5], \"radius\": 1},"
                                  "{\"position\": [3.509], \"radius\": 1}, {\"position\": [5.52], \"radius\": 1}]}");
    if (!file) return;
    const rc_problem_info *info = rc_problem_file_info(file);
    CHECK(info->contact_count == 2, "%d contacts", info->contact_count);
    CHECK_CLOSE(info->contacts[0].gap, -0.5, 1e-15, "overlap gap");
    CHECK_CLOSE(info->contacts[0].point[0], 0.75, 1e-15, "overlap point halfway");
    CHECK(info->contacts[1].a_index == 1 && info->contacts[1].b_index == 2, "second contact");
    rc_problem_file_destroy(file);
}

/* ---- shapes: mass and inertia ------------------------------------------------------------------------------ */

static void test_shapes(void)
{
    rc_problem_file *file =
        parse("{\"dimension\": 3, \"rigid_bodies\": ["
              "{\"shape\": \"box\", \"position\": [0, 0, 0], \"half_extents\": [1, 0.5, 0.25], \"mass\": 3,"
              " \"orientation\": [0.7071067811865476, 0, 0, 0.7071067811865476]},"
              "{\"shape\": \"sphere\", \"position\": [10, 0, 0], \"radius\": 2, \"density\": 1.5},"
              "{\"shape\": \"box\", \"position\": [20, 0, 0], \"half_extents\": [1, 1, 1], \"density\": 2,"
              " \"orientation\": [2, 0, 0, 0]}]}");
    if (!file) return;
    const rc_impact_problem *p = rc_problem_file_problem(file);
    const rc_body *box = &p->bodies[0], *sphere = &p->bodies[1], *cube = &p->bodies[2];
    /* body frame: Ixx = m/3 (0.25 + 0.0625), Iyy = m/3 (1 + 0.0625); a quarter turn about z swaps them */
    CHECK_CLOSE(box->inertia[0], 1.0625, 1e-14, "rotated box Ixx");
    CHECK_CLOSE(box->inertia[4], 0.3125, 1e-14, "rotated box Iyy");
    CHECK_CLOSE(box->inertia[8], 1.25, 1e-14, "rotated box Izz");
    CHECK(fabs(box->inertia[1]) < 1e-14 && box->inertia[1] == box->inertia[3], "rotated box Ixy");
    double m = 1.5 * 4.0 / 3.0 * M_PI * 8;
    CHECK_CLOSE(sphere->mass, m, 1e-14, "sphere mass from density");
    CHECK_CLOSE(sphere->inertia[0], 0.4 * m * 4, 1e-14, "sphere inertia");
    CHECK_CLOSE(cube->mass, 16, 1e-14, "cube mass from density");
    CHECK_CLOSE(cube->inertia[4], 16.0 * 2 / 3, 1e-14, "cube inertia (unnormalised quaternion)");
    rc_problem_file_destroy(file);

    file = parse("{\"dimension\": 2, \"rigid_bodies\": ["
                 "{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 2, \"mass\": 3},"
                 "{\"shape\": \"box\", \"position\": [9, 0], \"half_extents\": [1, 2], \"mass\": 3,"
                 " \"orientation\": 0.3, \"angular_velocity\": -2}]}");
    if (!file) return;
    p = rc_problem_file_problem(file);
    CHECK_CLOSE(p->bodies[0].inertia[0], 6, 1e-15, "disk inertia m r^2 / 2");
    CHECK_CLOSE(p->bodies[1].inertia[0], 5, 1e-15, "2D box inertia m (a^2 + b^2) / 3");
    CHECK(rc_impact_problem_velocity(p)[5] == -2, "2D angular velocity");
    rc_problem_file_destroy(file);
}

/* ---- the rigid-body keys shared with time-stepping scenes --------------------------------------------------- */

/* The problem's bodies and contacts are the same bits, and so are the velocities after a resolve. */
static void check_same_problem(rc_problem_file *x, rc_problem_file *y, const char *what)
{
    const rc_impact_problem *p = rc_problem_file_problem(x), *q = rc_problem_file_problem(y);
    bool same = p->body_count == q->body_count && p->contact_count == q->contact_count && p->dof_count == q->dof_count;
    for (int i = 0; same && i < p->body_count; i++)
        same = p->bodies[i].mass == q->bodies[i].mass &&
               memcmp(p->bodies[i].inertia, q->bodies[i].inertia, sizeof p->bodies[i].inertia) == 0;
    for (int k = 0; same && k < p->contact_count; k++)
        same = memcmp(p->contacts[k].point, q->contacts[k].point, sizeof p->contacts[k].point) == 0 &&
               memcmp(p->contacts[k].normal, q->contacts[k].normal, sizeof p->contacts[k].normal) == 0;
    CHECK(same, "%s: the problems differ", what);
    rc_impact_solver *solver;
    rc_impact_result rx, ry;
    if (!same || rc_impact_solver_create(rc_problem_file_options(x), &solver)) return;
    double vx[32];
    int n = p->dof_count < 32 ? p->dof_count : 32;
    CHECK(rc_impact_solver_resolve(solver, p, &rx) == RC_STATUS_OK, "%s: resolve", what);
    memcpy(vx, rx.velocity, (size_t)n * sizeof *vx);
    CHECK(rc_impact_solver_resolve(solver, q, &ry) == RC_STATUS_OK, "%s: resolve", what);
    CHECK(memcmp(vx, ry.velocity, (size_t)n * sizeof *vx) == 0, "%s: the resolved velocities differ", what);
    rc_impact_solver_destroy(solver);
}

/* examples/impact/tilted_box.json with the keys SIZE and TURN, and EXTRA bodies */
#define TILTED(SIZE, TURN, EXTRA)                                                                                      \
    "{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"box\", " SIZE ": [1, 0.5], "                                  \
    "\"position\": [0, 0.9330127018922193], " TURN ": 0.5235987755982988, \"velocity\": [0.5, -1], "                   \
    "\"angular_velocity\": 0.3, \"mass\": 2}" EXTRA "], \"walls\": [{\"point\": [0, 0], \"normal\": [0, 1]}]}"

static void test_rigid_keys(void)
{
    /* the deprecated spellings read as the new ones, with one warning per key naming its first use */
    rc_problem_file *new_keys = parse(TILTED("\"half_extents\"", "\"orientation\"", ""));
    CHECK(new_keys && rc_warnings_get()[0] == '\0', "warnings with the new keys: %s", rc_warnings_get());
    rc_problem_file *old_keys = parse(TILTED("\"half\"", "\"angle\"", ""));
    const char *w = rc_warnings_get();
    CHECK(strstr(w, "rigid_bodies[0].half: \"half\" is deprecated; write \"half_extents\"\n") != NULL &&
              strstr(w, "rigid_bodies[0].angle: \"angle\" is deprecated; write \"orientation\"\n") != NULL,
          "deprecation warnings: %s", w);
    if (new_keys && old_keys) check_same_problem(new_keys, old_keys, "half and angle");
    rc_problem_file_destroy(old_keys);
    rc_problem_file_destroy(new_keys);
    old_keys =
        parse(TILTED("\"half\"", "\"orientation\"", ", {\"shape\": \"box\", \"half\": [1, 1], \"position\": [9, 9]}"));
    w = rc_warnings_get();
    CHECK(old_keys && strstr(w, "rigid_bodies[0].half") != NULL && strstr(w, "rigid_bodies[1]") == NULL &&
              strchr(w, '\n') == w + strlen(w) - 1,
          "one warning per key: %s", w);
    rc_problem_file_destroy(old_keys);

    /* mass or density: a box of density 3 is the box of mass 3 x volume; the default is density 1 */
    rc_problem_file *file =
        parse("{\"dimension\": 3, \"rigid_bodies\": ["
              "{\"shape\": \"box\", \"position\": [0, 0, 0], \"half_extents\": [1, 0.5, 0.25], \"density\": 3},"
              "{\"shape\": \"box\", \"position\": [9, 0, 0], \"half_extents\": [1, 0.5, 0.25], \"mass\": 3},"
              "{\"shape\": \"box\", \"position\": [18, 0, 0], \"half_extents\": [1, 0.5, 0.25]},"
              "{\"shape\": \"sphere\", \"position\": [27, 0, 0], \"radius\": 0.5}]}");
    if (!file) return;
    const rc_body *b = rc_problem_file_problem(file)->bodies;
    CHECK_CLOSE(b[0].mass, 3.0, 1e-15, "mass from density 3 x volume 1");
    CHECK_CLOSE(b[1].mass, 3.0, 1e-15, "given mass");
    CHECK_CLOSE(b[2].mass, 1.0, 1e-15, "default density 1");
    CHECK_CLOSE(b[3].mass, M_PI / 6, 1e-15, "default density 1: a sphere of radius 0.5");
    for (int k = 0; k < 9; k += 4) {
        CHECK_CLOSE(b[0].inertia[k], b[1].inertia[k], 1e-15, "inertia from density or mass");
        CHECK_CLOSE(b[2].inertia[k], b[1].inertia[k] / 3, 1e-15, "inertia at the default density");
    }
    CHECK_CLOSE(b[0].inertia[0], 3 * (0.25 + 0.0625) / 3, 1e-15, "Ixx = m (b^2 + c^2) / 3");
    rc_problem_file_destroy(file);
}

/* ---- two boxes touch through the narrow phase --------------------------------------------------------------- */

/* A box (half extents 0.5) falling at 1 lands flat, centred, on a wider box at rest of the same mass. */
static void check_box_on_box(int d, double restitution)
{
    char text[1024];
    snprintf(text, sizeof text,
             "{\"dimension\": %d, \"restitution\": %g, \"rigid_bodies\": ["
             "{\"shape\": \"box\", \"half_extents\": %s, \"position\": %s, \"mass\": 1},"
             "{\"shape\": \"box\", \"half_extents\": %s, \"position\": %s, \"velocity\": %s, \"mass\": 1}]}",
             d, restitution, d == 2 ? "[1, 0.5]" : "[1, 1, 0.5]", d == 2 ? "[0, 0]" : "[0, 0, 0]",
             d == 2 ? "[0.5, 0.5]" : "[0.5, 0.5, 0.5]", d == 2 ? "[0, 1]" : "[0, 0, 1]",
             d == 2 ? "[0, -1]" : "[0, 0, -1]");
    rc_problem_file *file = parse(text);
    if (!file) return;
    const rc_problem_info *info = rc_problem_file_info(file);
    CHECK(info->contact_count == (d == 2 ? 2 : 4), "%dD box on box: %d contacts, the corners of the top box's face", d,
          info->contact_count);
    for (int k = 0; k < info->contact_count; k++) {
        const rc_contact_info *c = &info->contacts[k];
        CHECK(c->a_index == 0 && c->b_index == 1 && c->a_kind == RC_ITEM_KIND_RIGID_BODY && c->vertex == -1,
              "%dD contact %d joins rigid_bodies[0] (a, listed first) and [1]", d, k);
        CHECK(c->normal[d - 1] == -1 && c->normal[0] == 0, "%dD contact %d: the normal points from b (above) to a", d,
              k);
        CHECK(fabs(c->gap) < 1e-9 && fabs(c->point[d - 1] - 0.5) < 1e-9 && fabs(fabs(c->point[0]) - 0.5) < 1e-9,
              "%dD contact %d: a corner of the face at height 0.5, gap %g", d, k, c->gap);
    }
    rc_impact_solver *solver;
    rc_impact_result r;
    if (rc_impact_solver_create(rc_problem_file_options(file), &solver) == RC_STATUS_OK) {
        CHECK(rc_impact_solver_resolve(solver, rc_problem_file_problem(file), &r) == RC_STATUS_OK, "%dD box on box", d);
        int dofs = d == 2 ? 3 : 6; /* per rigid body: v, then omega */
        /* e = 0: the pair moves on together at half the speed; e = 1: the velocities are exchanged */
        double bottom = restitution == 0 ? -0.5 : -1, top = restitution == 0 ? -0.5 : 0;
        CHECK_CLOSE(r.velocity[d - 1], bottom, 1e-9, "the lower box's velocity");
        CHECK_CLOSE(r.velocity[dofs + d - 1], top, 1e-9, "the upper box's velocity");
        double spin = 0;
        for (int i = 0; i < 2 * dofs; i++)
            if (i % dofs != d - 1) spin = fmax(spin, fabs(r.velocity[i]));
        CHECK(spin < 1e-9, "%dD e = %g: no sideways motion or turning, %g", d, restitution, spin);
        rc_impact_solver_destroy(solver);
    }
    rc_problem_file_destroy(file);
}

static void test_box_on_box(void)
{
    for (int d = 2; d <= 3; d++) {
        check_box_on_box(d, 0);
        check_box_on_box(d, 1);
    }
}

/* ---- options ----------------------------------------------------------------------------------------------- */

static void test_options(void)
{
    rc_problem_file *file = parse("{\"dimension\": 1, \"balls\": [{\"position\": [0], \"radius\": 1}],"
                                  " \"restitution\": 0.25, \"friction\": 0.5, \"operator\": \"gs\","
                                  " \"order\": \"most-violated\", \"seed\": 12345678901, \"tolerance\": 0,"
                                  " \"lineality\": false, \"max_iterations\": 1e6, \"lcp\": \"pgs\"}");
    if (!file) return;
    const rc_impact_options *o = rc_problem_file_options(file);
    CHECK(o->restitution == 0.25 && o->friction == 0.5 && o->tolerance == 0, "numbers from the file");
    CHECK(o->op == RC_IMPACT_OPERATOR_GS && o->order == RC_GAUSS_SEIDEL_ORDER_MOST_VIOLATED &&
              o->lcp == RC_LCP_METHOD_PGS,
          "names");
    CHECK(o->seed == 12345678901u && o->max_iterations == 1000000 && !o->lineality, "integers and flags");
    rc_problem_file_destroy(file);

    rc_impact_options options = rc_impact_default_options();
    CHECK(rc_impact_options_set(&options, "seed", "18446744073709551615") == RC_STATUS_OK && options.seed == UINT64_MAX,
          "the largest seed");
    CHECK(rc_impact_options_set(&options, "seed", "18446744073709551616") == RC_STATUS_INVALID_ARGUMENT,
          "seed overflow");
    CHECK(rc_impact_options_set(&options, "max_iterations", "-1") == RC_STATUS_INVALID_ARGUMENT, "negative budget");
    CHECK(rc_impact_options_set(&options, "friction", " 1") == RC_STATUS_INVALID_ARGUMENT, "leading space");
    CHECK(rc_impact_options_set(&options, "friction", "1e999") == RC_STATUS_INVALID_ARGUMENT, "infinite friction");
    CHECK(rc_impact_options_set(&options, "frictio", "1") == RC_STATUS_INVALID_ARGUMENT, "unknown option");
    CHECK(strstr(rc_error_get(), "frictio") != NULL, "unknown option named: %s", rc_error_get());
    CHECK(rc_impact_options_set(&options, "tolerance", "1") == RC_STATUS_INVALID_ARGUMENT, "tolerance 1");
    CHECK(options.tolerance == 1e-12, "a failed set leaves the options as they were");
    /* whole numbers from text, the rule of every count the tool reads: text, low, high, accepted, value */
    static const struct {
        const char *text;
        uint64_t low, high;
        bool ok;
        uint64_t value;
    } counts[] = {{"0", 0, 10, true, 0},
                  {"0", 1, 10, false, 0},
                  {"10", 1, 10, true, 10},
                  {"11", 1, 10, false, 0},
                  {"1e6", 1, UINT64_MAX, true, 1000000},
                  {"1e+06", 0, UINT64_MAX, true, 1000000},
                  {"2.5", 0, 10, false, 0},
                  {"-1", 0, 10, false, 0},
                  {" 1", 0, 10, false, 0},
                  {"1 ", 0, 10, false, 0},
                  {"", 0, 10, false, 0},
                  {"abc", 0, 10, false, 0},
                  {"inf", 0, UINT64_MAX, false, 0},
                  {"nan", 0, UINT64_MAX, false, 0},
                  {"0x10", 0, 100, false, 0},
                  {"18446744073709551615", 0, UINT64_MAX, true, UINT64_MAX},
                  {"18446744073709551616", 0, UINT64_MAX, false, 0},
                  {"2e19", 0, UINT64_MAX, false, 0}};
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
        uint64_t value = 77;
        rc_status s = rc_text_count("--n", counts[i].text, counts[i].low, counts[i].high, &value);
        CHECK((s == RC_STATUS_OK) == counts[i].ok && value == (counts[i].ok ? counts[i].value : 77),
              "count \"%s\" in [%llu, %llu]: status %d, value %llu", counts[i].text, (unsigned long long)counts[i].low,
              (unsigned long long)counts[i].high, (int)s, (unsigned long long)value);
        if (!counts[i].ok)
            CHECK(strstr(rc_error_get(), "--n: \"") == rc_error_get() && strstr(rc_error_get(), "is not a whole"),
                  "the count's message names the option and the text: %s", rc_error_get());
    }
    rc_lcp_method lcp;
    CHECK(rc_lcp_method_parse("pgs", &lcp) == RC_STATUS_OK && lcp == RC_LCP_METHOD_PGS, "lcp names");
    CHECK(rc_lcp_method_parse("enum", &lcp) == RC_STATUS_INVALID_ARGUMENT,
          "enumeration is not offered (Siconos leaks per call)");
    CHECK(strcmp(rc_lcp_method_name(RC_LCP_METHOD_LEMKE), "lemke") == 0, "lcp name");
}

/* ---- bad input --------------------------------------------------------------------------------------------- */

typedef struct bad_case {
    const char *text;
    const char *named; /* a piece the message must hold */
} bad_case;

#define BALL "{\"position\": [0, 0], \"radius\": 1}"

static const bad_case bad_cases[] = {
    {"{\"dimension\": 2, \"balls\": [" BALL ", " BALL "x", "line 1, column"},
    {"{\"dimension\": 2,\n \"balls\": [{\"position\": [0, NaN], \"radius\": 1}]}", "line 2, column 29"},
    {"{\"dimension\": 2, \"balls\": [{\"position\": [1e400, 0], \"radius\": 1}]}", "balls[0].position[0]"},
    {"{\"dimension\": 2, \"balls\": [{\"position\": [0, 0], \"radius\": 1, \"velocity\": [\"1\", 0]}]}",
     "balls[0].velocity[0]: not a number"},
    {"{\"dimension\": 2, \"balls\": [" BALL ", " BALL ", {\"position\": [5, 0], \"radius\": 1, \"mass\": -1}]}",
     "balls[2].mass: -1 is not positive"},
    {"{\"dimension\": 2, \"balls\": [{\"position\": [0, 0], \"radius\": 0}]}", "balls[0].radius: 0 is not positive"},
    {"{\"dimension\": 2, \"balls\": [{\"position\": [0, 0]}]}", "balls[0].radius is missing"},
    {"{\"dimension\": 2, \"balls\": [{\"position\": [0, 0], \"radius\": 1, \"masss\": 1}]}",
     "unknown key \"masss\" in balls[0]"},
    {"{\"dimension\": 2, \"balls\": [{\"position\": [0, 0, 0], \"radius\": 1}]}",
     "balls[0].position has 3 entries, dimension is 2"},
    {"{\"dimension\": 2, \"balls\": [" BALL "], \"walls\": [{\"point\": [0, -1], \"normal\": [0, 0]}]}",
     "walls[0].normal: zero vector"},
    {"{\"dimension\": 2, \"balls\": [" BALL ", " BALL "]}", "balls[0] and balls[1] have the same centre"},
    {"{\"dimension\": 2, \"balls\": [" BALL "], \"friction\": -1}", "friction: -1 is outside"},
    {"{\"dimension\": 2, \"balls\": [" BALL "], \"order\": \"random\", \"seed\": 0.5}", "seed: \"0.5\" is not a whole"},
    {"{\"dimension\": 2, \"balls\": [" BALL "], \"operator\": 1}", "operator: not a string"},
    {"{\"dimension\": 2, \"balls\": [" BALL "], \"lineality\": 0}", "lineality: not true or false"},
    {"{\"dimension\": 2, \"balls\": {}}", "balls: not a list"},
    {"{\"dimension\": 2, \"balls\": [3]}", "balls[0]: not an object"},
    {"{\"dimension\": 2.5, \"balls\": [" BALL "]}", "dimension: 2.5"},
    {"{\"balls\": [" BALL "]}", "dimension is missing"},
    {"{\"dimension\": 2, \"balls\": [" BALL "], \"balls\": []}", "key \"balls\" appears twice"},
    {"{\"dimension\": 2}", "no balls and no rigid bodies"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"sphere\", \"position\": [0, 0], \"radius\": 1}]}",
     "rigid_bodies[0].shape: \"sphere\" does not fit dimension 2"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"box\", \"position\": [0, 0], \"half_extents\": [1]}]}",
     "rigid_bodies[0].half_extents has 1 entry, dimension is 2"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 1,"
     " \"angular_velocity\": [1]}]}",
     "rigid_bodies[0].angular_velocity: not a number"},
    {"{\"dimension\": 3, \"rigid_bodies\": [{\"shape\": \"box\", \"position\": [0, 0, 0], \"half_extents\": [1, 1, 1],"
     " \"orientation\": [0, 0, 0, 0]}]}",
     "rigid_bodies[0].orientation"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 1,"
     " \"density\": 1, \"mass\": 1}]}",
     "rigid_bodies[0]: give mass or density"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"box\", \"position\": [0, 0], \"half_extents\": [1, 1],"
     " \"half\": [1, 1]}]}",
     "rigid_bodies[0]: give \"half_extents\" or the deprecated \"half\", not both"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 1,"
     " \"orientation\": 0, \"angle\": 0}]}",
     "rigid_bodies[0]: give \"orientation\" or the deprecated \"angle\", not both"},
    {"{\"dimension\": 3, \"rigid_bodies\": [{\"shape\": \"sphere\", \"position\": [0, 0, 0], \"radius\": 1,"
     " \"angle\": 0.5}]}",
     "rigid_bodies[0].angle: a 3D orientation is a quaternion"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 1,"
     " \"orientation\": [1, 0, 0, 0]}]}",
     "rigid_bodies[0].orientation: not a number"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 1,"
     " \"half_extents\": [1, 1]}]}",
     "unknown key \"half_extents\" in rigid_bodies[0]"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"box\", \"position\": [0, 0], \"radius\": 1,"
     " \"half_extents\": [1, 1]}]}",
     "unknown key \"radius\" in rigid_bodies[0]"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"box\", \"position\": [0, 0], \"half_extents\": [1, -1]}]}",
     "rigid_bodies[0].half_extents[1]: -1 is not positive"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 0}]}",
     "rigid_bodies[0].radius: 0 is not positive"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 1,"
     " \"mass\": 0}]}",
     "rigid_bodies[0].mass: 0 is not positive"},
    {"{\"dimension\": 2, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0, 0], \"radius\": 1,"
     " \"density\": -2}]}",
     "rigid_bodies[0].density: -2 is not positive"},
    {"{\"dimension\": 3, \"rigid_bodies\": [{\"shape\": \"sphere\", \"position\": [0, 0, 0], \"radius\": 1e200,"
     " \"density\": 1e200}]}",
     "rigid_bodies[0].radius: 1e+200 is outside 2^-40 to 2^40"},
    /* masses, densities and sizes within 2^-40 to 2^40: a denormal mass made an inertia whose minors underflow */
    {"{\"dimension\": 3, \"rigid_bodies\": [{\"shape\": \"box\", \"position\": [0, 0, 0], \"half_extents\": [1, 1, 1],"
     " \"mass\": 1e-300}]}",
     "rigid_bodies[0].mass: 1e-300 is outside 2^-40 to 2^40"},
    {"{\"dimension\": 3, \"rigid_bodies\": [{\"shape\": \"box\", \"position\": [0, 0, 0],"
     " \"half_extents\": [1, 1e-300, 1]}]}",
     "rigid_bodies[0].half_extents[1]: 1e-300 is outside 2^-40 to 2^40"},
    {"{\"dimension\": 1, \"balls\": [{\"position\": [0], \"radius\": 1, \"mass\": 1e300}]}",
     "balls[0].mass: 1e+300 is outside 2^-40 to 2^40"},
    {"{\"masses\": [1, 5e-324], \"velocity\": [0, 0]}", "masses[1]: 4.94066e-324 is outside 2^-40 to 2^40"},
    {"{\"dimension\": 2, \"balls\": [{\"position\": [0.5, 0], \"radius\": 0.1}], \"rigid_bodies\": [{\"shape\":"
     " \"box\", \"position\": [0, 0], \"half_extents\": [1, 1]}]}",
     "the centre of balls[0] is inside rigid_bodies[0]"},
    {"{\"dimension\": 1, \"rigid_bodies\": [{\"shape\": \"disk\", \"position\": [0], \"radius\": 1}]}",
     "rigid bodies need dimension 2 or 3"},
    {"[1, 2]", "one JSON object"},
    {"", "line 1, column 1"},
    {"{\"masses\": [1, -2], \"velocity\": [0, 0]}", "masses[1]: -2 is not positive"},
    {"{\"masses\": [1, 2], \"velocity\": [0]}", "velocity has 1 entry, masses has 2"},
    {"{\"masses\": [1, 2], \"velocity\": [0, 1], \"constraints\": [[[2, 1]]]}", "constraints[0][0][0]: 2"},
    {"{\"masses\": [1, 2], \"velocity\": [0, 1], \"constraints\": [[[0, 1]], [[0.5, 1]]]}",
     "constraints[1][0][0]: 0.5"},
    {"{\"masses\": [1, 2], \"velocity\": [0, 1], \"constraints\": [[[0, 1], [0, 1]]]}", "constraints[0]"},
    {"{\"masses\": [1, 2], \"velocity\": [0, 1], \"constraints\": [[]]}", "constraints[0]: not a non-empty list"},
    {"{\"masses\": [1, 2], \"velocity\": [0, 1], \"constraints\": [[[0, 0]]]}", "constraints[0] is a zero gradient"},
    {"{\"masses\": [1, 2], \"velocity\": [0, 1], \"walls\": []}", "\"walls\" belongs to the physical form"},
    {"{\"masses\": [1, 2], \"velocity\": [0, 1], \"colour\": 1}", "unknown key \"colour\" at the top level"},
    {"{\"masses\": [], \"velocity\": []}", "masses: the list is empty"},
};

static void test_bad_input(void)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
        rc_problem_file *file = (rc_problem_file *)1;
        rc_status s = rc_problem_file_create_from_text(bad_cases[i].text, &file);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && file == NULL, "case %zu: status %d for %s", i, (int)s,
              bad_cases[i].text);
        CHECK(strstr(rc_error_get(), bad_cases[i].named) != NULL, "case %zu: \"%s\" does not name \"%s\"", i,
              rc_error_get(), bad_cases[i].named);
        if (!s) rc_problem_file_destroy(file);
    }
    rc_problem_file *file;
    CHECK(rc_problem_file_create_from_file("examples/impact/no_such_file.json", &file) == RC_STATUS_IO_ERROR,
          "missing file");
    CHECK(strstr(rc_error_get(), "no_such_file.json") != NULL, "missing file named: %s", rc_error_get());
    /* a good read clears the last error */
    rc_problem_file_destroy(parse("{\"dimension\": 1, \"balls\": [{\"position\": [0], \"radius\": 1}]}"));
    CHECK(rc_error_get()[0] == '\0', "last error after success: %s", rc_error_get());
}

int main(void)
{
    test_examples();
    test_contact_order();
    test_overlap_and_tolerance();
    test_shapes();
    test_rigid_keys();
    test_box_on_box();
    test_options();
    test_bad_input();
    return check_finish();
}
