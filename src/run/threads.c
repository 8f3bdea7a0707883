/* SPDX-License-Identifier: MIT */
/* The caller's thread count (rc_run_options.threads, `ricochet run --threads`, Python's threads=) over the scene's
 * "threads" (docs/edmd.md, "Parallel"): written into the parsed scene before the engine reads it, so that the engine
 * checks one count whichever way it came, and scene.json records the count the run was asked for. And the processes
 * a run is split over (rc_run_options.ranks; docs/edmd.md, "Ranks"): given to the engine, and agreed on before every
 * call to it, so that every rank makes the same calls and stops at the same point. */
#include <stdlib.h>

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

rc_status rc_run_ranks_apply(rc_run *run)
{
    if (run->ranks.count <= 1) return RC_STATUS_OK;
    if (run->threads > 1)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "threads: %d asked on %d ranks: one system runs on threads or on ranks, not both yet (a "
                       "scene's own \"threads\" gives way to the ranks)",
                       (int)run->threads, (int)run->ranks.count);
    if (!run->ops->set_ranks)
        return rc_fail(RC_STATUS_INVALID_ARGUMENT,
                       "ranks: only event-driven scenes split over MPI ranks (the time-stepped engine runs in one "
                       "process; spread many runs over the ranks with a sweep)");
    return run->ops->set_ranks(run->engine, &run->ranks);
}

/* What each rank tells the others before a call to the engine. */
typedef struct agreement {
    uint64_t chunk;
    int32_t signal;
} agreement;

rc_status rc_run_ranks_agree(rc_run *run, uint64_t *chunk, int *signal)
{
    *signal = run->interrupt_signal;
    if (run->ranks.count <= 1) return RC_STATUS_OK;
    agreement mine = {*chunk, *signal};
    size_t *sizes = malloc((size_t)run->ranks.count * sizeof *sizes);
    if (!sizes) return rc_fail(RC_STATUS_NO_MEMORY, "ranks: out of memory");
    rc_status s =
        run->ranks.allgather(run->ranks.context, &mine, sizeof mine, &run->agreed, &run->agreed_capacity, sizes);
    for (int32_t r = 0; r < run->ranks.count && s == RC_STATUS_OK; r++)
        if (sizes[r] != sizeof mine) s = rc_fail(RC_STATUS_INTERNAL, "ranks: rank %d disagrees on the run", (int)r);
    free(sizes);
    if (s != RC_STATUS_OK) return s;
    const agreement *all = run->agreed;
    *chunk = all[0].chunk;
    *signal = -1;
    for (int32_t r = 0; r < run->ranks.count && *signal < 0; r++) *signal = all[r].signal;
    return RC_STATUS_OK;
}
