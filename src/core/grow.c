/* SPDX-License-Identifier: MIT */
/* Growable arrays and reusable scratch buffers (no allocation once they are large enough). */
#include "core/grow.h"

#include <stdlib.h>

#include "core/status.h"

rc_status rc_grow(void **array, int *capacity, int need, size_t element_size)
{
    if (need <= *capacity) return RC_STATUS_OK;
    int next = *capacity > 0 ? *capacity : 8;
    while (next < need) next *= 2;
    void *grown = realloc(*array, (size_t)next * element_size);
    if (!grown) return rc_fail(RC_STATUS_NO_MEMORY, "out of memory growing an array to %d elements", next);
    *array = grown;
    *capacity = next;
    return RC_STATUS_OK;
}

rc_status rc_reserve(void **array, size_t *capacity, size_t need, size_t element_size)
{
    if (need <= *capacity) return RC_STATUS_OK;
    size_t next = *capacity > 0 ? *capacity : 16;
    while (next < need) next *= 2;
    free(*array);
    *array = malloc(next * element_size);
    if (!*array) {
        *capacity = 0;
        return rc_fail(RC_STATUS_NO_MEMORY, "out of memory reserving %zu elements", next);
    }
    *capacity = next;
    return RC_STATUS_OK;
}
