/* SPDX-License-Identifier: MIT */
/* The progress bar of ricochet run on stderr, drawn from the run driver's reports (ricochet/run.h): the percentage of
 * the stop limit, the rate in the engine's own unit (collisions or steps per second of wall time) and the time left
 * at the present pace (as ricochet sweep writes it too), redrawn in place. */
#include <stdbool.h>

#include "run.h"

static bool drawn;

void rc_cli_progress(const rc_run_progress *p, void *data)
{
    (void)data;
    enum { WIDTH = 30 };
    char bar[WIDTH + 1];
    double fraction = p->fraction < 0 ? 0 : p->fraction > 1 ? 1 : p->fraction;
    for (int i = 0; i < WIDTH; i++) bar[i] = i < (int)(fraction * WIDTH) ? '#' : '.';
    bar[WIDTH] = '\0';
    fprintf(stderr, "\r[%s] %5.1f%%  t = %.4g  %.3g %s/s", bar, 100 * fraction, p->time, p->rate, p->unit);
    rc_cli_print_eta("  ", p->eta);
    fputs("\033[K", stderr);
    fflush(stderr);
    drawn = true;
}

void rc_cli_print_eta(const char *before, double eta)
{
    if (eta < 0) return;
    long left = (long)(eta + 0.5);
    fprintf(stderr, "%sETA %ld:%02ld:%02ld", before, left / 3600, left / 60 % 60, left % 60);
}

void rc_cli_progress_clear(void)
{
    if (!drawn) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    drawn = false;
}
