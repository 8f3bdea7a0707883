/* A minimal test harness: CHECK(condition, ...) records a failure with a message; a test's main returns
 * check_finish(), non-zero when anything failed. */
#ifndef RC_TESTS_CHECK_H
#define RC_TESTS_CHECK_H

#include <stdbool.h>
#include <stddef.h>

void check_record(bool ok, const char *file, int line, const char *expression, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
int check_finish(void);
/* |a - b| <= tol * max(1, |a|, |b|) */
bool check_close(double a, double b, double tol);
/* Runs job(context, result) in a child process that then dies by SIGKILL, as a killed run does, after sending the
 * `size` bytes of result back when job returned true. Returns whether all that happened. */
bool check_killed(bool (*job)(void *context, void *result), void *context, void *result, size_t size);

#define CHECK(condition, ...) check_record((condition), __FILE__, __LINE__, #condition, __VA_ARGS__)
#define CHECK_CLOSE(a, b, tol, what)                                                                              \
    check_record(check_close((a), (b), (tol)), __FILE__, __LINE__, #a " ~ " #b, "%s: %.17g vs %.17g", (what),    \
                 (double)(a), (double)(b))

#endif
