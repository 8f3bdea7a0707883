/* SPDX-License-Identifier: MIT */
/* ricochet/impact.h: one simultaneous-impact problem at a frozen instant, and its resolution by a Gauss-Seidel-like
 * impact operator that always terminates (Vouga et al. 2017, "All's Well That Ends Well"; docs/impact.md).
 *
 * A problem holds bodies (or bare degrees of freedom) with their masses and velocities, and contacts (or bare
 * constraint gradients). A solver resolves it: the result gives new velocities in which no contact approaches. */
#ifndef RICOCHET_IMPACT_H
#define RICOCHET_IMPACT_H

#include <stdbool.h>
#include <stdint.h>

#include "ricochet/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the problem ------------------------------------------------------------------------------------------ */

typedef struct rc_impact_problem rc_impact_problem;

typedef enum rc_body_kind {
    RC_BODY_KIND_BALL, /* a point mass of finite extent: d translational degrees of freedom, no rotation */
    RC_BODY_KIND_RIGID, /* a rigid body: 3 degrees of freedom in 2D (x, y, angle), 6 in 3D (linear and angular velocity) */
    RC_BODY_KIND_DOFS /* bare degrees of freedom with a diagonal mass (the generic form) */
} rc_body_kind;

RC_API rc_status rc_impact_problem_create(rc_impact_problem **problem);
RC_API void rc_impact_problem_destroy(rc_impact_problem *problem);
/* Removes every body and contact, keeping the memory for reuse. */
RC_API void rc_impact_problem_clear(rc_impact_problem *problem);

/* A ball in `dimension` (1, 2 or 3) dimensions. position may be NULL (then the origin; it only matters for the
 * angular momentum reported). The new body's index is stored in *body when body is not NULL. */
RC_API rc_status rc_impact_problem_add_ball(rc_impact_problem *problem, int dimension, double mass,
                                            const double *position, const double *velocity, int *body);

/* A rigid body in 2 or 3 dimensions with its centre of mass at position. inertia is, in 2D, one number (the moment
 * of inertia about the centre of mass) and, in 3D, the 3x3 world-frame inertia tensor in row-major order
 * (symmetric, positive definite). angular_velocity has 1 entry in 2D and 3 in 3D. */
RC_API rc_status rc_impact_problem_add_rigid(rc_impact_problem *problem, int dimension, double mass,
                                             const double *inertia, const double *position, const double *velocity,
                                             const double *angular_velocity, int *body);

/* count bare degrees of freedom with diagonal masses (generic form). *first_dof receives the index of the first. */
RC_API rc_status rc_impact_problem_add_dofs(rc_impact_problem *problem, int count, const double *masses,
                                            const double *velocity, int *first_dof);

/* A contact between body a and body b (b = -1 for a static body such as a wall) at point, with the unit normal
 * pointing from b to a. The relative normal velocity of a away from b must not become negative. */
RC_API rc_status rc_impact_problem_add_contact(rc_impact_problem *problem, int body_a, int body_b, const double *point,
                                               const double *normal, int *contact);

/* A bare constraint gradient over the degrees of freedom (generic form): gradient . velocity >= 0 is feasible.
 * Indices are degree-of-freedom indices as numbered by add_dofs (and bodies, in order of addition). */
RC_API rc_status rc_impact_problem_add_constraint(rc_impact_problem *problem, int nonzeros, const int *dofs,
                                                  const double *values, int *contact);

RC_API int rc_impact_problem_dof_count(const rc_impact_problem *problem);
RC_API int rc_impact_problem_body_count(const rc_impact_problem *problem);
RC_API int rc_impact_problem_contact_count(const rc_impact_problem *problem);
/* The first degree of freedom of a body (its velocity components follow, then its angular velocity). */
RC_API int rc_impact_problem_body_first_dof(const rc_impact_problem *problem, int body);
RC_API int rc_impact_problem_body_dof_count(const rc_impact_problem *problem, int body);
RC_API rc_body_kind rc_impact_problem_body_kind(const rc_impact_problem *problem, int body);
/* The dimension of the physical problem (1, 2 or 3), or 0 for a problem made only of bare degrees of freedom. */
RC_API int rc_impact_problem_dimension(const rc_impact_problem *problem);
/* The initial velocity vector (rc_impact_problem_dof_count entries). */
RC_API const double *rc_impact_problem_velocity(const rc_impact_problem *problem);

