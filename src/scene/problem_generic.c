/* SPDX-License-Identifier: MIT */
/* Reading the generic form of a problem file (docs/formats.md): "masses" (the diagonal of M), "velocity", and
 * "constraints", each a sparse gradient written as [index, value] pairs, into bare degrees of freedom and
 * constraint gradients of an impact problem. */
#include "scene/problem_generic.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/status.h"
#include "json/json_fields.h"

/* One entry [index, value] of a constraint; the index must name one of the n degrees of freedom. */
static rc_status read_entry(const cJSON *entry, const char *name, int n, int *dof, double *value)
{
    double pair[2];
    rc_status s = rc_json_item_vector(entry, name, 2, "an entry is [index, value]", pair);
    if (s) return s;
    if (!(pair[0] >= 0 && pair[0] < n && pair[0] == (int)pair[0]))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "%s[0]: %g is not a degree-of-freedom index (an integer from 0 to %d)", name, pair[0], n - 1);
    *dof = (int)pair[0];
    *value = pair[1];
    return RC_STATUS_OK;
}

static rc_status read_constraint(const cJSON *item, const char *name, rc_impact_problem *problem, int n, int *dofs,
                                 double *values)
{
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) == 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s: not a non-empty list of [index, value] pairs", name);
    int count = 0;
    char entry_name[RC_FIELD_NAME_SIZE];
    for (const cJSON *entry = item->child; entry; entry = entry->next, count++) {
        if (count == n)
            return rc_fail(RC_STATUS_INVALID_ARGUMENT, "%s has more entries than the %d degrees of freedom", name, n);
        rc_field_index(entry_name, name, count);
        rc_status s = read_entry(entry, entry_name, n, &dofs[count], &values[count]);
        if (s) return s;
    }
    /* the builder names repeated indices and zero gradients as constraints[k], which is this constraint */
    return rc_impact_problem_add_constraint(problem, count, dofs, values, NULL);
}

static rc_status read_dofs(const cJSON *root, rc_impact_problem *problem, int n, double *masses, double *velocity)
{
    char why[48];
    snprintf(why, sizeof why, "masses has %d", n);
    rc_status s = rc_json_vector(root, "", "masses", n, why, true, masses);
    char name[RC_FIELD_NAME_SIZE];
    for (int i = 0; i < n && !s; i++) {
        rc_field_index(name, "masses", i);
        s = rc_size_check(name, masses[i]);
    }
    if (!s) s = rc_json_vector(root, "", "velocity", n, why, true, velocity);
    if (!s) s = rc_impact_problem_add_dofs(problem, n, masses, velocity, NULL);
    return s;
}

rc_status rc_generic_read(const cJSON *root, rc_impact_problem *problem, int *constraint_count)
{
    const cJSON *masses, *constraints;
    rc_status s = rc_json_list(root, "", "masses", true, &masses);
    if (!s) s = rc_json_list(root, "", "constraints", false, &constraints);
    if (s) return s;
    int n = cJSON_GetArraySize(masses);
    if (n == 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "masses: the list is empty");
    double *numbers = malloc(3 * (size_t)n * sizeof *numbers);
    int *dofs = malloc((size_t)n * sizeof *dofs);
    s = numbers && dofs ? read_dofs(root, problem, n, numbers, numbers + n)
                        : rc_fail(RC_STATUS_NO_MEMORY, "out of memory reading the problem");
    int k = 0;
    char name[RC_FIELD_NAME_SIZE];
    for (const cJSON *item = constraints ? constraints->child : NULL; item && !s; item = item->next, k++) {
        rc_field_index(name, "constraints", k);
        s = read_constraint(item, name, problem, n, dofs, numbers + 2 * n);
    }
    free(numbers);
    free(dofs);
    *constraint_count = k;
    return s;
}
