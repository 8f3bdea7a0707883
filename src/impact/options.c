/* SPDX-License-Identifier: MIT */
/* Impact options: defaults, validation and the names used in files and on the command line. */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "ricochet/impact.h"

rc_impact_options rc_impact_default_options(void)
{
    return (rc_impact_options){
        .op = RC_IMPACT_OPERATOR_GR,
        .order = RC_GAUSS_SEIDEL_ORDER_LEXICOGRAPHIC,
        .seed = 1,
        .restitution = 1.0,
        .friction = 0.0,
        .tolerance = 1e-12,
        .lineality = true,
        .max_iterations = 0,
        .lcp = RC_LCP_METHOD_AUTO,
    };
}

rc_status rc_impact_options_validate(const rc_impact_options *o)
{
    if (o->op != RC_IMPACT_OPERATOR_GR && o->op != RC_IMPACT_OPERATOR_GS)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "operator %d is not gr or gs", (int)o->op);
    if ((unsigned)o->order > RC_GAUSS_SEIDEL_ORDER_MOST_VIOLATED)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "order %d is not a Gauss-Seidel order", (int)o->order);
    if (!(o->restitution >= 0 && o->restitution <= 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "restitution %g is outside [0, 1]", o->restitution);
    if (!(o->friction >= 0) || !isfinite(o->friction))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "friction %g must be finite and non-negative", o->friction);
    if (!(o->tolerance >= 0 && o->tolerance < 1))
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "tolerance %g is outside [0, 1)", o->tolerance);
    if (o->max_iterations < 0)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "max_iterations %lld is negative", (long long)o->max_iterations);
    if ((unsigned)o->lcp > RC_LCP_METHOD_PGS)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT, "LCP method %d is unknown", (int)o->lcp);
    return RC_STATUS_OK;
}

static const char *const operator_names[] = {"gr", "gs"};
static const char *const order_names[] = {"lexicographic", "sweep", "random", "most-violated"};

const char *rc_impact_operator_name(rc_impact_operator op) { return (unsigned)op < 2 ? operator_names[op] : "unknown"; }

const char *rc_gauss_seidel_order_name(rc_gauss_seidel_order order)
{
    return (unsigned)order < 4 ? order_names[order] : "unknown";
}

rc_status rc_impact_operator_parse(const char *text, rc_impact_operator *op)
{
    for (int i = 0; i < 2; i++)
        if (strcmp(text, operator_names[i]) == 0) {
            *op = (rc_impact_operator)i;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "operator \"%s\" is not gr or gs", text);
}

rc_status rc_gauss_seidel_order_parse(const char *text, rc_gauss_seidel_order *order)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(text, order_names[i]) == 0) {
            *order = (rc_gauss_seidel_order)i;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "order \"%s\" is not lexicographic, sweep, random or most-violated",
                   text);
}

static const char *const lcp_names[] = {"auto", "lemke", "pgs"};

const char *rc_lcp_method_name(rc_lcp_method method)
{
    return (unsigned)method <= RC_LCP_METHOD_PGS ? lcp_names[method] : "unknown";
}

rc_status rc_lcp_method_parse(const char *text, rc_lcp_method *method)
{
    for (int i = 0; i <= RC_LCP_METHOD_PGS; i++)
        if (strcmp(text, lcp_names[i]) == 0) {
            *method = (rc_lcp_method)i;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "lcp: \"%s\" is not auto, lemke or pgs", text);
}
