/* SPDX-License-Identifier: MIT */
/* The scene's "measure" during a run (measure.c): samples at a fixed interval, their results, summary keys and
 * checkpointed sums. */
#ifndef RC_RUN_MEASURE_H
#define RC_RUN_MEASURE_H

#include "run/run.h"

/* Makes the measurements the scene asks for (none: run->measure stays NULL); a new run (resume false) plans its
 * interval and blocks into run->at.measure. */
rc_status rc_run_measure_create(rc_run *run, bool resume);
void rc_run_measure_destroy(rc_run *run);
/* The next time the engine must stop at for a sample (INFINITY: none). */
double rc_run_measure_next(const rc_run *run);
/* Starts the measurement when due (equilibrated, at or after "from") and takes the samples due now. */
rc_status rc_run_measure_step(rc_run *run);
/* The results from the sums, and DIRECTORY's CSV files. */
rc_status rc_run_measure_finish(rc_run *run);
/* The summary's keys of the measurements. */
void rc_run_measure_summary(const rc_run *run, cJSON *summary);
/* The measurements' sums and rings as bytes for a checkpoint (NULL buffer: the size). */
size_t rc_run_measure_state_size(rc_run *run);
rc_status rc_run_measure_state_save(rc_run *run, void *buffer, size_t size);
rc_status rc_run_measure_state_restore(rc_run *run, const void *buffer, size_t size);

#endif
