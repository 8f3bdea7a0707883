/* SPDX-License-Identifier: MIT */
/* One resolve (Vouga et al. 2017, Algorithm 2 with the loop of Algorithms 3/4, then sections 6.2 and 6.3): split
 * the contacts into islands; for every island that has a violated contact, detect its implicit equalities (one
 * LP), project them out, run the loop, blend with the inelastic answer for restitution c < 1; then apply one-way
 * coupled friction over all contacts and measure. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/grow.h"
#include "core/status.h"
#include "impact/measures.h"
#include "impact/restitution.h"
#include "impact/solver.h"

rc_status rc_solver_reserve(rc_impact_solver *s, int n, int m)
{
    size_t un = (size_t)n + 1, um = (size_t)m + 1;
    rc_status st = RC_RESERVE(s->label, s->cap_label, um);
    if (!st) st = RC_RESERVE(s->order, s->cap_order, um);
    if (!st) st = RC_RESERVE(s->island_start, s->cap_island_start, um + 1);
    if (!st) st = RC_RESERVE(s->scratch, s->cap_scratch, 2 * un);
    if (!st) st = RC_RESERVE(s->lineality_list, s->cap_lineality_list, um);
    if (!st) st = RC_RESERVE(s->velocity, s->cap_velocity, un);
    if (!st) st = RC_RESERVE(s->impulse, s->cap_impulse, um);
    if (!st) st = RC_RESERVE(s->normal_impulse, s->cap_normal_impulse, um);
    if (!st) st = RC_RESERVE(s->island_v, s->cap_island_v, un);
    if (!st) st = RC_RESERVE(s->island_v0, s->cap_island_v0, un);
    if (!st) st = RC_RESERVE(s->island_inelastic, s->cap_island_inelastic, un);
    if (!st) st = RC_RESERVE(s->island_impulse, s->cap_island_impulse, um);
    if (!st) st = RC_RESERVE(s->island_lambda, s->cap_island_lambda, um);
    if (!st && un > s->cap_dof_map) {
        st = RC_RESERVE(s->dof_map, s->cap_dof_map, un);
        if (!st)
            for (size_t i = 0; i < s->cap_dof_map; i++) s->dof_map[i] = -1;
    }
    return st;
}

/* Groups contacts by island, keeping their order inside each island. Returns the number of islands. */
static int group_islands(rc_impact_solver *s)
{
    const rc_system *g = &s->global;
    int count = rc_system_islands(g, s->label, s->scratch);
    memset(s->island_start, 0, ((size_t)count + 1) * sizeof(int));
    for (int k = 0; k < g->m; k++) s->island_start[s->label[k] + 1]++;
    for (int i = 0; i < count; i++) s->island_start[i + 1] += s->island_start[i];
    int *fill = s->scratch;
    memcpy(fill, s->island_start, (size_t)count * sizeof(int));
    for (int k = 0; k < g->m; k++) s->order[fill[s->label[k]]++] = k;
    return count;
}

static bool has_violation(const rc_system *sys, const double *v, double epsilon)
{
    double threshold = -epsilon * sqrt(rc_system_energy_norm2(sys, v));
    for (int k = 0; k < sys->m; k++)
        if (rc_system_dot(sys, k, v) < threshold) return true;
    return false;
}

/* Whether the island of contacts order[0 .. count) is the whole system with its dofs first met in their own order:
 * then rc_system_extract would copy it unchanged (the same numbering, blocks, masses and rows), and the island is
 * the system itself. So it is for the one island of a problem the time-stepped engine builds (islands.c adds the
 * bodies as its contacts meet them). */
static bool whole_in_order(const rc_system *g, const int *order, int count)
{
    if (count != g->m) return false;
    int next = 0; /* dofs below next have been met */
    for (int k = 0; k < count; k++) {
        if (order[k] != k) return false;
        for (int p = g->ptr[k]; p < g->ptr[k + 1]; p++) {
            if (g->idx[p] > next) return false;
            if (g->idx[p] == next) next++;
        }
    }
    return next == g->n;
}

typedef struct progress {
    int64_t iterations;
    int islands, largest, lineality_count, lineality_dimension;
} progress;

