/* SPDX-License-Identifier: MIT */
/* The minimal test harness of tests/support/check.h. */
#include "check.h"

#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

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

bool check_killed(bool (*job)(void *context, void *result), void *context, void *result, size_t size)
{
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) return false;
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        close(pipe_ends[0]);
        if (job(context, result) && write(pipe_ends[1], result, size) == (ssize_t)size) raise(SIGKILL);
        _exit(1);
    }
    close(pipe_ends[1]);
    ssize_t got = child > 0 ? read(pipe_ends[0], result, size) : -1;
    close(pipe_ends[0]);
    int status = 0;
    bool waited = child > 0 && waitpid(child, &status, 0) == child;
    return waited && got == (ssize_t)size && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

const char *const check_endings[CHECK_ENDINGS] = {"closed", "abandoned", "killed"};

bool check_run(enum check_ending ending, bool (*job)(void *context, void *result), void *context, void *result,
               size_t size)
{
    return ending == CHECK_KILLED ? check_killed(job, context, result, size) : job(context, result);
}

static int remove_entry(const char *path, const struct stat *info, int type, struct FTW *at)
{
    (void)info, (void)type, (void)at;
    return remove(path);
}

bool check_remove_tree(const char *directory)
{
    if (nftw(directory, remove_entry, 16, FTW_DEPTH | FTW_PHYS) == 0) return true;
    fprintf(stderr, "could not remove %s\n", directory);
    return false;
}
