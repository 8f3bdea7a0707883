/* A minimal test harness: CHECK(condition, ...) records a failure with a message; a test's main returns
 * check_finish(), non-zero when anything failed. */
#ifndef RC_TESTS_CHECK_H
#define RC_TESTS_CHECK_H

#include <stdbool.h>

void check_record(bool ok, const char *file, int line, const char *expression, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
int check_finish(void);
/* |a - b| <= tol * max(1, |a|, |b|) */
bool check_close(double a, double b, double tol);

#define CHECK(condition, ...) check_record((condition), __FILE__, __LINE__, #condition, __VA_ARGS__)
#define CHECK_CLOSE(a, b, tol, what)                                                                              \
    check_record(check_close((a), (b), (tol)), __FILE__, __LINE__, #a " ~ " #b, "%s: %.17g vs %.17g", (what),    \
                 (double)(a), (double)(b))

#endif
