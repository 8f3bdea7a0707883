/* SPDX-License-Identifier: MIT */
/* Fuzz harness: sweep files (rc_sweep_create_from_text, ricochet/sweep.h): the keys, the base scene inline, the varied dotted
 * paths checked against it, grid and zip counting with its limit, replicas; then the scene of the first and the last
 * run made (the values set by path, the derived seed) and its folder named. A scene given as a file name is skipped:
 * the harness does not read files the input names (/dev/zero would never end). Nothing is run. */
#include <cjson/cJSON.h>

#include "harness.h"
#include "ricochet/ricochet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    cJSON *document = text ? cJSON_Parse(text) : NULL;
    bool names_a_file = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(document, "scene"));
    cJSON_Delete(document);
    rc_sweep *sweep = NULL;
    if (text && !names_a_file && rc_sweep_create_from_text(text, NULL, &sweep) == RC_STATUS_OK) {
        int64_t runs = rc_sweep_run_count(sweep);
        for (int64_t k = 0; k < runs; k += (runs > 1 ? runs - 1 : 1)) {
            char *scene = rc_sweep_scene(sweep, k);
            char name[32];
            rc_sweep_run_name(sweep, k, name);
            rc_text_destroy(scene);
        }
    }
    rc_sweep_destroy(sweep);
    free(text);
    return 0;
}
