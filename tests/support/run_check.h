/* SPDX-License-Identifier: MIT */
/* Helpers of the transport tests (tests/physics/test_transport.c, tests/physics/test_transport_disks.c): a scene run to its end
 * without files and its summary, a number of the summary, an engine made from a scene text, and the comparison of a
 * measured coefficient with an oracle within three combined errors. */
#ifndef RC_TESTS_RUN_CHECK_H
#define RC_TESTS_RUN_CHECK_H

#include <cjson/cJSON.h>

#include "ricochet/ricochet.h"

/* The scene run to its end without files; its summary (NULL on failure, recorded as a failed check). */
cJSON *run_check_summary(const char *scene);
/* The number under key, NaN when it is missing or null. */
double run_check_number(const cJSON *object, const char *key);
/* The event-driven engine of the scene text (its "measure" sets def.transport); NULL on failure (recorded). */
rc_edmd *run_check_engine(const char *scene);
/* Prints the comparison and checks |value - oracle| <= 3 sqrt(error^2 + (allowance oracle)^2): allowance is the
 * relative part of the oracle's own uncertainty (what its approximations leave out). */
void run_check_near(const char *what, double value, double error, double oracle, double allowance);

#endif
