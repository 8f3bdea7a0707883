/* SPDX-License-Identifier: MIT */
/* Helpers of the transport tests (run_check.h): runs, summaries, engines and the three-combined-errors rule. */
#include "run_check.h"

#include <math.h>
#include <stdio.h>

#include "check.h"

cJSON *run_check_summary(const char *scene)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *run = NULL;
    rc_status s = rc_run_create(scene, &o, &run);
    if (!s) s = rc_run_execute(run);
    CHECK(s == RC_STATUS_OK, "run: %s", rc_error_get());
    char *json = s ? NULL : rc_run_summary_json(run, true);
    cJSON *summary = json ? cJSON_Parse(json) : NULL;
    rc_text_destroy(json);
    rc_run_destroy(run);
    return summary;
}

double run_check_number(const cJSON *object, const char *key)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    return cJSON_IsNumber(item) ? item->valuedouble : NAN;
}

rc_run *run_check_create(const char *scene, const char *folder)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = folder == NULL;
    o.directory = folder;
    rc_run *run = NULL;
    CHECK(rc_run_create(scene, &o, &run) == RC_STATUS_OK && run, "rc_run_create: %s", rc_error_get());
    return run;
}

rc_edmd *run_check_engine(const char *scene)
{
    rc_edmd_scene *parsed = NULL;
    rc_edmd *e = NULL;
    rc_status s = rc_edmd_scene_create_from_text(scene, &parsed);
    if (!s) s = rc_edmd_scene_create_engine(parsed, &e);
    CHECK(s == RC_STATUS_OK, "engine: %s", rc_error_get());
    rc_edmd_scene_destroy(parsed);
    return e;
}

void run_check_near(const char *what, double value, double error, double oracle, double allowance)
{
    double combined = sqrt(error * error + allowance * allowance * oracle * oracle);
    printf("%-22s %.5f +- %.5f   oracle %.5f   (%+.1f combined errors)\n", what, value, error, oracle,
           (value - oracle) / combined);
    CHECK(isfinite(value) && isfinite(error) && error > 0 && fabs(value - oracle) <= 3 * combined,
          "%s: %g +- %g, oracle %g (allowance %g %%)", what, value, error, oracle, 100 * allowance);
}

const char *run_check_gas(int seed)
{
    static char text[512];
    snprintf(text, sizeof text,
             "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": %d,"
             " \"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\": 0.3,"
             " \"diameter\": 1}, \"stop\": {\"collisions\": 1000000}}",
             seed);
    return text;
}

rc_run *run_check_resume(const char *path)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    rc_run *resumed = NULL;
    CHECK(rc_run_create_from_checkpoint(path, &o, &resumed) == RC_STATUS_OK, "rc_run_create_from_checkpoint: %s",
          rc_error_get());
    return resumed;
}
