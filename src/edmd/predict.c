/* SPDX-License-Identifier: MIT */
/* The public event-prediction functions (Bannerman et al. 2014, sections 4-5) and the names of the two rules. */
#include <math.h>
#include <string.h>

#include "core/status.h"
#include "edmd/predict.h"

double rc_edmd_predict_pair(rc_event_detection rule, const double r[3], const double v[3], double sigma)
{
    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    double c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - sigma * sigma;
    double vv = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
    return rule == RC_EVENT_DETECTION_NAIVE ? rc_naive_pair_time(b, c, vv) : rc_stable_pair_time(b, c, vv);
}

double rc_edmd_predict_plane(rc_event_detection rule, double c, double b, double a)
{
    return rule == RC_EVENT_DETECTION_NAIVE ? rc_naive_plane_time(c, b, a) : rc_stable_plane_time(c, b, a);
}

double rc_edmd_predict_growing_pair(const double r[3], const double v[3], double sigma, double sigma_dot)
{
    double a = v[0] * v[0] + v[1] * v[1] + v[2] * v[2] - sigma_dot * sigma_dot;
    double b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2] - sigma * sigma_dot;
    double c = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] - sigma * sigma;
    return rc_growing_pair_time(a, b, c);
}

static const char *const rule_names[] = {"stable", "naive"};

rc_status rc_event_detection_parse(const char *name, rc_event_detection *rule)
{
    for (int k = 0; k < 2; k++)
        if (name && strcmp(name, rule_names[k]) == 0) {
            *rule = (rc_event_detection)k;
            return RC_STATUS_OK;
        }
    return rc_fail(RC_STATUS_INVALID_ARGUMENT, "event_detection: \"%s\" is not one of stable, naive", name ? name : "");
}

const char *rc_event_detection_name(rc_event_detection rule) { return (unsigned)rule < 2 ? rule_names[rule] : "?"; }
