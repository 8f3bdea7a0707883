/* SPDX-License-Identifier: MIT */
/* Reading the generic form of a problem file: bare degrees of freedom and constraint gradients. */
#ifndef RC_SCENE_PROBLEM_GENERIC_H
#define RC_SCENE_PROBLEM_GENERIC_H

#include <cjson/cJSON.h>

#include "ricochet/impact.h"

/* Adds the file's degrees of freedom and constraints to problem (the top-level keys are checked by the caller). */
rc_status rc_generic_read(const cJSON *root, rc_impact_problem *problem, int *constraint_count);

#endif
