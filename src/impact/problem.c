/* SPDX-License-Identifier: MIT */
/* Building an impact problem: bodies, bare degrees of freedom, contacts and generic constraint gradients, each
 * checked as it is added so that a resolve never meets a NaN, a non-positive mass or a zero normal. */
#include "impact/problem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"

rc_status rc_impact_problem_create(rc_impact_problem **problem)
{
    *problem = calloc(1, sizeof **problem);
    if (!*problem) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory creating an impact problem");
    return RC_STATUS_OK;
}

void rc_impact_problem_destroy(rc_impact_problem *problem)
{
    if (!problem) return;
    free(problem->bodies);
    free(problem->velocity);
    free(problem->dof_mass);
    free(problem->contacts);
    free(problem->nonzero_dof);
    free(problem->nonzero_value);
    free(problem);
}

void rc_impact_problem_clear(rc_impact_problem *problem)
{
    problem->dimension = 0;
    problem->body_count = 0;
    problem->dof_count = 0;
    problem->contact_count = 0;
    problem->nonzero_count = 0;
}

static bool all_finite(const double *x, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i])) return false;
    return true;
}

static rc_status check_dimension(rc_impact_problem *problem, int dimension, int low)
{
    if (dimension < low || dimension > 3)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension %d is not supported (use %d to 3)", dimension, low);
    if (problem->dimension != 0 && problem->dimension != dimension)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "dimension %d differs from the problem's dimension %d", dimension,
                       problem->dimension);
    return RC_STATUS_OK;
}

static rc_status check_mass(double mass, int body)
{
    if (!isfinite(mass) || mass <= 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "mass of body %d is %g; it must be positive and finite", body, mass);
    return RC_STATUS_OK;
}

/* Appends a body with dof_count degrees of freedom; their velocities and masses are left for the caller. */
static rc_status append_body(rc_impact_problem *problem, rc_body_kind kind, int dimension, int dof_count, rc_body **out)
{
    int need_dofs = problem->dof_count + dof_count;
    rc_status s = RC_GROW(problem->bodies, problem->body_capacity, problem->body_count + 1);
    if (!s) s = RC_GROW(problem->velocity, problem->velocity_capacity, need_dofs);
    if (!s) s = RC_GROW(problem->dof_mass, problem->dof_mass_capacity, need_dofs);
    if (s) return s;
    rc_body *b = &problem->bodies[problem->body_count++];
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->dimension = dimension;
    b->first_dof = problem->dof_count;
    b->dof_count = dof_count;
    problem->dof_count = need_dofs;
    *out = b;
    return RC_STATUS_OK;
}

rc_status rc_impact_problem_add_ball(rc_impact_problem *problem, int dimension, double mass, const double *position,
                                     const double *velocity, int *body)
{
    int index = problem->body_count;
    rc_status s = check_dimension(problem, dimension, 1);
    if (!s) s = check_mass(mass, index);
    if (s) return s;
    if (!velocity || !all_finite(velocity, dimension))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "velocity of body %d is missing or not finite", index);
    if (position && !all_finite(position, dimension))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "position of body %d is not finite", index);
    rc_body *b;
    if ((s = append_body(problem, RC_BODY_KIND_BALL, dimension, dimension, &b))) return s;
    problem->dimension = dimension;
    b->mass = mass;
    for (int i = 0; i < dimension; i++) {
        b->position[i] = position ? position[i] : 0.0;
        problem->velocity[b->first_dof + i] = velocity[i];
        problem->dof_mass[b->first_dof + i] = mass;
    }
    if (body) *body = index;
    return RC_STATUS_OK;
}

/* A symmetric 3x3 matrix is positive definite when its leading principal minors are positive. */
static bool symmetric_positive_definite(const double *a)
{
    double scale = fabs(a[0]) + fabs(a[4]) + fabs(a[8]);
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (fabs(a[3 * i + j] - a[3 * j + i]) > 1e-12 * scale) return false;
    double m1 = a[0];
    double m2 = a[0] * a[4] - a[1] * a[3];
    double m3 =
        a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
    return m1 > 0 && m2 > 0 && m3 > 0;
}

