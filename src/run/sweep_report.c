/* SPDX-License-Identifier: MIT */
/* The report of a sweep (ricochet/sweep.h; docs/cli.md, "sweep"): its runs counted by state from their outcome.json
 * files, whether every one ended ok (what decides `ricochet sweep`'s exit code; the runs that have not ended named),
 * and the JSON object `ricochet sweep` prints (the counts, the folder, the wall time). */
#include <cjson/cJSON.h>

#include "core/status.h"
#include "run/sweep.h"
#include "json/json_document.h"

void rc_sweep_count(const rc_sweep *sweep, int64_t counts[4])
{
    if (!counts) return;
    for (int s = 0; s < 4; s++) counts[s] = 0;
    for (int64_t k = 0; k < rc_sweep_run_count(sweep); k++) counts[rc_sweep_state(sweep, k, NULL, 0)]++;
}

/* The indices of the runs that have not ended, the first ten of them, as "3, 4, 7" (and "and N more"). */
static void pending_runs(const rc_sweep *sweep, int64_t pending, char *out, size_t size)
{
    size_t used = 0;
    int64_t named = 0;
    out[0] = '\0';
    for (int64_t k = 0; k < rc_sweep_run_count(sweep) && named < 10 && used < size; k++)
        if (rc_sweep_state(sweep, k, NULL, 0) == RC_SWEEP_STATUS_PENDING)
            used += (size_t)snprintf(out + used, size - used, "%s%lld", named++ ? ", " : "", (long long)k);
    if (pending > named && used < size)
        snprintf(out + used, size - used, " and %lld more", (long long)(pending - named));
}

rc_status rc_sweep_check(const rc_sweep *sweep)
{
    if (!sweep) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "rc_sweep_check: NULL sweep");
    int64_t counts[4];
    rc_sweep_count(sweep, counts);
    char runs[160];
    if (counts[RC_SWEEP_STATUS_PENDING]) pending_runs(sweep, counts[RC_SWEEP_STATUS_PENDING], runs, sizeof runs);
    if (counts[RC_SWEEP_STATUS_PENDING] && rc_sweep_interrupt_signal(sweep) >= 0)
        return rc_fail(RC_STATUS_INTERNAL,
                       "%lld runs did not end (runs %s): the sweep started again runs them, each from "
                       "its checkpoint when it has one",
                       (long long)counts[RC_SWEEP_STATUS_PENDING], runs);
    if (counts[RC_SWEEP_STATUS_PENDING]) /* not run yet, or their processes were killed (SIGKILL): no outcome yet */
        return rc_fail(RC_STATUS_NOT_TERMINATED,
                       "%lld of %lld runs have not ended (runs %s): not run yet, or their "
                       "processes were killed; the sweep started again runs them, each from its "
                       "checkpoint when it has one (see %s/sweep.csv)",
                       (long long)counts[RC_SWEEP_STATUS_PENDING], (long long)rc_sweep_run_count(sweep), runs,
                       rc_sweep_directory(sweep));
    int64_t bad = counts[RC_SWEEP_STATUS_FAILED] + counts[RC_SWEEP_STATUS_NOT_TERMINATED];
    if (bad)
        return rc_fail(RC_STATUS_NOT_TERMINATED, "%lld of %lld runs failed or did not terminate (see %s/sweep.csv)",
                       (long long)bad, (long long)rc_sweep_run_count(sweep), rc_sweep_directory(sweep));
    return RC_STATUS_OK;
}

char *rc_sweep_report_json(const rc_sweep *sweep, double wall_seconds, bool compact)
{
    if (!sweep) return NULL;
    int64_t counts[4];
    rc_sweep_count(sweep, counts);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "runs", (double)rc_sweep_run_count(sweep));
    cJSON_AddNumberToObject(o, "points", (double)rc_sweep_points(sweep));
    cJSON_AddNumberToObject(o, "replicas", (double)rc_sweep_replicas(sweep));
    cJSON_AddNumberToObject(o, "ok", (double)counts[RC_SWEEP_STATUS_OK]);
    cJSON_AddNumberToObject(o, "failed", (double)counts[RC_SWEEP_STATUS_FAILED]);
    cJSON_AddNumberToObject(o, "not_terminated", (double)counts[RC_SWEEP_STATUS_NOT_TERMINATED]);
    cJSON_AddNumberToObject(o, "pending", (double)counts[RC_SWEEP_STATUS_PENDING]);
    cJSON_AddStringToObject(o, "directory", rc_sweep_directory(sweep));
    cJSON_AddNumberToObject(o, "wall_seconds", wall_seconds);
    return rc_json_text(o, compact);
}
