/* SPDX-License-Identifier: MIT */
/* The caller's thread count (rc_run_options.threads, `ricochet run --threads`, Python's threads=) over the scene's
 * "threads" (docs/edmd.md, "Parallel"): written into the parsed scene before the engine reads it, so that the engine
 * checks one count whichever way it came, and scene.json records the count the run was asked for. */
#include "core/status.h"
#include "run/run.h"

rc_status rc_run_threads_apply(rc_run *run)
{
    if (run->threads == 0) return RC_STATUS_OK;
    if (run->threads < 0) return rc_fail(RC_STATUS_INVALID_ARGUMENT, "threads: %d is below 1", (int)run->threads);
    if (run->ops->kind != RC_DYNAMICS_EVENT_DRIVEN)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "threads: only event-driven scenes take a thread count (the time-stepped "
                       "engine runs on one thread)");
    cJSON *count = cJSON_CreateNumber(run->threads);
    if (!count) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory");
    if (cJSON_HasObjectItem(run->scene, "threads")) cJSON_ReplaceItemInObject(run->scene, "threads", count);
    else cJSON_AddItemToObject(run->scene, "threads", count);
    return RC_STATUS_OK;
}
