/* The progress bar of ricochet run on stderr: the percentage of the stop criterion, collisions per second of wall
 * time and the time left, redrawn in place at most four times a second; and the monotonic clock it reads. */
#include <time.h>

#include "run.h"

double rc_cli_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void rc_progress_start(progress *p, bool on)
{
    p->on = on;
    p->start = rc_cli_seconds();
    p->drawn = p->start;
}

void rc_progress_update(progress *p, double fraction, uint64_t collisions)
{
    double now = rc_cli_seconds();
    if (!p->on || now - p->drawn < 0.25) return;
    p->drawn = now;
    enum { WIDTH = 30 };
    char bar[WIDTH + 1];
    fraction = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
    for (int i = 0; i < WIDTH; i++) bar[i] = i < (int)(fraction * WIDTH) ? '#' : '.';
    bar[WIDTH] = '\0';
    double elapsed = now - p->start, rate = elapsed > 0 ? (double)collisions / elapsed : 0;
    fprintf(stderr, "\r[%s] %5.1f%%  %.3g collisions/s", bar, 100 * fraction, rate);
    if (fraction > 0) {
        long left = (long)(elapsed * (1 - fraction) / fraction + 0.5);
        fprintf(stderr, "  ETA %ld:%02ld:%02ld", left / 3600, left / 60 % 60, left % 60);
    }
    fputs("\033[K", stderr);
    fflush(stderr);
}

void rc_progress_finish(progress *p)
{
    if (!p->on) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
}
