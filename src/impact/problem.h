/* SPDX-License-Identifier: MIT */
/* The impact problem as the builder stores it: bodies, degrees of freedom and contacts (ricochet/impact.h). */
#ifndef RC_IMPACT_PROBLEM_H
#define RC_IMPACT_PROBLEM_H

#include "ricochet/impact.h"

typedef struct rc_body {
    rc_body_kind kind;
    int dimension; /* 1..3 for balls and rigid bodies, 0 for bare degrees of freedom */
    int first_dof;
    int dof_count;
    double mass; /* balls and rigid bodies */
    double position[3];
    double inertia[9]; /* rigid bodies: 2D uses inertia[0]; 3D the row-major world tensor */
} rc_body;

typedef struct rc_contact {
    int body_a, body_b; /* physical contacts; body_b = -1 for static; body_a = -1 for a generic constraint */
    double point[3];
    double normal[3];
    int first_nonzero; /* generic constraints: their entries in the problem's nonzero arrays */
    int nonzeros;
} rc_contact;

struct rc_impact_problem {
    int dimension; /* 0 until a ball or rigid body is added */
    rc_body *bodies;
    int body_count, body_capacity;
    double *velocity; /* per degree of freedom */
    double *dof_mass; /* per degree of freedom: the diagonal mass (rigid 3D angular dofs: unused) */
    int dof_count, velocity_capacity, dof_mass_capacity;
    rc_contact *contacts;
    int contact_count, contact_capacity;
    int *nonzero_dof;
    double *nonzero_value;
    int nonzero_count, nonzero_dof_capacity, nonzero_value_capacity;
};

/* The body that owns a degree of freedom (binary search: bodies hold contiguous runs of degrees of freedom). */
int rc_problem_body_of_dof(const rc_impact_problem *problem, int dof);

#endif
