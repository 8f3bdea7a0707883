/* SPDX-License-Identifier: MIT */
/* Tests of what the front ends share through the library (src/run/signals.c, src/run/exchange.c,
 * src/run/sweep_report.c, src/scene/option_values.c): the guarded executes catch SIGINT and SIGTERM only while they run
 * (the run, the sweep and the exchange end cleanly and say which signal; a run's guarded advance too, and the next
 * one goes on; the caller's own handler is back afterwards
 * and sees the next signal; a second signal ends the process; one guarded call at a time), a ladder read from text
 * (a table of good and bad ladders, each bad one naming its entry), a positive number read from text, and whether a
 * sweep's runs all ended ok (rc_sweep_check). The signals are real: raised from the callbacks the executes call. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "ricochet/ricochet.h"

static const char run_scene[] =
    "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 3,"
    " \"particles\": {\"lattice\": \"fcc\", \"count\": 108, \"packing_fraction\": 0.3, \"diameter\": 1},"
    " \"stop\": {\"collisions\": 100000000}}";

static const char exchange_scene[] =
    "{\"dimension\": 3, \"box\": {\"size\": [2, 2, 3], \"periodic\": [true, true, false]}, \"gravity\": [0, 0, -1],"
    " \"particles\": [{\"position\": [1, 1, 1.5], \"velocity\": [0.3, -0.2, 0.5], \"radius\": 0.05}],"
    " \"thermostat\": {\"temperature\": 1, \"rate\": 4}, \"stop\": {\"time\": 1}}";

/* The test's own handler, which the guarded calls must put back. */
static volatile sig_atomic_t own_handler_saw;
static void own_handler(int number) { own_handler_saw = number; }

static bool own_handler_in_place(int number)
{
    struct sigaction now;
    sigaction(number, NULL, &now);
    return now.sa_handler == own_handler;
}

/* Raises `signal` the first time the run reports progress, `times` times. */
typedef struct raiser {
    int signal, times, calls;
    rc_run *run;
    rc_status nested; /* a guarded call made while this one runs */
} raiser;

static void raise_on_progress(const rc_run_progress *progress, void *user)
{
    raiser *r = user;
    (void)progress;
    if (r->calls++ > 0) return;
    r->nested = rc_run_execute_guarded(r->run);
    for (int k = 0; k < r->times; k++) raise(r->signal);
}

static rc_run *quick_run(raiser *r)
{
    rc_run_options o = rc_run_default_options();
    o.no_files = true;
    o.progress = raise_on_progress;
    o.progress_user = r;
    o.progress_interval = 0.01;
    rc_run *run = NULL;
    rc_status s = rc_run_create(run_scene, &o, &run);
    CHECK(s == RC_STATUS_OK, "the run's scene: %s", rc_error_get());
    r->run = run;
    return run;
}

static void test_run_guarded(void)
{
    for (int k = 0; k < 2; k++) {
        int number = k ? SIGTERM : SIGINT;
        raiser r = {number, 1, 0, NULL, RC_STATUS_OK};
        rc_run *run = quick_run(&r);
        if (!run) return;
        own_handler_saw = 0;
        rc_status s = rc_run_execute_guarded(run);
        CHECK(s == RC_STATUS_OK, "signal %d: the guarded run failed: %s", number, rc_error_get());
        CHECK(r.nested == RC_STATUS_INVALID_ARGUMENT, "signal %d: a guarded call inside a guarded call was not refused",
              number);
        CHECK(rc_run_interrupt_signal(run) == number, "signal %d: interrupted by %d", number,
              rc_run_interrupt_signal(run));
        const char *why = rc_run_stop_reason(run);
        CHECK(why && strcmp(why, "interrupted") == 0, "signal %d: stopped by %s", number, why ? why : "(none)");
        CHECK(own_handler_saw == 0, "signal %d: the caller's handler saw the signal the run caught", number);
        CHECK(own_handler_in_place(SIGINT) && own_handler_in_place(SIGTERM),
              "signal %d: the caller's handlers are "
              "not back",
              number);
        raise(number);
        CHECK(own_handler_saw == number, "signal %d: after the run the caller's handler did not see it", number);
        rc_run_destroy(run);
    }
    CHECK(rc_run_execute_guarded(NULL) == RC_STATUS_INVALID_ARGUMENT, "a NULL run was not refused");
}

/* A guarded advance ends at the signal like the guarded execute, without finishing the run; the next guarded advance
 * goes on from where it stopped and reaches its limit. */
