/* SPDX-License-Identifier: MIT */
/* Fuzz harness: time-stepping scene files (rc_rigid_scene_create_from_text): the world, the bodies (balls, boxes, polygons,
 * hulls, static shapes), the resolver's options and the run settings; then the engine built from the definition
 * (rc_rigid_create: mass properties, hulls). Nothing is stepped (fuzz/run.c does that). */
#include "harness.h"
#include "ricochet/ricochet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    rc_rigid_scene *scene = NULL;
    if (text && rc_rigid_scene_create_from_text(text, &scene) == RC_STATUS_OK) {
        rc_rigid *engine = NULL;
        if (rc_rigid_create(rc_rigid_scene_def(scene), &engine) == RC_STATUS_OK) rc_rigid_destroy(engine);
    }
    rc_rigid_scene_destroy(scene);
    free(text);
    return 0;
}
