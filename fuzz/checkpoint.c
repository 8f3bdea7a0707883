/* SPDX-License-Identifier: MIT */
/* Fuzz harness: the checkpoint reader (rc_run_create_from_checkpoint) on the input written to a file under /dev/shm: the header,
 * the blocks and their lengths, the scene inside, the settings and the loop's position, the engine's state
 * (rc_edmd_state_restore, rc_rigid_state_restore), the measurements' sums; then a few events (or steps) of the resumed
 * run in a new folder under /dev/shm (its files opened fresh: a run without files refuses a checkpoint cadence, which
 * every checkpoint the tool writes has), removed afterwards. The fuzzing build skips
 * the checksum (src/run/checkpoint.c), so mutated checkpoints reach all of that. */
#include "harness.h"
#include "ricochet/ricochet.h"

/* Resumes with a stop of a few units of the engine's kind; the stop is checked against the engine only once the
 * checkpoint is read, so an event-driven stop refused for a time-stepped checkpoint is tried again as steps. An
 * event-driven run then goes on for at most 50 events and a time of 0.25 (two particles in a large box see an event
 * in a long while, and the frames at the checkpoint's cadence in between cost files), checkpoints every 0.25. */
static void resume(const char *path, const char *directory)
{
    rc_run_options options = rc_run_default_options();
    options.directory = directory;
    options.checkpoint_every = 0.25;
    options.stop_given = true;
    options.stop.events = 50;
    rc_run *run = NULL;
    rc_status s = rc_run_create_from_checkpoint(path, &options, &run);
    if (s == RC_STATUS_INVALID_ARGUMENT && strncmp(rc_error_get(), "stop.", 5) == 0) {
        options.stop.events = 0;
        options.stop.steps = 5;
        s = rc_run_create_from_checkpoint(path, &options, &run);
    }
    if (s == RC_STATUS_OK && rc_run_edmd(run)) {
        rc_edmd_observables now;
        rc_edmd_measure(rc_run_edmd(run), &now);
        rc_run_limits until = {.time = rc_run_time(run) + 0.25, .events = now.events + 50};
        if (rc_run_advance(run, &until) == RC_STATUS_OK) rc_run_finish(run);
    } else if (s == RC_STATUS_OK) {
        rc_run_execute(run);
    }
    rc_run_destroy(run);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256], directory[256];
    snprintf(directory, sizeof directory, "/dev/shm/ricochet-fuzz-%ld-resumed", (long)getpid());
    fuzz_remove_tree(directory);
    if (fuzz_file(data, size, "checkpoint.rcp", path)) resume(path, directory);
    unlink(path);
    fuzz_remove_tree(directory);
    return 0;
}