static void test_advance_guarded(void)
{
    raiser r = {SIGINT, 1, 0, NULL, RC_STATUS_OK};
    rc_run *run = quick_run(&r);
    if (!run) return;
    own_handler_saw = 0;
    rc_run_limits until = {INFINITY, 100000000, 0, 0};
    rc_status s = rc_run_advance_guarded(run, &until);
    const char *why = rc_run_stop_reason(run);
    double t = rc_run_time(run);
    CHECK(s == RC_STATUS_OK && rc_run_interrupt_signal(run) == SIGINT && why && strcmp(why, "interrupted") == 0 &&
              t > 0,
          "the guarded advance: status %d, interrupted by %d, stopped by %s at time %g", (int)s,
          rc_run_interrupt_signal(run), why ? why : "(none)", t);
    CHECK(own_handler_saw == 0 && own_handler_in_place(SIGINT), "the caller's handler is not back, or saw the signal");
    rc_run_limits further = {t + 0.5, 0, 0, 0};
    s = rc_run_advance_guarded(run, &further);
    why = rc_run_stop_reason(run);
    CHECK(s == RC_STATUS_OK && rc_run_interrupt_signal(run) == -1 && !why && rc_run_time(run) == t + 0.5,
          "the advance after the interrupted one: status %d, interrupted by %d, stopped by %s, time %.17g (not %.17g)",
          (int)s, rc_run_interrupt_signal(run), why ? why : "(none)", rc_run_time(run), t + 0.5);
    CHECK(rc_run_advance_guarded(NULL, &until) == RC_STATUS_INVALID_ARGUMENT, "a NULL run was not refused");
    rc_run_destroy(run);
}

/* A second signal ends the process (in a child, by that signal). */
static void test_second_signal(void)
{
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        raiser r = {SIGINT, 2, 0, NULL, RC_STATUS_OK};
        rc_run *run = quick_run(&r);
        rc_run_execute_guarded(run);
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT,
          "two SIGINTs: the process was not ended by SIGINT "
          "(status %d)",
          status);
}

/* SIGTERM raised while round 3's first replica is sampled: the exchange stops before the next replica, RC_STATUS_OK, three
 * rounds ended. */
static void raise_in_round_3(int64_t round, int slot, const rc_frame *frame, double energy, void *user)
{
    (void)frame, (void)energy, (void)user;
    if (round == 3 && slot == 0) raise(SIGTERM);
}

static void test_exchange_guarded(void)
{
    const double ladder[3] = {0.5, 0.8, 1.2};
    rc_exchange_options o = {0.5, 50, 7, raise_in_round_3, NULL, RC_EXCHANGE_LADDER_TEMPERATURES};
    rc_exchange *x = NULL;
    rc_status s = rc_exchange_create(exchange_scene, 3, ladder, &o, &x);
    CHECK(s == RC_STATUS_OK, "exchange: %s", rc_error_get());
    if (s) return;
    CHECK(rc_exchange_interrupt_signal(x) == -1, "a new exchange says it was interrupted");
    s = rc_exchange_execute_guarded(x);
    CHECK(s == RC_STATUS_OK, "the guarded exchange failed: %s", rc_error_get());
    CHECK(rc_exchange_interrupt_signal(x) == SIGTERM, "interrupted by %d", rc_exchange_interrupt_signal(x));
    CHECK(rc_exchange_round(x) == 3, "%lld rounds ended, not 3", (long long)rc_exchange_round(x));
    int64_t attempts[2];
    rc_exchange_counts(x, attempts, NULL, NULL);
    CHECK(attempts[0] == 2 && attempts[1] == 1, "attempts %lld and %lld after rounds 0-2, not 2 and 1",
          (long long)attempts[0], (long long)attempts[1]);
    CHECK(own_handler_in_place(SIGTERM), "the caller's SIGTERM handler is not back");
    s = rc_exchange_execute(x);
    CHECK(s == RC_STATUS_OK && rc_exchange_round(x) == 3, "an interrupted exchange ran on: %lld rounds",
          (long long)rc_exchange_round(x));
    rc_exchange_destroy(x);
}

/* The sweep interrupted when its first run starts: runs left pending, rc_sweep_check says they did not end. */
static void raise_on_start(const rc_sweep_progress *p, void *user)
{
    bool *raised = user;
    if (p->running > 0 && !*raised) *raised = true, raise(SIGINT);
}

static const char sweep_text[] =
    "{\"scene\": {\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 2,"
    " \"particles\": {\"lattice\": \"fcc\", \"count\": 32, \"packing_fraction\": 0.3, \"diameter\": 1},"
    " \"restitution\": 1.0, \"stop\": {\"collisions\": 2000}, \"output\": {\"every\": 1}},"
    " \"vary\": {\"restitution\": [1.0, %s]}, \"directory\": \"%s\"}";