/* Resolves island `island` into s->velocity and s->impulse. */
static rc_status resolve_island(rc_impact_solver *s, int island, progress *pr)
{
    const rc_impact_options *o = &s->options;
    int first = s->island_start[island], count = s->island_start[island + 1] - first;
    const rc_system *isl = &s->global;
    rc_status st = RC_STATUS_OK;
    if (!whole_in_order(&s->global, s->order + first, count)) {
        st = rc_system_extract(&s->island, &s->global, s->order + first, count, s->dof_map);
        isl = &s->island;
    }
    if (st) return st;
    for (int j = 0; j < isl->n; j++) s->island_v[j] = s->island_v0[j] = s->velocity[isl->dof_global[j]];
    if (!has_violation(isl, s->island_v, o->tolerance)) return RC_STATUS_OK;
    pr->islands++;
    if (count > pr->largest) pr->largest = count;
    const rc_system *work = isl;
    const int *kept = NULL;
    bool none = false;
    if (o->lineality && o->tolerance > 0 && (st = rc_lineality_certify_none(&s->loop, isl, &none))) return st;
    if (o->lineality && !none) {
        int found;
        if ((st = rc_lineality_detect(&s->lineality, isl, o->tolerance == 0, &found))) return st;
        if (found > 0) {
            if ((st = rc_lineality_project(&s->lineality, isl, s->island_v, &s->projected))) return st;
            work = &s->projected;
            kept = s->lineality.kept;
            for (int k = 0; k < count; k++)
                if (s->lineality.member[k]) s->lineality_list[pr->lineality_count++] = isl->contact_global[k];
            pr->lineality_dimension += s->lineality.dimension;
        }
    }
    int64_t budget = 0;
    if (o->max_iterations > 0) {
        budget = o->max_iterations - pr->iterations;
        if (budget <= 0) return RC_STATUS_NOT_TERMINATED;
    }
    memset(s->island_lambda, 0, (size_t)work->m * sizeof(double));
    memset(s->island_impulse, 0, (size_t)count * sizeof(double));
    /* c = 0 needs only the inelastic answer: the elastic loop's result would be blended away */
    rc_status run = o->restitution > 0
                        ? rc_loop_run(&s->loop, work, s->island_v, o, budget, s->island_lambda, &pr->iterations)
                        : RC_STATUS_OK;
    if (run && run != RC_STATUS_NOT_TERMINATED) return run;
    if (run == RC_STATUS_NOT_TERMINATED && s->stop && *s->stop) {
        /* interrupted: the inelastic answer instead of the rest of the loop, a consistent end (rc_impact_solver_watch) */
        st = rc_restitution_inelastic(&s->loop, isl, s->island_v0, s->island_v, s->island_impulse, o->lcp);
        if (st) return st;
        for (int j = 0; j < isl->n; j++) s->velocity[isl->dof_global[j]] = s->island_v[j];
        for (int k = 0; k < count; k++) s->impulse[isl->contact_global[k]] = s->island_impulse[k];
        return RC_STATUS_OK;
    }
    for (int j = 0; j < work->m && o->restitution > 0; j++)
        s->island_impulse[kept ? kept[j] : j] +=
            kept ? s->island_lambda[j] / s->lineality.kept_norm[j] : s->island_lambda[j];
    if (!run && kept && o->restitution > 0 &&
        (st = rc_lineality_impulses(&s->lineality, isl, s->island_v0, s->island_v, s->island_impulse)))
        return st;
    if (!run && o->restitution < 1) {
        st = rc_restitution_inelastic(&s->loop, isl, s->island_v0, s->island_inelastic, s->island_lambda, o->lcp);
        if (st) return st;
        rc_restitution_blend(isl->n, o->restitution, s->island_inelastic, s->island_v);
        rc_restitution_blend(count, o->restitution, s->island_lambda, s->island_impulse);
    }
    for (int j = 0; j < isl->n; j++) s->velocity[isl->dof_global[j]] = s->island_v[j];
    for (int k = 0; k < count; k++) s->impulse[isl->contact_global[k]] = s->island_impulse[k];
    return run;
}

void rc_solver_report(rc_impact_solver *s, const rc_impact_problem *problem, rc_status status, rc_impact_result *result)
{
    result->status = status;
    result->dof_count = problem->dof_count;
    result->velocity = s->velocity;
    result->normal_impulse = s->normal_impulse;
    result->contact_count = problem->contact_count;
    if (s->velocities_only) return; /* the measures below stay 0 (rc_impact_solver_velocities_only) */
    result->kinetic_energy_before = rc_measure_energy(&s->global, problem->velocity);
    result->kinetic_energy_after = rc_measure_energy(&s->global, s->velocity);
    rc_measure_momentum(problem, problem->velocity, result->linear_momentum_before, result->angular_momentum_before);
    rc_measure_momentum(problem, s->velocity, result->linear_momentum_after, result->angular_momentum_after);
    result->min_relative_velocity = rc_measure_min_relative_velocity(&s->global, s->velocity);
}

