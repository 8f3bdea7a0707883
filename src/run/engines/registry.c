/* SPDX-License-Identifier: MIT */
/* The registry of engines (src/run/engine.h): one entry per engine, each an adapter's table of functions, chosen by
 * the scene's "dynamics" (the first entry when the scene names none, or none of them: its reader says so). Adding an
 * engine is its adapter file and one line here (docs/architecture.md, "How to add an engine"). */
#include <string.h>

#include "run/engine.h"

extern const run_engine_ops rc_run_engine_edmd, rc_run_engine_rigid;

static const run_engine_ops *const engines[] = {
    &rc_run_engine_edmd, /* the default */
    &rc_run_engine_rigid,
};

enum { ENGINES = sizeof engines / sizeof *engines };

const run_engine_ops *rc_run_engine_at(int k) { return k >= 0 && k < ENGINES ? engines[k] : NULL; }

const run_engine_ops *rc_run_engine_find(const cJSON *scene)
{
    const cJSON *dynamics = cJSON_GetObjectItemCaseSensitive(scene, "dynamics");
    for (int k = 0; cJSON_IsString(dynamics) && k < ENGINES; k++)
        if (strcmp(dynamics->valuestring, engines[k]->dynamics) == 0) return engines[k];
    return engines[0]; /* whose reader names a "dynamics" that is no engine's */
}
