/* SPDX-License-Identifier: MIT */
/* Shared problem builders for the impact tests, and the tests' own physical accounting.
 *
 * A scene wraps an rc_impact_problem and records, beside it, everything the test put in (masses, inertia,
 * positions, contact points and normals, generic gradients). The measures below (kinetic energy, momenta, relative
 * normal velocities, effective inverse masses) are computed from that record with the textbook formulas of rigid
 * body mechanics, independently of src/impact, so that they can serve as oracles for what the resolver returns.
 * Conventions are those of include/ricochet/impact.h and Vouga et al. 2017, section 2. */
#ifndef RC_TESTS_SCENES_H
#define RC_TESTS_SCENES_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/impact.h"

enum { SCENE_MAX_BODIES = 256, SCENE_MAX_DOFS = 1024, SCENE_MAX_CONTACTS = 512, SCENE_MAX_NONZEROS = 8192 };

/* ---- seeded random numbers (splitmix64; the tests' own, so that they do not depend on src/core) ---------- */

typedef struct scene_rng {
    uint64_t state;
} scene_rng;

void scene_seed(scene_rng *rng, uint64_t seed);
double scene_uniform(scene_rng *rng, double low, double high);
double scene_normal(scene_rng *rng);
int scene_below(scene_rng *rng, int n);
void scene_unit_vector(scene_rng *rng, int dimension, double *u);

/* ---- small vector helpers ---------------------------------------------------------------------------------- */

double scene_dot(int dimension, const double *a, const double *b);
void scene_cross(const double *a, const double *b, double *out);
/* 2D: the scalar a x b. */
double scene_cross2(const double *a, const double *b);
/* out = R x for a row-major 3x3 R. */
void scene_mat_vec(const double *r, const double *x, double *out);
/* The rotation by angle about a unit axis (Rodrigues), row-major. */
void scene_rotation(const double *axis, double angle, double *r);
/* Solves the symmetric positive definite 3x3 system a x = b (Cramer). */
void scene_solve3(const double *a, const double *b, double *x);

/* ---- the scene --------------------------------------------------------------------------------------------- */

typedef struct scene_body {
    rc_body_kind kind;
    int dimension, first_dof, dofs;
    double mass, inertia[9], position[3];
} scene_body;

typedef struct scene_contact {
    int a, b; /* a = -1: a generic constraint */
    double point[3], normal[3];
    int first_nonzero, nonzeros;
} scene_contact;

typedef struct scene {
    rc_impact_problem *problem;
    int dimension, body_count, dof_count, contact_count, nonzero_count;
    scene_body body[SCENE_MAX_BODIES];
    int dof_body[SCENE_MAX_DOFS];
    double dof_mass[SCENE_MAX_DOFS]; /* bare degrees of freedom only */
    double velocity[SCENE_MAX_DOFS]; /* the initial velocity */
    scene_contact contact[SCENE_MAX_CONTACTS];
    int nonzero_dof[SCENE_MAX_NONZEROS];
    double nonzero_value[SCENE_MAX_NONZEROS];
} scene;

scene *scene_create(void);
void scene_destroy(scene *s);
void scene_clear(scene *s);

/* Each builder adds to both the problem and the record, checks (with CHECK) that the library accepted it, and
 * returns the new body's index (balls, rigid bodies), first dof (bare dofs) or contact index. */
int scene_ball(scene *s, int dimension, double mass, const double *position, const double *velocity);
/* inertia: one number in 2D, the world tensor (row-major) in 3D; angular velocity 1 entry in 2D, 3 in 3D. */
int scene_rigid(scene *s, int dimension, double mass, const double *inertia, const double *position,
                const double *velocity, const double *angular_velocity);
int scene_dofs(scene *s, int count, const double *masses, const double *velocity);
/* A contact at point with normal from b to a (normalised here); b = -1 for a static body. */
int scene_contact_add(scene *s, int a, int b, const double *point, const double *normal);
/* Two touching balls (or a ball a touching b): the normal along the centre line from b to a, the point on b's
 * surface, rb being b's radius. */
int scene_touch(scene *s, int a, int b, double rb);
int scene_constraint(scene *s, int nonzeros, const int *dofs, const double *values);

/* A line of `count` balls of radius 1 on the x axis (centres 2 apart), masses and velocities given, the contacts
 * between neighbours numbered from left to right. Returns nothing: body i is ball i, contact i joins i and i+1. */
void scene_chain(scene *s, int count, const double *masses, const double *velocities);

/* ---- boxes ------------------------------------------------------------------------------------------------- */

