/* SPDX-License-Identifier: MIT */
/* The table of observables read for a run (observables.c): every value now, the row's columns, the summary's
 * measured keys. */
#ifndef RC_RUN_OBSERVABLES_H
#define RC_RUN_OBSERVABLES_H

#include "run/run.h"

/* Every value of the table for the run's engine (NAN where the engine has none), the event-driven averages taken
 * since `since` (NULL: since the start). values has rc_observable_count() entries. */
void rc_run_observe(const rc_run *run, const run_snapshot *since, double *values);
/* Finds each observable of the table in the run's engine (run->fields); RC_STATUS_NO_MEMORY when out of memory. */
rc_status rc_run_observables_bind(rc_run *run);
/* Field `name` of an adapter's list of n (false when absent). */
bool rc_run_field_find(const run_field *list, size_t n, const char *name, run_field *out);
/* The names of the row's columns for the run's engine (and its shear), in table order, and their indices into the
 * table's values. */
int rc_run_row_columns(const rc_run *run, const char **names, int *indices);
/* Adds the summary's measured keys (null where a value is not defined). */
void rc_run_add_observables(const rc_run *run, const run_snapshot *since, cJSON *summary);

#endif
