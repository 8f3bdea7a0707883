/* The minimal test harness of tests/check.h. */
#include "check.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

static int checks, failures;

void check_record(bool ok, const char *file, int line, const char *expression, const char *format, ...)
{
    checks++;
    if (ok) return;
    failures++;
    fprintf(stderr, "%s:%d: FAILED %s: ", file, line, expression);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
}

int check_finish(void)
{
    fprintf(stderr, "%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}

bool check_close(double a, double b, double tol)
{
    double scale = fmax(1.0, fmax(fabs(a), fabs(b)));
    return fabs(a - b) <= tol * scale;
}