static rc_sweep *make_sweep(const char *second, const char *folder)
{
    char text[1024];
    snprintf(text, sizeof text, sweep_text, second, folder);
    rc_sweep *w = NULL;
    rc_status s = rc_sweep_create_from_text(text, NULL, &w);
    CHECK(s == RC_STATUS_OK, "sweep: %s", rc_error_get());
    return w;
}

static void test_sweep(void)
{
    char folder[] = "/tmp/rc_test_guard_XXXXXX";
    if (!mkdtemp(folder)) {
        CHECK(false, "mkdtemp failed");
        return;
    }
    rc_sweep *w = make_sweep("0.9", folder);
    if (!w) return;
    rc_sweep_progress counts;
    bool raised = false;
    rc_status s = rc_sweep_execute_guarded(w, 1, raise_on_start, &raised, &counts);
    CHECK(s == RC_STATUS_OK, "the guarded sweep failed: %s", rc_error_get());
    CHECK(rc_sweep_interrupt_signal(w) == SIGINT, "sweep interrupted by %d", rc_sweep_interrupt_signal(w));
    CHECK(own_handler_in_place(SIGINT), "the caller's SIGINT handler is not back after the sweep");
    s = rc_sweep_check(w);
    CHECK(s == RC_STATUS_INTERNAL && strstr(rc_error_get(), "2 runs did not end"), "interrupted: %d, %s", (int)s,
          rc_error_get());
    rc_sweep_destroy(w);
    w = make_sweep("0.9", folder); /* started again: both runs end ok */
    s = w ? rc_sweep_execute(w, 1, NULL, NULL, NULL) : RC_STATUS_INTERNAL;
    CHECK(s == RC_STATUS_OK && rc_sweep_check(w) == RC_STATUS_OK, "the sweep run to its end: %s", rc_error_get());
    rc_sweep_destroy(w);
    check_remove_tree(folder);
    strcpy(folder + strlen(folder) - 6, "XXXXXX");
    if (!mkdtemp(folder)) return;
    w = make_sweep("2.0", folder); /* the second run's scene is refused: a failed run */
    s = w ? rc_sweep_execute(w, 1, NULL, NULL, NULL) : RC_STATUS_INTERNAL;
    CHECK(s == RC_STATUS_OK, "a sweep with a failed run: %s", rc_error_get());
    s = rc_sweep_check(w);
    CHECK(s == RC_STATUS_NOT_TERMINATED && strstr(rc_error_get(), "1 of 2 runs failed or did not terminate (see ") &&
              strstr(rc_error_get(), "/sweep.csv)"),
          "a failed run: %d, %s", (int)s, rc_error_get());
    CHECK(rc_sweep_check(NULL) == RC_STATUS_INVALID_ARGUMENT, "a NULL sweep was not refused");
    rc_sweep_destroy(w);
    check_remove_tree(folder);
}

