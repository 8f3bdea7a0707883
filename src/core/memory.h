/* Large arrays: allocations of megabytes that are accessed at random (the engines' particle data) are aligned to
 * 2 MiB and marked for transparent huge pages, so that the processor's address translation covers them with few
 * entries. Small ones are plain aligned allocations. Free both with free(). */
#ifndef RC_CORE_MEMORY_H
#define RC_CORE_MEMORY_H

#include <stddef.h>

/* count elements of size bytes, aligned to at least 64 bytes; NULL when out of memory. Contents undefined. */
void *rc_alloc_large(size_t count, size_t size);

#endif
