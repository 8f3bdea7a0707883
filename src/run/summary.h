/* SPDX-License-Identifier: MIT */
/* The summary object, scene.json and summary.json (summary.c). */
#ifndef RC_RUN_SUMMARY_H
#define RC_RUN_SUMMARY_H

#include "run/run.h"

/* The summary object (ricochet/run.h, rc_run_summary_json); NULL when out of memory. */
cJSON *rc_run_summary(const rc_run *run);
/* DIRECTORY/scene.json: the scene as read with the run's effective stop and output; the parsed scene (run->scene)
 * is let go of, written or not. */
rc_status rc_run_write_scene(rc_run *run);
/* A JSON array of n numbers. */
cJSON *rc_run_json_numbers(const double *x, int n);
/* Writes object as indented JSON to DIRECTORY/name, atomically. */
rc_status rc_run_write_json(const rc_run *run, const char *name, const cJSON *object);
/* DIRECTORY/summary.json: the summary, the version, the command line, the start and end. */
rc_status rc_run_write_summary(const rc_run *run);
/* UTC now as 2026-11-25T13:07:00Z. */
void rc_run_timestamp(char out[32]);

#endif
