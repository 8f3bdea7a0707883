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
    if (bytes < 4 * HUGE_PAGE) {
        size_t rounded = (bytes + 63) / 64 * 64;
        return aligned_alloc(64, rounded);
    }
    size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, rounded);
#ifdef MADV_HUGEPAGE
    if (p) (void)madvise(p, rounded, MADV_HUGEPAGE); /* a hint: failure only costs speed */
#endif
    return p;
}