static int compare_ints(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

static rc_status check_friction(const rc_impact_problem *problem, double mu)
{
    if (mu == 0) return RC_STATUS_OK;
    for (int k = 0; k < problem->contact_count; k++)
        if (problem->contacts[k].body_a < 0)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                           "friction %g needs physical contacts, but constraints[%d] is a bare gradient", mu, k);
    if (problem->dimension < 2 && problem->contact_count > 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "friction needs 2 or 3 dimensions, the problem has %d",
                       problem->dimension);
    return RC_STATUS_OK;
}

rc_status rc_impact_solver_resolve(rc_impact_solver *s, const rc_impact_problem *problem, rc_impact_result *result)
{
    const rc_impact_options *o = &s->options;
    memset(result, 0, sizeof *result);
    rc_clear_error();
    rc_status st = check_friction(problem, o->friction);
    if (!st) st = rc_system_build(&s->global, problem);
    if (!st) st = rc_solver_reserve(s, problem->dof_count, problem->contact_count);
    if (st) return st;
    int n = problem->dof_count, m = problem->contact_count;
    memcpy(s->velocity, problem->velocity, (size_t)n * sizeof(double));
    memset(s->impulse, 0, (size_t)m * sizeof(double));
    long solves0 = s->loop.lcp.solves, fallbacks0 = s->loop.lcp.fallbacks;
    progress pr = {0};
    int islands = m > 0 ? group_islands(s) : 0;
    rc_status status = RC_STATUS_OK;
    for (int i = 0; i < islands && status == RC_STATUS_OK; i++) {
        status = resolve_island(s, i, &pr);
        if (status && status != RC_STATUS_NOT_TERMINATED) return status;
    }
    for (int k = 0; k < m; k++) s->normal_impulse[k] = s->impulse[k] / s->global.scale[k];
    if (status == RC_STATUS_OK &&
        (st = rc_friction_apply(&s->friction, problem, &s->global, s->normal_impulse, o->friction, s->velocity)))
        return st;
    qsort(s->lineality_list, (size_t)pr.lineality_count, sizeof(int), compare_ints);
    rc_solver_report(s, problem, status, result);
    result->iterations = pr.iterations;
    result->islands = pr.islands;
    result->largest_island = pr.largest;
    result->lineality_dimension = pr.lineality_dimension;
    result->lineality_count = pr.lineality_count;
    result->lineality = s->lineality_list;
    result->lcp_solves = s->loop.lcp.solves - solves0;
    result->lcp_fallbacks = s->loop.lcp.fallbacks - fallbacks0;
    if (status == RC_STATUS_NOT_TERMINATED)
        rc_fail(RC_STATUS_NOT_TERMINATED, "the impact did not resolve within %lld operator applications",
                (long long)o->max_iterations);
    return status;
}

rc_status rc_impact_solver_lineality(rc_impact_solver *s, const rc_impact_problem *problem, int *indices, int *count,
                                     int *dimension)
{
    rc_status st = rc_system_build(&s->global, problem);
    if (!st) st = rc_solver_reserve(s, problem->dof_count, problem->contact_count);
    if (st) return st;
    *count = 0;
    *dimension = 0;
    int islands = problem->contact_count > 0 ? group_islands(s) : 0;
    for (int i = 0; i < islands; i++) {
        int first = s->island_start[i], size = s->island_start[i + 1] - first, found;
        rc_system *isl = &s->island;
        if ((st = rc_system_extract(isl, &s->global, s->order + first, size, s->dof_map))) return st;
        if ((st = rc_lineality_detect(&s->lineality, isl, s->options.tolerance == 0, &found))) return st;
        if (found == 0) continue;
        for (int k = 0; k < size; k++)
            if (s->lineality.member[k]) indices[(*count)++] = isl->contact_global[k];
        /* the dimension of the span, from the same Gram-Schmidt the projection uses */
        for (int j = 0; j < isl->n; j++) s->island_v[j] = 0.0;
        if ((st = rc_lineality_project(&s->lineality, isl, s->island_v, &s->projected))) return st;
        *dimension += s->lineality.dimension;
    }
    qsort(indices, (size_t)*count, sizeof(int), compare_ints);
    return RC_STATUS_OK;
}
