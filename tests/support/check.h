/* SPDX-License-Identifier: MIT */
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
/* How a run under test ends before it is resumed: its writers closed or abandoned, or the process killed. */
enum check_ending { CHECK_CLOSED, CHECK_ABANDONED, CHECK_KILLED, CHECK_ENDINGS };
extern const char *const check_endings[CHECK_ENDINGS]; /* "closed", "abandoned", "killed" */
/* A run under test, for a job: it writes to path (with writer, when a test has several), marks after `kept` items,
 * writes more and ends as `ending`. */
typedef struct check_interrupted {
    const void *writer;
    const char *path;
    int kept;
    enum check_ending ending;
} check_interrupted;
/* Runs job(context, result) as a run that ends so: in a child process when killed (check_killed), else here. */
bool check_run(enum check_ending ending, bool (*job)(void *context, void *result), void *context, void *result,
               size_t size);

/* Removes a test's temporary folder and everything in it; false (and a line on stderr) when that failed. */
bool check_remove_tree(const char *directory);

#define CHECK(condition, ...) check_record((condition), __FILE__, __LINE__, #condition, __VA_ARGS__)
#define CHECK_CLOSE(a, b, tol, what)                                                                                   \
    check_record(check_close((a), (b), (tol)), __FILE__, __LINE__, #a " ~ " #b, "%s: %.17g vs %.17g", (what),          \
                 (double)(a), (double)(b))

#endif
