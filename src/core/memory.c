/* SPDX-License-Identifier: MIT */
/* Large arrays on huge pages where the system offers them (madvise mode of transparent huge pages). */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "core/memory.h"

#define HUGE_PAGE ((size_t)2 << 20)

void *rc_alloc_large(size_t count, size_t size)
{
    if (count == 0) count = 1;
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    size_t rounded = (bytes + 63) / 64 * 64;
    /* from one huge page up (the event-driven engine's anchors and events at N = 256,000 are 4-8 MB) */
    if (bytes < HUGE_PAGE) return aligned_alloc(64, rounded);
    void *p = NULL;
    if (posix_memalign(&p, HUGE_PAGE, rounded) != 0) return NULL;
#ifdef MADV_HUGEPAGE
    /* only the whole huge pages: a partial last one stays on small pages, so that it costs only what is used (a
     * whole 2 MiB page for the last few hundred kilobytes cost up to 9 bytes per particle at N = 256,000). A hint:
     * failure only costs speed. */
    (void)madvise(p, bytes / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
#endif
    return p;
}

void *rc_alloc_temporary(size_t count, size_t size)
{
    if (count == 0) count = 1;
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    void *p = mmap(NULL, count * size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void rc_free_temporary(void *p, size_t count, size_t size)
{
    if (p) munmap(p, (count == 0 ? 1 : count) * size);
}

void rc_free_list(void *const *arrays, size_t count)
{
    for (size_t k = 0; k < count; k++) free(arrays[k]);
}