/* The moment of inertia of a 2D box of half sizes hx, hy about its centre. */
double scene_box2_inertia(double mass, double hx, double hy);
/* The four corners of a 2D box rotated by angle about centre. */
void scene_box2_corners(const double *centre, double hx, double hy, double angle, double corners[4][2]);
/* The world inertia tensor R diag(I_body) R^T of a 3D box with half sizes half[3] and orientation R. */
void scene_box3_inertia(double mass, const double *half, const double *r, double *inertia);
/* The eight corners x + R (+-hx, +-hy, +-hz). */
void scene_box3_corners(const double *centre, const double *half, const double *r, double corners[8][3]);
/* The index of the corner with the smallest projection on direction (the one a plane of that normal touches). */
int scene_extreme_corner(int dimension, const double *corners, int count, const double *direction);
/* The 2^d corners (d numbers each) of a box with half sizes half[] and orientation `rotation` (row-major 3x3; in
 * 2D a rotation about z) about centre. Returns their number. */
int scene_box_corners(int dimension, const double *centre, const double *half, const double *rotation, double *corners);
/* Clears the scene and adds one box (mass m, half sizes, orientation, velocity v, angular velocity w) resting on
 * its lowest corner on the floor y = 0: that corner at the origin, contact 0 with normal (0, 1, 0). */
void scene_box_on_floor(scene *s, int dimension, double m, const double *half, const double *rotation, const double *v,
                        const double *w);

/* ---- independent measures ---------------------------------------------------------------------------------- */

double scene_energy(const scene *s, const double *v);
void scene_linear_momentum(const scene *s, const double *v, double out[3]);
/* Angular momentum about point `about` (balls and rigid bodies; in 2D only out[2] is set). */
void scene_angular_momentum(const scene *s, const double *v, const double *about, double out[3]);
/* The scale for momentum comparisons: the sum of the magnitudes |m v| of the bodies' linear momenta, plus the
 * momentum sqrt(2 E sum m) all the kinetic energy would carry as translation (bodies that only spin). */
double scene_momentum_scale(const scene *s, const double *v);
/* The velocity of the material point p of body (d entries). */
void scene_point_velocity(const scene *s, int body, const double *v, const double *p, double *out);
/* n . (u_a(p) - u_b(p)) for a physical contact, g . v for a generic one. */
double scene_normal_velocity(const scene *s, int k, const double *v);
/* n^T M^-1 n: the effective inverse mass of contact k along its unit normal (or its gradient as given). */
double scene_inverse_mass(const scene *s, int k);
/* The smallest normal velocity over contacts, each divided by |n_k|_{M^-1} |v|_M (0 with no contacts or motion). */
double scene_min_relative(const scene *s, const double *v);
bool scene_has_static(const scene *s);

/* M (v_after - v_before) - sum_k impulse_k n_k, with n_k the physical gradient of contact k along its unit normal
 * (or its generic gradient as given): zero when the impulses account for the change of velocity (NORM). Returns
 * the largest entry divided by the largest entry of the two terms (0 when both vanish). */
double scene_impulse_residual(const scene *s, const double *before, const double *after, const double *impulse);

/* ---- random problems --------------------------------------------------------------------------------------- */

/* A cluster of `count` balls in d = 2 or 3 dimensions, each new one touching a previous one (or, half of the time,
 * two touching ones, closing a triangle), with random radii, masses and velocities (some at rest); contacts between
 * every touching pair; then `walls` static walls, each tangent to a random ball. */
void scene_random_balls(scene *s, scene_rng *rng, int d, int count, int walls);
/* `count` bodies in d = 2 or 3 dimensions, mostly boxes (random sizes, masses, orientations, world inertia
 * tensors) and some balls, each new one touching a face of a previous box at one corner (a ball: at one point);
 * then `walls` static walls, each touching a random body at its extreme point, or lying flat against a face of a
 * box (a contact at each corner of the face), sometimes against the opposite face as well. */
void scene_random_rigid(scene *s, scene_rng *rng, int d, int count, int walls);
/* A generic cone: n bare dofs with random masses and velocity, m random sparse gradients; with `opposing`, the
 * last gradient is a negative multiple of the first (an implicit equality). */
void scene_random_cone(scene *s, scene_rng *rng, int n, int m, bool opposing);

/* ---- resolving --------------------------------------------------------------------------------------------- */

typedef struct scene_outcome {
    rc_status status;
    rc_impact_result result; /* its pointers are cleared: use the arrays below */
    double velocity[SCENE_MAX_DOFS];
    double impulse[SCENE_MAX_CONTACTS];
    int lineality[SCENE_MAX_CONTACTS];
} scene_outcome;

rc_impact_options scene_options(rc_impact_operator op, rc_gauss_seidel_order order);
/* Resolves with a fresh solver, or with the given one (NULL: fresh). */
rc_status scene_resolve(const scene *s, const rc_impact_options *options, scene_outcome *out);
rc_status scene_resolve_with(rc_impact_solver *solver, const scene *s, scene_outcome *out);

/* The operators every generic property must hold for: GS in its four orders, then GR. */
enum { SCENE_OPERATOR_COUNT = 5 };
rc_impact_options scene_operator(int which);
const char *scene_operator_name(int which);

#endif
