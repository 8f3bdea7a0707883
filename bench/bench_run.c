/* SPDX-License-Identifier: MIT */
/* Benchmark of the run driver (src/run, ricochet/run.h) against its engines called directly: the same scene advanced
 * to the same limit by rc_edmd_advance / rc_rigid_step alone, and by rc_run_execute without files and with its run
 * folder (frames, rows, scene.json, summary.json). It prints the rate of each (collisions or steps per second of CPU
 * time) and the driver's cost as a ratio, so that the driver's chunking, stop checks and observables are seen to cost
 * nothing that matters. Scenes: 4,000 hard spheres at phi = 0.45 (the README's example, 200,000 collisions) and a
 * 2D pile of 400 balls under gravity (200 steps). Each case runs in a child process (bench/harness.h). A rate,
 * never a verdict. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ricochet/ricochet.h"

static const char *const spheres =
    "{\"dimension\": 3, \"box\": {\"periodic\": true}, \"temperature\": 1, \"seed\": 1, \"particles\": {\"lattice\":"
    " \"fcc\", \"count\": 4000, \"packing_fraction\": 0.45, \"diameter\": 1}, \"stop\": {\"collisions\": 200000},"
    " \"output\": {\"every\": 1}}";

static const char *const pile =
    "{\"dynamics\": \"time-stepping\", \"dimension\": 2, \"time_step\": 0.002, \"gravity\": [0, -9.81],"
    " \"restitution\": 0, \"bodies\": [{\"shape\": \"ball\", \"radius\": 0.5, \"position\": [0.3, 1],"
    " \"grid\": {\"counts\": [20, 20], \"spacing\": [1.05, 1.05]}}], \"static\": [{\"shape\": \"plane\", \"position\":"
    " [0, 0], \"normal\": [0, 1]}, {\"shape\": \"plane\", \"position\": [-1, 0], \"normal\": [1, 0]}, {\"shape\":"
    " \"plane\", \"position\": [22, 0], \"normal\": [-1, 0]}], \"stop\": {\"steps\": 200}, \"output\": {\"every\": 0.1}}";

typedef struct bench_case {
    const char *name, *scene;
    int mode; /* 0: the engine alone, 1: the driver without files, 2: the driver with its run folder */
} bench_case;

static void fail(FILE *out, const char *what)
{
    fprintf(out, "error %s: %s\n", what, rc_error_get());
    fflush(out);
    exit(2);
}

/* The engine alone: the scene read by the driver without files, then the engine advanced directly. */
static double engine_alone(rc_run *run, FILE *out)
{
    double t0 = bench_cpu_now();
    if (rc_run_dynamics(run) == RC_DYNAMICS_EVENT_DRIVEN) {
        rc_edmd_limits limits = {INFINITY, 200000, 0};
        if (rc_edmd_advance((rc_edmd *)rc_run_edmd(run), &limits) != RC_STATUS_OK) fail(out, "advance");
    } else if (rc_rigid_step((rc_rigid *)rc_run_rigid(run), 200) != RC_STATUS_OK) {
        fail(out, "step");
    }
    return bench_cpu_now() - t0;
}

static void run_case(void *arg, FILE *out)
{
    const bench_case *c = arg;
    char directory[] = "/tmp/ricochet_bench_run_XXXXXX";
    rc_run_options o = rc_run_default_options();
    o.no_files = c->mode != 2;
    if (c->mode == 2 && !(o.directory = mkdtemp(directory))) fail(out, "a temporary folder");
    rc_run *run;
    if (rc_run_create(c->scene, &o, &run) != RC_STATUS_OK) fail(out, "create");
    double seconds;
    if (c->mode == 0) {
        seconds = engine_alone(run, out);
    } else {
        double t0 = bench_cpu_now();
        if (rc_run_execute(run) != RC_STATUS_OK) fail(out, "execute");
        seconds = bench_cpu_now() - t0;
    }
    char *text = rc_run_summary_json(run, true);
    double done = 0;
    const char *key = rc_run_dynamics(run) == RC_DYNAMICS_EVENT_DRIVEN ? "\"collisions\":" : "\"steps\":";
    const char *at = text ? strstr(text, key) : NULL;
    if (at) done = atof(at + strlen(key));
    rc_text_destroy(text);
    rc_run_destroy(run);
    if (c->mode == 2) {
        char command[128];
        snprintf(command, sizeof command, "rm -rf %s", directory);
        if (system(command) != 0) fprintf(stderr, "could not remove %s\n", directory);
    }
    fprintf(out, "ok %.6g %.6g\n", done, seconds);
}

int main(void)
{
    double budget = bench_env_seconds("BENCH_BUDGET", 300);
    static const char *const modes[] = {"engine alone", "driver, no files", "driver, run folder"};
    const bench_case cases[] = {{"spheres", spheres, 0}, {"spheres", spheres, 1}, {"spheres", spheres, 2},
                                {"pile", pile, 0},       {"pile", pile, 1},       {"pile", pile, 2}};
    bench_print_load();
    printf("# %-8s %-20s %10s %10s %12s %8s\n", "scene", "how", "done", "seconds", "per second", "ratio");
    double reference = 0;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        bench_child child = bench_run_child(run_case, (void *)&cases[k], budget);
        double done, seconds;
        printf("  %-8s %-20s ", cases[k].name, modes[cases[k].mode]);
        if (!child.finished || sscanf(child.text, "ok %lf %lf", &done, &seconds) != 2) {
            printf("%s\n", child.timed_out ? "ran out of time" : child.text);
        } else {
            double rate = done / seconds;
            if (cases[k].mode == 0) reference = rate;
            printf("%10.0f %10.3f %12.4g %8.3f\n", done, seconds, rate, reference > 0 ? reference / rate : NAN);
        }
        fflush(stdout);
        free(child.text);
    }
    return 0;
}