rc_status rc_impact_problem_add_rigid(rc_impact_problem *problem, int dimension, double mass, const double *inertia,
                                      const double *position, const double *velocity, const double *angular_velocity,
                                      int *body)
{
    int index = problem->body_count;
    rc_status s = check_dimension(problem, dimension, 2);
    if (!s) s = check_mass(mass, index);
    if (s) return s;
    int angular = dimension == 2 ? 1 : 3;
    int inertia_count = dimension == 2 ? 1 : 9;
    if (!inertia || !all_finite(inertia, inertia_count))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "inertia of body %d is missing or not finite", index);
    if (dimension == 2 ? !(inertia[0] > 0) : !symmetric_positive_definite(inertia))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "inertia of body %d is not %s", index,
                       dimension == 2 ? "positive" : "a symmetric positive definite 3x3 tensor");
    if (!position || !all_finite(position, dimension))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "position of body %d is missing or not finite", index);
    if (!velocity || !all_finite(velocity, dimension))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "velocity of body %d is missing or not finite", index);
    if (!angular_velocity || !all_finite(angular_velocity, angular))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "angular velocity of body %d is missing or not finite", index);
    rc_body *b;
    if ((s = append_body(problem, RC_BODY_KIND_RIGID, dimension, dimension + angular, &b))) return s;
    problem->dimension = dimension;
    b->mass = mass;
    memcpy(b->inertia, inertia, (size_t)inertia_count * sizeof *inertia);
    for (int i = 0; i < dimension; i++) {
        b->position[i] = position[i];
        problem->velocity[b->first_dof + i] = velocity[i];
        problem->dof_mass[b->first_dof + i] = mass;
    }
    for (int i = 0; i < angular; i++) {
        problem->velocity[b->first_dof + dimension + i] = angular_velocity[i];
        problem->dof_mass[b->first_dof + dimension + i] = dimension == 2 ? inertia[0] : inertia[4 * i];
    }
    if (body) *body = index;
    return RC_STATUS_OK;
}

rc_status rc_impact_problem_add_dofs(rc_impact_problem *problem, int count, const double *masses,
                                     const double *velocity, int *first_dof)
{
    if (count <= 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "degree-of-freedom count %d must be positive", count);
    int first = problem->dof_count;
    for (int i = 0; i < count; i++) {
        if (!isfinite(masses[i]) || masses[i] <= 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "masses[%d] is %g; it must be positive and finite", first + i,
                           masses[i]);
        if (!isfinite(velocity[i])) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "velocity[%d] is not finite", first + i);
    }
    rc_body *b;
    rc_status s = append_body(problem, RC_BODY_KIND_DOFS, 0, count, &b);
    if (s) return s;
    memcpy(problem->velocity + first, velocity, (size_t)count * sizeof *velocity);
    memcpy(problem->dof_mass + first, masses, (size_t)count * sizeof *masses);
    if (first_dof) *first_dof = first;
    return RC_STATUS_OK;
}

static rc_status append_contact(rc_impact_problem *problem, rc_contact **out, int *contact)
{
    rc_status s = RC_GROW(problem->contacts, problem->contact_capacity, problem->contact_count + 1);
    if (s) return s;
    if (contact) *contact = problem->contact_count;
    *out = &problem->contacts[problem->contact_count++];
    memset(*out, 0, sizeof **out);
    return RC_STATUS_OK;
}

static rc_status check_physical_body(const rc_impact_problem *problem, int body, const char *which)
{
    if (body < 0 || body >= problem->body_count)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "contact %s %d is not a body of the problem", which, body);
    if (problem->bodies[body].kind == RC_BODY_KIND_DOFS)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "contact %s %d is a set of bare degrees of freedom, not a body",
                       which, body);
    return RC_STATUS_OK;
}