/* Good ladders and their values; bad ones and the start of their message. */
static void test_ladders(void)
{
    static const struct {
        const char *text;
        rc_exchange_ladder ladder;
        int count;
        double values[4];
    } good[] = {
        {"0.5,0.8,1.2", RC_EXCHANGE_LADDER_TEMPERATURES, 3, {0.5, 0.8, 1.2}},
        {"1", RC_EXCHANGE_LADDER_PRESSURES, 1, {1}},         /* one rung reads; rc_exchange_create wants two */
        {"2,1", RC_EXCHANGE_LADDER_TEMPERATURES, 2, {2, 1}}, /* the order is rc_exchange_create's to check */
        {"-1,1e3", RC_EXCHANGE_LADDER_PRESSURES, 2, {-1, 1000}},
        {"0x1p-1, 3", RC_EXCHANGE_LADDER_TEMPERATURES, 2, {0.5, 3}},
    };
    static const struct {
        const char *text;
        rc_exchange_ladder ladder;
        const char *message;
    } bad[] = {
        {"", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures[0]: \"\" is not a finite number"},
        {"1,,2", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures[1]: \"\" is not a finite number"},
        {"1,2,", RC_EXCHANGE_LADDER_PRESSURES, "pressures[2]: \"\" is not a finite number"},
        {"1,two", RC_EXCHANGE_LADDER_PRESSURES, "pressures[1]: \"two\" is not a finite number"},
        {"1,2 ,3", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures[1]: \"2 \" is not a finite number"},
        {"1,inf", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures[1]: \"inf\" is not a finite number"},
        {"nan", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures[0]: \"nan\" is not a finite number"},
        {"1e999", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures[0]: \"1e999\" is not a finite number"},
        {"1;2", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures[0]: \"1;2\" is not a finite number"},
        {"1,2,3,4,5", RC_EXCHANGE_LADDER_TEMPERATURES, "temperatures: more than 4 values"},
        {"1,2", (rc_exchange_ladder)2, "ladder: 2 is not temperatures (0) or pressures (1)"},
    };
    for (size_t k = 0; k < sizeof good / sizeof *good; k++) {
        double values[4] = {0};
        int count = -1;
        rc_status s = rc_exchange_ladder_parse(good[k].text, good[k].ladder, values, 4, &count);
        CHECK(s == RC_STATUS_OK && count == good[k].count, "\"%s\": %s, %d values", good[k].text, rc_error_get(),
              count);
        for (int i = 0; !s && i < count; i++)
            CHECK(values[i] == good[k].values[i], "\"%s\"[%d]: %g", good[k].text, i, values[i]);
    }
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        double values[4];
        int count = -1;
        rc_status s = rc_exchange_ladder_parse(bad[k].text, bad[k].ladder, values, 4, &count);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && count == -1 && strcmp(rc_error_get(), bad[k].message) == 0,
              "\"%s\": %d, \"%s\" (want \"%s\")", bad[k].text, (int)s, rc_error_get(), bad[k].message);
    }
    double values[RC_EXCHANGE_MAX_SLOTS + 1];
    int count = 0;
    CHECK(rc_exchange_ladder_parse(NULL, RC_EXCHANGE_LADDER_TEMPERATURES, values, 4, &count) ==
              RC_STATUS_INVALID_ARGUMENT,
          "a NULL text was not refused");
    char many[8 * (RC_EXCHANGE_MAX_SLOTS + 1)] = "", *at = many;
    for (int k = 1; k <= RC_EXCHANGE_MAX_SLOTS; k++) at += sprintf(at, "%s%d", k > 1 ? "," : "", k);
    CHECK(rc_exchange_ladder_parse(many, RC_EXCHANGE_LADDER_TEMPERATURES, values, RC_EXCHANGE_MAX_SLOTS, &count) ==
                  RC_STATUS_OK &&
              count == RC_EXCHANGE_MAX_SLOTS && values[RC_EXCHANGE_MAX_SLOTS - 1] == RC_EXCHANGE_MAX_SLOTS,
          "the longest ladder: %s, %d values", rc_error_get(), count);
    /* a ladder read from text goes as it is into rc_exchange_create, which names the entry out of order */
    CHECK(rc_exchange_ladder_parse("1,1", RC_EXCHANGE_LADDER_TEMPERATURES, values, 4, &count) == RC_STATUS_OK,
          "1,1 reads");
    rc_exchange_options o = {1, 1, 1, NULL, NULL, RC_EXCHANGE_LADDER_TEMPERATURES};
    rc_exchange *x = NULL;
    CHECK(rc_exchange_create(exchange_scene, count, values, &o, &x) == RC_STATUS_INVALID_ARGUMENT &&
              strncmp(rc_error_get(), "temperatures[1]: ", 17) == 0,
          "1,1: %s", rc_error_get());
    rc_exchange_destroy(x);
}

static void test_positive(void)
{
    static const struct {
        const char *text;
        double value; /* 0: refused */
    } table[] = {{"1", 1},  {"2.5e-3", 2.5e-3}, {"1e300", 1e300}, {"0", 0},     {"-1", 0},    {"", 0},
                 {"1x", 0}, {"inf", 0},         {"nan", 0},       {"1e999", 0}, {"1e-999", 0}};
    for (size_t k = 0; k < sizeof table / sizeof *table; k++) {
        double x = -7;
        rc_status s = rc_text_positive("time", table[k].text, &x);
        if (table[k].value > 0) {
            CHECK(s == RC_STATUS_OK && x == table[k].value, "\"%s\": %s, %g", table[k].text, rc_error_get(), x);
            continue;
        }
        char want[96];
        snprintf(want, sizeof want, "time: \"%s\" is not a positive number", table[k].text);
        CHECK(s == RC_STATUS_INVALID_ARGUMENT && x == -7 && strcmp(rc_error_get(), want) == 0, "\"%s\": %d, %s",
              table[k].text, (int)s, rc_error_get());
    }
}

int main(void)
{
    struct sigaction own;
    memset(&own, 0, sizeof own);
    own.sa_handler = own_handler;
    sigaction(SIGINT, &own, NULL);
    sigaction(SIGTERM, &own, NULL);
    test_run_guarded();
    test_advance_guarded();
    test_second_signal();
    test_exchange_guarded();
    test_sweep();
    test_ladders();
    test_positive();
    return check_finish();
}