/* ---- the options ------------------------------------------------------------------------------------------ */

typedef enum rc_impact_operator {
    RC_IMPACT_OPERATOR_GR, /* Generalized Reflections (Smith et al. 2012): one LCP over all violated contacts per step */
    RC_IMPACT_OPERATOR_GS  /* pairwise Gauss-Seidel: reflect one violated contact per step */
} rc_impact_operator;

typedef enum rc_gauss_seidel_order {
    RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC, /* the violated contact with the lowest index */
    RC_GAUSS_SEIDEL_ORDER_SWEEP,         /* the next violated contact after the last one applied, cyclically */
    RC_GAUSS_SEIDEL_ORDER_RANDOM,        /* a violated contact drawn uniformly with the seeded generator */
    RC_GAUSS_SEIDEL_ORDER_MOST_VIOLATED  /* the contact with the most negative relative normal velocity */
} rc_gauss_seidel_order;

typedef enum rc_lcp_method {
    RC_LCP_METHOD_AUTO,  /* chosen by problem size (see docs/impact.md for the measurement behind the choice) */
    RC_LCP_METHOD_LEMKE, /* Siconos lexicographic Lemke (pivoting, exact up to rounding) */
    RC_LCP_METHOD_PGS    /* Siconos projected Gauss-Seidel (iterative; sparse above RC_LCP_DENSE_LIMIT contacts) */
} rc_lcp_method;

typedef struct rc_impact_options {
    rc_impact_operator op;       /* default RC_IMPACT_OPERATOR_GR */
    rc_gauss_seidel_order order; /* pairwise Gauss-Seidel order; default RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC */
    uint64_t seed;               /* for RC_GAUSS_SEIDEL_ORDER_RANDOM; default 1 */
    double restitution;     /* c in [0, 1]: interpolation between the inelastic and the elastic answer; default 1 */
    double friction;        /* Coulomb coefficient mu >= 0, one-way coupled; default 0 (physical contacts only) */
    double tolerance;       /* epsilon >= 0: a contact is violated when n.v < -epsilon |v|_M; default 1e-12.
                               0 selects the exact-arithmetic rules (no renormalisation). */
    bool lineality;         /* detect and project out implicit equality constraints (Algorithm 2); default true */
    int64_t max_iterations; /* operator applications allowed per resolve; 0 (default) means no budget */
    rc_lcp_method lcp;      /* LCP method for GR and the inelastic answer; default RC_LCP_METHOD_AUTO */
} rc_impact_options;

RC_API rc_impact_options rc_impact_default_options(void);
/* Checks every field; on failure rc_error_get() names it. */
RC_API rc_status rc_impact_options_validate(const rc_impact_options *options);

RC_API const char *rc_impact_operator_name(rc_impact_operator op);
RC_API const char *rc_gauss_seidel_order_name(rc_gauss_seidel_order order);
/* Parse "gr"/"gs" and "lexicographic"/"sweep"/"random"/"most-violated"; return RC_STATUS_INVALID_ARGUMENT otherwise. */
RC_API rc_status rc_impact_operator_parse(const char *text, rc_impact_operator *op);
RC_API rc_status rc_gauss_seidel_order_parse(const char *text, rc_gauss_seidel_order *order);
RC_API const char *rc_lcp_method_name(rc_lcp_method method);
/* Parses "auto", "lemke" or "pgs". */
RC_API rc_status rc_lcp_method_parse(const char *text, rc_lcp_method *method);

/* ---- the solver and its result ---------------------------------------------------------------------------- */

typedef struct rc_impact_solver rc_impact_solver;