rc_status rc_impact_problem_add_contact(rc_impact_problem *problem, int body_a, int body_b, const double *point,
                                        const double *normal, int *contact)
{
    int index = problem->contact_count;
    rc_status s = check_physical_body(problem, body_a, "body_a");
    if (!s && body_b != -1) s = check_physical_body(problem, body_b, "body_b");
    if (s) return s;
    if (body_a == body_b)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "contact %d joins body %d to itself", index, body_a);
    int d = problem->dimension;
    if (!point || !all_finite(point, d))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "point of contact %d is missing or not finite", index);
    if (!normal || !all_finite(normal, d))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "normal of contact %d is missing or not finite", index);
    double length = 0;
    for (int i = 0; i < d; i++) length += normal[i] * normal[i];
    length = sqrt(length);
    if (!(length > 1e-300)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "normal of contact %d is zero", index);
    rc_contact *c;
    if ((s = append_contact(problem, &c, contact))) return s;
    c->body_a = body_a;
    c->body_b = body_b;
    for (int i = 0; i < d; i++) {
        c->point[i] = point[i];
        c->normal[i] = normal[i] / length;
    }
    return RC_STATUS_OK;
}

rc_status rc_impact_problem_add_constraint(rc_impact_problem *problem, int nonzeros, const int *dofs,
                                           const double *values, int *contact)
{
    int index = problem->contact_count;
    if (nonzeros <= 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "constraints[%d] has no entries", index);
    double norm = 0;
    for (int i = 0; i < nonzeros; i++) {
        if (dofs[i] < 0 || dofs[i] >= problem->dof_count)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "constraints[%d] names index %d, outside 0..%d", index, dofs[i],
                           problem->dof_count - 1);
        if (!isfinite(values[i]))
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "constraints[%d] has a value that is not finite", index);
        for (int j = 0; j < i; j++)
            if (dofs[j] == dofs[i])
                return rc_fail(RC_STATUS_INVALID_ARGUMENT, "constraints[%d] names index %d twice", index, dofs[i]);
        if (problem->bodies[rc_problem_body_of_dof(problem, dofs[i])].kind == RC_BODY_KIND_RIGID)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "constraints[%d] names index %d of a rigid body; use a contact",
                           index, dofs[i]);
        norm += values[i] * values[i];
    }
    if (!(norm > 0)) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "constraints[%d] is a zero gradient", index);
    int need = problem->nonzero_count + nonzeros;
    rc_status s = RC_GROW(problem->nonzero_dof, problem->nonzero_dof_capacity, need);
    if (!s) s = RC_GROW(problem->nonzero_value, problem->nonzero_value_capacity, need);
    rc_contact *c;
    if (!s) s = append_contact(problem, &c, contact);
    if (s) return s;
    c->body_a = -1;
    c->body_b = -1;
    c->first_nonzero = problem->nonzero_count;
    c->nonzeros = nonzeros;
    memcpy(problem->nonzero_dof + problem->nonzero_count, dofs, (size_t)nonzeros * sizeof *dofs);
    memcpy(problem->nonzero_value + problem->nonzero_count, values, (size_t)nonzeros * sizeof *values);
    problem->nonzero_count += nonzeros;
    return RC_STATUS_OK;
}

int rc_problem_body_of_dof(const rc_impact_problem *problem, int dof)
{
    int lo = 0, hi = problem->body_count - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (problem->bodies[mid].first_dof <= dof) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

int rc_impact_problem_dof_count(const rc_impact_problem *problem) { return problem->dof_count; }
int rc_impact_problem_body_count(const rc_impact_problem *problem) { return problem->body_count; }
int rc_impact_problem_contact_count(const rc_impact_problem *problem) { return problem->contact_count; }
int rc_impact_problem_dimension(const rc_impact_problem *problem) { return problem->dimension; }
const double *rc_impact_problem_velocity(const rc_impact_problem *problem) { return problem->velocity; }

int rc_impact_problem_body_first_dof(const rc_impact_problem *problem, int body)
{
    return body >= 0 && body < problem->body_count ? problem->bodies[body].first_dof : -1;
}

int rc_impact_problem_body_dof_count(const rc_impact_problem *problem, int body)
{
    return body >= 0 && body < problem->body_count ? problem->bodies[body].dof_count : 0;
}

rc_body_kind rc_impact_problem_body_kind(const rc_impact_problem *problem, int body)
{
    return problem->bodies[body].kind;
}
