/* SPDX-License-Identifier: MIT */
/* Fuzz harness: the run driver on arbitrary scene text of either engine, with its files, a checkpoint and a resume
 * (docs/fuzzing.md, "run"). The scene's work is capped first, so that one input costs milliseconds: where the text
 * parses as a JSON object, every "count" (placements, species) and every entry of "counts" (grids) is cut to
 * MAX_COUNT and MAX_GRID, lists to MAX_LIST entries (particles, bodies, hull points), every "max_iterations" (the
 * impact budget; 0 means none) to MAX_ITERATIONS, and the output cadences ("every", "every_collisions",
 * "checkpoint_every") raised to their floors; other text goes to the driver as it is (its syntax errors are paths too).
 * The stop is replaced by a tiny one: 50 events (event-driven) or 5 steps (time-stepping), and a time of 1 (particles
 * that stop moving still see rare events). The run writes its folder under /dev/shm (the scene's outputs: XYZ, CSV,
 * H5MD when the scene asks, checkpoints at its cadence), advances half way (rc_run_advance), writes a checkpoint, is
 * destroyed as an interrupted run would be, is resumed from the checkpoint in its folder (the writers cut back and
 * append) and runs to the stop; then the folder is removed. It catches crashes and hangs in the loop: equilibration,
 * output cadence, collapse, the impact solver on whatever the scene builds, the writers, checkpoints, resume, the
 * summary. */

#include "cap.h"
#include "ricochet/ricochet.h"

static const fuzz_caps CAPS = {.count = 64,
                               .grid = 4,
                               .list = 64,
                               .iterations = 2000,
                               .every = 0.05,
                               .every_collisions = 5,
                               .checkpoint_every = 0.25};
static const double STOP_TIME = 1;

/* The stop of the run (whole) or of its first half. */
static rc_run_limits limits(bool time_stepping, bool half)
{
    rc_run_limits l = {.time = half ? STOP_TIME / 2 : STOP_TIME};
    if (time_stepping) l.steps = half ? 2 : 5;
    else l.events = half ? 25 : 50;
    return l;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    text = fuzz_capped(text, &CAPS);
    char directory[256], checkpoint[300];
    snprintf(directory, sizeof directory, "/dev/shm/ricochet-fuzz-%ld-run", (long)getpid());
    snprintf(checkpoint, sizeof checkpoint, "%s/checkpoint.rcp", directory);
    fuzz_remove_tree(directory);
    bool time_stepping = rc_rigid_scene_is_time_stepping(text);
    rc_run_options options = rc_run_default_options();
    options.directory = directory;
    options.stop_given = true;
    options.stop = limits(time_stepping, false);
    rc_run *run = NULL;
    rc_run_limits half = limits(time_stepping, true);
    bool resume = rc_run_create(text, &options, &run) == RC_STATUS_OK && rc_run_advance(run, &half) == RC_STATUS_OK &&
                  rc_run_checkpoint_write(run, NULL) == RC_STATUS_OK;
    rc_run_destroy(run);
    run = NULL;
    options.directory = NULL; /* the checkpoint's own folder */
    if (resume && rc_run_create_from_checkpoint(checkpoint, &options, &run) == RC_STATUS_OK) {
        rc_run_execute(run);
        rc_text_destroy(rc_run_summary_json(run, true));
    }
    rc_run_destroy(run);
    fuzz_remove_tree(directory);
    free(text);
    return 0;
}
