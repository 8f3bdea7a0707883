/* SPDX-License-Identifier: MIT */
/* Fuzz harness: event-driven scene files (rc_edmd_scene_create_from_text): the world, the particles placed (lattice, random or
 * listed), their velocities, the settings; then the engine built from the definition (rc_edmd_scene_create_engine),
 * which checks overlaps and builds the neighbour lists. Nothing is advanced (fuzz/run.c does that). The count of a
 * random placement is cut to 100 first (CAPS, fuzz/cap.h): thousands of spheres placed near jamming cost a compression
 * of minutes under the sanitizers (100 cost 1.5 s), slow but not wrong; the text of other inputs stays as it is. */
#include "cap.h"
#include "ricochet/ricochet.h"

static const fuzz_caps CAPS = {.random_count = 100};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (text) text = fuzz_capped(text, &CAPS);
    rc_edmd_scene *scene = NULL;
    if (text && rc_edmd_scene_create_from_text(text, &scene) == RC_STATUS_OK) {
        rc_edmd *engine = NULL;
        if (rc_edmd_scene_create_engine(scene, &engine) == RC_STATUS_OK) rc_edmd_destroy(engine);
    }
    rc_edmd_scene_destroy(scene);
    free(text);
    return 0;
}
