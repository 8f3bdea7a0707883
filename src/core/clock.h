/* SPDX-License-Identifier: MIT */
/* The wall clock that rates and timings read: seconds of the monotonic clock. */
#ifndef RC_CORE_CLOCK_H
#define RC_CORE_CLOCK_H

#include <time.h>

static inline double rc_clock_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#endif
