/* Fuzz harness: the checkpoint reader (rc_run_resume) on the input written to a file under /dev/shm: the header,
 * the blocks and their lengths, the scene inside, the settings and the loop's position, the engine's state
 * (rc_edmd_state_restore, rc_rigid_state_restore); then a few events (or steps) of the resumed run, with no files.
 * The fuzzing build skips the checksum (src/run/checkpoint.c), so mutated checkpoints reach all of that. */
#include "harness.h"
#include "ricochet/ricochet.h"

/* Resumes with a stop of a few units of the engine's kind; the stop is checked against the engine only once the
 * checkpoint is read, so an event-driven stop refused for a time-stepped checkpoint is tried again as steps. */
static void resume(const char *path)
{
    rc_run_options options = rc_run_default_options();
    options.no_files = true;
    options.stop_given = true;
    options.stop.events = 50;
    rc_run *run = NULL;
    rc_status s = rc_run_resume(path, &options, &run);
    if (s == RC_INVALID_ARGUMENT && strncmp(rc_last_error(), "stop.", 5) == 0) {
        options.stop.events = 0;
        options.stop.steps = 5;
        s = rc_run_resume(path, &options, &run);
    }
    if (s == RC_OK) rc_run_execute(run);
    rc_run_destroy(run);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[256];
    if (fuzz_file(data, size, "checkpoint.rcp", path)) resume(path);
    unlink(path);
    return 0;
}