typedef struct rc_impact_result {
    rc_status status;   /* RC_STATUS_OK (resolved) or RC_STATUS_NOT_TERMINATED (the budget ran out) */
    int64_t iterations; /* applications of the impact operator, summed over islands */
    int dof_count;
    const double *velocity;       /* dof_count entries; valid until the next resolve or the solver's destruction */
    const double *normal_impulse; /* per contact, the total normal impulse along its unit normal (physical
                                     contacts) or along its gradient as given (generic constraints) */
    int contact_count;
    int islands;             /* connected components of the contact graph that needed work */
    int lineality_dimension; /* dimension of the span of the implicit-equality gradients */
    int lineality_count;     /* how many contacts are implicit equalities */
    const int *lineality;    /* their indices, ascending */
    int largest_island;      /* contacts in the largest island */
    int64_t lcp_solves;      /* LCPs solved (GR steps and the inelastic answers) */
    int64_t lcp_fallbacks;   /* LCP solves that needed a second method */
    double kinetic_energy_before;
    double kinetic_energy_after;
    double linear_momentum_before[3]; /* sum of m v over bodies (zero for bare degrees of freedom) */
    double linear_momentum_after[3];
    double angular_momentum_before[3]; /* about the origin; 2D uses the third component only */
    double angular_momentum_after[3];
    double min_relative_velocity; /* smallest n_k . v / |v|_M over all contacts at the end (normalised n_k);
                                     0 when there are no contacts or no motion */
} rc_impact_result;

RC_API rc_status rc_impact_solver_create(const rc_impact_options *options, rc_impact_solver **solver);
RC_API void rc_impact_solver_destroy(rc_impact_solver *solver);
RC_API const rc_impact_options *rc_impact_solver_options(const rc_impact_solver *solver);
RC_API rc_status rc_impact_solver_set_options(rc_impact_solver *solver, const rc_impact_options *options);

/* Resolves the problem. Returns RC_STATUS_OK, or RC_STATUS_NOT_TERMINATED when the iteration budget ran out (the result then
 * holds the velocities reached, unaltered), or an error with rc_error_get() set. */
RC_API rc_status rc_impact_solver_resolve(rc_impact_solver *solver, const rc_impact_problem *problem,
                                          rc_impact_result *result);

/* Resting contact for time-stepping engines: the inelastic answer (restitution 0, no friction) of the problem by
 * projected Gauss-Seidel sweeps over its contacts in velocity space, started from the normal impulses in impulse[]
 * (one per contact, along its unit normal as in result->normal_impulse; 0 when there is no guess, negative entries
 * count as 0), which receives the answer's impulses. allowance[] (one per contact, or NULL for none) is the approach
 * each contact may keep, in the problem's velocity units (a gap that may close within a time step: the constraint is
 * n.v >= -allowance instead of n.v >= 0; entries <= 0 count as 0). It stops after the first sweep in which no update changed a
 * contact's relative normal velocity by more than tolerance (> 0, in the problem's velocity units), or after
 * max_sweeps sweeps; result->iterations is the number of sweeps. Unlike rc_impact_solver_resolve it is not the
 * impact operator and does not detect implicit equalities: its answer is the inelastic one only up to tolerance
 * (every contact approaches by at most about tolerance), which is what makes a warm start pay: from the previous
 * step's impulses a resting pile needs a few sweeps. The solver's options are not used. */
RC_API rc_status rc_impact_solver_settle(rc_impact_solver *solver, const rc_impact_problem *problem, double *impulse,
                                         const double *allowance, double tolerance, int max_sweeps,
                                         rc_impact_result *result);

/* The implicit-equality (lineality) analysis alone: which contacts of the problem are implicit equalities.
 * indices must hold rc_impact_problem_contact_count() entries; *count and *dimension are set. */
RC_API rc_status rc_impact_solver_lineality(rc_impact_solver *solver, const rc_impact_problem *problem, int *indices,
                                            int *count, int *dimension);

#ifdef __cplusplus
}
#endif
#endif
