/* SPDX-License-Identifier: MIT */
/* Helpers of the tests that run scenes (tests/physics/test_transport*.c, tests/unit/test_live*.c): a run made from a
 * scene text, a scene run to its end without files and its summary, a number of the summary, an engine made from a
 * scene text, and the comparison of a measured coefficient with an oracle within three combined errors. */
#ifndef RC_TESTS_RUN_CHECK_H
#define RC_TESTS_RUN_CHECK_H

#include <cjson/cJSON.h>

#include "ricochet/ricochet.h"

/* The scene text of a periodic gas of 108 spheres on an fcc lattice at packing fraction 0.3, kT = 1, drawn with
 * seed, stopped after a million collisions (a static buffer, rewritten by the next call). */
const char *run_check_gas(int seed);
/* The run driver of the scene text with the default options, writing into folder (NULL: no files); NULL on failure
 * (recorded as a failed check). */
rc_run *run_check_create(const char *scene, const char *folder);
/* The run resumed from the checkpoint at path, writing no files; NULL on failure (recorded as a failed check). */
rc_run *run_check_resume(const char *path);
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
