/* SPDX-License-Identifier: MIT */
/* Large arrays: allocations of megabytes that are accessed at random (the engines' particle data) are aligned to
 * 2 MiB and marked for transparent huge pages, so that the processor's address translation covers them with few
 * entries. Small ones are plain aligned allocations. Free both with free(). */
#ifndef RC_CORE_MEMORY_H
#define RC_CORE_MEMORY_H

#include <stddef.h>

/* count elements of size bytes, aligned to at least 64 bytes; NULL when out of memory. Contents undefined. */
void *rc_alloc_large(size_t count, size_t size);

/* A temporary array of count elements of size bytes, mapped from the system and given back to it by
 * rc_free_temporary (with the same count and size), not kept by the allocator: glibc raises its threshold for mapping
 * as large arrays are freed and would keep a later temporary of megabytes resident. NULL when out of memory. */
void *rc_alloc_temporary(size_t count, size_t size);
void rc_free_temporary(void *p, size_t count, size_t size);

/* Frees every array of a list (free(NULL) is nothing), for the release functions of structs that own many scratch
 * arrays: RC_FREE_ALL(lcp->a, lcp->q, lcp->z) frees the three. */
void rc_free_list(void *const *arrays, size_t count);
#define RC_FREE_ALL(...)                                                                                               \
    rc_free_list((void *const[]){__VA_ARGS__}, sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

#endif
