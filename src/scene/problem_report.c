/* SPDX-License-Identifier: MIT */
/* The JSON report of one resolve of a problem file (rc_problem_file_report_json; docs/formats.md, "The output of
 * resolve"; Vouga et al. 2017 for what the solver reports), built with cJSON: status and counters, the velocities
 * body by body (physical form) or as one vector (generic form), the contacts, impulses, energy, momentum, the
 * implicit equalities and the options used. */
#include <stdio.h>

#include "ricochet/io.h"
#include "json/json_document.h"

static cJSON *numbers(const double *x, int n)
{
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; list && i < n; i++)
        if (!cJSON_AddItemToArray(list, cJSON_CreateNumber(x[i]))) {
            cJSON_Delete(list);
            return NULL;
        }
    return list;
}

/* {"before": ..., "after": ...}: numbers, or d-vectors when d > 0. */
static void add_before_after(cJSON *report, const char *key, const double *before, const double *after, int d)
{
    cJSON *pair = cJSON_AddObjectToObject(report, key);
    cJSON_AddItemToObject(pair, "before", d ? numbers(before, d) : cJSON_CreateNumber(*before));
    cJSON_AddItemToObject(pair, "after", d ? numbers(after, d) : cJSON_CreateNumber(*after));
}

static cJSON *item_name(rc_item_kind kind, int index)
{
    char name[48];
    snprintf(name, sizeof name, "%s[%d]", rc_item_kind_name(kind), index);
    return cJSON_CreateString(name);
}

static cJSON *contacts(const rc_problem_info *info)
{
    cJSON *list = cJSON_CreateArray();
    for (int k = 0; list && k < info->contact_count; k++) {
        const rc_contact_info *c = &info->contacts[k];
        cJSON *contact = cJSON_CreateObject();
        cJSON_AddItemToArray(list, contact);
        cJSON_AddItemToObject(contact, "a", item_name(c->a_kind, c->a_index));
        cJSON_AddItemToObject(contact, "b", item_name(c->b_kind, c->b_index));
        if (c->vertex >= 0) cJSON_AddNumberToObject(contact, "vertex", c->vertex);
        cJSON_AddItemToObject(contact, "point", numbers(c->point, info->dimension));
        cJSON_AddItemToObject(contact, "normal", numbers(c->normal, info->dimension));
        cJSON_AddNumberToObject(contact, "gap", c->gap);
    }
    return list;
}

/* velocities (every body), angular_velocities (rigid bodies: a number in 2D, a 3-vector in 3D) and contacts */
static void add_bodies(cJSON *report, const rc_problem_file *file, const rc_impact_result *r)
{
    const rc_problem_info *info = rc_problem_file_info(file);
    const rc_impact_problem *problem = rc_problem_file_problem(file);
    int d = info->dimension, bodies = info->ball_count + info->rigid_count;
    cJSON *velocities = cJSON_AddArrayToObject(report, "velocities");
    cJSON *angular = cJSON_AddArrayToObject(report, "angular_velocities");
    for (int b = 0; b < bodies; b++) {
        const double *v = r->velocity + rc_impact_problem_body_first_dof(problem, b);
        cJSON_AddItemToArray(velocities, numbers(v, d));
        if (b >= info->ball_count) cJSON_AddItemToArray(angular, d == 2 ? cJSON_CreateNumber(v[2]) : numbers(v + 3, 3));
    }
    cJSON_AddItemToObject(report, "contacts", contacts(info));
}

static void add_momentum(cJSON *report, int d, const rc_impact_result *r)
{
    add_before_after(report, "momentum", r->linear_momentum_before, r->linear_momentum_after, d);
    if (d == 2)
        add_before_after(report, "angular_momentum", r->angular_momentum_before + 2, r->angular_momentum_after + 2, 0);
    else if (d == 3)
        add_before_after(report, "angular_momentum", r->angular_momentum_before, r->angular_momentum_after, 3);
}

static void add_options(cJSON *report, const rc_impact_options *o)
{
    cJSON *options = cJSON_AddObjectToObject(report, "options");
    cJSON_AddNumberToObject(options, "restitution", o->restitution);
    cJSON_AddNumberToObject(options, "friction", o->friction);
    cJSON_AddNumberToObject(options, "tolerance", o->tolerance);
    cJSON_AddBoolToObject(options, "lineality", o->lineality);
    cJSON_AddNumberToObject(options, "max_iterations", (double)o->max_iterations);
    cJSON_AddNumberToObject(options, "seed", (double)o->seed);
    cJSON_AddStringToObject(options, "lcp", rc_lcp_method_name(o->lcp));
}

char *rc_problem_file_report_json(const rc_problem_file *file, const rc_impact_options *o, const rc_impact_result *r,
                                  bool compact)
{
    if (!file || !o || !r) return NULL;
    const rc_problem_info *info = rc_problem_file_info(file);
    bool physical = info->form == RC_PROBLEM_FORM_PHYSICAL;
    cJSON *report = cJSON_CreateObject();
    cJSON_AddStringToObject(report, "status", r->status == RC_STATUS_OK ? "resolved" : "not_terminated");
    cJSON_AddStringToObject(report, "form", physical ? "physical" : "generic");
    cJSON_AddStringToObject(report, "operator", rc_impact_operator_name(o->op));
    if (o->op == RC_IMPACT_OPERATOR_GS) cJSON_AddStringToObject(report, "order", rc_gauss_seidel_order_name(o->order));
    cJSON_AddNumberToObject(report, "iterations", (double)r->iterations);
    cJSON_AddNumberToObject(report, "islands", r->islands);
    cJSON_AddNumberToObject(report, "largest_island", r->largest_island);
    cJSON_AddNumberToObject(report, "lcp_solves", (double)r->lcp_solves);
    cJSON_AddNumberToObject(report, "lcp_fallbacks", (double)r->lcp_fallbacks);
    if (physical) add_bodies(report, file, r);
    else cJSON_AddItemToObject(report, "velocity", numbers(r->velocity, r->dof_count));
    cJSON_AddItemToObject(report, "normal_impulses", numbers(r->normal_impulse, r->contact_count));
    add_before_after(report, "kinetic_energy", &r->kinetic_energy_before, &r->kinetic_energy_after, 0);
    if (physical) add_momentum(report, info->dimension, r);
    cJSON *lineality = cJSON_AddObjectToObject(report, "lineality");
    cJSON_AddNumberToObject(lineality, "dimension", r->lineality_dimension);
    cJSON *members = cJSON_AddArrayToObject(lineality, "constraints");
    for (int i = 0; i < r->lineality_count; i++) cJSON_AddItemToArray(members, cJSON_CreateNumber(r->lineality[i]));
    cJSON_AddNumberToObject(report, "min_relative_velocity", r->min_relative_velocity);
    add_options(report, o);
    return rc_json_text(report, compact);
}
