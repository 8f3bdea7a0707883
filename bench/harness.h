/* SPDX-License-Identifier: MIT */
/* Benchmark harness shared by bench/bench_*.c: a monotonic clock, and running one benchmark case in a forked child
 * with a wall-clock budget, so that a case that runs away is killed and reported instead of hanging, and so that
 * each case's peak memory (the child's ru_maxrss) is its own. Header only: every bench program is one source file. */
#ifndef RC_BENCH_HARNESS_H
#define RC_BENCH_HARNESS_H

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"

static inline double bench_now(void) { return rc_clock_seconds(); }

/* CPU time of this process (single-threaded benchmarks): less disturbed than wall time when the machine is shared. */
static inline double bench_cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* A duration for a table: microseconds, milliseconds or seconds; "-" when unknown (negative, NaN or infinite). */
static inline void bench_format_time(double seconds, char *text, size_t size)
{
    if (!(seconds >= 0) || seconds == (double)INFINITY) snprintf(text, size, "-");
    else if (seconds < 1e-3) snprintf(text, size, "%.1f us", seconds * 1e6);
    else if (seconds < 1.0) snprintf(text, size, "%.2f ms", seconds * 1e3);
    else snprintf(text, size, "%.2f s", seconds);
}

/* Prints the machine's load average as a comment line: timings taken under load are to be read with it. */
static inline void bench_print_load(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    char line[128] = "unknown";
    if (f) {
        if (!fgets(line, sizeof line, f)) snprintf(line, sizeof line, "unknown");
        fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    printf("# load average (1, 5, 15 min, runnable/total, last pid): %s\n", line);
}

/* How a child case ended. */
typedef struct bench_child {
    int finished;  /* the child exited normally with status 0 */
    int timed_out; /* the budget ran out and the child was killed */
    int signal;    /* the signal that ended it, if any (SIGKILL after a timeout) */
    int exit_code;
    long maxrss_kb; /* the child's peak resident set, kilobytes */
    double seconds; /* wall time of the child */
    char *text;     /* everything the child wrote, NUL-terminated (malloc'd; free it) */
} bench_child;

/* Runs body(arg, out) in a child process; the child writes its results as text lines to out. The child is killed
 * with SIGKILL when budget_seconds pass. Whatever it wrote before is kept, so a case can report partial progress
 * line by line (fflush after each line). */
static inline bench_child bench_run_child(void (*body)(void *arg, FILE *out), void *arg, double budget_seconds)
{
    bench_child r = {0};
    size_t cap = 4096, len = 0;
    r.text = malloc(cap);
    if (!r.text) {
        perror("malloc");
        exit(1);
    }
    r.text[0] = '\0';
    int fds[2];
    if (pipe(fds) != 0) {
        perror("pipe");
        exit(1);
    }
    fflush(stdout);
    fflush(stderr);
    double start = bench_now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(1);
    }
    if (pid == 0) {
        close(fds[0]);
        FILE *out = fdopen(fds[1], "w");
        if (!out) _exit(3);
        body(arg, out);
        fflush(out);
        fclose(out);
        _exit(0);
    }
    close(fds[1]);
    int killed = 0;
    for (;;) {
        int wait_ms = -1;
        if (!killed) {
            double left = budget_seconds - (bench_now() - start);
            if (left <= 0) {
                kill(pid, SIGKILL); /* then read on: what it wrote before stays in the pipe until EOF */
                killed = r.timed_out = 1;
            } else {
                wait_ms = (int)(left * 1000.0) + 1;
            }
        }
        struct pollfd p = {.fd = fds[0], .events = POLLIN};
        int ready = poll(&p, 1, wait_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue; /* the deadline is checked at the top */
        if (len + 1024 > cap) {
            cap *= 2;
            char *grown = realloc(r.text, cap);
            if (!grown) {
                perror("realloc");
                exit(1);
            }
            r.text = grown;
        }
        ssize_t got = read(fds[0], r.text + len, cap - len - 1);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break; /* EOF: the child closed its end or died */
        len += (size_t)got;
        r.text[len] = '\0';
    }
    close(fds[0]);
    int status = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    r.seconds = bench_now() - start;
    r.maxrss_kb = usage.ru_maxrss;
    if (WIFEXITED(status)) {
        r.exit_code = WEXITSTATUS(status);
        r.finished = !r.timed_out && r.exit_code == 0;
    } else if (WIFSIGNALED(status)) {
        r.signal = WTERMSIG(status);
    }
    return r;
}

/* Peak resident set of this process so far, kilobytes. */
static inline long bench_self_maxrss_kb(void)
{
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

/* Budget in seconds from the environment variable name, or fallback. */
static inline double bench_env_seconds(const char *name, double fallback)
{
    const char *text = getenv(name);
    if (!text || !*text) return fallback;
    double value = strtod(text, NULL);
    return value > 0 ? value : fallback;
}

#endif
