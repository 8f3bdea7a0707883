/* SPDX-License-Identifier: MIT */
/* Growable arrays: make room for `need` elements in *array of capacity *capacity, doubling as it goes. */
#ifndef RC_CORE_GROW_H
#define RC_CORE_GROW_H

#include <stddef.h>

#include "ricochet/core.h"

/* Returns RC_STATUS_OK or RC_STATUS_NO_MEMORY (with the last error set). The array keeps its contents. */
rc_status rc_grow(void **array, int *capacity, int need, size_t element_size);

#define RC_GROW(array, capacity, need) rc_grow((void **)&(array), &(capacity), (need), sizeof *(array))

/* Scratch buffers that only grow: *array has room for at least `need` elements, contents not kept. */
rc_status rc_reserve(void **array, size_t *capacity, size_t need, size_t element_size);

/* rc_reserve with its common case, room enough already, decided inline: the solvers reserve their scratch at every
 * resolve, tens of thousands of times a second, and almost always find it there. */
static inline rc_status rc_reserve_quick(void **array, size_t *capacity, size_t need, size_t element_size)
{
    return need <= *capacity ? RC_STATUS_OK : rc_reserve(array, capacity, need, element_size);
}

#define RC_RESERVE(array, capacity, need) rc_reserve_quick((void **)&(array), &(capacity), (need), sizeof *(array))

#endif
