/* Fuzz harness: the run driver on arbitrary scene text of either engine (rc_run_create, then rc_run_execute), with
 * no files (rc_run_options.no_files) and the scene's stop replaced by a tiny one: 50 events for event-driven scenes,
 * 5 steps for time-stepping ones, and a time of 10 for both (particles that stop moving still see rare events: see
 * docs/fuzzing.md). It catches crashes and hangs in the loop: equilibration, output cadence, collapse, the impact
 * solver on whatever the scene builds, the summary. */
#include "harness.h"
#include "ricochet/ricochet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text) return 0;
    rc_run_options options = rc_run_default_options();
    options.no_files = true;
    options.stop_given = true;
    options.stop.time = 10;
    if (rc_scene_is_time_stepping(text)) options.stop.steps = 5;
    else options.stop.events = 50;
    rc_run *run = NULL;
    if (rc_run_create(text, &options, &run) == RC_OK) {
        rc_run_execute(run);
        rc_text_free(rc_run_summary_json(run, true));
    }
    rc_run_destroy(run);
    free(text);
    return 0;
}
